// The query nodes the installed-package run keeps across its real window reload: made before it
// (queriesBeforeReload.test.ts), expected back after it (queriesAfterReload.test.ts).
import type { SavedQuery } from '../../src/persistence/savedQueries';
import { emulator } from './shared';

/** As storage keeps them and the tree shows them: the pinned one first. */
export const KEPT_QUERIES: SavedQuery[] = [
  { dataType: 'bills', query: 'status=Open', label: 'Open bills', pinned: true },
  { dataType: 'invoices', query: 'status=Paid', orderBy: '-totalAmount' },
];

interface LoggedRequest {
  path: string;
  query: Record<string, string>;
}

/** The emulator's requests that ran a query (never the key: the log holds none). */
export async function queryRequests(): Promise<LoggedRequest[]> {
  const { url, token } = emulator();
  const all = (
    (await (await fetch(`${url}/_emulator/requests`, { headers: { 'X-Emulator-Token': token } })).json()) as {
      results: LoggedRequest[];
    }
  ).results;
  return all.filter((r) => r.path.includes('/data/') && r.query.query !== undefined);
}

export async function clearRequests(): Promise<void> {
  const { url, token } = emulator();
  const res = await fetch(`${url}/_emulator/requests`, { method: 'DELETE', headers: { 'X-Emulator-Token': token } });
  if (res.status !== 204) throw new Error(`clearing the request log: ${res.status}`);
}
