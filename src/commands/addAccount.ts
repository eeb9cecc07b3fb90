// Add Account… (a preset, base URL, name, key) and Add Local Emulator (one click: the emulator's
// own demo key). The account is added first and its key then goes through Set API Key's check, so
// a rejected key leaves the account there without a key, saying why, rather than losing what was
// typed. Its environment is local on a loopback address; elsewhere the user picks production
// (the default) or test. Arguments (`{ name, baseUrl, key, environment }`) skip the prompts for
// tests and other extensions (without `environment`, it is inferred: loopback local, else production).
import * as vscode from 'vscode';
import { DEFAULT_BASE_URL } from '../api';
import { accountNameProblem, type Account, type AccountList } from '../accounts/accountList';
import { inferEnvironment, isEnvironment, type Environment } from '../accounts/environment';
import {
  EMULATOR_ACCOUNT_NAME,
  EMULATOR_URL,
  freeName,
  probeEmulator,
  type FetchLike,
} from '../accounts/emulatorPreset';
import { apiKeyProblem } from '../auth/apiKeyInput';
import { checkBaseUrl } from '../connection/baseUrl';
import type { Connections } from '../connection/connections';
import { t } from '../l10n';
import { pickEnvironment } from './accounts';
import type { SetKeyResult } from './keys';
import { chooseFrom, createQuickPick } from './quickPicks';
import { registerCommand } from './register';

interface AddAccountDeps {
  accounts: AccountList;
  connections: Connections;
  /** Checks and stores a key for the account (Set API Key with arguments). */
  setKey(accountId: string, key: string): Promise<SetKeyResult>;
  fetch: FetchLike;
  /** Whether an emulator answered the last check (dataPlatform.emulatorAvailable). */
  emulatorOffered(): boolean;
}

export type AddAccountResult =
  | { outcome: 'added'; account: Account; key?: SetKeyResult }
  | { outcome: 'cancelled' }
  | { outcome: 'invalid'; message: string };

interface AddArgs {
  name?: string;
  baseUrl?: string;
  key?: string;
  environment?: string;
}

const ARG_NAMES = ['name', 'baseUrl', 'key', 'environment'];

function argsOf(v: unknown): AddArgs | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const a = v as Record<string, unknown>;
  const ok = ARG_NAMES.every((k) => a[k] === undefined || typeof a[k] === 'string');
  return ok && ARG_NAMES.some((k) => k in a) ? a : undefined;
}

/** Loopback is local without asking; elsewhere production unless the user picks test. */
function askEnvironment(baseUrl: string, name: string): Promise<Environment | undefined> {
  const inferred = inferEnvironment(baseUrl);
  if (inferred === 'local') return Promise.resolve(inferred);
  return pickEnvironment(t('Add Account: environment of {0}', name), inferred);
}

type Preset = 'api' | 'emulator' | 'other';

/** The emulator is a choice only where one answers (as Add Local Emulator's menus). */
function pickPreset(emulator: boolean): Promise<Preset | undefined> {
  const pick = createQuickPick<vscode.QuickPickItem & { preset: Preset }>();
  pick.title = t('Add Account (1/3): where');
  pick.items = [
    { label: t('Data Platform API'), description: DEFAULT_BASE_URL, preset: 'api' },
    ...(emulator
      ? [
          {
            label: t('Local emulator'),
            description: EMULATOR_URL,
            detail: t("The emulator of the extension's repository; its demo key is filled in."),
            preset: 'emulator' as const,
          },
        ]
      : []),
    { label: t('Another base URL…'), preset: 'other' },
  ];
  return chooseFrom(pick, (item) => item.preset);
}

function askBaseUrl(title: string, value: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: t('https:// (plain http only for a loopback address such as the local emulator)'),
    value,
    ignoreFocusOut: true,
    validateInput: (v) => {
      const check = checkBaseUrl(v);
      return check.ok ? undefined : check.message;
    },
  });
}

function askName(accounts: AccountList, value: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: t('Add Account (2/3): name'),
    prompt: t('How the account is shown in the Companies view, the status bar and the log'),
    value,
    ignoreFocusOut: true,
    validateInput: (v) => accountNameProblem(v, accounts.list()),
  });
}

function askKey(name: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: t('Add Account (3/3): API key for {0}', name),
    prompt: t("It is checked, then kept in the editor's secret storage. Leave it empty to add it later."),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? undefined : apiKeyProblem(v.trim())),
  });
}

/** Adds the account, then checks and stores its key when one was given. */
async function finish(
  deps: AddAccountDeps,
  name: string,
  baseUrl: string,
  key: string | undefined,
  environment?: string,
): Promise<AddAccountResult> {
  let account: Account;
  try {
    if (environment !== undefined && !isEnvironment(environment))
      throw new Error(t('"{0}" is not an environment: production, test or local.', environment));
    account = await deps.accounts.add(name, baseUrl, undefined, environment);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    void vscode.window.showErrorMessage(t('Cannot add the account: {0}', message));
    return { outcome: 'invalid', message };
  }
  // The connection must exist before its key is checked through it.
  await deps.connections.sync();
  const keyResult = key ? await deps.setKey(account.id, key) : undefined;
  if (!key)
    void vscode.window.showInformationMessage(
      t('Account {0} added. Set its API key to list its companies.', account.name),
    );
  return { outcome: 'added', account, ...(keyResult ? { key: keyResult } : {}) };
}

/** One click: the emulator at its usual address (or the one given) with its demo key. */
async function addEmulatorAccount(deps: AddAccountDeps, arg?: unknown): Promise<AddAccountResult> {
  const given = argsOf(arg);
  const probe = await probeEmulator(given?.baseUrl ?? EMULATOR_URL, deps.fetch);
  if (!probe.ok) {
    const other = t('Enter Another URL…');
    void vscode.window.showErrorMessage(probe.message, other).then(async (c) => {
      const url = c && (await askBaseUrl(t('Add Local Emulator: base URL'), EMULATOR_URL));
      if (url) void vscode.commands.executeCommand('dataPlatform.addEmulatorAccount', { baseUrl: url });
    });
    return { outcome: 'invalid', message: probe.message };
  }
  const name =
    given?.name ??
    freeName(
      EMULATOR_ACCOUNT_NAME,
      deps.accounts.list().map((a) => a.name),
    );
  return finish(deps, name, probe.baseUrl, probe.key);
}

async function addAccount(deps: AddAccountDeps, arg?: unknown): Promise<AddAccountResult> {
  const given = argsOf(arg);
  if (given)
    return finish(deps, given.name ?? '', given.baseUrl ?? '', given.key?.trim() || undefined, given.environment);
  const preset = await pickPreset(deps.emulatorOffered());
  if (preset === undefined) return { outcome: 'cancelled' };
  if (preset === 'emulator') return addEmulatorAccount(deps);
  const baseUrl = preset === 'api' ? DEFAULT_BASE_URL : await askBaseUrl(t('Add Account (1/3): base URL'), 'https://');
  if (baseUrl === undefined) return { outcome: 'cancelled' };
  const check = checkBaseUrl(baseUrl);
  const suggested = freeName(
    check.ok ? check.host : t('Account'),
    deps.accounts.list().map((a) => a.name),
  );
  const name = await askName(deps.accounts, suggested);
  if (name === undefined) return { outcome: 'cancelled' };
  const environment = await askEnvironment(check.ok ? check.baseUrl : baseUrl, name.trim());
  if (environment === undefined) return { outcome: 'cancelled' };
  const key = await askKey(name.trim());
  if (key === undefined) return { outcome: 'cancelled' };
  return finish(deps, name, baseUrl, key.trim() || undefined, environment);
}

export function registerAddAccountCommands(deps: AddAccountDeps): vscode.Disposable[] {
  return [
    registerCommand('dataPlatform.addAccount', (arg?: unknown) => addAccount(deps, arg)),
    registerCommand('dataPlatform.addEmulatorAccount', (arg?: unknown) => addEmulatorAccount(deps, arg)),
  ];
}
