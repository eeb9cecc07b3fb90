// In a real workbench (runTest.ts --bench-table <invoices>): what a user waits for with a big list
// as a table. Load all of the `many` company's invoices in the Companies view, then, by the parts
// $DP_BENCH_TABLE_PARTS names (all by default):
//   small   first, the same of the `few` company's invoices: a table page's cost with few rows;
//   tree    the tree's render of the same list (until its last row is revealed, as the big-tree
//           bench times it), to compare the table's open with;
//   open    Open as Table until the page reports every loaded row counted and its first screen
//           of rows with their data (it holds only a window), from a new page each time (all
//           editors closed);
//   scroll  the grid scrolled through in steps, and back to the top, each step until the page
//           reports it; the long tasks the page saw on the way;
//   sort    a column's header clicked, until the page reports the rows sorted;
//   memory  on the first page opened, its JS heap idle (performance.memory: the whole
//           renderer's main thread, the workbench's frames included), and the extension host's;
//   report  the profit and loss with 24 periods, from the request until the page reports it.
// Timed from the host: from the command or message to the page's report of what it shows (the
// host polls it every millisecond); the page's own renderMs beside it. Written to
// $DP_BENCH_RESULT; the bench (tableView.bench.ts) prints it.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { TableRenderSnapshot } from '../../../src/panels/tableViewApi';
import type { DataPlatformApi } from '../../../src/testApi';
import type { TreeNode } from '../../../src/tree/node';
import { ENV } from '../../host/protocol';
import { admin, openView, signIn, waitFor } from '../../integration/helpers';
import {
  OPEN_AS_TABLE,
  closeEditors,
  settle,
  longTasksOf,
  newPanel,
  scrollMessage,
  showsPeriods,
  sortMessage,
  timedReport,
} from './tableDrive';

setFlagsFromString('--expose-gc');
/** The host's collector, so memory held is read without garbage. */
const gc = runInNewContext('gc') as () => void;

const PARTS = (process.env.DP_BENCH_TABLE_PARTS || 'small,tree,open,scroll,sort,memory,report').split(',');
const OPENS = 5;
const SCROLL_STEPS = 200;
const SORTS = 6;
const REPORTS = 5;
const PERIODS = 24;

type Api = DataPlatformApi;

function heldHeap(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

/** The `many` company's invoices, every one loaded through the tree's Load all. */
async function loadedInvoices(api: Api, companyId: string): Promise<{ node: TreeNode; total: number }> {
  await api.tree.getChildren();
  const company = api.tree.root?.companyNode(companyId);
  assert.ok(company, 'the big company is on the first page');
  const node = company.invoices;
  await api.companiesView.reveal(node, { expand: true, select: true, focus: true });
  await waitFor('the first page', () => (node.pagedList?.pagesLoaded ?? 0) > 0, 60_000);
  await vscode.commands.executeCommand('dataPlatform.loadAll', node);
  const total = node.pagedList?.totalResults ?? 0;
  assert.equal(node.pagedList?.items.length, total, 'Load all read every invoice');
  return { node, total };
}

/** As the big-tree bench: until the list's last row is revealed (selected and focused). */
async function treeRender(api: Api, node: TreeNode): Promise<{ ms: number; rows: number }> {
  const rows = (await api.tree.getChildren(node)) ?? [];
  const last = rows[rows.length - 1];
  const started = performance.now();
  await api.companiesView.reveal(last, { select: true, focus: true });
  const ms = performance.now() - started;
  // Collapsed again, so the tree's rows are not what the table's page competes with.
  await api.companiesView.reveal(node, { select: true, focus: true });
  await vscode.commands.executeCommand('list.collapse');
  return { ms, rows: rows.length };
}

/** Open as Table on a new page, until it reports every loaded row counted and its first screen. */
async function openTable(api: Api, node: TreeNode, total: number) {
  await closeEditors();
  const before = api.tables.panels();
  const read = () => {
    const p = newPanel(api.tables.panels(), before);
    return p && api.tables.lastRender(p);
  };
  const t = await timedReport(
    'the table of every loaded invoice',
    read,
    () => vscode.commands.executeCommand(OPEN_AS_TABLE, node),
    (r) => r.rowCount === total && r.loadedCount === total && r.visible.length > 0,
  );
  const panel = newPanel(api.tables.panels(), before);
  assert.ok(panel);
  return { ...t, panel };
}

/** Opens the table OPENS times, a new page each; `first` runs on the first page, before the
 * pages closed since leave their garbage in the renderer. */
async function opens(api: Api, node: TreeNode, total: number, first?: (panel: vscode.WebviewPanel) => Promise<void>) {
  const ms: number[] = [];
  const renderMs: number[] = [];
  const longTasks: number[] = [];
  let last: Awaited<ReturnType<typeof openTable>> | undefined;
  for (let i = 0; i < OPENS; i++) {
    if (i === 1 && first && last) await first(last.panel);
    last = await openTable(api, node, total);
    ms.push(last.ms);
    renderMs.push(last.report.renderMs);
    const panel = last.panel;
    const after = await settle(
      (m) => api.tables.post(panel, m),
      () => api.tables.lastRender(panel),
      200,
    );
    longTasks.push(...longTasksOf([...last.seen, ...after.seen]));
  }
  assert.ok(last);
  return { ms, renderMs, longTasks, panel: last.panel, report: last.report };
}

/** The page's heap as it holds the rows: the least of a reading a second for 8 s with nothing to
 * do (the renderer collects when idle, at moments of its choosing; a single reading may hold the
 * garbage of the rows' message). */
async function pageHeapHeld(api: Api, panel: vscode.WebviewPanel): Promise<number | undefined> {
  const readings: number[] = [];
  for (let i = 0; i < 8; i++) {
    const r = await settle(
      (m) => api.tables.post(panel, m),
      () => api.tables.lastRender(panel),
      1000,
    );
    if (r.report.heapBytes !== undefined) readings.push(r.report.heapBytes);
  }
  return readings.length > 0 ? Math.min(...readings) : undefined;
}

/** A small list's table: the page's cost without rows to speak of, to compare with. */
async function smallTable(api: Api, companyId: string) {
  const { node, total } = await loadedInvoices(api, companyId);
  let pageHeap: number | undefined;
  const opened = await opens(api, node, total, async (panel) => {
    pageHeap = await pageHeapHeld(api, panel);
  });
  await closeEditors();
  return { records: total, ms: opened.ms, renderMs: opened.renderMs, pageHeap };
}

/** Scrolls from the first row to the last in equal steps, then back to the top. */
async function scroll(api: Api, panel: vscode.WebviewPanel, total: number) {
  const rows = Array.from({ length: SCROLL_STEPS }, (_, i) => Math.round(((i + 1) * (total - 1)) / SCROLL_STEPS));
  rows.push(0);
  const ms: number[] = [];
  const renderMs: number[] = [];
  const longTasks: number[] = [];
  let domRows = 0;
  const read = () => api.tables.lastRender(panel);
  for (const row of rows) {
    const t = await timedReport(
      `the grid scrolled to row ${row}`,
      read,
      () => api.tables.post(panel, scrollMessage(row)),
      (r) => r.visible.length > 0 && r.firstRow <= row && row < r.firstRow + r.domRows,
    );
    ms.push(t.ms);
    renderMs.push(t.report.renderMs);
    longTasks.push(...longTasksOf(t.seen));
    domRows = Math.max(domRows, t.report.domRows);
  }
  // The page lays out again on its scroll event's frame, after its report: one more report, later.
  const flush = await settle((m) => api.tables.post(panel, m), read, 200);
  longTasks.push(...longTasksOf(flush.seen));
  return { steps: rows.length, ms, renderMs, longTasks, domRows };
}

/** Clicks a column's header until the rows are sorted each way several times. */
async function sorts(api: Api, panel: vscode.WebviewPanel, column: string) {
  const ms: number[] = [];
  const renderMs: number[] = [];
  const longTasks: number[] = [];
  let previous = api.tables.lastRender(panel)?.sort;
  for (let i = 0; i < SORTS; i++) {
    const t = await timedReport(
      `the rows sorted by ${column}`,
      () => api.tables.lastRender(panel),
      () => api.tables.post(panel, sortMessage(column)),
      (r: TableRenderSnapshot) =>
        r.sort?.column === column && (previous?.column !== column || r.sort.descending !== previous.descending),
    );
    previous = t.report.sort;
    assert.equal(t.report.sort?.scope, 'loaded', 'a whole list sorts its loaded rows');
    ms.push(t.ms);
    renderMs.push(t.report.renderMs);
    longTasks.push(...longTasksOf(t.seen));
  }
  const flush = await settle(
    (m) => api.tables.post(panel, m),
    () => api.tables.lastRender(panel),
    200,
  );
  longTasks.push(...longTasksOf(flush.seen));
  return { column, ms, renderMs, longTasks };
}

/** The profit and loss with 24 periods, on a new page each time. */
async function reports(api: Api, companyId: string) {
  const ms: number[] = [];
  const renderMs: number[] = [];
  let rows = 0;
  for (let i = 0; i < REPORTS; i++) {
    await closeEditors();
    let panel: vscode.WebviewPanel | undefined;
    const t = await timedReport(
      `the profit and loss with ${PERIODS} periods`,
      () => (panel ? api.reportViews.lastRender(panel) : undefined),
      async () => {
        panel = await api.reportViews.open(companyId, 'profitAndLoss', {
          periodLength: 1,
          periodsToCompare: PERIODS,
        });
      },
      (r) => {
        // A failed request would only time out: say why at once.
        if (r.problem) throw new Error(`the report failed: ${r.problem} ${JSON.stringify(api.logLines().slice(-3))}`);
        return showsPeriods(r, PERIODS);
      },
    );
    ms.push(t.ms);
    renderMs.push(t.report.renderMs);
    rows = t.report.rows.length;
  }
  return { periods: PERIODS, rows, ms, renderMs };
}

/** A sortable column: an amount when the table shows one (a number sorts as a user expects). */
function sortColumn(columns: readonly string[]): string {
  return columns.find((c) => /^totalAmount$/i.test(c)) ?? columns.find((c) => /amount/i.test(c)) ?? columns[0];
}

/** Opens the table (several times), then scrolls, sorts and reads memory on the last one opened. */
async function table(api: Api, node: TreeNode, total: number): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  const heapBefore = heldHeap();
  let memory: Record<string, number | undefined> | undefined;
  // Read on the first page: the pages closed after it hold the renderer's heap until collected.
  const opened = await opens(api, node, total, async (panel) => {
    if (!PARTS.includes('memory')) return;
    const pageHeapAtOpen = api.tables.lastRender(panel)?.heapBytes;
    memory = { pageHeapAtOpen, pageHeap: await pageHeapHeld(api, panel), hostHeapHeld: heldHeap() - heapBefore };
  });
  result.open = { ms: opened.ms, renderMs: opened.renderMs, longTasks: opened.longTasks };
  result.columns = opened.report.columns;
  if (PARTS.includes('scroll')) result.scroll = await scroll(api, opened.panel, total);
  if (PARTS.includes('sort')) result.sort = await sorts(api, opened.panel, sortColumn(opened.report.columns));
  if (memory) result.memory = memory;
  return result;
}

describe('table benchmark', () => {
  it('opens, scrolls and sorts the invoices of the big company as a table; renders a 24-period statement', async function () {
    this.timeout(900_000);
    const api = await openView();
    await signIn(api);
    const maxRows = Number(process.env.DP_BENCH_MAX_TREE_ROWS) || undefined;
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('maxTreeRows', maxRows, vscode.ConfigurationTarget.Global);
    const companies = (await admin.info()).companies;
    const small = PARTS.includes('small') ? await smallTable(api, companies.few) : undefined;
    const companyId = companies.many;
    const { node, total } = await loadedInvoices(api, companyId);
    const result: Record<string, unknown> = { records: total, parts: PARTS, columns: [], small };

    if (PARTS.includes('tree')) result.tree = await treeRender(api, node);
    if (['open', 'scroll', 'sort', 'memory'].some((p) => PARTS.includes(p)))
      Object.assign(result, await table(api, node, total));
    // The report's figures are apart from the table's: a report that fails says why in the bench's
    // output, and the table's figures still print.
    if (PARTS.includes('report'))
      result.report = await reports(api, companyId).catch((e: unknown) => ({
        error: e instanceof Error ? e.message.slice(0, 300) : String(e),
      }));

    const file = process.env[ENV.benchResult];
    assert.ok(file, `${ENV.benchResult} names no file`);
    writeFileSync(file, `${JSON.stringify(result)}\n`);
  });
});
