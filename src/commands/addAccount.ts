// Add Account… (a preset, base URL, name, key) and Add Local Emulator (one click: the emulator's
// own demo key). The account is added first and its key then goes through Set API Key's check, so
// a rejected key leaves the account there without a key, saying why, rather than losing what was
// typed. Its environment is local only where the emulator itself answered (a loopback address is
// not enough: a tunnel to production can listen there); elsewhere the user picks, production the
// default. No argument answers a question; Add Local Emulator may be told where the emulator is
// (`{ baseUrl }`, what it acts on, as Enter Another URL… does).
import * as vscode from 'vscode';
import { DEFAULT_BASE_URL, isLoopbackHost } from '../api';
import { accountNameProblem, type Account, type AccountList } from '../accounts/accountList';
import { inferEnvironment, type Environment } from '../accounts/environment';
import {
  EMULATOR_ACCOUNT_NAME,
  freeName,
  probeEmulator,
  type EmulatorProbe,
  type FetchLike,
} from '../accounts/emulatorPreset';
import { apiKeyProblem } from '../accounts/apiKeyInput';
import { checkBaseUrl } from '../accounts/baseUrl';
import type { Connections } from '../connection/connections';
import { t } from '../l10n';
import type { SetAccountKeyResult } from './accountKey';
import { pickEnvironment } from './accounts';
import { chooseFrom, prompt } from './prompt';
import { createQuickPick } from './quickPicks';
import { registerCommand } from './register';

interface AddAccountDeps {
  accounts: AccountList;
  connections: Connections;
  /** Checks and stores a key for the account (Set API Key with arguments). */
  setKey(accountId: string, key: string): Promise<SetAccountKeyResult>;
  fetch: FetchLike;
  /** The emulator as offered (dataPlatform.emulatorAvailable): `probe` is the look the user asked for. */
  emulator: {
    readonly available: boolean;
    readonly url: string;
    probe(url?: string): Promise<EmulatorProbe>;
  };
}

export type AddAccountResult =
  | { outcome: 'added'; account: Account; key?: SetAccountKeyResult }
  | { outcome: 'cancelled' }
  | { outcome: 'invalid'; message: string };

/** Where Add Local Emulator looks: `{ baseUrl }`, else the emulator's usual address. */
function emulatorUrlOf(v: unknown): string | undefined {
  const url = typeof v === 'object' && v !== null ? (v as { baseUrl?: unknown }).baseUrl : undefined;
  return typeof url === 'string' ? url : undefined;
}

/** Whether the emulator itself answers at `baseUrl` (loopback only; no key sent). */
async function emulatorAnswers(deps: AddAccountDeps, baseUrl: string): Promise<boolean> {
  const check = checkBaseUrl(baseUrl);
  if (!check.ok || !isLoopbackHost(new URL(check.baseUrl).hostname)) return false;
  return (await probeEmulator(check.baseUrl, deps.fetch)).ok;
}

/** Local without asking where the emulator answered; elsewhere the user picks, production first. */
async function askEnvironment(deps: AddAccountDeps, baseUrl: string, name: string): Promise<Environment | undefined> {
  const inferred = inferEnvironment(baseUrl, await emulatorAnswers(deps, baseUrl));
  if (inferred === 'local') return inferred;
  return pickEnvironment(t('Add Account: environment of {0}', name), inferred);
}

type Preset = 'api' | 'emulator' | 'other';

type PresetItem = vscode.QuickPickItem & { preset: Preset };

/** The emulator second where it answers (or `npm start` runs one), at its address; otherwise last,
 * as a question: nothing on this machine is looked at until the user picks it. */
function pickPreset(emulator: AddAccountDeps['emulator']): Promise<Preset | undefined> {
  const pick = createQuickPick<PresetItem>();
  pick.title = t('Add Account (1/3): where');
  const api: PresetItem = { label: t('Data Platform API'), description: DEFAULT_BASE_URL, preset: 'api' };
  const other: PresetItem = { label: t('Another base URL…'), preset: 'other' };
  pick.items = emulator.available
    ? [
        api,
        {
          label: t('Local emulator'),
          description: emulator.url,
          detail: t("The emulator of the extension's repository; its demo key is filled in."),
          preset: 'emulator',
        },
        other,
      ]
    : [
        api,
        other,
        {
          label: t('Local emulator…'),
          detail: t(
            "Looks for the emulator of the extension's source repository on this machine (for its developers).",
          ),
          preset: 'emulator',
        },
      ];
  return chooseFrom(pick, (item) => item.preset);
}

function askBaseUrl(title: string, value: string): Thenable<string | undefined> {
  return prompt().input({
    title,
    prompt: t('https:// (plain http only for a loopback address such as the local emulator)'),
    value,
    validateInput: (v) => {
      const check = checkBaseUrl(v);
      return check.ok ? undefined : check.message;
    },
  });
}

function askName(accounts: AccountList, value: string): Thenable<string | undefined> {
  return prompt().input({
    title: t('Add Account (2/3): name'),
    prompt: t('How the account is shown in the Data Platform view, the status bar and the log'),
    value,
    validateInput: (v) => accountNameProblem(v, accounts.list()),
  });
}

function askKey(name: string): Thenable<string | undefined> {
  return prompt().input({
    title: t('Add Account (3/3): API key for {0}', name),
    prompt: t("It is checked, then kept in the editor's secret storage. Leave it empty to add it later."),
    password: true,
    validateInput: (v) => (v.trim() === '' ? undefined : apiKeyProblem(v.trim())),
  });
}

/** Adds the account, then checks and stores its key when one was given. */
async function finish(
  deps: AddAccountDeps,
  name: string,
  baseUrl: string,
  key: string | undefined,
  environment: Environment,
): Promise<AddAccountResult> {
  let account: Account;
  try {
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

/** One click: the emulator at its address (or the one given) with its demo key. */
async function addEmulatorAccount(deps: AddAccountDeps, arg?: unknown): Promise<AddAccountResult> {
  const probe = await deps.emulator.probe(emulatorUrlOf(arg) ?? deps.emulator.url);
  if (!probe.ok) {
    const other = t('Enter Another URL…');
    void vscode.window.showErrorMessage(probe.message, other).then(async (c) => {
      const url = c && (await askBaseUrl(t('Add Local Emulator: base URL'), deps.emulator.url));
      if (url) void vscode.commands.executeCommand('dataPlatform.addEmulatorAccount', { baseUrl: url });
    });
    return { outcome: 'invalid', message: probe.message };
  }
  const name = freeName(
    EMULATOR_ACCOUNT_NAME,
    deps.accounts.list().map((a) => a.name),
  );
  return finish(deps, name, probe.baseUrl, probe.key, 'local');
}

async function addAccount(deps: AddAccountDeps): Promise<AddAccountResult> {
  const preset = await pickPreset(deps.emulator);
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
  const environment = await askEnvironment(deps, check.ok ? check.baseUrl : baseUrl, name.trim());
  if (environment === undefined) return { outcome: 'cancelled' };
  const key = await askKey(name.trim());
  if (key === undefined) return { outcome: 'cancelled' };
  return finish(deps, name, baseUrl, key.trim() || undefined, environment);
}

export function registerAddAccountCommands(deps: AddAccountDeps): vscode.Disposable[] {
  return [
    registerCommand('dataPlatform.addAccount', () => addAccount(deps)),
    registerCommand('dataPlatform.addEmulatorAccount', (arg?: unknown) => addEmulatorAccount(deps, arg)),
  ];
}
