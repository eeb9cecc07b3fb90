// Companies edited, filtered by tag and deleted, in the real host against the emulator (issue 32):
// Edit Company… changes the row in place (name, tooltip with the tags) with one PATCH; Filter
// Companies by Tag… lists the account's companies with the `tags` query, and Clear lists them all;
// Delete Company on a production account wants the company's name typed (declined or mistyped:
// nothing sent), and the company leaves the tree; a company deleted elsewhere says so on its row;
// a failed pull's validation results open as JSON.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Answer } from '../../src/commands/answerQueue';
import type { TagFilterResult } from '../../src/commands/companies';
import type { DeleteCompanyResult } from '../../src/commands/deleteCompany';
import type { EditCompanyResult } from '../../src/commands/editCompany';
import type { SyncValidationResult } from '../../src/commands/syncValidation';
import type { Company } from '../../src/api/models';
import type { DataPlatformApi } from '../../src/testApi';
import type { CompanyNode } from '../../src/tree/companyNodes';
import type { TreeNode } from '../../src/tree/node';
import type { SyncNode } from '../../src/tree/syncHistory';
import {
  admin,
  answering,
  emulatorClient,
  firstPageCompany,
  kindOf,
  labelOf,
  modals,
  openView,
  refusal,
  signIn,
  waitFor,
} from './helpers';

const tooltipOf = (node: TreeNode): string => {
  const tip = node.getTreeItem().tooltip;
  return typeof tip === 'string' ? tip : (tip?.value ?? '');
};

describe('Companies: edit, filter by tag, delete; a pull’s validation', function () {
  this.timeout(30_000);
  let api: DataPlatformApi;
  const writes = async () => (await admin.requests()).filter((r) => r.method !== 'GET');
  const children = async (node?: TreeNode) => (await api.tree.getChildren(node)) ?? [];

  const edit = (node: CompanyNode, answers: Answer[]) =>
    answering(api, answers, () => vscode.commands.executeCommand<EditCompanyResult>('dataPlatform.editCompany', node));
  const remove = (node: CompanyNode, answers: Answer[]) =>
    answering(api, answers, () =>
      vscode.commands.executeCommand<DeleteCompanyResult>('dataPlatform.deleteCompany', node),
    );
  const filter = (text: string) =>
    answering(api, [text], () => vscode.commands.executeCommand<TagFilterResult>('dataPlatform.filterCompaniesByTag'));

  /** A company made in the emulator for one test, shown in the tree (it is past the first page). */
  async function shownCompany(name: string): Promise<CompanyNode> {
    const company = await (await emulatorClient()).createCompany({ name });
    const node = api.tree.root?.showCompany(company);
    assert.ok(node, 'shown in the tree');
    return node;
  }

  before(async () => {
    api = await openView();
    await signIn(api);
  });

  beforeEach(async () => {
    api.prompts.answers.length = 0;
    await admin.clearRequests();
  });

  // A filter a failed test left would hide the companies the next tests look for.
  afterEach(() => vscode.commands.executeCommand('dataPlatform.clearCompanyTagFilter'));

  after(async () => {
    api.prompts.answers.length = 0;
    await api.accounts.setEnvironment(api.connection.account.id, 'local');
    await vscode.commands.executeCommand('dataPlatform.clearCompanyTagFilter');
    // Later suites count the seeded companies.
    await admin.reset();
    await signIn(api);
    await vscode.commands.executeCommand('dataPlatform.refresh');
  });

  it('Edit Company… changes the name and tags with one PATCH; the row changes in place, still expanded', async () => {
    const id = (await admin.info()).companies.few;
    const node = await firstPageCompany(api, id);
    assert.ok(node);
    await children(node);
    const before = node.company;
    const result = await edit(node, ['Renamed <By> Test', 'edited', 'region=uk; team=quokka; uid=a=b']);
    assert.equal(result?.outcome, 'updated', JSON.stringify(result));
    if (result?.outcome !== 'updated') return;
    assert.deepEqual(result.update, {
      name: 'Renamed <By> Test',
      ...(before.description === 'edited' ? {} : { description: 'edited' }),
      tags: { region: 'uk', team: 'quokka', uid: 'a=b' },
    });

    const patches = await writes();
    assert.deepEqual(
      patches.map((r) => [r.method, r.path, r.status]),
      [['PATCH', `/companies/${id}`, 200]],
      'one PATCH',
    );
    const stored = await (await emulatorClient()).getCompany(id);
    assert.equal(stored.name, 'Renamed By Test', 'the API strips what the box said it would');
    assert.deepEqual(stored.tags, { region: 'uk', team: 'quokka', uid: 'a=b' });

    assert.equal(api.tree.root?.companyNode(id), node, 'the same node: its children and expansion stay');
    assert.equal(labelOf(node), 'Renamed By Test');
    assert.equal(node.getTreeItem().id, `company:${id}`, 'the same id, so VS Code keeps it expanded');
    assert.match(tooltipOf(node), /Tags: region=uk; team=quokka; uid=a=b/);
  });

  it('Edit Company… refuses a name Create Company refuses and tags that do not read, sending nothing', async () => {
    const node = await firstPageCompany(api, (await admin.info()).companies.many);
    assert.ok(node);
    assert.deepEqual(await edit(node, ['<#>']), { outcome: 'cancelled' });
    assert.match(refusal(api) ?? '', /at least one letter/);
    assert.deepEqual(await edit(node, [node.company.name, '', 'region']), { outcome: 'cancelled' });
    assert.match(refusal(api) ?? '', /needs key=value/);
    // Nothing changed: nothing to send.
    const same = await edit(node, [node.company.name, node.company.description ?? '', tagsText(node.company)]);
    assert.deepEqual(same, { outcome: 'unchanged' });
    assert.deepEqual(await writes(), []);
  });

  it('an edit whose answer a gateway lost is found done on the company, not sent again', async () => {
    const node = await shownCompany('Lost Answer Quokka Ltd');
    await admin.addFault({ kind: 'appliedThenGateway', method: 'PATCH', path: '^/companies/', times: 1 });
    try {
      await admin.clearRequests();
      const result = await edit(node, ['Lost Answer Quokka Ltd', 'found after all', '']);
      assert.equal(result?.outcome, 'updated', JSON.stringify(result));
      assert.equal(result?.outcome === 'updated' && result.recovered, true, 'read back after the 502');
      assert.equal(node.company.description, 'found after all', 'the row shows the company as read');
      const patches = (await writes()).filter((r) => r.method === 'PATCH');
      assert.equal(patches.length, 1, 'sent once');
    } finally {
      await admin.clearFaults();
    }
  });

  it('Filter Companies by Tag… lists the companies with the tags query, shown above them; Clear lists all', async () => {
    const root = api.tree.root;
    assert.ok(root);
    const result = await filter('region=uk');
    assert.deepEqual(result, { outcome: 'filtered', filter: 'region=uk' });
    const shown = await children();
    const kinds = shown.map(kindOf);
    assert.ok(kinds.includes('companyFilter'), `the filter is shown: ${kinds.join(',')}`);
    assert.match(labelOf(shown.find((n) => kindOf(n) === 'companyFilter') as TreeNode), /tags: region=uk/);
    const companies = root.pagedList?.items ?? [];
    assert.ok(companies.length > 0, 'some seeded companies are in region uk');
    for (const c of companies) assert.equal(c.tags?.region, 'uk', `${c.name} has region=uk`);
    const lists = (await admin.requests()).filter((r) => r.method === 'GET' && r.path === '/companies');
    assert.deepEqual(
      lists.map((r) => r.query.tags),
      ['region=uk'],
    );
    assert.match(root.getTreeItem().description as string, /tags: region=uk/, 'on the account’s row');
    assert.match(root.getTreeItem().contextValue ?? '', /\bclearCompanyFilter\b/);

    // Refused as typed: an operator the tags query does not take.
    assert.deepEqual(await filter('size>3'), { outcome: 'cancelled' });
    assert.match(refusal(api) ?? '', /not >/);
    assert.equal(root.tagFilter, 'region=uk', 'the filter stays');

    // A filter nothing matches stays shown, so it can be cleared, and says why the list is empty.
    assert.deepEqual(await filter('region=nowhere'), { outcome: 'filtered', filter: 'region=nowhere' });
    const none = await children();
    assert.deepEqual(
      none.filter((n) => kindOf(n) !== 'apiKeys').map((n) => [kindOf(n), labelOf(n)]),
      [
        ['companyFilter', 'tags: region=nowhere'],
        ['message', 'No companies have these tags'],
      ],
    );

    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.clearCompanyTagFilter', root);
    const all = await children();
    assert.ok(!all.map(kindOf).includes('companyFilter'));
    assert.doesNotMatch(root.getTreeItem().contextValue ?? '', /\bclearCompanyFilter\b/);
    const again = (await admin.requests()).filter((r) => r.method === 'GET' && r.path === '/companies');
    assert.deepEqual(
      again.map((r) => r.query.tags),
      [undefined],
    );
    assert.ok((root.pagedList?.items.length ?? 0) > companies.length, 'every company again');
  });

  it('Delete Company on production: declined or mistyped, nothing is sent; the name typed deletes it once', async () => {
    const node = await shownCompany('Doomed Quokka Ltd');
    const id = node.company.id;
    const stored = () => api.savedQueries.list(api.connection.account.id, id);
    node.addQuery({ query: 'status=Void' });
    await waitFor('its query node stored', () => stored().length === 1);
    // Set Environment's own journey is the production suite's; here the account is only made production.
    await api.accounts.setEnvironment(api.connection.account.id, 'production');
    await waitFor('a production account', () => api.connection.account.environment === 'production');
    await admin.clearRequests();
    const asked = modals(api).length + 1;
    // An edit on production asks first; declined, nothing is sent.
    assert.deepEqual(await edit(node, ['Doomed Quokka Ltd', 'changed', '', false]), { outcome: 'cancelled' });
    assert.match(modals(api).at(-1)?.message ?? '', /Save the changes to company "Doomed Quokka Ltd"/);
    assert.deepEqual(await writes(), []);

    assert.deepEqual(await remove(node, [false]), { outcome: 'cancelled' }, 'the modal declined');
    assert.equal(modals(api).length, asked + 1);
    assert.match(modals(api)[asked].message, /Delete the company "Doomed Quokka Ltd"/);
    assert.equal(modals(api)[asked].buttons[0], 'Keep Company', 'Enter keeps it');
    assert.deepEqual(await remove(node, [true, 'doomed quokka ltd']), { outcome: 'cancelled' }, 'mistyped');
    assert.match(refusal(api) ?? '', /"Doomed Quokka Ltd"/);
    assert.deepEqual(await writes(), [], 'nothing sent');
    assert.equal(api.tree.root?.companyNode(id), node, 'still shown');

    assert.deepEqual(await remove(node, [true, 'Doomed Quokka Ltd']), { outcome: 'deleted' });
    assert.deepEqual(
      (await writes()).map((r) => [r.method, r.path, r.status]),
      [['DELETE', `/companies/${id}`, 204]],
    );
    assert.equal(api.tree.root?.companyNode(id), undefined, 'gone from the tree');
    await waitFor('its query nodes forgotten', () => stored().length === 0);
    assert.ok(!(await children()).includes(node));
    await assert.rejects((await emulatorClient()).getCompany(id), /404|not found/i);
  });

  it('a delete whose answer a gateway lost is found done (the company answers 404), not sent again', async () => {
    await api.accounts.setEnvironment(api.connection.account.id, 'local');
    const node = await shownCompany('Lost Delete Quokka Ltd');
    const id = node.company.id;
    await admin.addFault({ kind: 'appliedThenGateway', method: 'DELETE', path: '^/companies/', times: 1 });
    try {
      await admin.clearRequests();
      assert.deepEqual(await remove(node, [true]), { outcome: 'deleted', recovered: true });
      assert.equal((await writes()).length, 1, 'sent once');
      assert.equal(api.tree.root?.companyNode(id), undefined, 'gone from the tree');
    } finally {
      await admin.clearFaults();
    }
  });

  it('a company deleted elsewhere says so on its row, with Refresh, which lists the companies without it', async () => {
    await api.accounts.setEnvironment(api.connection.account.id, 'local');
    const node = await shownCompany('Vanishing Quokka Ltd');
    const id = node.company.id;
    await (await emulatorClient()).companies.delete(id);
    // Its next request (the data statuses, as it opens) answers 404.
    await children(node);
    await waitFor('the row to say the company is gone', () => node.isDeleted);
    const item = node.getTreeItem();
    assert.equal(item.description, 'deleted');
    assert.match(tooltipOf(node), /deleted elsewhere/);
    assert.equal(item.contextValue, 'company refresh copy', 'Refresh, no edit or delete');
    assert.deepEqual((await children(node)).map(kindOf), ['message']);

    await vscode.commands.executeCommand('dataPlatform.refresh', node);
    await children();
    await waitFor('the list read again', () => (api.tree.root?.pagedList?.pagesLoaded ?? 0) > 0);
    assert.equal(api.tree.root?.companyNode(id), undefined);
  });

  it('Show Validation Results opens a failed pull’s errors as JSON; a pull without any says so', async () => {
    const company = await firstPageCompany(api, (await admin.info()).companies.many);
    assert.ok(company);
    // The extension's own classes are bundled: its nodes are told by their contextValue.
    const syncs = (await children(company.syncHistory)).filter((n) => kindOf(n) === 'sync') as SyncNode[];
    const failed = syncs.find((s) => s.operation.isErrored);
    assert.ok(failed, 'the seeded history has a failed pull');
    assert.match(failed.getTreeItem().contextValue ?? '', /\bvalidation\b.*\bsyncFailed\b/, 'a button on its row');
    const result = await vscode.commands.executeCommand<SyncValidationResult>(
      'dataPlatform.showSyncValidation',
      failed,
    );
    assert.equal(result?.outcome, 'opened', JSON.stringify(result));
    if (result?.outcome !== 'opened') return;
    assert.ok(result.errors > 0, 'errors');
    const doc = await vscode.workspace.openTextDocument(result.uri);
    const shown = JSON.parse(doc.getText()) as { errors: unknown[] };
    assert.equal(shown.errors.length, result.errors);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), result.uri.toString(), 'opened');

    const fine = syncs.find((s) => s.operation.status === 'Complete');
    assert.ok(fine);
    assert.doesNotMatch(fine.getTreeItem().contextValue ?? '', /\bsyncFailed\b/, 'its menu only');
    const none = await vscode.commands.executeCommand<SyncValidationResult>('dataPlatform.showSyncValidation', fine);
    assert.deepEqual(none, { outcome: 'none' });
  });
});

function tagsText(c: Company): string {
  return Object.entries(c.tags ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}
