// Load all at network speed: every invoice of a 25,000- and a 100,000-invoice company, 500 a page
// (issue 11), from an emulator in its own process that answers each request after `latencyMs`.
// Every reader of listReaders.ts on each; the figures hold each extension reader to the goals:
// at least 3× as fast as Codat's SDK paging sequentially, at most 1.5× the time of bare fetch
// with the same requests in flight. Every run must hold exactly the company's invoices.
import { startEmulatorProcess, type RemoteEmulator } from './emulatorProcess';
import { expectCount, ratioFigure, type BenchCase, type CaseResult, type Figure, type Suite } from './harness';
import { LIST_READERS, type ListReader, type ListTarget } from './listReaders';

const PAGE_SIZE = 500;
const COUNTS = [25_000, 100_000];
/** `--quick`: one company of two pages, enough to prove every reader runs and reads the right
 * count (a second company would take its own emulator process and prove nothing more). */
export const QUICK_COUNTS = [1_000];

const SDK_GOAL = { comparison: '≥', target: 3 } as const;
const FETCH_GOAL = { comparison: '≤', target: 1.5 } as const;

const caseName = (count: number, reader: ListReader): string =>
  `${count.toLocaleString('en-US')} invoices: ${reader.name}`;

/** An emulator answers its first pages slower (its code not compiled yet): not the readers' time. */
async function warmUp(t: ListTarget): Promise<void> {
  const headers = { Authorization: `Basic ${Buffer.from(t.key).toString('base64')}` };
  for (let page = 1; page <= 3; page++)
    await (
      await fetch(`${t.url}/companies/${t.companyId}/data/invoices?page=${page}&pageSize=${PAGE_SIZE}`, { headers })
    ).arrayBuffer();
}

function casesFor(t: ListTarget, first: boolean): BenchCase[] {
  return LIST_READERS.map((reader) => {
    const read = reader.reader(t);
    return {
      name: caseName(t.invoices, reader),
      fn: async () => expectCount(caseName(t.invoices, reader), await read(), t.invoices),
      throughput: { amount: t.invoices, unit: 'records' },
      // Seconds a run: the median of 3, after one warm-up run on the smaller company only (the
      // code is compiled by then).
      options: { warmupIterations: first ? 1 : 0, warmupMs: 0, minIterations: 3, minTimeMs: 0 },
    };
  });
}

/** Each extension reader against the SDK and against bare fetch with as many requests in flight. */
function goalFigures(counts: readonly number[], results: ReadonlyMap<string, CaseResult>, latencyMs: number): Figure[] {
  const figures: (Figure | undefined)[] = [];
  const sdk = LIST_READERS.find((r) => r.kind === 'sdk');
  for (const count of counts) {
    const at = `${count.toLocaleString('en-US')} @ ${latencyMs} ms`;
    for (const reader of LIST_READERS.filter((r) => r.kind === 'extension')) {
      const fetchRow = LIST_READERS.find((r) => r.kind === 'fetch' && r.inFlight === reader.inFlight && !r.writes);
      // An export is also held to the bare client that writes the same file (issue 37).
      const writerRow = LIST_READERS.find(
        (r) => r.kind === 'fetch' && r.inFlight === reader.inFlight && reader.writes && r.writes === reader.writes,
      );
      if (writerRow)
        figures.push(
          ratioFigure(
            results,
            `${at}: ${reader.name} vs ${writerRow.name} (× the time)`,
            caseName(count, reader),
            caseName(count, writerRow),
            FETCH_GOAL,
          ),
        );
      if (sdk)
        figures.push(
          ratioFigure(
            results,
            `${at}: ${reader.name} vs SDK (× faster)`,
            caseName(count, sdk),
            caseName(count, reader),
            SDK_GOAL,
          ),
        );
      if (fetchRow)
        figures.push(
          ratioFigure(
            results,
            `${at}: ${reader.name} vs ${fetchRow.name} (× the time)`,
            caseName(count, reader),
            caseName(count, fetchRow),
            FETCH_GOAL,
          ),
        );
    }
  }
  return figures.filter((f): f is Figure => f !== undefined);
}

export function loadAllSuite(latencyMs: number): Suite {
  return {
    name: `Load all at network speed (emulator in its own process, latency ${latencyMs} ms, pageSize ${PAGE_SIZE})`,
    async prepare({ quick }) {
      const counts = quick ? QUICK_COUNTS : COUNTS;
      const emulators: RemoteEmulator[] = [];
      try {
        for (const invoices of counts) emulators.push(await startEmulatorProcess({ invoices, latencyMs }));
        const targets = emulators.map((e): ListTarget => ({ ...e, pageSize: PAGE_SIZE }));
        // --quick measures nothing worth warming up for.
        if (!quick) for (const t of targets) await warmUp(t);
        return {
          cases: targets.flatMap((t, i) => casesFor(t, i === 0)),
          ratios: (results) => goalFigures(counts, results, latencyMs),
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
