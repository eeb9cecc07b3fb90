// Which account a command acts on, found here and nowhere else: the account of the node it was
// invoked on (accountOfNode: all a command that acts only on a node needs), else of the node
// selected in the Companies view, else the only account, else the one the user picks
// (accountResolver). Commands given arguments instead of a node (tests, other extensions) may
// name it: `{ accountId }`.
import * as vscode from 'vscode';
import type { Connection } from '../connection/connection';
import type { Connections } from '../connection/connections';
import { forAccount, type ReportError } from '../diagnostics/reporter';
import { accountHost, accountStateLine } from '../format/accountLabels';
import { t } from '../l10n';
import type { AccountRoot } from '../tree/accountRoot';
import type { TreeNode } from '../tree/node';
import { accountRootOf, type CompaniesTreeProvider } from '../tree/provider';
import { chooseFrom } from './prompt';
import { createQuickPick } from './quickPicks';

export interface AccountTarget {
  connection: Connection;
  /** The account's root in the Companies view (its companies list). */
  root: AccountRoot;
  /** Reports failures tagged with this account. */
  report: ReportError;
}

interface AccountTargetDeps {
  tree: CompaniesTreeProvider;
  view: vscode.TreeView<TreeNode>;
  connections: Connections;
  report: ReportError;
}

/** Resolves the account of `arg`; asks when it cannot tell. `title` names the command asking. */
export type ResolveAccount = (arg: unknown, title: string) => Promise<AccountTarget | undefined>;

/** The account id an argument names: `{ accountId: '…' }`. */
export function namedAccountId(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const id = (arg as { accountId?: unknown }).accountId;
  return typeof id === 'string' ? id : undefined;
}

interface AccountItem extends vscode.QuickPickItem {
  connection: Connection;
}

/** A quick pick of the accounts; undefined when dismissed. */
function pickAccount(connections: readonly Connection[], title: string): Promise<Connection | undefined> {
  const pick = createQuickPick<AccountItem>();
  pick.title = title;
  pick.placeholder = t('Choose the account');
  pick.items = connections.map((c) => ({
    label: c.account.name,
    description: accountHost(c.account),
    detail: accountStateLine(c.state),
    connection: c,
  }));
  return chooseFrom(pick, (item) => item.connection);
}

/** The account of `node` (the root above it in the Companies view); undefined for anything else.
 * Never asks. */
export function accountOfNode(node: unknown): AccountTarget | undefined {
  const root = accountRootOf(node);
  return root && { connection: root.connection, root, report: (e) => root.reportError(e) };
}

/** The reporter of the account a command was given (a node, `{ accountId }`) or of the only
 * account, else the untagged one: the wrapper reports a command's unhandled API error through it,
 * so the entry names its account and a 401 offers that account's key. */
export function reporterOf(
  deps: { connections: Pick<Connections, 'get' | 'list'>; report: ReportError },
  arg: unknown,
): ReportError {
  const id = namedAccountId(arg) ?? accountOfNode(arg)?.root.accountId;
  const all = deps.connections.list();
  const connection = id !== undefined ? deps.connections.get(id) : all.length === 1 ? all[0] : undefined;
  return connection ? forAccount(deps.report, () => connection.account) : deps.report;
}

/** An account's target: its connection, its root in the view and its reporter; undefined while the
 * view has no root for it. */
export function accountTargetOf(
  deps: Pick<AccountTargetDeps, 'tree' | 'report'>,
  connection: Connection | undefined,
): AccountTarget | undefined {
  const root = connection && deps.tree.rootOf(connection.account.id);
  return root && connection
    ? { connection, root, report: forAccount(deps.report, () => connection.account) }
    : undefined;
}

export function accountResolver(deps: AccountTargetDeps): ResolveAccount {
  const targetOf = (connection: Connection | undefined) => accountTargetOf(deps, connection);
  // A selection the view still reports after its tree was rebuilt (a key or account changed) says
  // nothing about what the user is looking at now.
  const currentRoot = (root: AccountRoot | undefined) =>
    root && deps.tree.rootOf(root.accountId) === root ? root : undefined;
  return async (arg, title) => {
    const named = namedAccountId(arg);
    if (named !== undefined) return targetOf(deps.connections.get(named));
    const fromNode = accountOfNode(arg)?.root ?? currentRoot(accountOfNode(deps.view.selection[0])?.root);
    if (fromNode) return targetOf(deps.connections.get(fromNode.accountId));
    const all = deps.connections.list();
    if (all.length === 1) return targetOf(all[0]);
    if (all.length === 0) {
      const add = t('Add Account…');
      void vscode.window.showInformationMessage(t('Add an account first.'), add).then((c) => {
        if (c === add) void vscode.commands.executeCommand('dataPlatform.addAccount');
      });
      return undefined;
    }
    return targetOf(await pickAccount(all, title));
  };
}
