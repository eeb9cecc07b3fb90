// A list longer than dataPlatform.maxTreeRows: the tree shows that many records and a last row that
// counts the rest and exports them all (VS Code's tree takes seconds to show tens of thousands of
// rows: docs/performance.md, "Big lists in the tree").
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import type { TreeNode } from '../../src/tree/node';
import { admin, kindOf, labelOf, openView, signIn } from './helpers';

const config = () => vscode.workspace.getConfiguration('dataPlatform');

describe('big lists in the tree', () => {
  let api: DataPlatformApi;
  before(async () => {
    api = await openView();
    await signIn(api);
  });
  after(() => config().update('maxTreeRows', undefined, vscode.ConfigurationTarget.Global));

  it('shows at most dataPlatform.maxTreeRows records, then a row that counts the rest and exports them', async () => {
    await config().update('maxTreeRows', 150, vscode.ConfigurationTarget.Global);
    const id = (await admin.info()).companies.many;
    await api.tree.getChildren();
    const company = api.tree.root?.companyNode(id);
    assert.ok(company);
    const invoices = company.invoices;
    invoices.refresh();
    const kinds = (nodes: readonly TreeNode[]) => nodes.map(kindOf);
    const first = (await api.tree.getChildren(invoices)) ?? [];
    assert.equal(kinds(first).filter((k) => k === 'record').length, 100, 'one page of 100, under the limit');
    assert.ok(!first.some((n) => labelOf(n).includes('not shown')));

    await invoices.loadMore();
    const rows = (await api.tree.getChildren(invoices)) ?? [];
    assert.equal(invoices.pagedList?.items.length, 200, 'the list holds both pages');
    assert.deepEqual(kinds(rows.slice(148, 153)), ['record', 'record', 'message', 'loadMore', 'loadAll']);
    const hidden = rows[150].getTreeItem();
    assert.equal(labelOf(rows[150]), '50 more not shown: Export… writes them all');
    assert.equal(hidden.command?.command, 'dataPlatform.exportRecords');
    assert.deepEqual(hidden.command?.arguments, [invoices]);
  });
});
