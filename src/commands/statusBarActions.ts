// The status bar item's click: a quick pick of what one most often wants from it, each on the
// account the item shows, which its title names (and the rows that act on that account alone).
import * as vscode from 'vscode';
import type { Connections } from '../connection/connections';
import { ENVIRONMENT_ICONS } from '../format/accountLabels';
import { t } from '../l10n';
import { STATUS_BAR_ACTIONS_COMMAND, type StatusBar } from '../statusBar';
import type { TreeNode } from '../tree/node';
import type { CompaniesTreeProvider } from '../tree/provider';
import { chooseFrom } from './prompt';
import { createQuickPick } from './quickPicks';
import { accountOfNode } from './accountTarget';
import { registerCommand } from './register';

interface StatusBarActionsDeps {
  statusBar: StatusBar;
  connections: Connections;
  tree: CompaniesTreeProvider;
  view: vscode.TreeView<TreeNode>;
}

interface Action extends vscode.QuickPickItem {
  command: string;
  args: unknown[];
}

/** Select Account…: the account picked becomes the one in use, selected in the view when shown. */
async function selectAccount(deps: StatusBarActionsDeps): Promise<void> {
  const pick = createQuickPick<vscode.QuickPickItem & { id: string }>();
  pick.title = t('Data Platform: account in use');
  pick.items = deps.connections.list().map((c) => ({
    label: `$(${ENVIRONMENT_ICONS[c.account.environment]}) ${c.account.name}`,
    description: c.account.baseUrl,
    id: c.account.id,
  }));
  const id = await chooseFrom(pick, (i) => i.id);
  if (id === undefined) return;
  deps.statusBar.setSelected(id);
  const root = deps.tree.rootOf(id);
  // With one account its root is hidden: there is nothing to select.
  if (root && deps.connections.list().length > 1) await deps.view.reveal(root, { select: true, focus: false });
}

function actions(deps: StatusBarActionsDeps): Action[] {
  const accountId = deps.statusBar.accountId;
  const account = accountId === undefined ? [] : [{ accountId }];
  const name = deps.statusBar.accountName;
  const item = (label: string, command: string, args: unknown[] = []): Action => ({
    label,
    command,
    args,
    ...(args === account && name !== undefined ? { description: name } : {}),
  });
  const all: (Action | false)[] = [
    item(t('$(refresh) Refresh'), 'dataPlatform.refresh'),
    item(t('$(search) Find Company…'), 'dataPlatform.findCompany'),
    item(t('$(list-filter) Run Query…'), 'dataPlatform.runQuery'),
    deps.connections.list().length > 1 && item(t('$(account) Select Account…'), 'selectAccount'),
    accountId !== undefined && item(t('$(key) Set API Key…'), 'dataPlatform.setApiKey', account),
    accountId !== undefined && item(t('$(flame) Set Environment…'), 'dataPlatform.setEnvironment', account),
    item(t('$(add) Add Account…'), 'dataPlatform.addAccount'),
    item(t('$(debug-console) Show Diagnostics'), 'dataPlatform.showDiagnostics'),
    item(t('$(output) Show Log'), 'dataPlatform.showLog'),
  ];
  return all.filter((a): a is Action => a !== false);
}

/** Shows the pick and runs the action chosen; resolves with its command (undefined: none). */
async function showActions(deps: StatusBarActionsDeps): Promise<string | undefined> {
  const pick = createQuickPick<Action>();
  const name = deps.statusBar.accountName;
  pick.title = name === undefined ? t('Data Platform') : t('Data Platform: {0}', name);
  pick.placeholder = name === undefined ? t('What to do') : t('What to do with {0}', name);
  pick.items = actions(deps);
  const chosen = await chooseFrom(pick, (a) => a);
  if (!chosen) return undefined;
  if (chosen.command === 'selectAccount') await selectAccount(deps);
  else void vscode.commands.executeCommand(chosen.command, ...chosen.args);
  return chosen.command;
}

export function registerStatusBarActions(deps: StatusBarActionsDeps): vscode.Disposable[] {
  return [
    registerCommand(STATUS_BAR_ACTIONS_COMMAND, () => showActions(deps)),
    // The item shows the account of what is selected in the Companies view.
    deps.view.onDidChangeSelection((e) => deps.statusBar.setSelected(accountOfNode(e.selection[0])?.root.accountId)),
  ];
}
