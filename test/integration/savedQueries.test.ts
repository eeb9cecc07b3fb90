// Query nodes that last (issue 13): kept per account and company (two accounts on one origin kept
// apart), back after the tree is rebuilt, renamed, pinned, removed, re-run and bounded, in the
// real host against the emulator.
//
// The rebuild here is what a window reload does to the tree: a new root whose company nodes read
// their query nodes from the extension's globalState through the same SavedQueries (which keeps
// nothing in memory). The installed-package tests do a real window reload as well
// (test/installed/queries*.test.ts); the integration suite runs in one window.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { QueryResult } from '../../src/commands/query';
import type { QuickPickSnapshot } from '../../src/commands/quickPicks';
import type { DataPlatformApi } from '../../src/testApi';
import { HISTORY_LIMIT } from '../../src/persistence/queryHistory';
import { OPEN_QUERY_LIMIT, type SavedQuery } from '../../src/persistence/savedQueries';
import { listContext, queryContext } from '../../src/tree/contextValues';
import type { QueryNode } from '../../src/tree/queryNode';
import type { TreeNode } from '../../src/tree/node';
import type { CompanyNode } from '../../src/tree/companyNodes';
import {
  addAccount,
  admin,
  answering,
  canScreenshot,
  canType,
  children,
  emulator,
  EXTENSION_ID,
  firstPageCompany,
  keyboard,
  labelOf,
  openView,
  refusal,
  removeQueryNodes,
  runQuery,
  screenshot,
  shown,
  signIn,
  sleep,
  type QueryAnswers,
  viewItemMatches,
  waitFor,
} from './helpers';

const contextOf = (n: TreeNode) => n.getTreeItem().contextValue ?? '';
const iconOf = (n: TreeNode) => (n.getTreeItem().iconPath as vscode.ThemeIcon | undefined)?.id;
/** What a query node is, as storage keeps it. */
const saved = (n: QueryNode): SavedQuery => n.toSaved();
const queryRequests = async () =>
  (await admin.requests()).filter((r) => r.path.includes('/data/') && r.query.query !== undefined);

describe('queries that last', () => {
  let api: DataPlatformApi;
  let companyId: string;
  /** The company's account: its id is the scope its query nodes are kept under. */
  const scope = (): string => api.connection.account.id;
  const stored = () => api.savedQueries.list(scope(), companyId);
  const company = async (): Promise<CompanyNode> => {
    const node = await firstPageCompany(api, companyId);
    assert.ok(node, 'the company is on the first page');
    return node;
  };
  const run = async (args: Omit<QueryAnswers, 'companyId'>): Promise<QueryNode> =>
    shown(await runQuery(api, { companyId, ...args }));
  /** What a window reload does to the tree (see the top of this file). Collapsed first, so the view
   * itself expands nothing and only what a test expands is fetched. */
  const rebuild = async (): Promise<CompanyNode> => {
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    const before = api.tree.root;
    await vscode.commands.executeCommand('dataPlatform.refresh');
    assert.notStrictEqual(api.tree.root, before, 'a new root');
    return company();
  };
  /** Waits until the extension's quick pick or input box on screen satisfies `check`, and goes on
   * holding it for a moment: a key pressed before the workbench has the new state acts on the old. */
  const onScreen = async (what: string, check: (p: QuickPickSnapshot) => boolean): Promise<QuickPickSnapshot> => {
    const holds = () => {
      const p = api.quickPick();
      return p !== undefined && check(p) && p;
    };
    return waitFor(what, async () => holds() && (await sleep(250), holds()));
  };
  const forget = async () => {
    await api.savedQueries.replace(scope(), companyId, []);
    await rebuild();
  };

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    const { few, many } = (await admin.info()).companies;
    companyId = few;
    // What the suites before left under the big company (the quick picks') is no later suite's.
    await removeQueryNodes(api, [many]);
    await forget();
  });
  after(forget);

  it('come back after the tree is rebuilt from storage, with type, filter, orderBy, name and pin, fetching nothing until expanded', async () => {
    const paid = await run({ query: 'status=Paid', orderBy: '-totalAmount' });
    const bills = await run({ dataType: 'bills', query: 'status=Open' });
    await answering(api, ['Open bills'], () => vscode.commands.executeCommand('dataPlatform.renameQuery', bills));
    await vscode.commands.executeCommand('dataPlatform.pinQuery', bills);
    const expected: SavedQuery[] = [
      { dataType: 'bills', query: 'status=Open', label: 'Open bills', pinned: true },
      { dataType: 'invoices', query: 'status=Paid', orderBy: '-totalAmount' },
    ];
    assert.deepEqual(stored(), expected, 'stored under the account and the company');
    assert.deepEqual(api.savedQueries.list('another-account', companyId), [], 'and under no other account');

    await admin.clearRequests();
    const restored = await rebuild();
    assert.deepEqual(restored.queries.map(saved), expected);
    assert.ok(!restored.queries.includes(paid), 'new nodes, made from storage');
    // Compared node by node: a failed deepEqual of tree nodes builds a diff of the whole extension.
    const shownNodes = await children(api, restored);
    assert.ok(
      shownNodes[1] === restored.connections &&
        shownNodes[2] === restored.reports &&
        shownNodes[3] === restored.pushHistory &&
        shownNodes[4] === restored.syncHistory,
      'the Connections and Reports folders, the Push and Sync histories after the Data folder',
    );
    assert.ok(
      shownNodes.length === restored.queries.length + 5 && restored.queries.every((q, i) => shownNodes[i + 5] === q),
      'the query nodes after them, pinned first',
    );
    assert.equal(labelOf(restored.queries[0]), 'Bills: Open bills');
    assert.equal(labelOf(restored.queries[1]), 'status=Paid');
    assert.ok(
      restored.queries.every((q) => q.pagedList === undefined),
      'no list made',
    );
    assert.deepEqual(await queryRequests(), [], 'nothing fetched for a query node that is not expanded');

    const invoices = await children(api, restored.queries[1]);
    assert.ok(invoices.length > 0);
    assert.deepEqual(
      (await queryRequests()).map((r) => [r.path.split('/').pop(), r.query.query, r.query.orderBy, r.query.page]),
      [['invoices', 'status=Paid', '-totalAmount', '1']],
    );
    assert.match(labelOf(restored.queries[1]), /^status=Paid — \d+ invoices$/);
  });

  it('Rename Query names a node in place (its id and loaded pages kept); an empty name shows the filter again', async () => {
    const node = await run({ query: 'status!=Void', orderBy: 'issueDate' });
    await children(api, node);
    const id = node.getTreeItem().id;
    const list = node.pagedList;
    assert.strictEqual(
      await answering(api, ['  Not void, oldest first  '], () =>
        vscode.commands.executeCommand('dataPlatform.renameQuery', node),
      ),
      node,
    );
    assert.equal(node.label, 'Not void, oldest first');
    assert.match(labelOf(node), /^Not void, oldest first — \d+ invoices$/);
    assert.equal(
      node.getTreeItem().description,
      'status!=Void · orderBy issueDate',
      'a named node still shows what it runs',
    );
    assert.equal(node.getTreeItem().id, id);
    assert.strictEqual(node.pagedList, list, 'nothing reloaded');
    assert.equal(stored().find((e) => e.query === 'status!=Void')?.label, 'Not void, oldest first');

    const tooLong = 'x'.repeat(101);
    assert.equal(
      await answering(api, [tooLong], () => vscode.commands.executeCommand('dataPlatform.renameQuery', node)),
      undefined,
      'a name over 100 characters is refused',
    );
    assert.equal(refusal(api), 'A name of at most 100 characters, please.');
    assert.equal(node.label, 'Not void, oldest first');

    await answering(api, [''], () => vscode.commands.executeCommand('dataPlatform.renameQuery', node));
    assert.equal(node.label, undefined);
    assert.match(labelOf(node), /^status!=Void — \d+ invoices$/);
    assert.equal(node.getTreeItem().description, 'orderBy issueDate');
    assert.equal(stored().find((e) => e.query === 'status!=Void')?.label, undefined);
  });

  it('Rename Query asks for the name in an input box, typed as a user types it, and refuses one too long', async function () {
    if (!canType()) this.skip();
    const node = await run({ query: 'currency=GBP' });
    const renaming = vscode.commands.executeCommand<QueryNode | undefined>('dataPlatform.renameQuery', node);
    await onScreen(
      'the input box',
      (p) => p.title === 'Rename Query' && p.placeholder === 'currency=GBP' && p.value === '',
    );
    await keyboard.type('x'.repeat(101));
    await onScreen('the name refused', (p) => p.validationMessage === 'A name of at most 100 characters, please.');
    await keyboard.press('Enter');
    await keyboard.press('Control+A');
    await keyboard.type('Pounds');
    await onScreen('the name typed', (p) => p.value === 'Pounds' && p.validationMessage === undefined);
    await keyboard.press('Enter');
    assert.strictEqual(await renaming, node, 'Enter on the refused name did nothing');
    assert.equal(node.label, 'Pounds');
    assert.equal((await rebuild()).queries.find((q) => q.query.query === 'currency=GBP')?.label, 'Pounds', 'kept');
  });

  it('Pin Query lists a node first, never dropped; Unpin Query makes it the newest of the others', async () => {
    await forget();
    const a = await run({ query: 'status=Draft' });
    const b = await run({ query: 'status=Submitted' });
    const c = await run({ query: 'status=PartiallyPaid' });
    const owner = await company();
    assert.deepEqual(owner.queries, [a, b, c]);

    assert.equal(await vscode.commands.executeCommand('dataPlatform.pinQuery', c), 'pinned');
    assert.deepEqual(owner.queries, [c, a, b]);
    assert.equal(contextOf(c), queryContext('invoices', true, c.morePages));
    assert.equal(iconOf(c), 'pinned');
    assert.equal(await vscode.commands.executeCommand('dataPlatform.pinQuery', c), 'unchanged');
    assert.deepEqual(
      stored().map((e) => [e.query, e.pinned ?? false]),
      [
        ['status=PartiallyPaid', true],
        ['status=Draft', false],
        ['status=Submitted', false],
      ],
    );

    assert.equal(await vscode.commands.executeCommand('dataPlatform.pinQuery', a), 'pinned');
    assert.deepEqual(owner.queries, [c, a, b], 'after the pinned ones already there');
    assert.equal(await vscode.commands.executeCommand('dataPlatform.unpinQuery', c), 'unpinned');
    assert.deepEqual(owner.queries, [a, b, c]);
    assert.equal(contextOf(c), queryContext('invoices', false, c.morePages));
    assert.equal(iconOf(c), 'filter');
    assert.deepEqual(
      (await rebuild()).queries.map((q) => [q.query.query, q.pinned]),
      [
        ['status=Draft', true],
        ['status=Submitted', false],
        ['status=PartiallyPaid', false],
      ],
    );
  });

  it('the menus offer Pin on an unpinned query node and Unpin on a pinned one, Rename, Remove and Re-run on both', () => {
    const menus = (
      vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        contributes: { menus: Record<string, { command: string; when?: string }[]> };
      }
    ).contributes.menus['view/item/context'];
    const offers = (command: string, context: string) =>
      menus.some((m) => m.command === command && viewItemMatches(m.when, context));
    for (const type of ['invoices', 'bills'] as const) {
      const open = queryContext(type);
      const pinned = queryContext(type, true);
      assert.ok(offers('dataPlatform.pinQuery', open) && !offers('dataPlatform.pinQuery', pinned), type);
      assert.ok(offers('dataPlatform.unpinQuery', pinned) && !offers('dataPlatform.unpinQuery', open), type);
      for (const command of [
        'dataPlatform.renameQuery',
        'dataPlatform.removeQuery',
        'dataPlatform.rerunQuery',
        'dataPlatform.filter',
        'dataPlatform.exportRecords',
      ]) {
        assert.ok(offers(command, open) && offers(command, pinned), `${command} on ${type}`);
      }
      assert.ok(!offers('dataPlatform.refresh', open), 'Re-run takes the place of Refresh on a query node');
    }
    for (const list of [listContext('invoices'), listContext('bills')])
      assert.ok(offers('dataPlatform.refresh', list) && !offers('dataPlatform.pinQuery', list), list);
  });

  it('Remove Query takes a node out of the tree and of storage, pinned (once confirmed) or not', async () => {
    const owner = await company();
    const [pinned, open] = owner.queries;
    assert.ok(pinned.pinned && !open.pinned);
    // Declined, the pinned one stays.
    const removeQuery = (node: unknown) => vscode.commands.executeCommand('dataPlatform.removeQuery', node);
    assert.equal(await answering(api, [false], () => removeQuery(pinned)), false);
    assert.ok(owner.queries.includes(pinned));
    assert.equal(await answering(api, [true], () => removeQuery(pinned)), true);
    assert.equal(await vscode.commands.executeCommand('dataPlatform.removeQuery', open), true);
    assert.ok(!owner.queries.includes(pinned) && !owner.queries.includes(open));
    assert.ok(!(await children(api, owner)).includes(open));
    assert.ok(!stored().some((e) => e.query === pinned.query.query || e.query === open.query.query));
    assert.equal(
      await vscode.commands.executeCommand('dataPlatform.removeQuery', owner.invoices),
      false,
      "a type's own node is never removed",
    );
    assert.deepEqual(
      (await rebuild()).queries.map((q) => q.query.query),
      ['status=PartiallyPaid'],
    );
  });

  it('Re-run Query fetches the first page again and shows it', async () => {
    const node = await run({ query: 'status=Paid' });
    // The view loads it as it expands the revealed node, which may end after the command.
    await waitFor('the first page', () => node.pagedList?.pagesLoaded === 1);
    await admin.clearRequests();
    assert.strictEqual(await vscode.commands.executeCommand('dataPlatform.rerunQuery', node), node);
    await waitFor(
      'the first page again',
      async () => (await queryRequests()).length > 0 && node.pagedList?.pagesLoaded === 1,
    );
    assert.deepEqual(
      (await queryRequests()).map((r) => [r.query.query, r.query.page]),
      [['status=Paid', '1']],
    );
  });

  it(`keeps at most ${OPEN_QUERY_LIMIT} unpinned query nodes per company, dropping the oldest, and every pinned one`, async () => {
    await forget();
    const keep = await run({ query: 'totalAmount>0' });
    await vscode.commands.executeCommand('dataPlatform.pinQuery', keep);
    const nodes: QueryNode[] = [];
    for (let i = 0; i <= OPEN_QUERY_LIMIT; i++) nodes.push(await run({ query: `totalAmount>${i + 1}` }));
    const owner = await company();
    assert.equal(owner.queries.length, OPEN_QUERY_LIMIT + 1);
    assert.strictEqual(owner.queries[0], keep, 'the pinned one stays first');
    assert.ok(!owner.queries.includes(nodes[0]), 'the oldest unpinned one went');
    assert.equal(nodes[0].pagedList, undefined, 'and let go of what it had loaded');
    assert.deepEqual(owner.queries.slice(1), nodes.slice(1));
    assert.deepEqual(
      stored().map((e) => e.query),
      owner.queries.map((q) => q.query.query),
      'storage holds what the tree shows',
    );
    assert.deepEqual(
      (await rebuild()).queries.map((q) => q.query.query),
      owner.queries.map((q) => q.query.query),
    );
  });

  it('the recent queries stay, per company and data type, apart from the nodes, and Run Query offers them', async function () {
    // Removing a node keeps its query among the recent ones; the recent ones are bounded, the
    // pinned node is not among them any more, and stays.
    const owner = await company();
    const newest = owner.queries[owner.queries.length - 1];
    await vscode.commands.executeCommand('dataPlatform.removeQuery', newest);
    const recent = api.queryHistory.list(companyId).map((e) => e.query);
    assert.equal(recent[0], newest.query.query);
    assert.equal(recent.length, HISTORY_LIMIT, `${OPEN_QUERY_LIMIT + 2} invoice queries were run`);
    assert.ok(!recent.includes('totalAmount>0') && owner.queries[0].query.query === 'totalAmount>0');
    assert.ok(api.queryHistory.list(companyId, 'bills').some((e) => e.query === 'status=Open'));
    assert.ok(
      !api.queryHistory.list(companyId, 'bills').some((e) => e.query.startsWith('totalAmount')),
      'per data type',
    );
    if (!canType()) this.skip();
    const running = vscode.commands.executeCommand<QueryResult>('dataPlatform.runQuery', owner);
    await onScreen('the data type step', (p) => p.title === 'Run Query: data type');
    await keyboard.type('Bills');
    await onScreen('Bills highlighted', (p) => p.active === 'Bills');
    await keyboard.press('Enter');
    const offered = await onScreen(
      'the recent bills query',
      (p) => p.title === `Bills of ${owner.company.name}: filter` && p.items.some((i) => i.label === 'status=Open'),
    );
    assert.ok(offered.items.some((i) => i.separator && i.label === 'recent queries'));
    assert.ok(
      !offered.items.some((i) => i.label.startsWith('totalAmount')),
      "no invoice query among the bills' recent ones",
    );
    await keyboard.press('Escape');
    assert.deepEqual(await running, { outcome: 'cancelled' });
  });

  it('takes a screenshot of a company with a pinned, a named and a plain query', async function () {
    if (!canScreenshot()) this.skip();
    await forget();
    const pinned = await run({ query: 'status=Paid', orderBy: '-totalAmount' });
    await answering(api, ['Paid, largest'], () => vscode.commands.executeCommand('dataPlatform.renameQuery', pinned));
    await vscode.commands.executeCommand('dataPlatform.pinQuery', pinned);
    const named = await run({ dataType: 'bills', query: 'status=Open' });
    await answering(api, ['Bills to pay'], () => vscode.commands.executeCommand('dataPlatform.renameQuery', named));
    await run({ query: 'dueDate<2025-01-01 && amountDue>0' });
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    const owner = await rebuild();
    await api.companiesView.reveal(owner, { expand: true, select: false, focus: false });
    // The Data and Connections folders, the Push and Sync histories and the three query nodes.
    await waitFor('the query nodes shown', async () => (await children(api, owner)).length === 7);
    // The Data folder closed, so the company's queries sit right under it.
    await api.companiesView.reveal(owner.data, { select: true, focus: true });
    await vscode.commands.executeCommand('list.collapse');
    await api.companiesView.reveal(owner.queries[0], { select: true, focus: true });
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await screenshot('saved-queries');
  });
});

describe('queries that last, per account', () => {
  let api: DataPlatformApi;
  let otherId = '';

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
  });
  after(async () => {
    if (otherId && api.accounts.get(otherId)) await api.accounts.remove(otherId);
  });

  it("a query node is kept under its company's account: the same company under another account on the same origin has none", async () => {
    const { url, key } = await emulator();
    // The same key again under another name: the same companies, under a second account (keeping
    // them per origin would mix the two).
    const added = await addAccount(api, { name: 'Same key again', baseUrl: url, key });
    assert.equal(added?.outcome, 'added');
    otherId = added?.account?.id ?? '';
    const firstId = api.connection.account.id;
    const companyId = (await admin.info()).companies.few;
    const shown = await runQuery(api, {
      accountId: otherId,
      companyId,
      query: 'status=Void',
    });
    assert.equal(shown?.outcome, 'shown');

    const queriesUnder = async (accountId: string): Promise<(string | undefined)[]> => {
      const root = await waitFor('the account root', () => api.tree.rootOf(accountId));
      await children(api, root);
      const company = root.companyNode(companyId);
      assert.ok(company, "the company is on the account's first page");
      return company.queries.map((q) => q.query.query);
    };
    assert.deepEqual(await queriesUnder(otherId), ['status=Void']);
    assert.ok(!(await queriesUnder(firstId)).includes('status=Void'));
    assert.deepEqual(api.savedQueries.list(otherId, companyId), [{ dataType: 'invoices', query: 'status=Void' }]);
    assert.ok(!api.savedQueries.list(firstId, companyId).some((e) => e.query === 'status=Void'));

    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    await vscode.commands.executeCommand('dataPlatform.refresh');
    assert.deepEqual(await queriesUnder(otherId), ['status=Void'], 'back under its account after the rebuild');
    assert.ok(!(await queriesUnder(firstId)).includes('status=Void'), 'and under that account only');
  });
});
