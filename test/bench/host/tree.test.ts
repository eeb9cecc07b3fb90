// In a real workbench (runTest.ts --bench-tree <invoices>): what a user waits for with a big list
// in the Companies view. Load all of the `many` company's invoices, until the view has rendered
// the list (the last record revealed); then the workbench's own list commands on the focused
// view (focus first/last, page down), collapsing and expanding the list, and the memory the
// extension host holds for it. Compared in the same host with Load all alone (a client's list, no
// view). executeCommand of a `list.*` command returns once the workbench has run it: its time is
// the time the window is busy. Written to $DP_BENCH_RESULT; the bench (bigTree.ts) prints it.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import { ENV } from '../../host/protocol';
import { admin, emulatorClient, openView, signIn, waitFor } from '../../integration/helpers';

setFlagsFromString('--expose-gc');
/** The host's collector, so memory held is read without garbage. */
const gc = runInNewContext('gc') as () => void;

const REPEATS = 5;
const PAGE_DOWNS = 20;

async function timed(fn: () => Thenable<unknown> | Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function times(n: number, fn: () => Thenable<unknown> | Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await timed(fn));
  return out;
}

function memory(): { rss: number; heap: number } {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}

const command = (id: string) => () => vscode.commands.executeCommand(id);

describe('big-tree benchmark', () => {
  it('loads, renders, scrolls and expands the invoices of the big company', async function () {
    this.timeout(600_000);
    const api = await openView();
    await signIn(api);
    const maxRows = Number(process.env.DP_BENCH_MAX_TREE_ROWS) || undefined;
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('maxTreeRows', maxRows, vscode.ConfigurationTarget.Global);
    const view = api.companiesView;
    const id = (await admin.info()).companies.many;
    await api.tree.getChildren();
    const company = api.tree.root?.companyNode(id);
    assert.ok(company, 'the big company is on the first page');
    const invoices = company.invoices;
    await view.reveal(invoices, { expand: true, select: true, focus: true });
    await waitFor('the first page', () => (invoices.pagedList?.pagesLoaded ?? 0) > 0, 60_000);
    const total = invoices.pagedList?.totalResults ?? 0;
    const config = vscode.workspace.getConfiguration('dataPlatform');

    // Load all alone: the same requests and rows, nothing shown.
    const client = await emulatorClient();
    const alone = client.recordRows('invoices', id, { pageSize: config.get<number>('pageSize') });
    const aloneMs = await timed(() => alone.loadAll({ concurrency: config.get<number>('loadAllConcurrency') }));
    assert.equal(alone.items.length, total);
    alone.reset();

    const before = memory();
    const loadMs = await timed(() => vscode.commands.executeCommand('dataPlatform.loadAll', invoices));
    assert.equal(invoices.pagedList?.items.length, total, 'Load all read every invoice');
    const rows = (await api.tree.getChildren(invoices)) ?? [];
    const shownRows = rows.filter((n) => n.getTreeItem().contextValue?.startsWith('record')).length;
    // The last row: the last record, or the row that counts those not shown.
    const last = rows[rows.length - 1];
    const renderMs = await timed(() => view.reveal(last, { select: true, focus: true }));
    // By id: the row that counts the records not shown is made anew at each render.
    const selected = () => view.selection[0]?.getTreeItem().id;
    const lastId = last.getTreeItem().id;
    await waitFor('the last row of the list selected', () => selected() === lastId, 60_000);
    const after = memory();

    const first: number[] = [];
    const lastTimes: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      first.push(await timed(command('list.focusFirst')));
      lastTimes.push(await timed(command('list.focusLast')));
    }
    // The commands moved the focus: selecting it selects the tree's last row, not the record.
    await vscode.commands.executeCommand('list.select');
    await waitFor('the last row of the tree selected', () => selected() !== lastId, 60_000);
    await vscode.commands.executeCommand('list.focusFirst');
    const pageDown = await times(PAGE_DOWNS, command('list.focusPageDown'));

    // Collapse and expand the list with the focus on it; the events say the workbench did.
    let collapsed = 0;
    let expanded = 0;
    const subs = [
      view.onDidCollapseElement((e) => e.element === invoices && collapsed++),
      view.onDidExpandElement((e) => e.element === invoices && expanded++),
    ];
    const collapse: number[] = [];
    const expand: number[] = [];
    const shown: number[] = [];
    try {
      for (let i = 0; i < REPEATS; i++) {
        await view.reveal(invoices, { select: true, focus: true });
        collapse.push(await timed(command('list.collapse')));
        await waitFor('the list collapsed', () => collapsed > i, 60_000);
        expand.push(await timed(command('list.expand')));
        await waitFor('the list expanded', () => expanded > i, 60_000);
        // Until the last record is on screen again.
        shown.push(await timed(() => view.reveal(last, { select: true, focus: true })));
      }
    } finally {
      for (const s of subs) s.dispose();
    }

    const file = process.env[ENV.benchResult];
    assert.ok(file, `${ENV.benchResult} names no file`);
    const result = {
      records: total,
      shownRows,
      pageSize: config.get<number>('pageSize'),
      aloneMs,
      loadMs,
      renderMs,
      first,
      last: lastTimes,
      pageDown,
      collapse,
      expand,
      shown,
      heldRss: after.rss - before.rss,
      heldHeap: after.heap - before.heap,
    };
    writeFileSync(file, `${JSON.stringify(result)}\n`);
  });
});
