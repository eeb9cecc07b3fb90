// Create API Key… and Delete API Key, on an account's API Keys folder and its keys. A new key is
// told by its last four characters only, once, in a modal that waits for the user (a toast can be
// missed, and the key is never shown again), with Copy Key (the whole key to the clipboard) and
// Use for This Account (stored through Set API Key, checked first); it is never logged or kept.
// A delete asks first, saying so when it is the key the account itself uses, and for that key asks
// again, naming what follows: that key is then removed from secret storage, as the API no longer
// knows it. Enter on either question keeps the key.
import * as vscode from 'vscode';
import { MAX_API_KEY_NAME_LENGTH, type ApiError, type ApiKeyDetails } from '../api';
import type { Account, AccountList } from '../accounts/accountList';
import { noKeyMessage } from '../format/accountLabels';
import {
  apiKeyCreatedMessage,
  apiKeyLabel,
  apiKeyLimitMessage,
  apiKeyNameProblem,
  deleteApiKeyQuestion,
  deleteKeyInUseWarning,
  maskedKey,
  summariseApiKey,
  type ApiKeySummary,
} from '../format/apiKeyLabels';
import { t } from '../l10n';
import { ApiKeyNode, type ApiKeysNode } from '../tree/apiKeyNodes';
import type { TreeNode } from '../tree/node';
import type { SetAccountKeyResult } from './accountKey';
import type { AccountTarget, ResolveAccount } from './accountTarget';
import { askModal, chooseModal, confirmWrite } from './confirmWrite';
import { withProgress } from './progress';
import { prompt } from './prompt';
import { endedBy, registerCommand } from './register';

interface ApiKeyCommandDeps {
  view: vscode.TreeView<TreeNode>;
  /** The account acted on; its reporter gets `prompt: false`: these commands say what went wrong. */
  account: ResolveAccount;
  /** Where the account's own key is removed from once it is deleted. */
  accounts: AccountList;
  /** Set API Key's check and store, with the new key (never a command argument: a key passed to
   * a command could come from any caller). */
  setKey(accountId: string, key: string): Promise<SetAccountKeyResult>;
}

export type CreateApiKeyResult =
  | {
      outcome: 'created';
      apiKeyId: string;
      /** The new key's last four characters (the key itself is never returned). */
      last4: string;
      revealed: boolean;
      /** What the modal's button did: the key copied, or the outcome of storing it as the account's key. */
      copied?: boolean;
      used?: SetAccountKeyResult['outcome'];
    }
  | { outcome: 'cancelled' }
  | { outcome: 'unavailable'; message: string }
  /** The account holds the most keys it can (409). */
  | { outcome: 'limit'; error: ApiError; message: string }
  | { outcome: 'failed'; error: ApiError };

export type DeleteApiKeyResult =
  | { outcome: 'deleted'; apiKeyId: string; wasInUse: boolean }
  | { outcome: 'cancelled' }
  | { outcome: 'notFound'; apiKeyId: string }
  | { outcome: 'unavailable'; message: string }
  | { outcome: 'failed'; error: ApiError };

/** A key to delete, named by id: `{ accountId, apiKeyId }`. No argument answers its questions:
 * a caller (another extension, a command link) cannot skip the production question. */
interface DeleteArgs {
  apiKeyId: string;
}

const isDeleteArgs = (v: unknown): v is DeleteArgs =>
  typeof v === 'object' && v !== null && typeof (v as DeleteArgs).apiKeyId === 'string';

/** The name typed, checked as it is typed; undefined when the box was dismissed. */
function askName(accountName: string): Promise<string | undefined> {
  return prompt().input({
    title: t('Create API Key for {0}', accountName),
    prompt: t(
      'A name to tell the key by, at most {0} characters. Leave it empty for an unnamed key.',
      MAX_API_KEY_NAME_LENGTH,
    ),
    validateInput: apiKeyNameProblem,
  });
}

function showDetails(error: ApiError): void {
  void vscode.commands.executeCommand('dataPlatform.showDiagnostics', error);
}

/** An account without a key (or a usable base URL) cannot manage keys: say so, offer the fix. */
function unavailable(target: AccountTarget): { outcome: 'unavailable'; message: string } {
  const message = noKeyMessage(target.connection.account.name);
  const accountId = target.connection.account.id;
  void vscode.window.showErrorMessage(message, t('Set API Key')).then((c) => {
    if (c) void vscode.commands.executeCommand('dataPlatform.setApiKey', { accountId });
  });
  return { outcome: 'unavailable', message };
}

/** Shows the account's API Keys folder open, with `keyId`'s node selected when given. */
async function reveal(deps: ApiKeyCommandDeps, folder: ApiKeysNode, keyId?: string): Promise<boolean> {
  try {
    await folder.getChildren();
    const node = keyId === undefined ? undefined : folder.keyNode(keyId);
    await deps.view.reveal(node ?? folder, { expand: node === undefined, select: true, focus: false });
    return node !== undefined || keyId === undefined;
  } catch {
    // The view may be hidden, or not show the folder (one account without companies).
    return false;
  }
}

/** The 409 of the eleventh key, or any other refusal: reported, said, with the details a click away. */
function createFailed(deps: ApiKeyCommandDeps, target: AccountTarget, e: ApiError): CreateApiKeyResult {
  target.report(e, { prompt: false });
  const details = t('Show Details');
  if (e.kind === 'apiKeyLimit') {
    const message = apiKeyLimitMessage(target.connection.account.name);
    const show = t('Show API Keys');
    void vscode.window.showErrorMessage(message, show, details).then((c) => {
      if (c === show) void reveal(deps, target.root.apiKeys);
      if (c === details) showDetails(e);
    });
    return { outcome: 'limit', error: e, message };
  }
  void vscode.window.showErrorMessage(t('Could not create the API key: {0}', e.message), details).then((c) => {
    if (c) showDetails(e);
  });
  return { outcome: 'failed', error: e };
}

/** The new key's two actions; the key lives in this closure only, as long as its notification. */
function keyActions(deps: ApiKeyCommandDeps, target: AccountTarget, key: string) {
  const accountId = target.connection.account.id;
  return {
    copy: async (): Promise<boolean> => {
      await vscode.env.clipboard.writeText(key);
      vscode.window.setStatusBarMessage(t('API key copied to the clipboard'), 3000);
      return true;
    },
    use: async (): Promise<SetAccountKeyResult['outcome']> => (await deps.setKey(accountId, key)).outcome,
  };
}

/** The new key offered in a modal, which stays until the user answers: Copy Key first (Enter). */
async function announce(
  target: AccountTarget,
  summary: ApiKeySummary,
  actions: ReturnType<typeof keyActions>,
): Promise<Pick<CreateApiKeyResult & { outcome: 'created' }, 'copied' | 'used'>> {
  const [copy, use] = [t('Copy Key'), t('Use for This Account')];
  const detail = t(
    'Copy it now or use it for this account: once this closes, only its last four characters are ever shown.',
  );
  const c = await chooseModal(apiKeyCreatedMessage(summary, target.connection.account.name), detail, [copy, use]);
  if (c === copy) return { copied: await actions.copy() };
  if (c === use) return { used: await actions.use() };
  return {};
}

/** On a production account (or with `confirmWrites: always`) the user says yes first. */
function confirmCreate(account: Account, name: string): Promise<boolean> {
  return confirmWrite(account, {
    question: name
      ? t('Create the API key "{0}" for {1}?', name, account.name)
      : t('Create an API key for {0}?', account.name),
    detail: t('The new key can call the API for this account until it is deleted.'),
    button: t('Create API Key'),
  });
}

async function createApiKey(deps: ApiKeyCommandDeps, arg?: unknown): Promise<CreateApiKeyResult> {
  const target = await deps.account(arg, t('Create API Key: account'));
  if (!target) return { outcome: 'cancelled' };
  const client = target.connection.client;
  if (!client) return unavailable(target);
  const name = await askName(target.connection.account.name);
  if (name === undefined) return { outcome: 'cancelled' };
  const trimmed = name.trim();
  if (!(await confirmCreate(target.connection.account, trimmed))) return { outcome: 'cancelled' };
  let created: ApiKeyDetails;
  try {
    created = await withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: t('Creating an API key for {0}…', target.connection.account.name),
      },
      () => client.createApiKey(trimmed ? { name: trimmed } : {}),
    );
  } catch (e) {
    return endedBy(e, (error) => createFailed(deps, target, error));
  }
  const summary = summariseApiKey(created, false);
  const actions = keyActions(deps, target, created.apiKey);
  target.root.apiKeys.refresh();
  const revealed = await reveal(deps, target.root.apiKeys, created.id);
  return {
    outcome: 'created',
    apiKeyId: created.id,
    last4: summary.last4,
    revealed,
    ...(await announce(target, summary, actions)),
  };
}

/** The key a delete acts on: the node's, else the one named by id (from the loaded folder, else
 * from a fresh list); else what the command ends with (said to the user). */
async function keyToDelete(
  target: AccountTarget,
  arg: ApiKeyNode | DeleteArgs,
): Promise<ApiKeySummary | DeleteApiKeyResult> {
  if (arg instanceof ApiKeyNode) return arg.apiKey;
  const id = arg.apiKeyId;
  const loaded = target.root.apiKeys.keys?.find((k) => k.id === id);
  if (loaded) return loaded;
  const { connection } = target;
  let listed: ApiKeyDetails | undefined;
  try {
    listed = (await connection.client?.listApiKeys())?.results.find((k) => k.id === id);
  } catch (e) {
    return endedBy(e, (error) => {
      target.report(error, { prompt: false });
      void vscode.window.showErrorMessage(
        t('Could not list the API keys of {0}: {1}', connection.account.name, error.message),
      );
      return { outcome: 'failed', error };
    });
  }
  if (listed) return summariseApiKey(listed, connection.usesKey(listed.apiKey));
  void vscode.window.showErrorMessage(t('{0} has no API key with the id {1}.', connection.account.name, id));
  return { outcome: 'notFound', apiKeyId: id };
}

/** Both questions, never skipped; false when one was declined. The first is always asked, says
 * the account's environment and whether the account itself uses the key; the second, for that
 * key, names what follows. Enter on either keeps the key. */
async function confirmDelete(key: ApiKeySummary, account: Account): Promise<boolean> {
  const consequence = t('Whatever uses this key can no longer call the API. This cannot be undone.');
  const question = {
    question: deleteApiKeyQuestion(key, account.name),
    detail: key.inUse
      ? `${t('This is the key {0} itself uses: the account stops working until another key is set.', account.name)} ${consequence}`
      : consequence,
    button: t('Delete'),
    safe: t('Keep the Key'),
  };
  if (!(await confirmWrite(account, question, true))) return false;
  if (key.inUse) {
    const detail = t('Its key is removed from secret storage too.');
    return askModal(deleteKeyInUseWarning(account.name), detail, t('Delete Anyway'), t('Keep the Key'));
  }
  return true;
}

/** The account's own key is gone from the API: it goes from secret storage too, and the user is
 * told how to get the account working again. */
async function forgetDeletedKey(deps: ApiKeyCommandDeps, target: AccountTarget, key: ApiKeySummary): Promise<void> {
  const { account } = target.connection;
  await deps.accounts.deleteKey(account.id);
  await target.connection.reload();
  const message = t(
    'Deleted "{0}" ({1}), the key {2} used: set another key to use the account again.',
    apiKeyLabel(key),
    maskedKey(key),
    account.name,
  );
  void vscode.window.showWarningMessage(message, t('Set API Key')).then((c) => {
    if (c) void vscode.commands.executeCommand('dataPlatform.setApiKey', { accountId: account.id });
  });
}

async function deleteApiKey(deps: ApiKeyCommandDeps, arg?: unknown): Promise<DeleteApiKeyResult> {
  const node = arg ?? deps.view.selection.find((n) => n instanceof ApiKeyNode);
  if (!(node instanceof ApiKeyNode) && !isDeleteArgs(node)) {
    void vscode.window.showInformationMessage(t('Select an API key in the Data Platform view first.'));
    return { outcome: 'cancelled' };
  }
  const target = await deps.account(node, t('Delete API Key: account'));
  if (!target) return { outcome: 'cancelled' };
  const client = target.connection.client;
  if (!client) return unavailable(target);
  const key = await keyToDelete(target, node);
  if (!('id' in key)) return key;
  if (!(await confirmDelete(key, target.connection.account))) return { outcome: 'cancelled' };
  try {
    await withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('Deleting the API key "{0}"…', apiKeyLabel(key)) },
      () => client.deleteApiKey(key.id),
    );
  } catch (e) {
    return endedBy(e, (error) => deleteFailed(target, key, error));
  }
  if (key.inUse) await forgetDeletedKey(deps, target, key);
  else {
    target.root.apiKeys.refresh();
    void vscode.window.showInformationMessage(t('API key "{0}" ({1}) deleted.', apiKeyLabel(key), maskedKey(key)));
  }
  return { outcome: 'deleted', apiKeyId: key.id, wasInUse: key.inUse };
}

function deleteFailed(target: AccountTarget, key: ApiKeySummary, e: ApiError): DeleteApiKeyResult {
  target.report(e, { prompt: false });
  target.root.apiKeys.refresh();
  if (e.kind === 'notFound') {
    void vscode.window.showWarningMessage(t('The API key "{0}" was already deleted.', apiKeyLabel(key)));
    return { outcome: 'notFound', apiKeyId: key.id };
  }
  const details = t('Show Details');
  void vscode.window
    .showErrorMessage(t('Could not delete the API key "{0}": {1}', apiKeyLabel(key), e.message), details)
    .then((c) => {
      if (c) showDetails(e);
    });
  return { outcome: 'failed', error: e };
}

export function registerApiKeyCommands(deps: ApiKeyCommandDeps): vscode.Disposable[] {
  return [
    registerCommand('dataPlatform.createApiKey', (arg?: unknown) => createApiKey(deps, arg)),
    registerCommand('dataPlatform.deleteApiKey', (arg?: unknown) => deleteApiKey(deps, arg)),
  ];
}
