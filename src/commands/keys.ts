// Set API key, Sign out, Change base URL. A key is checked with `GET /companies?pageSize=1`
// before it is stored, so a typo never replaces a working key; it is kept in SecretStorage only,
// under the base URL's origin.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type ApiError } from '../api';
import { apiKeyProblem } from '../auth/apiKeyInput';
import type { KeyStore } from '../auth/keyStore';
import type { Connection } from '../connection/connection';
import { t } from '../l10n';
import { withCancellableProgress } from './progress';
import type { ReportError } from '../diagnostics/reporter';

export type SetKeyResult =
  | { outcome: 'stored' }
  | { outcome: 'cancelled' }
  /** Refused before anything was sent: not something a key can hold (`apiKeyProblem`). */
  | { outcome: 'refused'; message: string }
  | { outcome: 'rejected'; error: ApiError }
  | { outcome: 'unavailable'; message: string };

export interface KeyCommandDeps {
  connection: Connection;
  keys: KeyStore;
  /** Diagnostics and log; `prompt: false` because this command says what went wrong itself. */
  report: ReportError;
}

function rejectionMessage(error: ApiError, host: string): string {
  switch (error.kind) {
    case 'unauthorized':
      return t('{0} did not accept this API key (401 Unauthorized). Check the key and try again.', host);
    case 'forbidden':
      return t('This API key is outdated or not associated with this resource (403). Use a current key.');
    case 'accountExpired':
      return t('The account of this key has expired (402): {0}', error.message);
    default:
      return t('Could not check the key with {0}: {1}', host, error.message);
  }
}

/** The key given as the command's argument (tests and other extensions; menus pass tree nodes),
 * else asked for; trimmed, undefined when the box was dismissed. */
async function readKey(state: { host: string; baseUrl: string }, given: unknown): Promise<string | undefined> {
  if (typeof given === 'string') return given.trim();
  const key = await vscode.window.showInputBox({
    title: t('Data Platform: API key for {0}', state.host),
    prompt: t("Paste the API key for {0}. It is checked, then kept in the editor's secret storage.", state.baseUrl),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => apiKeyProblem(v.trim()),
  });
  return key?.trim();
}

export async function setApiKey(deps: KeyCommandDeps, given?: unknown): Promise<SetKeyResult> {
  const state = deps.connection.state;
  if (state.kind === 'invalidBaseUrl') {
    void vscode.window.showErrorMessage(state.message, t('Change Base URL')).then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.changeBaseUrl');
    });
    return { outcome: 'unavailable', message: state.message };
  }
  if (state.kind === 'secretsUnavailable') {
    void vscode.window.showErrorMessage(state.message);
    return { outcome: 'unavailable', message: state.message };
  }
  const key = await readKey(state, given);
  if (!key) return { outcome: 'cancelled' };
  // The argument gets the input box's check too: nothing else stands before the request.
  const problem = apiKeyProblem(key);
  if (problem) {
    void vscode.window.showErrorMessage(problem);
    return { outcome: 'refused', message: problem };
  }

  const client = deps.connection.clientFor(state.baseUrl, key);
  const failure = await withCancellableProgress(t('Checking the API key with {0}…', state.host), async (signal) => {
    try {
      await client.listCompanies({ pageSize: 1 }, { signal });
      return undefined;
    } catch (e) {
      return e;
    }
  });
  if (failure !== undefined) {
    if (isCancellation(failure)) return { outcome: 'cancelled' };
    // Whatever else the check threw, passed on unchanged: `!== undefined` narrowed the caught value
    // to `{} | null`, but it is as unknown as in the catch.
    if (!isApiError(failure)) throw failure as unknown;
    deps.report(failure, { prompt: false });
    // The buttons come back as their (translated) labels: compare with the same strings.
    const [tryAgain, details] = [t('Try Again'), t('Show Details')];
    void vscode.window.showErrorMessage(rejectionMessage(failure, state.host), tryAgain, details).then((c) => {
      if (c === tryAgain) void vscode.commands.executeCommand('dataPlatform.setApiKey');
      if (c === details) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', failure);
    });
    return { outcome: 'rejected', error: failure };
  }
  await deps.keys.set(state.origin, key);
  await deps.connection.reload();
  void vscode.window.showInformationMessage(t('API key saved for {0}.', state.host));
  return { outcome: 'stored' };
}

export async function signOut(deps: KeyCommandDeps): Promise<boolean> {
  const state = deps.connection.state;
  if (state.kind === 'invalidBaseUrl' || state.kind === 'secretsUnavailable') return false;
  await deps.keys.delete(state.origin);
  await deps.connection.reload();
  void vscode.window.showInformationMessage(t('Signed out of {0}: the API key was removed from secret storage.', state.host));
  return true;
}

export function registerKeyCommands(deps: KeyCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('dataPlatform.setApiKey', (arg?: unknown) => setApiKey(deps, arg)),
    vscode.commands.registerCommand('dataPlatform.signOut', () => signOut(deps)),
    vscode.commands.registerCommand('dataPlatform.changeBaseUrl', () =>
      vscode.commands.executeCommand('workbench.action.openSettings', 'dataPlatform.baseUrl'),
    ),
  ];
}
