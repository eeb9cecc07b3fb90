// Save Sync Settings and Push Authorization send an editable document: the argument's URI or the
// active editor's, what the drafts' file system says it is for, its text read as the body to send,
// and the account it belongs to. What each sends differs; how it finds it does not.
import * as vscode from 'vscode';
import type { DataPlatformClient } from '../api';
import type { AccountTarget, ResolveAccount } from './accountTarget';

interface DocumentWays<T, P> {
  /** What the document at `uri` is for, if it is one of this command's. */
  of(uri: vscode.Uri): T | undefined;
  text(uri: vscode.Uri): string;
  /** The text as the body to send, or why it cannot be. */
  parse(text: string): P | { ok: false; message: string };
  /** The error message of a body that cannot be sent. */
  refused(message: string): string;
  /** The title of the account's pick, when one is asked. */
  title: string;
  account: ResolveAccount;
}

interface FoundDocument<T, P> {
  uri: vscode.Uri;
  target: T;
  parsed: P;
  account: AccountTarget;
  client: DataPlatformClient;
}

export async function documentTarget<T extends { accountId: string }, P extends { ok: true }>(
  arg: unknown,
  ways: DocumentWays<T, P>,
): Promise<FoundDocument<T, P> | { outcome: 'unavailable' } | { outcome: 'invalid'; message: string }> {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const target = uri && ways.of(uri);
  if (!uri || !target) return { outcome: 'unavailable' };
  const parsed = ways.parse(ways.text(uri));
  if (!parsed.ok) {
    void vscode.window.showErrorMessage(ways.refused(parsed.message));
    return { outcome: 'invalid', message: parsed.message };
  }
  const account = await ways.account({ accountId: target.accountId }, ways.title);
  const client = account?.connection.client;
  if (!account || !client) return { outcome: 'unavailable' };
  return { uri, target, parsed, account, client };
}
