// The Companies view's keybindings (package.json `keybindings`) and Load More / Load All on a list
// node's own menu, in the real host. A keybinding runs its command with no node: each keybinding's
// command is run as the keybinding runs it (with its `args`, none) on a selected node it fits, and
// its effect checked.
// Where the command would ask (a name, a modal question), the test passes the answer as the
// command's argument (src/commands/selection.ts): the harness cannot answer a modal dialog.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import type { CompanyNode } from '../../src/tree/companyNodes';
import type { DataTypeNode, RecordNode } from '../../src/tree/dataNodes';
import type { TreeNode } from '../../src/tree/node';
import {
  admin,
  answering,
  canType,
  children,
  emulator,
  EXTENSION_ID,
  firstPageCompany,
  keyboard,
  kindOf,
  labelOf,
  modals,
  openView,
  removeAccount,
  removeQueryNodes,
  runQuery,
  shown,
  signIn,
  viewItemMatches,
  waitFor,
} from './helpers';

interface Keybinding {
  command: string;
  key: string;
  mac?: string;
  when?: string;
  args?: unknown;
}
interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}
interface Manifest {
  contributes: { keybindings?: Keybinding[]; menus: Record<string, MenuEntry[]> };
}

const manifest = () => vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as Manifest;
const contextOf = (n: TreeNode) => n.getTreeItem().contextValue ?? '';
const byKind = (nodes: TreeNode[], kind: string) => nodes.filter((n) => kindOf(n) === kind);
const invoiceRequests = async (companyId: string) =>
  (await admin.requests()).filter((r) => r.path.endsWith(`/companies/${companyId}/data/invoices`));

describe('keybindings of the Companies view, and Load All on a list node', function () {
  this.timeout(60_000);
  let api: DataPlatformApi;
  let few: string;
  /** An account made for the keybindings that act on accounts (rename, delete). */
  let extraAccount: string | undefined;

  const company = async (): Promise<CompanyNode> => {
    const node = await firstPageCompany(api, few);
    assert.ok(node, 'the company is on the first page');
    return node;
  };
  const invoices = async (): Promise<DataTypeNode> => {
    const c = await company();
    const [data] = await children(api, c);
    await children(api, data);
    await waitFor('the data set statuses', () => c.dataStatus.state !== 'loading');
    return c.invoices;
  };
  // A node just added (a query run a moment ago) may not be among the children the view last
  // fetched of its parent yet: VS Code then cannot resolve it, and a later reveal can.
  const select = async (node: TreeNode): Promise<void> => {
    await waitFor(`${labelOf(node)} selected`, async () => {
      await api.companiesView.reveal(node, { select: true, focus: true }).then(undefined, () => undefined);
      return api.companiesView.selection[0] === node;
    });
  };
  /** What a keybinding does: its command, with its args (none). */
  const press = <T>(binding: Keybinding): Thenable<T> =>
    vscode.commands.executeCommand<T>(binding.command, ...[binding.args].filter((a) => a !== undefined));
  const query = async (text: string) =>
    shown(
      await runQuery(api, {
        accountId: api.connection.account.id,
        companyId: few,
        query: text,
      }),
    );
  const addAccount = async (): Promise<string> => {
    const { url } = await emulator();
    const account = await api.accounts.add('Keys test', url);
    await api.connections.sync();
    extraAccount = account.id;
    return account.id;
  };

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    few = (await admin.info()).companies.few;
  });
  after(async () => {
    await removeQueryNodes(api, [few]);
    // The queries run here must not be offered to later suites as this company's recent ones.
    await api.queryHistory.clear(few);
    if (extraAccount && api.accounts.get(extraAccount)) await removeAccount(api, extraAccount);
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('pageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  /** Each keybinding's command on a node it fits: what it must have done. */
  const effects: Record<string, (binding: Keybinding) => Promise<void>> = {
    'dataPlatform.refreshSelected': async (binding) => {
      const list = await invoices();
      await children(api, list);
      await select(list);
      await admin.clearRequests();
      await press(binding);
      await children(api, list);
      assert.equal((await invoiceRequests(few)).length, 1, 'the list asked for its first page again');
    },
    'dataPlatform.rerunQuery': async (binding) => {
      const node = await query('status=Submitted');
      await children(api, node);
      await select(node);
      await admin.clearRequests();
      await press(binding);
      await children(api, node);
      assert.equal((await invoiceRequests(few)).length, 1, 'the query asked for its first page again');
    },
    'dataPlatform.renameQuery': async (binding) => {
      const node = await query('status=Paid');
      await select(node);
      // The keybinding passes no node (its args, none); the name is typed into the box.
      await answering(api, ['Paid ones'], () => press(binding));
      assert.equal(node.label, 'Paid ones');
      assert.match(labelOf(node), /^Paid ones\b/);
    },
    'dataPlatform.renameAccount': async (binding) => {
      const id = extraAccount ?? (await addAccount());
      const root = await waitFor('the account in the view', () => api.tree.rootOf(id));
      await children(api);
      await select(root);
      assert.deepEqual(await answering(api, ['Renamed by a key'], () => press(binding)), { outcome: 'done' });
      assert.equal(api.accounts.get(id)?.name, 'Renamed by a key');
    },
    'dataPlatform.removeQuery': async (binding) => {
      const node = await query('status=Draft');
      await select(node);
      assert.equal(await press(binding), true, 'removed');
      assert.ok(!(await company()).queries.includes(node), 'the query node is gone');
    },
    'dataPlatform.removeAccount': async (binding) => {
      const id = extraAccount ?? (await addAccount());
      const root = await waitFor('the account in the view', () => api.tree.rootOf(id));
      await children(api);
      await select(root);
      assert.deepEqual(await answering(api, [true], () => press(binding)), { outcome: 'done' });
      assert.equal(api.accounts.get(id), undefined, 'the account is removed');
    },
    'dataPlatform.deleteApiKey': async (binding) => {
      const root = api.tree.rootOf(api.connection.account.id);
      assert.ok(root);
      const [apiKey] = await waitFor('a key row', async () => {
        const rows = byKind(await children(api, root.apiKeys), 'apiKey');
        return rows.length > 0 && rows;
      });
      await select(apiKey);
      const asked = modals(api).length;
      api.prompts.answers.length = 0; // declined: nothing is deleted
      assert.deepEqual(await press(binding), { outcome: 'cancelled' });
      const question = modals(api)[asked]?.message ?? '';
      assert.match(
        question,
        new RegExp(`^Delete the API key "${labelOf(apiKey).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
      );
    },
    'dataPlatform.openSelected': async (binding) => {
      const [record] = byKind(await children(api, await invoices()), 'record') as RecordNode[];
      await select(record);
      const editor = await press<vscode.TextEditor | undefined>(binding);
      assert.equal(editor?.document.uri.scheme, 'dataplatform');
      assert.equal((JSON.parse(editor?.document.getText() ?? '{}') as { id?: string }).id, record.record.id);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    },
    'dataPlatform.copyAsCurl': async (binding) => {
      const list = await invoices();
      await select(list);
      await vscode.env.clipboard.writeText('before');
      await press(binding);
      const text = await vscode.env.clipboard.readText();
      assert.match(text, /^curl /);
      assert.ok(text.includes(`/companies/${few}/data/invoices`), text);
    },
  };

  const keybindings = manifest().contributes.keybindings ?? [];

  it('binds its keybindings, each only while the Companies view has focus, and each is checked here', () => {
    assert.ok(keybindings.length >= 5, 'refresh, rename, delete, open, copy as cURL');
    // A context menu shows the key of the command it lists: F2 and Delete are bound to those.
    const bound = (key: string) => keybindings.filter((k) => k.key === key).map((k) => k.command);
    assert.deepEqual(bound('f2'), ['dataPlatform.renameQuery', 'dataPlatform.renameAccount']);
    assert.deepEqual(bound('delete'), [
      'dataPlatform.removeQuery',
      'dataPlatform.removeAccount',
      'dataPlatform.deleteApiKey',
    ]);
    for (const binding of keybindings) {
      assert.match(binding.when ?? '', /\bfocusedView == '?dataPlatform\.companies'?/, binding.key);
      assert.ok(effects[binding.command], `${binding.key}: ${binding.command} has a check in this file`);
    }
  });

  for (const binding of keybindings) {
    it(`${binding.key}${binding.mac ? ` (mac ${binding.mac})` : ''}: ${binding.command} acts on the selected node`, async () => {
      await effects[binding.command]?.(binding);
    });
  }

  it('real keystrokes reach the commands: the when clauses see the focused view and the selection', async function () {
    if (!canType()) this.skip();
    const list = await invoices();
    await select(list);
    await vscode.env.clipboard.writeText('before');
    await keyboard.press('Control+Alt+c');
    const text = await waitFor('the copied request', async () => {
      const copied = await vscode.env.clipboard.readText();
      return copied !== 'before' && copied;
    });
    assert.ok(text.includes(`/companies/${few}/data/invoices`), text);

    const node = await query('status=Void');
    await select(node);
    await keyboard.press('F2');
    await waitFor('the Rename Query box', () => api.quickPick()?.title === 'Rename Query');
    await keyboard.type('Void ones');
    await keyboard.press('Enter');
    await waitFor('the new name', () => node.label === 'Void ones');
  });

  it('offers Load More and Load All on a list node that is not complete, and Load All there loads every page', async () => {
    const config = vscode.workspace.getConfiguration('dataPlatform');
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    const oldRoot = api.tree.root;
    await config.update('pageSize', 3, vscode.ConfigurationTarget.Global);
    await waitFor('the tree rebuilt for the new page size', () => api.tree.root !== oldRoot);
    const list = await invoices();
    assert.equal(byKind(await children(api, list), 'record').length, 3);
    const menu = manifest().contributes.menus['view/item/context'];
    const offered = (command: string, inline: boolean) =>
      menu.some(
        (m) =>
          m.command === command &&
          (m.group ?? '').startsWith('inline') === inline &&
          viewItemMatches(m.when, contextOf(list)),
      );
    assert.ok(offered('dataPlatform.loadMore', false) && offered('dataPlatform.loadAll', false), contextOf(list));
    assert.ok(offered('dataPlatform.loadAll', true), 'and Load All inline');

    await vscode.commands.executeCommand('dataPlatform.loadAll', list);
    const items = await children(api, list);
    assert.equal(byKind(items, 'record').length, list.pagedList?.totalResults);
    assert.equal(byKind(items, 'record').length, 7);
    assert.deepEqual(byKind(items, 'loadMore'), [], 'no Load more row');
    assert.ok(!offered('dataPlatform.loadAll', false), `complete: no Load All (${contextOf(list)})`);
    // Its menu may still offer them until the item is drawn again: then they say so, and fetch nothing.
    await admin.clearRequests();
    for (const command of ['dataPlatform.loadMore', 'dataPlatform.loadAll'])
      assert.deepEqual(await vscode.commands.executeCommand(command, list), { outcome: 'complete', count: 7 });
    assert.deepEqual(await admin.requests(), []);
  });

  it("Load All on a list's Load more row loads that list", async () => {
    const list = await invoices();
    list.refresh();
    const row = await waitFor('the Load more row', async () => byKind(await children(api, list), 'loadMore')[0]);
    await vscode.commands.executeCommand('dataPlatform.loadAll', row);
    assert.equal(byKind(await children(api, list), 'record').length, 7);
  });
});
