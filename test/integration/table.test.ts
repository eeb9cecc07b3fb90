// Open as Table against the emulator: the table shows the tree's own list (no second fetch), sorts
// (the loaded rows; the whole list through a query with orderBy), filters, chooses and reorders
// columns (remembered per type), opens a record from a row, loads more with the tree, moves by
// keyboard, copies a cell, keeps its page free of images and scripts without the nonce, and comes
// back from its saved state through the serializer.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DataPlatformClient } from '../../src/api/client';
import type { TableRenderSnapshot } from '../../src/panels/tableViewApi';
import type { DataPlatformApi } from '../../src/testApi';
import type { CompanyNode } from '../../src/tree/companyNodes';
import type { DataTypeNode } from '../../src/tree/dataNodes';
import {
  admin,
  canScreenshot,
  children,
  emulatorClient,
  openView,
  removeQueryNodes,
  screenshot,
  shownCompany,
  signIn,
  waitFor,
} from './helpers';

const PAGE_SIZE = 20;
const PREFS = 'dataPlatform.table.columns.invoices';

describe('Open as Table', () => {
  let api: DataPlatformApi;
  let emu: DataPlatformClient;
  let ids: Record<string, string>;
  let company: CompanyNode;
  let node: DataTypeNode;
  let panel: vscode.WebviewPanel;

  const rendered = (what: string, check: (r: TableRenderSnapshot) => boolean, p = panel) =>
    waitFor(what, () => {
      const r = api.tables.lastRender(p);
      return r && check(r) ? r : undefined;
    });
  const drive = (message: Record<string, unknown>, p = panel) => api.tables.post(p, { type: 'drive', ...message });
  const invoiceCalls = async () =>
    (await admin.requests()).filter((r) => r.path === `/companies/${ids.many}/data/invoices`);
  const cellOf = (r: TableRenderSnapshot, row: { cells: string[] }, column: string) =>
    row.cells[r.columns.indexOf(column)];
  const openTable = async (list: DataTypeNode): Promise<vscode.WebviewPanel> => {
    const opened = await vscode.commands.executeCommand<vscode.WebviewPanel | undefined>(
      'dataPlatform.openTable',
      list,
    );
    assert.ok(opened, 'a panel');
    return opened;
  };

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    emu = await emulatorClient();
    ids = (await admin.info()).companies;
    await api.globalState.update(PREFS, undefined);
    const oldRoot = api.tree.root;
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('pageSize', PAGE_SIZE, vscode.ConfigurationTarget.Global);
    await waitFor('the tree rebuilt for the page size', () => api.tree.root !== oldRoot);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    company = await shownCompany(api, emu, ids.many);
    node = company.data.type('invoices');
    await children(api, node);
  });
  after(async () => {
    await api.globalState.update(PREFS, undefined);
    await removeQueryNodes(api, [ids.many]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('pageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  it("shows the tree's loaded records, the same ids, without asking the API again", async () => {
    const list = node.pagedList;
    assert.ok(list && list.items.length === PAGE_SIZE && list.hasMore);
    await admin.clearRequests();
    panel = await openTable(node);
    const r = await rendered('the first page', (x) => x.loadedCount === PAGE_SIZE && x.visible.length > 0);
    assert.deepEqual(
      r.visible.map((v) => v.id),
      list.items.slice(0, r.visible.length).map((i) => i.id),
    );
    assert.equal(r.columns[0], 'id');
    assert.ok(r.columns.includes('totalAmount') && r.columns.includes('customerRef.companyName'));
    assert.equal(cellOf(r, r.visible[0], 'totalAmount'), String(list.items[0].totalAmount));
    assert.equal(r.images, 0);
    assert.equal(r.scriptsWithoutNonce, 0);
    assert.equal(r.aria.rowcount, PAGE_SIZE + 1, 'aria-rowcount counts the header row');
    assert.equal(r.aria.colcount, r.columns.length);
    assert.ok(r.domRows <= PAGE_SIZE, 'only the rows in view are laid out');
    assert.ok(r.canLoadMore);
    assert.deepEqual(await invoiceCalls(), [], 'no request for the rows the tree holds');
  });

  it('Load More in the table appends the next page to the tree and the table alike', async () => {
    await admin.clearRequests();
    await drive({ action: 'click', column: 'loadMore' });
    const r = await rendered('the second page', (x) => x.loadedCount === 2 * PAGE_SIZE);
    assert.equal(node.pagedList?.items.length, 2 * PAGE_SIZE, 'the tree has it too');
    const calls = await invoiceCalls();
    assert.deepEqual(
      calls.map((c) => c.query.page),
      ['2'],
      'one request: the next page',
    );
    assert.equal(r.aria.rowcount, 2 * PAGE_SIZE + 1);
  });

  it('a header click sorts the loaded rows (numbers by value, then the other way) and says only the loaded ones are', async () => {
    const items = node.pagedList?.items ?? [];
    const amounts = items.map((i) => Number(i.totalAmount));
    await drive({ action: 'clickHeader', column: 'totalAmount' });
    let r = await rendered('sorted ascending', (x) => x.sort?.column === 'totalAmount' && !x.sort.descending);
    const shown = r.visible.map((v) => Number(cellOf(r, v, 'totalAmount')));
    assert.deepEqual(shown, [...amounts].sort((a, b) => a - b).slice(0, shown.length));
    assert.equal(r.sort?.scope, 'loaded');
    assert.match(r.sortNote ?? '', /40 loaded of/);
    assert.equal(r.aria.sort[r.columns.indexOf('totalAmount')], 'ascending');
    await drive({ action: 'clickHeader', column: 'totalAmount' });
    r = await rendered('sorted descending', (x) => x.sort?.descending === true);
    const down = r.visible.map((v) => Number(cellOf(r, v, 'totalAmount')));
    assert.deepEqual(down, [...amounts].sort((a, b) => b - a).slice(0, down.length));
    assert.equal(r.aria.sort[r.columns.indexOf('totalAmount')], 'descending');
  });

  it('the quick filter keeps the rows whose shown cells hold the text, any case', async () => {
    const r0 = api.tables.lastRender(panel);
    assert.ok(r0);
    const name = cellOf(r0, r0.visible[0], 'customerRef.companyName');
    const needle = name.slice(0, 4).toUpperCase();
    await drive({ action: 'typeFilter', text: needle });
    const r = await rendered('filtered', (x) => x.filter === needle);
    assert.ok(r.rowCount > 0 && r.rowCount <= r.loadedCount);
    for (const v of r.visible)
      assert.ok(
        v.cells.some((c) => c.toLowerCase().includes(needle.toLowerCase())),
        v.id,
      );
    const expected = (node.pagedList?.items ?? []).filter((i) =>
      r.columns.some((c) => {
        const v = c.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], i);
        return (
          (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(needle.toLowerCase())
        );
      }),
    );
    assert.equal(r.rowCount, expected.length);
    await drive({ action: 'typeFilter', text: '' });
    await rendered('unfiltered', (x) => x.filter === '' && x.rowCount === x.loadedCount);
  });

  it('keyboard: arrows, End and Ctrl+Home move the focused cell; Ctrl+C copies it', async () => {
    await drive({ action: 'focusCell', row: 0, column: 'id' });
    await rendered('focus on the first cell', (x) => x.focus?.row === 0 && x.focus.column === 0);
    await drive({ action: 'key', key: 'ArrowDown' });
    await drive({ action: 'key', key: 'ArrowRight' });
    await rendered('moved', (x) => x.focus?.row === 1 && x.focus.column === 1);
    await drive({ action: 'key', key: 'End' });
    const end = await rendered('at the row end', (x) => x.focus?.column === x.columns.length - 1);
    assert.equal(end.focus?.row, 1);
    await drive({ action: 'key', key: 'Home', ctrl: true });
    const home = await rendered('at the first cell', (x) => x.focus?.row === 0 && x.focus.column === 0);
    await vscode.env.clipboard.writeText('');
    await drive({ action: 'key', key: 'c', ctrl: true });
    const id = home.visible[0].id;
    await waitFor('the cell copied', async () => (await vscode.env.clipboard.readText()) === id);
  });

  it("Enter on a row opens its record's JSON", async () => {
    const r = await rendered('a row focused', (x) => x.focus?.row === 0);
    const id = r.visible[0].id;
    await drive({ action: 'key', key: 'Enter' });
    const editor = await waitFor('the JSON tab', () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.scheme === 'dataplatform' && e.document.getText().includes(id) ? e : undefined;
    });
    assert.equal((JSON.parse(editor.document.getText()) as { id: string }).id, id);
    panel.reveal(undefined, false);
    await rendered('the page shown again', (x) => x.loadedCount === 2 * PAGE_SIZE);
  });

  it('Columns… hides a column, Alt+Right moves one, and the choice is remembered for the type', async () => {
    // Queued, not `answering`: the click's pick is asked after the message is posted.
    api.prompts.answers.push('totalTaxAmount');
    await drive({ action: 'click', column: 'columns' });
    await rendered('a column hidden', (x) => !x.columns.includes('totalTaxAmount'));
    await drive({ action: 'focusCell', row: 0, column: 'id' });
    await drive({ action: 'key', key: 'ArrowRight', alt: true });
    let r = await rendered('id moved right', (x) => x.columns[1] === 'id');
    const chosen = r.columns;
    panel.dispose();
    panel = await openTable(node);
    r = await rendered('the table again', (x) => x.loadedCount === 2 * PAGE_SIZE);
    assert.deepEqual(r.columns, chosen, 'remembered');
    api.prompts.answers.push('totalTaxAmount');
    await drive({ action: 'click', column: 'columns' });
    await rendered('shown again, at the end', (x) => x.columns.at(-1) === 'totalTaxAmount');
  });

  it('comes back from its saved state through the serializer (list, filter)', async () => {
    await drive({ action: 'typeFilter', text: 'a' });
    await rendered('filtered', (x) => x.filter === 'a');
    await drive({ action: 'report' });
    const saved = await rendered('the saved state', (x) => x.persisted !== undefined);
    const revived = vscode.window.createWebviewPanel('dataPlatform.table', 'revived', vscode.ViewColumn.Active, {
      enableScripts: true,
    });
    await api.tables.restore(revived, saved.persisted);
    const r = await rendered('the restored table', (x) => x.loadedCount === 2 * PAGE_SIZE && x.filter === 'a', revived);
    assert.deepEqual(r.columns, saved.columns);
    assert.equal(r.rowCount, saved.rowCount);
    revived.dispose();
    // The revived panel hid this one, whose page is made again when shown.
    panel.reveal(undefined, false);
    await rendered('the table shown again', (x) => x.filter === 'a');
    await drive({ action: 'typeFilter', text: '' });
    await rendered('unfiltered', (x) => x.filter === '' && x.rowCount === x.loadedCount);
  });

  it('sorting the whole list asks the API with orderBy, through a query node the tree shows, and the table follows it', async () => {
    await drive({ action: 'clickHeader', column: 'totalAmount' });
    const before = await rendered('sorted', (x) => x.sort?.column === 'totalAmount' && x.sortNote !== undefined);
    const orderBy = `${before.sort?.descending ? '-' : ''}totalAmount`;
    await admin.clearRequests();
    await drive({ action: 'click', column: 'sortList' });
    const r = await rendered('the whole list sorted', (x) => x.sort?.scope === 'list' && x.loadedCount > 0);
    const calls = await invoiceCalls();
    assert.ok(calls.length > 0 && calls.every((c) => c.query.orderBy === orderBy), JSON.stringify(calls));
    const query = company.queries.find((q) => q.query.orderBy === orderBy);
    assert.ok(query, 'a query node with that order');
    await waitFor('its first page', () => (query.pagedList?.items.length ?? 0) > 0);
    assert.deepEqual(
      r.visible.map((v) => v.id),
      (query.pagedList?.items ?? []).slice(0, r.visible.length).map((i) => i.id),
    );
    assert.equal(r.sortNote, undefined, 'no note: the API sorted the list');
    if (canScreenshot()) await screenshot('table');
  });

  it("Refresh of the tree's list starts the table again from the list's first page", async () => {
    company = await shownCompany(api, emu, ids.many);
    node = company.data.type('invoices');
    panel = await openTable(node);
    await drive({ action: 'click', column: 'loadMore' });
    await rendered('two pages', (x) => x.loadedCount === 2 * PAGE_SIZE);
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.refresh', node);
    const r = await rendered('the first page again', (x) => x.loadedCount === PAGE_SIZE && x.visible.length > 0);
    assert.deepEqual(
      r.visible.map((v) => v.id),
      (node.pagedList?.items ?? []).slice(0, r.visible.length).map((i) => i.id),
    );
    const pages = (await invoiceCalls()).map((c) => c.query.page);
    assert.deepEqual(pages, ['1'], 'one request: the first page, shared by the tree and the table');
  });

  it('a rebuilt tree: the table finds its list again by its key and follows the new node', async () => {
    const old = node;
    api.tree.reset();
    const again = await waitFor('the new node', async () => {
      const c = await shownCompany(api, emu, ids.many);
      const n = c.data.type('invoices');
      return n !== old && (n.pagedList?.items.length ?? 0) > 0 ? n : undefined;
    });
    const r = await rendered('the new list', (x) => x.loadedCount === PAGE_SIZE);
    assert.deepEqual(
      r.visible.map((v) => v.id),
      (again.pagedList?.items ?? []).slice(0, r.visible.length).map((i) => i.id),
    );
    await drive({ action: 'click', column: 'loadMore' });
    await rendered('its next page', (x) => x.loadedCount === 2 * PAGE_SIZE);
    assert.equal(again.pagedList?.items.length, 2 * PAGE_SIZE, 'Load More went to the new node');
  });

  it('Load All from the table loads the rest of a short list, in the tree too; scrolling lays out only a window', async () => {
    const few = await shownCompany(api, emu, ids.few);
    const list = few.data.type('invoices');
    panel = await openTable(list);
    await rendered('its first page', (x) => x.loadedCount > 0);
    await drive({ action: 'click', column: 'loadAll' });
    const total = await waitFor(
      'the whole list',
      () => list.pagedList?.hasMore === false && list.pagedList.items.length,
    );
    const r = await rendered('every row', (x) => x.loadedCount === total && !x.canLoadMore);
    assert.equal(r.rowCount, total);
    assert.ok(r.domRows < total || total < 40, 'a window of rows, not all of them');
    await drive({ action: 'scrollTo', row: total - 1 });
    const end = await rendered('scrolled to the end', (x) =>
      x.visible.some((v) => v.id === list.pagedList?.items.at(-1)?.id),
    );
    assert.ok(end.domRows <= r.domRows + 1);
  });
});
