// Every connection-scoped data type of the catalog (those the contract serves per data connection,
// and bank transactions under their bank account) in the real workbench against the emulator,
// data-driven as dataTypes.test.ts is for the company's types: listed under the connection (bank
// transactions under a bank account's record), paged, queried (the query keeping its place across
// a rebuild of the tree), exported and opened as JSON, each through the same nodes and commands as
// a company's types. A type added to the catalog with `scope: 'connection'` is tested here as is.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DataRecord, ListPlace } from '../../src/api';
import type { DataPlatformClient } from '../../src/api/client';
import type { ExportResult } from '../../src/commands/export';
import type { OpenByIdResult } from '../../src/commands/records';
import { DATA_TYPES, dataType, idParameter, type DataTypeSpec } from '../../src/dataTypes/catalog';
import { typeTitle } from '../../src/dataTypes/words';
import type { DataPlatformApi } from '../../src/testApi';
import { recordLabel } from '../../src/format/recordLabels';
import type { CompanyNode } from '../../src/tree/companyNodes';
import type { ConnectionNode } from '../../src/tree/connectionNodes';
import { listContext, queryContext, recordContext } from '../../src/tree/contextValues';
import type { DataTypeNode, RecordNode } from '../../src/tree/dataNodes';
import type { TreeNode } from '../../src/tree/node';
import { dataTypeColumnTypes, readExport } from '../support/csv';
import { exportsEveryRecord } from './exportCheck';
import {
  admin,
  answering,
  children,
  emulatorClient,
  shownCompany,
  labelOf,
  openView,
  refusal,
  removeQueryNodes,
  runQuery,
  shown,
  signIn,
  waitFor,
} from './helpers';

/** One record a page, so that every list has a second page to load. */
const PAGE_SIZE = 1;
const CONNECTION_TYPES = DATA_TYPES.filter((d) => d.scope === 'connection');

const contextOf = (n: TreeNode) => n.getTreeItem().contextValue ?? '';
const recordsIn = (nodes: TreeNode[], spec: DataTypeSpec) =>
  nodes.filter((n) => contextOf(n) === recordContext(spec.id)) as RecordNode[];

/** The path of a type's list at a place, as the contract has it. */
function listPath(spec: DataTypeSpec, place: ListPlace): string {
  const data = `/companies/${place.companyId}/connections/${place.connectionId}/data`;
  return spec.parent ? `${data}/${spec.parent.type}/${place.parentId}/${spec.id}` : `${data}/${spec.id}`;
}

describe('every connection-scoped data type against the emulator', () => {
  let api: DataPlatformApi;
  let emu: DataPlatformClient;
  let ids: Record<string, string>;

  const companyNode = (which: string): Promise<CompanyNode> => shownCompany(api, emu, ids[which]);
  /** The company's first connection, as the view reaches it: Connections → the connection. */
  const connectionNode = async (which: string): Promise<ConnectionNode> => {
    const company = await companyNode(which);
    const [first] = await children(api, company.connections);
    const node = first as ConnectionNode;
    assert.match(contextOf(node), /^connection query\b/, 'an accounting connection offers Run Query…');
    assert.deepEqual(
      (await children(api, node)).map(labelOf),
      CONNECTION_TYPES.filter((d) => !d.parent).map((d) => typeTitle(d.id)),
      'the connection lists its types in the catalog order, none that sits under a parent record',
    );
    return node;
  };
  /** The type's list as the view reaches it: under the connection, or under the first record of
   * its parent type's list there. */
  const listOf = async (which: string, spec: DataTypeSpec): Promise<DataTypeNode> => {
    if (!spec.parent) {
      const shown = await children(api, await connectionNode(which));
      const node = shown.find((n) => labelOf(n) === typeTitle(spec.id));
      assert.ok(node, `${spec.id} under the connection`);
      return node as DataTypeNode;
    }
    const parentSpec = dataType(spec.parent.type);
    const [parent] = recordsIn(await children(api, await listOf(which, parentSpec)), parentSpec);
    assert.ok(parent, `a ${parentSpec.id} record to list ${spec.id} under`);
    assert.equal(parent.getTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const node = (await children(api, parent)).find((n) => labelOf(n) === typeTitle(spec.id)) as DataTypeNode;
    assert.ok(node, `${spec.id} under the ${parentSpec.id} record`);
    assert.deepEqual(node.place.parentId, parent.record.id);
    return node;
  };
  const requestsAt = async (spec: DataTypeSpec, place: ListPlace) =>
    (await admin.requests()).filter((r) => r.path === listPath(spec, place));
  const setPageSize = async (size: number | undefined): Promise<void> => {
    const oldRoot = api.tree.root;
    await vscode.workspace.getConfiguration('dataPlatform').update('pageSize', size, vscode.ConfigurationTarget.Global);
    await waitFor('the tree rebuilt for the page size', () => api.tree.root !== oldRoot);
  };

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    emu = await emulatorClient();
    ids = (await admin.info()).companies;
    await setPageSize(PAGE_SIZE);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await api.queryHistory.clear(ids.many);
    await removeQueryNodes(api, [ids.many]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('pageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  it('the Data folder holds none of them: they are the connection’s', async () => {
    const company = await companyNode('many');
    const types = (await children(api, company.data)).map(labelOf);
    for (const spec of CONNECTION_TYPES) assert.ok(!types.includes(typeTitle(spec.id)), spec.id);
  });

  for (const spec of CONNECTION_TYPES) {
    const where = spec.parent ? `under a record of ${spec.parent.type}` : 'under the connection';
    it(`${spec.id}: listed ${where}, its first page, and Load more appends the second`, async () => {
      const node = await listOf('many', spec);
      assert.equal(contextOf(node), listContext(spec.id));
      const place = node.place;
      assert.ok(place.connectionId, 'listed at a connection');
      const expected = await emu.listRecords(spec.id, place, { page: 1, pageSize: PAGE_SIZE * 2 });
      assert.ok(expected.totalResults > PAGE_SIZE, `more than a page of ${spec.id}`);
      await admin.clearRequests();
      let records = recordsIn(await children(api, node), spec);
      assert.deepEqual(
        records.map((r) => r.record.id),
        expected.results.slice(0, PAGE_SIZE).map((r) => r.id),
      );
      assert.equal(labelOf(records[0]), recordLabel(spec, expected.results[0]));
      await vscode.commands.executeCommand('dataPlatform.loadMore', node);
      records = recordsIn(await children(api, node), spec);
      assert.deepEqual(
        records.map((r) => r.record.id),
        expected.results.map((r) => r.id),
        'page 2 appended',
      );
      assert.deepEqual(
        (await requestsAt(spec, place)).map((r) => [r.query.page ?? '1', r.query.pageSize]),
        [
          ['1', String(PAGE_SIZE)],
          ['2', String(PAGE_SIZE)],
        ],
        'both pages asked of the list at its place',
      );
      assert.equal(node.getTreeItem().description, expected.totalResults.toLocaleString('en-GB'));
    });

    it(`${spec.id}: Run Query at its place sends the filter there and shows the matching records`, async () => {
      const { place } = await listOf('many', spec);
      const expected = await emu.listRecords(spec.id, place, { query: spec.example, pageSize: PAGE_SIZE });
      assert.ok(expected.totalResults > 0, `the example filter ${spec.example} matches some ${spec.id}`);
      await admin.clearRequests();
      const node = shown(await runQuery(api, { ...place, dataType: spec.id, query: spec.example }));
      assert.equal(node.dataType, spec.id);
      assert.deepEqual(node.place, place);
      assert.equal(contextOf(node), queryContext(spec.id, false, node.morePages));
      const records = recordsIn(await children(api, node), spec);
      assert.deepEqual(
        records.map((r) => r.record.id),
        expected.results.map((r) => r.id),
      );
      assert.deepEqual(
        (await requestsAt(spec, place)).map((r) => r.query.query),
        [spec.example],
      );
      const saved = api.savedQueries.list(api.connection.account.id, ids.many).find((q) => q.dataType === spec.id);
      assert.equal(saved?.connectionId, place.connectionId, 'kept with its connection');
      assert.equal(saved?.parentId, place.parentId, 'and its parent record');

      // A field the type does not have is refused before anything is sent.
      await admin.clearRequests();
      const refused = await runQuery(api, { ...place, dataType: spec.id, query: 'colour=red' });
      assert.deepEqual(refused, { outcome: 'cancelled' });
      assert.equal(refusal(api), `Col 1: Unknown field "colour" on ${spec.schema.recordName}`);
      assert.deepEqual(await requestsAt(spec, place), []);
    });

    it(`${spec.id}: a record opens as JSON at its place (click and by ids: one tab), Copy as JSON and Copy as cURL`, async () => {
      const node = await listOf('many', spec);
      const [first] = recordsIn(await children(api, node), spec);
      const place = node.place;
      const want = spec.getOne === false ? first.record : await emu.getRecord(spec.id, place, first.record.id);
      const command = first.getTreeItem().command;
      assert.ok(command);
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        command.command,
        ...((command.arguments ?? []) as unknown[]),
      );
      const doc = editor.document;
      assert.equal(doc.uri.scheme, 'dataplatform');
      assert.deepEqual(Object.fromEntries(new URLSearchParams(doc.uri.query)), {
        companyId: ids.many,
        connectionId: place.connectionId,
        ...(spec.parent ? { [spec.parent.idName]: place.parentId } : {}),
        [idParameter(spec)]: first.record.id,
        account: api.connection.account.id,
      });
      const listed = (await emu.listRecords(spec.id, place, { query: `id=${first.record.id}` })).results[0];
      assert.deepEqual(JSON.parse(doc.getText()), spec.getOne === false ? listed : want);

      const again = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', {
        ...place,
        dataType: spec.id,
        recordId: first.record.id,
      });
      assert.equal(again.document.uri.toString(), doc.uri.toString(), 'by ids: the same tab');
      const copied = await vscode.commands.executeCommand<string>('dataPlatform.copyJson', first);
      assert.deepEqual(JSON.parse(copied) as DataRecord, JSON.parse(doc.getText()), 'the whole record, fetched');
      const curl = await vscode.commands.executeCommand<string>('dataPlatform.copyAsCurl', first);
      assert.ok(curl.includes(listPath(spec, place)), curl);
    });

    it(`${spec.id}: exported from its node as CSV, every record with every field`, async () => {
      const node = await listOf('few', spec);
      await exportsEveryRecord(api, emu, node, spec, node.place);
    });
  }

  it('records selected under a bank account export together as JSON, each read at its place', async () => {
    const spec = dataType('bankTransactions');
    const node = await listOf('many', spec);
    if (recordsIn(await children(api, node), spec).length < 2)
      await vscode.commands.executeCommand('dataPlatform.loadMore', node);
    const picked = recordsIn(await children(api, node), spec)
      .slice(0, 2)
      .reverse();
    assert.equal(picked.length, 2);
    const dir = mkdtempSync(join(tmpdir(), 'dp-connection-selected-'));
    try {
      const uri = vscode.Uri.file(join(dir, 'picked.json'));
      const result = await answering(api, [uri], () =>
        vscode.commands.executeCommand<ExportResult>('dataPlatform.exportRecords', picked[0], picked),
      );
      assert.equal(result?.outcome, 'written', JSON.stringify(result));
      const got = readExport(readFileSync(uri.fsPath, 'utf8'), 'json', dataTypeColumnTypes(spec)) as DataRecord[];
      assert.deepEqual(
        got.map((r) => r.id),
        picked.map((n) => n.record.id),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Load All under a bank account reads every page of its transactions there; Open Record by ID finds one through its list', async () => {
    const spec = dataType('bankTransactions');
    const node = await listOf('few', spec);
    const place = node.place;
    const want: DataRecord[] = [];
    for await (const r of emu.allRecords(spec.id, place, { pageSize: 5000 })) want.push(r);
    assert.ok(want.length > 2, 'more than two pages of one');
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.loadAll', node);
    assert.deepEqual(
      recordsIn(await children(api, node), spec).map((r) => r.record.id),
      want.map((r) => r.id),
    );
    assert.ok((await requestsAt(spec, place)).length >= want.length - 1, 'each page asked at the account');

    const last = want[want.length - 1];
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const opened = await answering(api, [last.id], () =>
      vscode.commands.executeCommand<OpenByIdResult>('dataPlatform.openRecordById', node),
    );
    assert.equal(opened.outcome, 'opened', JSON.stringify(opened));
    const doc = (opened as { editor: vscode.TextEditor }).editor.document;
    assert.deepEqual(JSON.parse(doc.getText()), last, 'the record as its list has it (no GET of one)');
  });

  it('a direct cost’s attachments are read through its own connection, not the company’s first', async () => {
    const spec = dataType('directCosts');
    const company = await companyNode('few');
    await vscode.commands.executeCommand('dataPlatform.loadAll', company.connections);
    const shownConnections = await children(api, company.connections);
    const connections = shownConnections.filter((n) => contextOf(n).startsWith('connection ')) as ConnectionNode[];
    assert.equal(connections.length, 2, 'the company has two connections');
    const second = connections[1];
    const list = (await children(api, second)).find((n) => labelOf(n) === typeTitle(spec.id)) as DataTypeNode;
    const [record] = recordsIn(await children(api, list), spec);
    assert.ok(record, 'a direct cost at the second connection');
    await admin.clearRequests();
    const [folder] = await children(api, record);
    assert.equal(labelOf(folder), 'Attachments');
    await children(api, folder);
    const cn = String(second.connection.id);
    assert.deepEqual(
      (await admin.requests()).map((r) => r.path),
      [`/companies/${ids.few}/connections/${cn}/data/directCosts/${record.record.id}/attachments`],
      'one request, at the record’s connection (no connection list read to pick one)',
    );
  });

  it('Queue Sync on a bank account’s transactions queues the type for the company and reloads the lists that show it', async () => {
    const spec = dataType('bankTransactions');
    const before = await listOf('few', spec);
    await children(api, before);
    await admin.clearRequests();
    assert.equal(await vscode.commands.executeCommand<boolean>('dataPlatform.queueSync', before), true);
    assert.deepEqual(
      (await admin.requests()).filter((r) => r.method === 'POST').map((r) => r.path),
      [`/companies/${ids.few}/data/queue/bankTransactions`],
    );
    // The bank accounts' list was loaded again: its records, and the lists under them, are new.
    const after = await listOf('few', spec);
    assert.notStrictEqual(after, before);
    assert.deepEqual(after.place, before.place);
    const company = await companyNode('few');
    await waitFor('the sync to finish', async () => {
      company.dataStatus.refresh();
      await company.dataStatus.settled();
      return company.dataStatus.of('bankTransactions')?.currentStatus === 'Complete';
    });
  });

  it('a query under a bank account keeps its place when the tree is rebuilt (a window reload)', async () => {
    const spec = dataType('bankTransactions');
    const { place } = await listOf('many', spec);
    const node = shown(await runQuery(api, { ...place, dataType: spec.id, query: spec.example }));
    const key = node.key;
    const before = api.tree.root;
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    await vscode.commands.executeCommand('dataPlatform.refresh');
    assert.notStrictEqual(api.tree.root, before, 'a new root');
    const restored = (await companyNode('many')).queries.find((q) => q.key === key);
    assert.ok(restored, 'the query node is back');
    assert.deepEqual(restored.place, place);
    await admin.clearRequests();
    const records = recordsIn(await children(api, restored), spec);
    assert.ok(records.length > 0);
    assert.deepEqual(
      (await requestsAt(spec, place)).map((r) => r.query.query),
      [spec.example],
      'listed under the same bank account',
    );
  });
});
