// Any list as a table, and a report, in a real workbench (issue 35): the offline VS Code server in
// headless Chromium, the production build, one fresh host per size (runTest.ts --bench-table,
// test/bench/host/table.test.ts). With 25,000 invoices loaded by the tree's Load all: Open as
// Table until the page reports every row counted and its first screen of rows with their data (the
// name's "every row is laid out" kept for the history; median of 5 new pages), against the same of a
// small list (the `few` company's) and the tree's render of the same list (all of it shown, as
// the big-tree bench's third run); the grid scrolled through in 200 steps and back, with the long
// tasks of the page's own (attributed to it: its frame also hears the workbench's); a column
// sorted (median of 6); the profit and loss with 24 periods (median of 5 new pages). With
// 100,000: the open. In both, the memory of the renderer (against the small list's page, in the
// same host) and of the extension host with the table open. Times run from the host's command or message to the page's report of what it laid out;
// the page's own renderMs beside them. Not with --quick: the unit lane starts no VS Code host.
import { benchHostResult, productionBuild } from './activation';
import { summarize, type Figure, type Suite } from './harness';

/** What test/bench/host/table.test.ts writes; a part is there when the run asked for it. */
interface Times {
  ms: number[];
  renderMs: number[];
  longTasks: number[];
}
interface TableResult {
  records: number;
  columns: string[];
  tree?: { ms: number; rows: number };
  open?: Times;
  scroll?: Times & { steps: number; domRows: number };
  sort?: Times & { column: string };
  memory?: { pageHeapAtOpen?: number; pageHeap?: number; hostHeapHeld: number };
  /** The `few` company's invoices as a table, first in the host. */
  small?: { records: number; ms: number[]; renderMs: number[]; pageHeap?: number };
  report?: { periods: number; rows: number; ms: number[]; renderMs: number[] } | { error: string };
}

const RUNS: readonly { invoices: number; parts: string; maxRows?: number }[] = [
  { invoices: 25_000, parts: 'small,tree,open,scroll,sort,memory,report', maxRows: 1_000_000 },
  { invoices: 100_000, parts: 'small,open,memory' },
];

const MB = 1024 * 1024;
const median = (xs: readonly number[]): number => summarize([...xs]).median;
const spread = (xs: readonly number[]): string =>
  `median of ${xs.length}, ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms`;
const count = (n: number) => n.toLocaleString('en-US');
const longest = (xs: readonly number[]) => (xs.length > 0 ? Math.max(...xs) : 0);
const tasks = (xs: readonly number[]) =>
  xs.length === 0 ? 'no long task' : `${xs.length} long task${xs.length > 1 ? 's' : ''} over 50 ms`;

function openFigures(r: TableResult, at: string): Figure[] {
  if (!r.open) return [];
  const open = median(r.open.ms);
  const figures: Figure[] = [
    {
      name: `${at}: Open as Table until every row is laid out`,
      value: open,
      unit: 'ms',
      detail: `${spread(r.open.ms)}, a new page each; ${r.columns.length} columns`,
      goal: r.records === 25_000 ? { comparison: '≤', target: 1000 } : undefined,
    },
    {
      name: `${at}: of which the page's render`,
      value: median(r.open.renderMs),
      unit: 'ms',
      detail: spread(r.open.renderMs),
    },
    {
      name: `${at}: longest task while opening`,
      value: longest(r.open.longTasks),
      unit: 'ms',
      detail: `${tasks(r.open.longTasks)} in ${r.open.ms.length} opens`,
    },
  ];
  if (r.tree)
    figures.push(
      {
        name: `${at}: the tree's render of the same list`,
        value: r.tree.ms,
        unit: 'ms',
        detail: `until its last row is revealed, ${count(r.tree.rows)} rows shown`,
      },
      {
        name: `${at}: Open as Table / the tree's render`,
        value: open / r.tree.ms,
        unit: '×',
        detail: `${open.toFixed(0)} ms / ${r.tree.ms.toFixed(0)} ms`,
      },
    );
  return figures;
}

function gridFigures(r: TableResult, at: string): Figure[] {
  const figures: Figure[] = [];
  const s = r.scroll;
  if (s)
    figures.push(
      {
        name: `${at}: longest task while scrolling`,
        value: longest(s.longTasks),
        unit: 'ms',
        detail: `${tasks(s.longTasks)} in ${s.steps} steps; at most ${s.domRows} rows in the DOM`,
        goal: { comparison: '≤', target: 50 },
      },
      {
        name: `${at}: a scroll step until laid out`,
        value: median(s.ms),
        unit: 'ms',
        detail: `${spread(s.ms)}; the page's render ${median(s.renderMs).toFixed(1)} ms`,
      },
      {
        name: `${at}: the slowest scroll step's render in the page`,
        value: Math.max(...s.renderMs),
        unit: 'ms',
        detail: `its rows laid out by its own script; ${s.renderMs.filter((x) => x > 50).length} of ${s.steps} over 50 ms`,
      },
    );
  const o = r.sort;
  if (o)
    figures.push({
      name: `${at}: sort by ${o.column} until laid out`,
      value: median(o.ms),
      unit: 'ms',
      detail: `${spread(o.ms)}, header clicked; the page's render ${median(o.renderMs).toFixed(0)} ms; ${tasks(o.longTasks)}`,
      goal: { comparison: '≤', target: 200 },
    });
  return figures;
}

function memoryFigures(r: TableResult, at: string): Figure[] {
  const m = r.memory;
  if (!m) return [];
  const base = r.small?.pageHeap;
  const page: Figure =
    m.pageHeap === undefined
      ? { name: `${at}: the renderer's JS heap with the table open`, unit: 'MB', skipped: 'the page reported no heap' }
      : {
          name: `${at}: the renderer's JS heap with the table open`,
          value: m.pageHeap / MB,
          unit: 'MB',
          detail: [
            "performance.memory of the first page, the least of 8 readings idle (the workbench's frames share it)",
            m.pageHeapAtOpen ? `${(m.pageHeapAtOpen / MB).toFixed(0)} MB at the open's render` : '',
            base && r.small ? `${(base / MB).toFixed(0)} MB with ${count(r.small.records)} rows` : '',
          ]
            .filter(Boolean)
            .join('; '),
        };
  return [
    page,
    {
      name: `${at}: extension host JS heap held by the open table`,
      value: m.hostHeapHeld / MB,
      unit: 'MB',
      detail: 'the first page open, after a collection, against before it',
    },
  ];
}

/** The `few` company's table: what a page costs with few rows, to compare the big list's with. */
function smallFigures(r: TableResult): Figure[] {
  const s = r.small;
  if (!s) return [];
  const open = median(s.ms);
  const big = r.open && median(r.open.ms);
  return [
    {
      name: `${count(s.records)} invoices: Open as Table until every row is laid out`,
      value: open,
      unit: 'ms',
      detail: `${spread(s.ms)}, a new page each; the page's render ${median(s.renderMs).toFixed(1)} ms`,
    },
    ...(big
      ? [
          {
            name: `${count(r.records)} / ${count(s.records)} invoices: Open as Table`,
            value: big / open,
            unit: '×',
            detail: `${big.toFixed(0)} ms / ${open.toFixed(0)} ms: what the rows add to a new page`,
          },
        ]
      : []),
  ];
}

function reportFigures(r: TableResult): Figure[] {
  const p = r.report;
  if (!p) return [];
  if ('error' in p) return [{ name: 'profit and loss, 24 periods', unit: 'ms', skipped: p.error }];
  const at = `profit and loss, ${p.periods} periods (${count(r.records)} invoices)`;
  return [
    {
      name: `${at}: the page's render`,
      value: median(p.renderMs),
      unit: 'ms',
      detail: `${spread(p.renderMs)}, ${p.rows} rows`,
      goal: { comparison: '≤', target: 300 },
    },
    {
      name: `${at}: from the request until shown`,
      value: median(p.ms),
      unit: 'ms',
      detail: `${spread(p.ms)}, a new page each`,
    },
  ];
}

/** What a row of the table adds to the renderer's heap: against the small list's page, same host. */
function perRow(r: TableResult): Figure[] {
  const big = r.memory?.pageHeap;
  const small = r.small?.pageHeap;
  if (!big || !small || !r.small) return [];
  return [
    {
      name: `${count(r.records)} invoices: the renderer's JS heap a row of the table`,
      value: (big - small) / (r.records - r.small.records) / 1024,
      unit: 'KB',
      detail: `${(big / MB).toFixed(0)} MB against ${(small / MB).toFixed(0)} MB with ${count(r.small.records)} rows`,
    },
  ];
}

function figures(quick: boolean): Figure[] {
  if (quick)
    return [{ name: 'Open as Table of 25,000 invoices', unit: 'ms', skipped: '--quick starts no VS Code host' }];
  const build = productionBuild();
  try {
    const results = RUNS.map((run) => {
      const env = {
        DP_BENCH_TABLE_PARTS: run.parts,
        ...(run.maxRows ? { DP_BENCH_MAX_TREE_ROWS: String(run.maxRows) } : {}),
      };
      return benchHostResult(['--bench-table', build.dir, String(run.invoices)], 'table', env) as TableResult;
    });
    return [
      ...results.flatMap((r) => {
        const at = `${count(r.records)} invoices`;
        return [
          ...smallFigures(r),
          ...openFigures(r, at),
          ...gridFigures(r, at),
          ...memoryFigures(r, at),
          ...perRow(r),
          ...reportFigures(r),
        ];
      }),
    ];
  } finally {
    build.dispose();
  }
}

export const tableViewSuite: Suite = {
  name: 'tables and reports in the workbench (offline VS Code server, headless Chromium, emulator latency 0)',
  prepare: ({ quick }) => ({ cases: [], measure: () => Promise.resolve(figures(quick)) }),
};
