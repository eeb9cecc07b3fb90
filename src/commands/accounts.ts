// Rename Account…, Edit Account… (its base URL or its key), Change Base URL…, Set Environment… and
// Remove Account, each on the account of the node it was invoked on, else the selected or only
// one, else a picked one (`{ accountId }` names it). No argument answers a question (prompt.ts).
import * as vscode from 'vscode';
import { accountNameProblem, type AccountList } from '../accounts/accountList';
import { environmentName, type Environment } from '../accounts/environment';
import { checkBaseUrl } from '../accounts/baseUrl';
import { ENVIRONMENT_ICONS } from '../format/accountLabels';
import { t } from '../l10n';
import type { ResolveAccount } from './accountTarget';
import { askModal } from './confirmWrite';
import { chooseFrom, prompt } from './prompt';
import { createQuickPick } from './quickPicks';
import { registerCommand } from './register';

interface AccountCommandDeps {
  accounts: AccountList;
  account: ResolveAccount;
  /** Deletes what is kept per account besides its key (its saved query nodes). */
  forgetAccount(id: string): Promise<void>;
}

type AccountEditResult =
  { outcome: 'done'; keyForgotten?: boolean } | { outcome: 'cancelled' } | { outcome: 'invalid'; message: string };

/** The account list's refusal (a plain Error, which the wrapper would report as a bug): said, and
 * the result says so. */
function refused(e: unknown): AccountEditResult {
  const message = e instanceof Error ? e.message : String(e);
  void vscode.window.showErrorMessage(message);
  return { outcome: 'invalid', message };
}

async function renameAccount(deps: AccountCommandDeps, arg?: unknown): Promise<AccountEditResult> {
  const target = await deps.account(arg, t('Rename Account: account'));
  if (!target) return { outcome: 'cancelled' };
  const { account } = target.connection;
  const others = deps.accounts.list().filter((a) => a.id !== account.id);
  const name = await prompt().input({
    title: t('Rename Account {0}', account.name),
    value: account.name,
    validateInput: (v) => accountNameProblem(v, others),
  });
  if (name === undefined) return { outcome: 'cancelled' };
  try {
    await deps.accounts.rename(account.id, name);
  } catch (e) {
    return refused(e);
  }
  return { outcome: 'done' };
}

/** Moves the account to another base URL; a key never follows it to another origin. */
async function changeBaseUrl(deps: AccountCommandDeps, arg?: unknown): Promise<AccountEditResult> {
  const target = await deps.account(arg, t('Change Base URL: account'));
  if (!target) return { outcome: 'cancelled' };
  const { account } = target.connection;
  const baseUrl = await prompt().input({
    title: t('Base URL of {0}', account.name),
    prompt: t(
      'https:// (plain http only for a loopback address such as the local emulator). The key is kept only on the same origin.',
    ),
    value: account.baseUrl,
    validateInput: (v) => {
      const check = checkBaseUrl(v);
      return check.ok ? undefined : check.message;
    },
  });
  if (baseUrl === undefined) return { outcome: 'cancelled' };
  let keyForgotten: boolean;
  try {
    ({ keyForgotten } = await deps.accounts.changeBaseUrl(account.id, baseUrl));
  } catch (e) {
    return refused(e);
  }
  if (keyForgotten) {
    const set = t('Set API Key');
    const message = t(
      '{0} now uses {1}. Its key was removed, as it belongs to the old address: set the key for the new one.',
      account.name,
      baseUrl.trim(),
    );
    void vscode.window.showInformationMessage(message, set).then((c) => {
      if (c === set) void vscode.commands.executeCommand('dataPlatform.setApiKey', { accountId: account.id });
    });
  }
  return { outcome: 'done', keyForgotten };
}

/** A pick of the three environments, `current` first highlighted; undefined when dismissed. */
export function pickEnvironment(title: string, current: Environment): Promise<Environment | undefined> {
  const pick = createQuickPick<vscode.QuickPickItem & { environment: Environment }>();
  pick.title = title;
  const item = (environment: Environment, icon: string, detail: string) => ({
    label: `$(${icon}) ${environmentName(environment)}`,
    detail,
    environment,
  });
  pick.items = [
    item(
      'production',
      ENVIRONMENT_ICONS.production,
      t('Live data: every write (create, push, sync, API keys) asks first'),
    ),
    item('test', ENVIRONMENT_ICONS.test, t('A test or sandbox account: writes do not ask')),
    item('local', ENVIRONMENT_ICONS.local, t('An emulator or server on this machine: writes do not ask')),
  ];
  pick.activeItems = pick.items.filter((i) => i.environment === current);
  return chooseFrom(pick, (i) => i.environment);
}

/** Set Environment…: production asks before every write; test and local do not. */
async function setEnvironment(deps: AccountCommandDeps, arg?: unknown): Promise<AccountEditResult> {
  const target = await deps.account(arg, t('Set Environment: account'));
  if (!target) return { outcome: 'cancelled' };
  const { account } = target.connection;
  const environment = await pickEnvironment(t('Environment of {0}', account.name), account.environment);
  if (environment === undefined) return { outcome: 'cancelled' };
  try {
    await deps.accounts.setEnvironment(account.id, environment);
  } catch (e) {
    return refused(e);
  }
  return { outcome: 'done' };
}

/** Asks what to edit: the base URL or the key. */
async function editAccount(deps: AccountCommandDeps, arg?: unknown): Promise<unknown> {
  const target = await deps.account(arg, t('Edit Account: account'));
  if (!target) return { outcome: 'cancelled' };
  const { account } = target.connection;
  const pick = createQuickPick<vscode.QuickPickItem & { what: 'baseUrl' | 'key' }>();
  pick.title = t('Edit Account {0}', account.name);
  pick.items = [
    { label: t('$(globe) Base URL'), description: account.baseUrl, what: 'baseUrl' },
    { label: t('$(key) API key'), description: t('checked, then kept in secret storage'), what: 'key' },
  ];
  const what = await chooseFrom(pick, (item) => item.what);
  if (what === 'baseUrl') return changeBaseUrl(deps, { accountId: account.id });
  if (what === 'key') return vscode.commands.executeCommand('dataPlatform.setApiKey', { accountId: account.id });
  return { outcome: 'cancelled' };
}

/** Removes the account and deletes its key, once confirmed. */
async function removeAccount(deps: AccountCommandDeps, arg?: unknown): Promise<AccountEditResult> {
  const target = await deps.account(arg, t('Remove Account: account'));
  if (!target) return { outcome: 'cancelled' };
  const { account } = target.connection;
  const detail = t(
    'Its API key is deleted from secret storage, and its saved queries with it. Its companies stay in the API.',
  );
  const remove = await askModal(t('Remove the account {0}?', account.name), detail, t('Remove'), t('Keep the Account'));
  if (!remove) return { outcome: 'cancelled' };
  try {
    await deps.accounts.remove(account.id);
    await deps.forgetAccount(account.id);
  } catch (e) {
    return refused(e);
  }
  return { outcome: 'done' };
}

export function registerAccountCommands(deps: AccountCommandDeps): vscode.Disposable[] {
  return [
    registerCommand('dataPlatform.renameAccount', (arg?: unknown) => renameAccount(deps, arg)),
    registerCommand('dataPlatform.editAccount', (arg?: unknown) => editAccount(deps, arg)),
    registerCommand('dataPlatform.changeBaseUrl', (arg?: unknown) => changeBaseUrl(deps, arg)),
    registerCommand('dataPlatform.setEnvironment', (arg?: unknown) => setEnvironment(deps, arg)),
    registerCommand('dataPlatform.removeAccount', (arg?: unknown) => removeAccount(deps, arg)),
  ];
}
