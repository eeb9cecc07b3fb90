// Run query…, Filter invoices…, Clear filter in the real host against the emulator.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Invoice } from '../../src/api';
import type { DataPlatformClient } from '../../src/api/client';
import type { QueryResult } from '../../src/commands/query';
import type { DataPlatformApi } from '../../src/testApi';
import type { TreeNode } from '../../src/tree/node';
import type { RecordNode } from '../../src/tree/dataNodes';
import type { CompanyNode } from '../../src/tree/companyNodes';
import {
  admin,
  answering,
  canScreenshot,
  children,
  emulatorClient,
  firstPageCompany,
  labelOf,
  openView,
  orderAnswer,
  refusal,
  removeQueryNodes,
  runQuery,
  screenshot,
  shown,
  signIn,
  type QueryAnswers,
  waitFor,
} from './helpers';
import { queryContext, recordContext } from '../../src/tree/contextValues';
import { listInvoices } from '../support/invoiceReads';

const contextOf = (n: TreeNode) => n.getTreeItem().contextValue ?? '';
const invoicesIn = (nodes: TreeNode[]): Invoice[] =>
  nodes
    .filter((n) => contextOf(n) === recordContext('invoices'))
    .map((n) => (n as RecordNode).record as unknown as Invoice);
const invoiceRequests = async () => (await admin.requests()).filter((r) => r.path.includes('/data/invoices'));

describe('invoice queries', () => {
  let api: DataPlatformApi;
  const run = (a: QueryAnswers): Promise<QueryResult> => runQuery(api, a);
  let emu: DataPlatformClient;
  let ids: Record<string, string>;

  const companyNode = async (which: string): Promise<CompanyNode> => {
    const node = await firstPageCompany(api, ids[which]);
    assert.ok(node, `company ${which}`);
    return node;
  };
  const totalFor = async (which: string, query: string) =>
    (await listInvoices(emu, ids[which], { query, pageSize: 1 })).totalResults;

  before(async () => {
    api = await openView();
    await signIn(api);
    emu = await emulatorClient();
    ids = (await admin.info()).companies;
  });
  after(() => removeQueryNodes(api, [ids.few, ids.many]));

  it('Run query returns only matching invoices, counts totalResults, and sends the encoded query', async () => {
    const query = 'status=Paid && totalAmount>1000';
    await admin.clearRequests();
    const node = shown(await run({ companyId: ids.many, query }));
    const company = await companyNode('many');
    assert.ok(company.queries.includes(node), 'the node is under the company');
    assert.equal(node.parent, company);
    assert.ok((await children(api, company)).includes(node), 'and rendered as its child');

    const items = await children(api, node);
    const invoices = invoicesIn(items);
    assert.equal(invoices.length, 100, 'a first page');
    for (const inv of invoices)
      assert.ok(
        inv.status === 'Paid' && inv.totalAmount > 1000,
        `${inv.invoiceNumber} ${inv.status} ${inv.totalAmount}`,
      );

    const log = await invoiceRequests();
    const total = await totalFor('many', query);
    assert.ok(total > 100 && total < 25_000, `a real subset (${total})`);
    assert.equal(node.pagedList?.totalResults, total);
    assert.equal(labelOf(node), `${query} — ${total.toLocaleString('en-GB')} invoices`);
    assert.equal(contextOf(node), queryContext('invoices'));
    assert.equal(log.length, 1);
    assert.equal(log[0].query.query, query, 'the emulator decoded exactly the query (so "&&" and spaces were encoded)');
    assert.equal(log[0].query.pageSize, '100');
  });

  it('Load more on a query node fetches page 2 with the query kept', async () => {
    const query = 'status=Paid && totalAmount>1000';
    const node = shown(await run({ companyId: ids.many, query }));
    assert.equal(invoicesIn(await children(api, node)).length, 100, 'the same node, already loaded');
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.loadMore', node);
    const log = await invoiceRequests();
    assert.deepEqual(
      log.map((r) => [r.query.page, r.query.query]),
      [['2', query]],
    );
    const invoices = invoicesIn(await children(api, node));
    assert.equal(invoices.length, 200);
    for (const inv of invoices) assert.ok(inv.status === 'Paid' && inv.totalAmount > 1000);
    assert.equal(new Set(invoices.map((i) => i.id)).size, 200, 'page 2 appended, not page 1 again');

    // The same filter spelled differently is the same node, with what it has loaded.
    await admin.clearRequests();
    const again = shown(await run({ companyId: ids.many, query: ' {status = Paid} &&totalAmount > 1000 ' }));
    assert.strictEqual(again, node);
    assert.equal(invoicesIn(await children(api, again)).length, 200);
    assert.deepEqual(await invoiceRequests(), [], 'nothing fetched again');
    assert.equal(
      api.queryHistory.list(ids.many).filter((e) => e.query.replace(/[\s{}]/g, '') === 'status=Paid&&totalAmount>1000')
        .length,
      1,
      'one history entry',
    );
  });

  it('orders by the orderBy given', async () => {
    await admin.clearRequests();
    const node = shown(await run({ companyId: ids.few, query: 'totalAmount>0', orderBy: '-totalAmount' }));
    const invoices = invoicesIn(await children(api, node));
    assert.ok(invoices.length > 1);
    const amounts = invoices.map((i) => i.totalAmount);
    assert.deepEqual(
      amounts,
      [...amounts].sort((a, b) => b - a),
    );
    assert.equal(node.getTreeItem().description, 'orderBy -totalAmount');
    assert.equal((await invoiceRequests())[0].query.orderBy, '-totalAmount');
  });

  it('a company named by id is found with one request, not by paging the view; an unknown one is reported', async () => {
    await vscode.commands.executeCommand('dataPlatform.refresh', api.tree.root);
    await children(api);
    const page2 = (await emu.listCompanies({ page: 2, pageSize: 100 })).results[0];
    await admin.clearRequests();
    const node = shown(await run({ companyId: page2.id, query: 'status=Paid' }));
    assert.equal((node.parent as CompanyNode).company.id, page2.id);
    const companyCalls = (await admin.requests()).filter((r) => /^\/companies(\/[^/]+)?$/.test(r.path));
    assert.deepEqual(
      companyCalls.map((r) => `${r.method} ${r.path}`),
      [`GET /companies/${page2.id}`],
      'no page of companies',
    );

    const reported = api.diagnostics.size;
    const missing = await run({ companyId: 'no-such-company', query: 'status=Paid' });
    assert.equal(missing.outcome, 'unavailable');
    assert.equal(api.diagnostics.size, reported + 1, 'the 404 is in the diagnostics');
    assert.equal(api.diagnostics.entries()[0].error.status, 404);
  });

  it('an invalid query or orderBy sends nothing and adds no node', async () => {
    const company = await companyNode('many');
    const before = company.queries.length;
    await admin.clearRequests();
    // The row of what was typed says why and cannot be accepted: the question goes unanswered.
    assert.deepEqual(await run({ companyId: ids.many, query: 'status =' }), { outcome: 'cancelled' });
    assert.equal(refusal(api), 'Col 8: Expected a value after "="');
    assert.equal((await run({ companyId: ids.many, query: 'colour=red' })).outcome, 'cancelled');
    assert.match(refusal(api) ?? '', /^Col 1: .*colour/);
    assert.equal((await run({ companyId: ids.many, query: 'status=Paid', orderBy: 'colour' })).outcome, 'cancelled');
    assert.match(refusal(api) ?? '', /colour/);
    assert.equal(company.queries.length, before);
    assert.deepEqual(await invoiceRequests(), []);
  });

  it('keeps the history of queries per company, most recent first, without duplicates', async () => {
    await run({ companyId: ids.few, query: 'status=Void' });
    await run({ companyId: ids.many, query: 'status=Draft' });
    await run({ companyId: ids.few, query: 'status=Paid' });
    await run({ companyId: ids.few, query: 'status=Void' });
    const few = api.queryHistory.list(ids.few).map((e) => e.query);
    assert.deepEqual(few.slice(0, 2), ['status=Void', 'status=Paid']);
    assert.equal(few.filter((q) => q === 'status=Void').length, 1);
    assert.ok(!few.includes('status=Draft'), 'another company’s query is not offered here');
    assert.equal(api.queryHistory.list(ids.many)[0].query, 'status=Draft');
    assert.ok(
      api.queryHistory.list(ids.few).some((e) => e.query === 'totalAmount>0' && e.orderBy === '-totalAmount'),
      'orderBy is kept with the query',
    );
  });

  it('Filter invoices edits a query node in place; on Invoices it adds one', async () => {
    const company = await companyNode('few');
    const node = shown(await run({ companyId: ids.few, query: 'status=Paid' }));
    const index = company.queries.indexOf(node);
    const edited = shown(
      await answering(api, [{ value: 'status!=Paid' }, orderAnswer()], () =>
        vscode.commands.executeCommand<QueryResult>('dataPlatform.filter', node),
      ),
    );
    assert.equal(company.queries.indexOf(edited), index, 'same position');
    assert.ok(!company.queries.includes(node), 'the old filter is gone');
    const invoices = invoicesIn(await children(api, edited));
    assert.ok(invoices.length > 0);
    for (const inv of invoices) assert.notEqual(inv.status, 'Paid');
    assert.equal(labelOf(edited), `status!=Paid — ${await totalFor('few', 'status!=Paid')} invoices`);

    const added = shown(
      await answering(api, [{ value: 'currency=GBP' }, orderAnswer()], () =>
        vscode.commands.executeCommand<QueryResult>('dataPlatform.filter', company.invoices),
      ),
    );
    assert.ok(company.queries.includes(added));
    assert.equal(labelOf(company.invoices), 'Invoices', 'the plain Invoices node stays');
  });

  it('Remove Query removes the query node', async () => {
    const company = await companyNode('few');
    const node = shown(await run({ companyId: ids.few, query: 'status=Submitted' }));
    assert.ok((await children(api, company)).includes(node));
    assert.equal(await vscode.commands.executeCommand('dataPlatform.removeQuery', node), true);
    assert.ok(!company.queries.includes(node));
    assert.ok(!(await children(api, company)).includes(node));
    assert.equal(
      await vscode.commands.executeCommand('dataPlatform.removeQuery', company.invoices),
      false,
      'Invoices itself is never removed',
    );
  });

  it('takes a screenshot of a query node with results', async function () {
    if (!canScreenshot()) this.skip();
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    const node = shown(await run({ companyId: ids.few, query: 'status!=Void', orderBy: '-totalAmount' }));
    await api.companiesView.reveal(node, { expand: true, select: true, focus: false });
    await waitFor('the query results', async () => invoicesIn(await children(api, node)).length > 0);
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await screenshot('query');
  });
});
