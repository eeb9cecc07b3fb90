// Load all of a list served per data connection (issue 34): every account transaction of the big
// company's connection (`/companies/{id}/connections/{connectionId}/data/accountTransactions`, one
// for every two invoices: 12,500 and 50,000), 500 a page, from an emulator in its own process that
// answers each request after `latencyMs`. The same yardsticks and goals as the invoices' Load all
// (loadAll.bench.ts): at least 3× as fast as Codat's SDK paging sequentially, at most 1.5× the
// time of bare fetch with the same requests in flight. Every run must hold exactly the list.
import { CodatLending } from '@codat/lending';
import { DataPlatformClient } from '../../src/api/client';
import { startEmulatorProcess, type EmulatorAddress, type RemoteEmulator } from './emulatorProcess';
import { expectCount, ratioFigure, type BenchCase, type CaseResult, type Figure, type Suite } from './harness';

const PAGE_SIZE = 500;
const INVOICES = [25_000, 100_000];
const QUICK_INVOICES = [1_000];
const TYPE = 'accountTransactions';

interface Target extends EmulatorAddress {
  connectionId: string;
  records: number;
}

interface Reader {
  name: string;
  kind: 'extension' | 'sdk' | 'fetch';
  inFlight: number;
  reader(t: Target): () => Promise<number>;
}

const auth = (t: Target): string => `Basic ${Buffer.from(t.key).toString('base64')}`;
const listUrl = (t: Target, page: number): string =>
  `${t.url}/companies/${t.companyId}/connections/${t.connectionId}/data/${TYPE}?page=${page}&pageSize=${PAGE_SIZE}`;

/** The tree's Load all of a list under a connection. */
const extension = (concurrency: number): Reader => ({
  name: `extension Load all, ${concurrency} in flight${concurrency === 4 ? ' (default)' : ''}`,
  kind: 'extension',
  inFlight: concurrency,
  reader(t) {
    const client = new DataPlatformClient({ baseUrl: t.url, apiKey: t.key, retry: { maxAttempts: 1 } });
    const place = { companyId: t.companyId, connectionId: t.connectionId };
    return async () => (await client.recordRows(TYPE, place, { pageSize: PAGE_SIZE }).loadAll({ concurrency })).length;
  },
});

/** What a developer writes with Codat's SDK (its Lending SDK lists account transactions too). */
const sdk: Reader = {
  name: '@codat/lending SDK, pages one after another',
  kind: 'sdk',
  inFlight: 1,
  reader(t) {
    const codat = new CodatLending({ security: { authHeader: auth(t) }, serverURL: t.url });
    return async () => {
      let held = 0;
      for (let page = 1; ; page++) {
        const res = await codat.transactions.accountTransactions.list({
          companyId: t.companyId,
          connectionId: t.connectionId,
          page,
          pageSize: PAGE_SIZE,
        });
        const body = res.accountingAccountTransactions;
        if (res.statusCode !== 200 || !body) throw new Error(`SDK: page ${page} answered ${res.statusCode}`);
        held += body.results?.length ?? 0;
        if (page * PAGE_SIZE >= (body.totalResults ?? 0)) return held;
      }
    };
  },
};

/** The floor: fetch and JSON.parse, the first page and then `inFlight` at once. */
const bare = (inFlight: number): Reader => ({
  name: `bare fetch, ${inFlight} in flight`,
  kind: 'fetch',
  inFlight,
  reader(t) {
    const page = async (n: number): Promise<{ results: unknown[]; totalResults: number }> => {
      const res = await fetch(listUrl(t, n), { headers: { Authorization: auth(t) } });
      if (!res.ok) throw new Error(`fetch: page ${n} answered ${res.status}`);
      return (await res.json()) as { results: unknown[]; totalResults: number };
    };
    return async () => {
      const first = await page(1);
      const pages: unknown[][] = [first.results];
      const last = Math.ceil(first.totalResults / PAGE_SIZE);
      let next = 2;
      const worker = async (): Promise<void> => {
        for (let n = next++; n <= last; n = next++) pages[n - 1] = (await page(n)).results;
      };
      await Promise.all(Array.from({ length: inFlight }, worker));
      return pages.flat().length;
    };
  },
});

const READERS: readonly Reader[] = [extension(4), extension(8), sdk, bare(4), bare(8)];

const caseName = (t: { records: number }, r: Reader): string =>
  `${t.records.toLocaleString('en-US')} account transactions: ${r.name}`;

function casesFor(t: Target, first: boolean): BenchCase[] {
  return READERS.map((reader) => {
    const read = reader.reader(t);
    return {
      name: caseName(t, reader),
      fn: async () => expectCount(caseName(t, reader), await read(), t.records),
      throughput: { amount: t.records, unit: 'records' },
      options: { warmupIterations: first ? 1 : 0, warmupMs: 0, minIterations: 3, minTimeMs: 0 },
    };
  });
}

function figures(targets: readonly Target[], results: ReadonlyMap<string, CaseResult>, latencyMs: number): Figure[] {
  const out: (Figure | undefined)[] = [];
  for (const t of targets) {
    const at = `${t.records.toLocaleString('en-US')} @ ${latencyMs} ms`;
    for (const reader of READERS.filter((r) => r.kind === 'extension')) {
      const floor = READERS.find((r) => r.kind === 'fetch' && r.inFlight === reader.inFlight) as Reader;
      out.push(
        ratioFigure(results, `${at}: ${reader.name} vs SDK (× faster)`, caseName(t, sdk), caseName(t, reader), {
          comparison: '≥',
          target: 3,
        }),
        ratioFigure(
          results,
          `${at}: ${reader.name} vs ${floor.name} (× the time)`,
          caseName(t, reader),
          caseName(t, floor),
          {
            comparison: '≤',
            target: 1.5,
          },
        ),
      );
    }
  }
  return out.filter((f): f is Figure => f !== undefined);
}

export function loadAllConnectionSuite(latencyMs: number): Suite {
  return {
    name: `Load all of a connection's account transactions (emulator in its own process, latency ${latencyMs} ms, pageSize ${PAGE_SIZE})`,
    async prepare({ quick }) {
      const emulators: RemoteEmulator[] = [];
      try {
        for (const invoices of quick ? QUICK_INVOICES : INVOICES)
          emulators.push(await startEmulatorProcess({ invoices, latencyMs }));
        const targets: Target[] = [];
        for (const e of emulators) {
          if (!e.connectionId) throw new Error('the big company has no connection');
          const t: Target = { ...e, connectionId: e.connectionId, records: 0 };
          const first = await fetch(listUrl(t, 1), { headers: { Authorization: auth(t) } });
          // Also the warm-up: the emulator's first pages are slower (its code not compiled yet).
          t.records = ((await first.json()) as { totalResults: number }).totalResults;
          if (!quick)
            for (let page = 2; page <= 3; page++)
              await (await fetch(listUrl(t, page), { headers: { Authorization: auth(t) } })).arrayBuffer();
          targets.push(t);
        }
        return {
          cases: targets.flatMap((t, i) => casesFor(t, i === 0)),
          ratios: (results) => figures(targets, results, latencyMs),
          dispose: async () => {
            await Promise.all(emulators.map((e) => e.close()));
          },
        };
      } catch (e) {
        await Promise.all(emulators.map((x) => x.close()));
        throw e;
      }
    },
  };
}
