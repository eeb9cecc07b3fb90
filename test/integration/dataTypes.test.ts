// Every company-scoped data type of the catalog in the real workbench against the emulator,
// data-driven, so a type added to the catalog is tested here without a line more (a
// connection-scoped one in connectionDataTypes.test.ts): browsable (Data → type → first page,
// Load more), queryable (Run Query with the type), opened as JSON and exported. Then a type's data
// set states (409 with Queue sync of that type, 404 of a platform without it) and a screenshot.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DataRecord } from '../../src/api';
import type { DataPlatformClient } from '../../src/api/client';
import { DATA_TYPES, idParameter, type DataTypeSpec } from '../../src/dataTypes/catalog';
import { typeCount, typeTitle } from '../../src/dataTypes/words';
import { labelOr } from '../../src/documents/recordUri';
import type { DataPlatformApi } from '../../src/testApi';
import { recordLabel } from '../../src/format/recordLabels';
import { listContext, queryContext, recordContext } from '../../src/tree/contextValues';
import type { DataTypeNode, RecordNode } from '../../src/tree/dataNodes';
import type { QueryNode } from '../../src/tree/queryNode';
import type { ErrorNode } from '../../src/tree/leafNodes';
import type { TreeNode } from '../../src/tree/node';
import type { CompanyNode } from '../../src/tree/companyNodes';
import { exportsEveryRecord } from './exportCheck';
import {
  admin,
  canScreenshot,
  children,
  emulator,
  emulatorClient,
  shownCompany,
  labelOf,
  openView,
  refusal,
  removeQueryNodes,
  runQuery,
  screenshot,
  signIn,
  waitFor,
} from './helpers';

/** The types of a company's Data folder. */
const COMPANY_TYPES = DATA_TYPES.filter((d) => d.scope !== 'connection');

/** One record a page, so that every type has a second page to load (a company may have only two
 * tax rates). */
const PAGE_SIZE = 1;

const contextOf = (n: TreeNode) => n.getTreeItem().contextValue ?? '';
const recordsIn = (nodes: TreeNode[], spec: DataTypeSpec) =>
  nodes.filter((n) => contextOf(n) === recordContext(spec.id)) as RecordNode[];
const errorIn = (nodes: TreeNode[]) => nodes.find((n) => contextOf(n).startsWith('error')) as ErrorNode | undefined;

/** The emulator's record, fetched directly with the demo key. */
async function emulatorRecord(spec: DataTypeSpec, companyId: string, recordId: string): Promise<unknown> {
  const { url, key } = await emulator();
  const res = await fetch(
    `${url}/companies/${encodeURIComponent(companyId)}/data/${spec.id}/${encodeURIComponent(recordId)}`,
    {
      headers: { Authorization: `Basic ${Buffer.from(key).toString('base64')}`, Accept: 'application/json' },
    },
  );
  assert.equal(res.status, 200, `GET one of ${spec.id}`);
  return res.json();
}

describe('every data type against the emulator', () => {
  let api: DataPlatformApi;
  let emu: DataPlatformClient;
  let ids: Record<string, string>;

  const companyNode = (which: string): Promise<CompanyNode> => shownCompany(api, emu, ids[which]);
  /** The type's node under the company's Data folder, as the view reaches it. */
  const typeNode = async (which: string, spec: DataTypeSpec): Promise<DataTypeNode> => {
    const company = await companyNode(which);
    const [data] = await children(api, company);
    const types = await children(api, data);
    assert.deepEqual(
      types.map(labelOf),
      COMPANY_TYPES.map((d) => typeTitle(d.id)),
      'the Data folder lists every company-scoped type in the catalog order',
    );
    const node = types.find((n) => labelOf(n) === typeTitle(spec.id)) as DataTypeNode;
    assert.strictEqual(node, company.data.type(spec.id));
    await waitFor('the data set statuses', () => company.dataStatus.state === 'loaded');
    return node;
  };
  const setPageSize = async (size: number | undefined): Promise<void> => {
    const oldRoot = api.tree.root;
    await vscode.workspace.getConfiguration('dataPlatform').update('pageSize', size, vscode.ConfigurationTarget.Global);
    await waitFor('the tree rebuilt for the page size', () => api.tree.root !== oldRoot);
  };
  const requestsOf = async (spec: DataTypeSpec) =>
    (await admin.requests()).filter((r) => r.path === `/companies/${ids.many}/data/${spec.id}`);

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    emu = await emulatorClient();
    ids = (await admin.info()).companies;
    await setPageSize(PAGE_SIZE);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  afterEach(() => admin.clearFaults());
  after(async () => {
    // The queries run here are no other suite's history, nor its query nodes.
    await api.queryHistory.clear(ids.many);
    await removeQueryNodes(api, [ids.many]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('pageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  for (const spec of COMPANY_TYPES) {
    const title = typeTitle(spec.id);

    it(`${spec.id}: browsable — its node shows its data set, expands to the first page and Load more appends the second`, async () => {
      const node = await typeNode('many', spec);
      assert.equal(contextOf(node), listContext(spec.id));
      assert.match(
        String(node.getTreeItem().description),
        /^Complete · \d{4}-\d\d-\d\d$/,
        'the status before it is expanded',
      );
      const expected = await emu.listRecords(spec.id, ids.many, { page: 1, pageSize: PAGE_SIZE * 2 });
      assert.ok(expected.totalResults > PAGE_SIZE, `the big company has more than a page of ${spec.id}`);

      await admin.clearRequests();
      let records = recordsIn(await children(api, node), spec);
      assert.deepEqual(
        records.map((r) => r.record.id),
        expected.results.slice(0, PAGE_SIZE).map((r) => r.id),
      );
      assert.equal(labelOf(records[0]), recordLabel(spec, expected.results[0]));
      assert.equal(node.pagedList?.totalResults, expected.totalResults);
      await vscode.commands.executeCommand('dataPlatform.loadMore', node);
      records = recordsIn(await children(api, node), spec);
      assert.deepEqual(
        records.map((r) => r.record.id),
        expected.results.map((r) => r.id),
        'page 2 appended',
      );
      assert.deepEqual(
        (await requestsOf(spec)).map((r) => [r.query.page ?? '1', r.query.pageSize]),
        [
          ['1', String(PAGE_SIZE)],
          ['2', String(PAGE_SIZE)],
        ],
      );
      assert.equal(
        node.getTreeItem().description,
        expected.totalResults.toLocaleString('en-GB'),
        'the count once loaded',
      );
    });

    it(`${spec.id}: queryable — Run Query with the type sends the filter and shows the matching ${title.toLowerCase()}`, async () => {
      // What the API answers, asked before the request log is cleared for the extension's requests.
      const expected = await emu.listRecords(spec.id, ids.many, {
        query: spec.example,
        orderBy: '-modifiedDate',
        pageSize: PAGE_SIZE,
      });
      const total = expected.totalResults;
      assert.ok(total > 0, `the example filter ${spec.example} matches some ${spec.id}`);
      await admin.clearRequests();
      const result = await runQuery(api, {
        companyId: ids.many,
        dataType: spec.id,
        query: spec.example,
        orderBy: '-modifiedDate',
      });
      assert.equal(result.outcome, 'shown', refusal(api));
      const node = (result as { node: QueryNode }).node;
      assert.equal(node.dataType, spec.id);
      assert.equal(contextOf(node), queryContext(spec.id, false, node.morePages));
      const records = recordsIn(await children(api, node), spec);
      assert.deepEqual(
        records.map((r) => r.record.id),
        expected.results.map((r) => r.id),
        'the matching records, in order',
      );
      const prefix = spec.id === 'invoices' ? '' : `${title}: `;
      assert.equal(labelOf(node), `${prefix}${spec.example} — ${typeCount(spec.id, total, 'en-GB')}`);
      const sent = (await requestsOf(spec)).map((r) => [r.query.query, r.query.orderBy]);
      assert.deepEqual(sent, [[spec.example, '-modifiedDate']]);
      assert.deepEqual(api.queryHistory.list(ids.many, spec.id)[0], {
        query: spec.example,
        orderBy: '-modifiedDate',
        ...(spec.id === 'invoices' ? {} : { dataType: spec.id }),
      });

      // A field the type does not have is refused before anything is sent.
      await admin.clearRequests();
      const refused = await runQuery(api, {
        companyId: ids.many,
        dataType: spec.id,
        query: 'colour=red',
      });
      assert.deepEqual(refused, { outcome: 'cancelled' }, 'the filter cannot be accepted');
      assert.equal(refusal(api), `Col 1: Unknown field "colour" on ${spec.schema.recordName}`);
      assert.deepEqual(await requestsOf(spec), []);
    });

    it(`${spec.id}: opens as JSON — a click shows the emulator's record, titled by its label`, async () => {
      const node = await typeNode('many', spec);
      const [first] = recordsIn(await children(api, node), spec);
      const command = first.getTreeItem().command;
      assert.ok(command);
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        command.command,
        ...((command.arguments ?? []) as unknown[]),
      );
      const doc = editor.document;
      assert.equal(doc.uri.scheme, 'dataplatform');
      assert.equal(doc.languageId, 'json');
      assert.equal(doc.uri.path.split('/')[2], spec.id);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(doc.uri.query)), {
        companyId: ids.many,
        [idParameter(spec)]: first.record.id,
        account: api.connection.account.id,
      });
      assert.deepEqual(JSON.parse(doc.getText()), await emulatorRecord(spec, ids.many, first.record.id));
      const tab = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === doc.uri.toString());
      assert.equal(tab?.label, `${labelOr(recordLabel(spec, first.record), first.record.id)}.json`);

      // By ids, as the palette and other extensions open it: the same tab.
      const again = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', {
        companyId: ids.many,
        dataType: spec.id,
        recordId: first.record.id,
      });
      assert.equal(again.document.uri.toString(), doc.uri.toString());
      const copied = await vscode.commands.executeCommand<string>('dataPlatform.copyJson', first);
      assert.deepEqual(
        JSON.parse(copied) as DataRecord,
        await emulatorRecord(spec, ids.many, first.record.id),
        'the whole record, fetched',
      );
    });
  }

  /** How many nulls and Unknowns a record holds: Codat's contract lets most fields be either. */
  const oddness = (r: unknown): number => (JSON.stringify(r).match(/null|"Unknown"/g) ?? []).length;

  for (const spec of COMPANY_TYPES) {
    it(`${spec.id}: the record with the most nulls and Unknowns shows no "null", "undefined" or "NaN", and opens as sent`, async () => {
      const candidates: DataRecord[] = [];
      for (const which of ['many', 'few'])
        candidates.push(
          ...(await emu.listRecords(spec.id, ids[which], { pageSize: 500 })).results.map((r) => ({
            ...r,
            companyId: ids[which],
          })),
        );
      const odd = candidates.reduce((a, b) => (oddness(b) > oddness(a) ? b : a));
      const { companyId, ...record } = odd as DataRecord & { companyId: string };
      const result = await runQuery(api, {
        companyId,
        dataType: spec.id,
        query: `id=${record.id}`,
      });
      assert.equal(result.outcome, 'shown', refusal(api));
      const [node] = recordsIn(await children(api, (result as { node: QueryNode }).node), spec);
      assert.equal(node?.record.id, record.id);
      const item = node.getTreeItem();
      const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '');
      for (const [what, text] of Object.entries({
        label: labelOf(node),
        description: String(item.description ?? ''),
        tooltip,
      })) {
        assert.doesNotMatch(text, /\b(null|undefined|NaN)\b/, `${what} of ${JSON.stringify(record)}`);
      }
      const command = item.command;
      assert.ok(command);
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        command.command,
        ...((command.arguments ?? []) as unknown[]),
      );
      // As the GET of one record sends it (a tracking category's holds its subcategories, which
      // its list leaves out).
      assert.deepEqual(
        JSON.parse(editor.document.getText()),
        await emulatorRecord(spec, companyId, record.id),
        'the JSON tab holds the record as sent, nulls and all',
      );
      await api.queryHistory.clear(companyId);
      await removeQueryNodes(api, [companyId]);
    });
  }

  for (const spec of COMPANY_TYPES) {
    it(`${spec.id}: exported from its node as CSV, every record with every field`, async () => {
      await exportsEveryRecord(api, emu, await typeNode('few', spec), spec, ids.few);
    });
  }

  it('a data set never requested is "not synced yet" with Queue sync, which queues that type only', async () => {
    const spec = DATA_TYPES.find((d) => d.id === 'bills') as DataTypeSpec;
    const company = await companyNode('notRequested');
    const node = await typeNode('notRequested', spec);
    assert.equal(node.getTreeItem().description, 'Never requested');
    const error = errorIn(await children(api, node));
    assert.equal(error && labelOf(error), 'Bills: not synced yet');
    assert.match(contextOf(error!), /\bqueueSync\b/);
    await admin.clearRequests();
    assert.equal(await vscode.commands.executeCommand<boolean>('dataPlatform.queueSync', error), true);
    assert.deepEqual(
      (await admin.requests()).filter((r) => r.method === 'POST').map((r) => r.path),
      [`/companies/${ids.notRequested}/data/queue/bills`],
    );
    await waitFor(
      'the bills status after the sync was queued',
      () => company.dataStatus.state === 'loaded' && company.dataStatus.of('bills') !== undefined,
    );
    assert.equal(company.dataStatus.of('invoices'), undefined, 'invoices were not queued');
  });

  it('a platform without the type says so, without Queue sync', async () => {
    const spec = DATA_TYPES.find((d) => d.id === 'accounts') as DataTypeSpec;
    const error = errorIn(await children(api, await typeNode('unsupported', spec)));
    assert.equal(error && labelOf(error), 'Not supported by Xero');
    assert.doesNotMatch(contextOf(error!), /queueSync/);
  });

  it('takes a screenshot of a company with its data types', async function () {
    if (!canScreenshot()) this.skip();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setPageSize(4);
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    const bills = await typeNode('many', DATA_TYPES.find((d) => d.id === 'bills') as DataTypeSpec);
    await api.companiesView.reveal(bills, { expand: true, focus: false, select: false });
    await waitFor('the bills shown', async () => recordsIn(await children(api, bills), bills.spec).length > 0);
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await screenshot('data-types');
  });
});
