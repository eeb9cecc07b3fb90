// The 401 policy: when the key in use is rejected, offer once to enter a new one. Not again while
// that offer is on screen, and not for a connection that is no longer the one in use.
import * as vscode from 'vscode';
import type { Connection } from '../connection/connection';
import { t } from '../l10n';

export class KeyPrompt {
  private showing = false;
  /** The prompts shown, oldest first: kept only under the test switch. */
  readonly shown: string[] | undefined;

  constructor(private readonly connection: Connection, remember: boolean) {
    this.shown = remember ? [] : undefined;
  }

  /** After a 401 of the connection in use. */
  offer(): void {
    const state = this.connection.state;
    if (this.showing || state.kind !== 'ready') return;
    this.showing = true;
    const message = t('The API key for {0} was rejected (401 Unauthorized). Enter a new key?', state.host);
    this.shown?.push(message);
    void vscode.window.showWarningMessage(message, t('Set API Key')).then((choice) => {
      this.showing = false;
      if (choice) void vscode.commands.executeCommand('dataPlatform.setApiKey');
    });
  }

  /** A new connection: a prompt still on screen speaks of the old one and no longer holds back. */
  reset(): void {
    this.showing = false;
  }
}
