// What the accounts' connection states look like in the UI: the status bar, the view's message
// and title, the context keys the manifest's `when` clauses read.
import * as vscode from 'vscode';
import { environmentName } from '../accounts/environment';
import type { Connection } from '../connection/connection';
import type { StatusBar } from '../statusBar';

interface StateUi {
  statusBar: StatusBar;
  view: vscode.TreeView<unknown>;
}

/** `dataPlatform.state`: the one account's state; with several, `ready` when any can list
 * companies (the palette's commands then ask which); `noAccount` without any. */
function overallState(connections: readonly Connection[]): string {
  if (connections.length === 0) return 'noAccount';
  if (connections.length === 1) return connections[0].state.kind;
  return connections.some((c) => c.state.kind === 'ready') ? 'ready' : 'several';
}

export function showAccounts(connections: readonly Connection[], ui: StateUi): void {
  ui.statusBar.setAccounts(
    connections.map((c) => ({
      id: c.account.id,
      name: c.account.name,
      environment: c.account.environment,
      state: c.state,
    })),
  );
  const only = connections.length === 1 ? connections[0].state : undefined;
  // With several accounts, each root says what is wrong with its own account.
  ui.view.message = only?.kind === 'invalidBaseUrl' || only?.kind === 'secretsUnavailable' ? only.message : undefined;
  // One account has no root of its own to show it: the view's title says production.
  const production = connections.length === 1 && connections[0].account.environment === 'production';
  ui.view.description = production ? environmentName('production') : undefined;
  void vscode.commands.executeCommand('setContext', 'dataPlatform.state', overallState(connections));
  void vscode.commands.executeCommand('setContext', 'dataPlatform.hasAccount', connections.length > 0);
  void vscode.commands.executeCommand('setContext', 'dataPlatform.severalAccounts', connections.length > 1);
}
