// A connection write whose answer was lost (see push/lostPush.ts answerLost) may have been taken.
// Before it is offered again, the connections are read: a create shows as a new PendingAuth
// connection of the platform since it was sent, an unlink as the connection Unlinked (or gone), a
// delete as the connection gone. What could not be found is remembered per target, so the next try
// looks again and asks before sending.
import { followPages, type DataConnection, type Integration, type PageLoader } from '../api';
import { parseInstant } from '../query/values';

/** Server and client clocks need not agree: a create is looked for from this long before it was sent. */
const SKEW_MS = 5 * 60_000;
/** Pages of a company's connections read at most while looking (a company has a handful). */
const MAX_PAGES = 5;

/** Every connection on the first pages of `pages`. */
export async function readConnections(
  pages: PageLoader<DataConnection>,
  signal?: AbortSignal,
): Promise<DataConnection[]> {
  const all: DataConnection[] = [];
  let read = 0;
  const first = await pages(undefined, { signal });
  for await (const page of followPages(first, (href, o) => pages(href, o), { signal })) {
    all.push(...page.results);
    if (++read >= MAX_PAGES) break;
  }
  return all;
}

const same = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && a !== '' && a.toLowerCase() === b.toLowerCase();

/** Whether the connection is of the integration: its key (a field some servers add), its
 * integration id, else its platform's name. */
export function ofIntegration(c: DataConnection, integration: Pick<Integration, 'key' | 'name' | 'integrationId'>) {
  const key: unknown = (c as { integrationKey?: unknown }).integrationKey;
  if (typeof key === 'string' && key !== '') return same(key, integration.key);
  if (same(c.integrationId, integration.integrationId)) return true;
  return same(c.platformName, integration.name);
}

interface SentCreate {
  integration: Pick<Integration, 'key' | 'name' | 'integrationId'>;
  sentAt: Date;
  /** Connections the company had before the create was sent: none of them is the new one. */
  before?: readonly string[];
}

/** The newest PendingAuth connection of the integration created since the create was sent (less
 * the skew) and not among those there before; undefined when there is none. */
export function findLostConnection(
  connections: readonly DataConnection[],
  sent: SentCreate,
): DataConnection | undefined {
  const since = sent.sentAt.getTime() - SKEW_MS;
  const before = new Set((sent.before ?? []).map((id) => id.toLowerCase()));
  const created = (c: DataConnection) => (typeof c.created === 'string' ? parseInstant(c.created) : undefined);
  const found = connections.filter(
    (c) =>
      c.status === 'PendingAuth' &&
      typeof c.id === 'string' &&
      !before.has(c.id.toLowerCase()) &&
      ofIntegration(c, sent.integration) &&
      (created(c) ?? -Infinity) >= since,
  );
  return found.sort((a, b) => (created(b) ?? 0) - (created(a) ?? 0))[0];
}

/** Whether a lost unlink took: the connection is Unlinked now, or gone (nothing left to unlink). */
export function unlinkTook(now: DataConnection | undefined): boolean {
  return now === undefined || now.status === 'Unlinked';
}

/** Whether a lost delete took: the connection is no longer among the company's. */
export function deleteTook(connections: readonly DataConnection[], connectionId: string): boolean {
  return !connections.some((c) => same(c.id, connectionId));
}

/** A write of this window whose answer was lost and whose effect was not seen: when it was sent,
 * and the failure that stood in for its answer. */
interface Lost {
  sentAt: Date;
  reason: string;
}

/** The lost writes, by what they were (`create`, `unlink`…) and their target. */
export class LostWrites {
  private readonly lost = new Map<string, Lost>();

  static key(...parts: readonly string[]): string {
    return parts.map((p) => p.toLowerCase()).join('\u0000');
  }
  remember(key: string, lost: Lost): void {
    this.lost.set(key, lost);
  }
  earlier(key: string): Lost | undefined {
    return this.lost.get(key);
  }
  forget(key: string): void {
    this.lost.delete(key);
  }
}
