// The account key: the API key an account's requests are sent with, set (Set API Key) and removed
// (Sign Out) for one account (the node's, the selected one's, the only one or a picked one). Not
// the API Keys folder (apiKeys.ts), which lists, creates and deletes the account's keys on the
// server. A key is checked with `GET /companies?pageSize=1` before it is stored, so a typo never
// replaces a working key; it is kept in SecretStorage only, under the account's own id.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type ApiError } from '../api';
import type { AccountList } from '../accounts/accountList';
import { apiKeyProblem } from '../accounts/apiKeyInput';
import { t } from '../l10n';
import type { ResolveAccount } from './accountTarget';
import { withCancellableProgress } from './progress';
import { registerCommand } from './register';
import { prompt } from './prompt';

export type SetAccountKeyResult =
  | { outcome: 'stored' }
  | { outcome: 'cancelled' }
  /** Refused before anything was sent: not something a key can hold (`apiKeyProblem`). */
  | { outcome: 'refused'; message: string }
  | { outcome: 'rejected'; error: ApiError }
  | { outcome: 'unavailable'; message: string };

interface AccountKeyDeps {
  accounts: AccountList;
  /** The account acted on; its reporter gets failures with `prompt: false`, because this command
   * says what went wrong itself. */
  account: ResolveAccount;
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

/** The key asked for; trimmed, undefined when the box was dismissed. */
async function readKey(name: string, state: { baseUrl: string }): Promise<string | undefined> {
  return prompt()
    .input({
      title: t('Data Platform: API key for {0}', name),
      prompt: t("Paste the API key for {0}. It is checked, then kept in the editor's secret storage.", state.baseUrl),
      password: true,
      validateInput: (v) => apiKeyProblem(v.trim()),
    })
    .then((v) => v?.trim());
}

/** Set API Key on the account of `given` (a node, `{ accountId }`): the key asked for, or `typed`
 * where the extension itself already asked (Add Account's last step), never a command argument. */
export async function setAccountKey(
  deps: AccountKeyDeps,
  given?: unknown,
  typed?: string,
): Promise<SetAccountKeyResult> {
  const target = await deps.account(given, t('Set API Key: account'));
  if (!target) return { outcome: 'cancelled' };
  const { connection } = target;
  const state = connection.state;
  if (state.kind === 'invalidBaseUrl') {
    void vscode.window.showErrorMessage(state.message, t('Edit Account…')).then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.editAccount', { accountId: connection.account.id });
    });
    return { outcome: 'unavailable', message: state.message };
  }
  if (state.kind === 'secretsUnavailable') {
    void vscode.window.showErrorMessage(state.message);
    return { outcome: 'unavailable', message: state.message };
  }
  const key = typed?.trim() ?? (await readKey(connection.account.name, state));
  if (!key) return { outcome: 'cancelled' };
  // A key typed elsewhere gets the input box's check too: nothing else stands before the request.
  const problem = apiKeyProblem(key);
  if (problem) {
    void vscode.window.showErrorMessage(problem);
    return { outcome: 'refused', message: problem };
  }

  const client = connection.clientFor(state.baseUrl, key);
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
    target.report(failure, { prompt: false });
    // The buttons come back as their (translated) labels: compare with the same strings.
    const [tryAgain, details] = [t('Try Again'), t('Show Details')];
    void vscode.window.showErrorMessage(rejectionMessage(failure, state.host), tryAgain, details).then((c) => {
      if (c === tryAgain)
        void vscode.commands.executeCommand('dataPlatform.setApiKey', { accountId: connection.account.id });
      if (c === details) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', failure);
    });
    return { outcome: 'rejected', error: failure };
  }
  await deps.accounts.setKey(connection.account.id, key);
  await connection.reload();
  void vscode.window.showInformationMessage(t('API key saved for {0}.', connection.account.name));
  return { outcome: 'stored' };
}

/** Removes the account key (the account stays). */
async function signOut(deps: AccountKeyDeps, arg?: unknown): Promise<boolean> {
  const target = await deps.account(arg, t('Sign Out: account'));
  if (!target) return false;
  const { connection } = target;
  if (connection.state.kind === 'invalidBaseUrl' || connection.state.kind === 'secretsUnavailable') return false;
  await deps.accounts.deleteKey(connection.account.id);
  await connection.reload();
  void vscode.window.showInformationMessage(
    t('Signed out of {0}: the API key was removed from secret storage.', connection.account.name),
  );
  return true;
}

export function registerAccountKeyCommands(deps: AccountKeyDeps): vscode.Disposable[] {
  return [
    registerCommand('dataPlatform.setApiKey', (arg?: unknown) => setAccountKey(deps, arg)),
    registerCommand('dataPlatform.signOut', (arg?: unknown) => signOut(deps, arg)),
  ];
}
