// The 401 policy: when an account's key is rejected, offer once to enter a new one for that
// account. Not again while that offer is on screen, and not for a connection that is no longer
// ready; one account's prompt never holds back another's.
import * as vscode from 'vscode';
import type { Connections } from '../connection/connections';
import type { AccountRef } from '../diagnostics/reporter';
import { t } from '../l10n';

export class KeyPrompt {
  private readonly showing = new Set<string>();
  /** The prompts shown, oldest first: kept only under the test switch. */
  readonly shown: string[] | undefined;

  constructor(
    private readonly connections: Connections,
    remember: boolean,
  ) {
    this.shown = remember ? [] : undefined;
  }

  /** After a 401 of the account's connection in use. */
  offer(account: AccountRef | undefined): void {
    const connection = account ? this.connections.get(account.id) : this.connections.list()[0];
    if (!connection) return;
    const { id, name } = connection.account;
    if (this.showing.has(id) || connection.state.kind !== 'ready') return;
    this.showing.add(id);
    const message = t('The API key for {0} was rejected (401 Unauthorized). Enter a new key?', name);
    this.shown?.push(message);
    void vscode.window.showWarningMessage(message, t('Set API Key')).then((choice) => {
      this.showing.delete(id);
      if (choice) void vscode.commands.executeCommand('dataPlatform.setApiKey', { accountId: id });
    });
  }

  /** A new connection for the account: a prompt still on screen speaks of the old one and no
   * longer holds back. */
  reset(accountId: string): void {
    this.showing.delete(accountId);
  }
}
