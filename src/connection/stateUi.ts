// What a connection state looks like in the UI: the status bar, the view's message, the context
// keys the manifest's `when` clauses read, and one log line.
import * as vscode from 'vscode';
import type { Log } from '../log';
import type { StatusBar } from '../statusBar';
import type { ConnectionState } from './connection';

export interface StateUi {
  statusBar: StatusBar;
  view: vscode.TreeView<unknown>;
  log: Log;
}

export function showConnectionState(state: ConnectionState, ui: StateUi): void {
  ui.statusBar.setState(state);
  ui.view.message = state.kind === 'invalidBaseUrl' || state.kind === 'secretsUnavailable' ? state.message : undefined;
  void vscode.commands.executeCommand('setContext', 'dataPlatform.state', state.kind);
  void vscode.commands.executeCommand('setContext', 'dataPlatform.noCompanies', false);
  ui.log.info(
    state.kind === 'invalidBaseUrl'
      ? `base URL refused: ${state.message}`
      : state.kind === 'secretsUnavailable'
        ? state.message
        : `API ${state.baseUrl}: ${state.kind === 'ready' ? 'key set' : 'no key'}`,
  );
}
