// Big lists in a real workbench (issue 21): Load all of a company's invoices in the Companies
// view of the offline VS Code server in headless Chromium (runTest.ts --bench-tree, one fresh
// host per size, the production build), until the view shows the list; then scrolling, collapsing
// and expanding it, and the memory the extension host holds. 2,500 invoices beside 25,000 (the
// tree shows dataPlatform.maxTreeRows of them, 5,000 by default, and 25,000 with the limit lifted),
// and Load all alone (a client's list, no view) in the same host. Not with --quick: the unit lane
// starts no VS Code host for a benchmark.
import { benchHostResult, productionBuild } from './activation';
import { summarize, type Figure, type Suite } from './harness';

/** Invoices, and dataPlatform.maxTreeRows when not the default. */
const RUNS: readonly { invoices: number; maxRows?: number }[] = [
  { invoices: 2_500 },
  { invoices: 25_000 },
  { invoices: 25_000, maxRows: 1_000_000 },
];

/** What test/bench/host/tree.test.ts writes. */
interface TreeResult {
  records: number;
  shownRows: number;
  pageSize: number;
  aloneMs: number;
  loadMs: number;
  renderMs: number;
  first: number[];
  last: number[];
  pageDown: number[];
  collapse: number[];
  expand: number[];
  shown: number[];
  heldRss: number;
  heldHeap: number;
}

const MB = 1024 * 1024;
const median = (xs: readonly number[]): number => summarize([...xs]).median;
const spread = (xs: readonly number[]): string =>
  `median of ${xs.length}, ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms`;

function sizeFigures(r: TreeResult): Figure[] {
  const count = (n: number) => n.toLocaleString('en-US');
  const at = `${count(r.records)} invoices${r.shownRows < r.records ? ` (${count(r.shownRows)} shown)` : ''}`;
  const ms = (name: string, value: number, detail?: string): Figure => ({
    name: `${at}: ${name}`,
    value,
    unit: 'ms',
    detail,
  });
  return [
    ms('Load all alone (a client list, no view)', r.aloneMs, `pageSize ${r.pageSize}`),
    ms('Load all command (tree rows, progress)', r.loadMs),
    ms('then until the last record is revealed', r.renderMs, 'reveal(select, focus) resolved'),
    ms(
      'Load all to a scrollable tree',
      r.loadMs + r.renderMs,
      `${(r.loadMs / r.aloneMs).toFixed(2)}× alone, plus the view`,
    ),
    ms('list.focusFirst', median(r.first), spread(r.first)),
    ms('list.focusLast', median(r.last), spread(r.last)),
    ms('list.focusPageDown', median(r.pageDown), spread(r.pageDown)),
    ms('list.collapse of the list', median(r.collapse), spread(r.collapse)),
    ms('list.expand of the list', median(r.expand), spread(r.expand)),
    ms('then until the last record is revealed again', median(r.shown), spread(r.shown)),
    {
      // RSS moves by tens of MB from run to run in a host; the heap after a collection does not.
      name: `${at}: extension host JS heap held after Load all`,
      value: r.heldHeap / MB,
      unit: 'MB',
      detail: `after a collection; RSS ${r.heldRss >= 0 ? '+' : ''}${(r.heldRss / MB).toFixed(0)} MB`,
    },
  ];
}

function figures(quick: boolean): Figure[] {
  if (quick) return [{ name: 'Load all to a scrollable tree', unit: 'ms', skipped: '--quick starts no VS Code host' }];
  const build = productionBuild();
  try {
    return RUNS.flatMap((run) => {
      const env = run.maxRows ? { DP_BENCH_MAX_TREE_ROWS: String(run.maxRows) } : {};
      return sizeFigures(
        benchHostResult(['--bench-tree', build.dir, String(run.invoices)], 'big-tree', env) as TreeResult,
      );
    });
  } finally {
    build.dispose();
  }
}

export const bigTreeSuite: Suite = {
  name: 'big lists in the workbench (offline VS Code server, headless Chromium, emulator latency 0)',
  prepare: ({ quick }) => ({ cases: [], measure: () => Promise.resolve(figures(quick)) }),
};
