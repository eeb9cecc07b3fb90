// Named accounts: a base URL and a key each. The list (names and base URLs, nothing secret) is kept
// where VS Code keeps application-wide state, never in a workspace; each key sits in
// SecretStorage under its account's own id, so two accounts on one origin keep two keys.
// Free of `vscode`: the Memento and SecretStorage come in through the interfaces they satisfy.
import { checkBaseUrl } from './baseUrl';
import { inferEnvironment, isEnvironment, type Environment } from './environment';
import type { HistoryStore } from '../persistence/queryHistory';
import { t } from '../l10n';
import { Emitter, type Disposable, type Event } from '../util/emitter';

/** The part of `vscode.SecretStorage` used here. */
export interface SecretStorageLike {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
  onDidChange(listener: (e: { key: string }) => unknown): Disposable;
}

export interface Account {
  /** Stable, never shown; names the account's secret. */
  id: string;
  name: string;
  baseUrl: string;
  /** Production asks before every write; entries kept before it existed get one inferred. */
  environment: Environment;
}

export const ACCOUNTS_KEY = 'dataPlatform.accounts';
const MAX_ACCOUNT_NAME = 60;
const WRITE_ATTEMPTS = 3;
const ID = /^[A-Za-z0-9-]{1,64}$/;

export function accountSecretName(id: string): string {
  return `dataPlatform.account:${id}`;
}

/** Why a name cannot be an account's name, or undefined when it can. */
export function accountNameProblem(name: string, others: readonly Account[]): string | undefined {
  const n = name.trim();
  if (n === '') return t('An account needs a name.');
  if (n.length > MAX_ACCOUNT_NAME) return t('An account name has at most {0} characters.', MAX_ACCOUNT_NAME);
  if (/[\p{Cc}\p{Cf}]/u.test(n)) return t('An account name cannot hold control characters.');
  if (others.some((a) => a.name.trim().toLowerCase() === n.toLowerCase()))
    return t('Another account is already called "{0}".', n);
  return undefined;
}

function isAccount(v: unknown): v is Omit<Account, 'environment'> & { environment?: unknown } {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    typeof a.id === 'string' &&
    ID.test(a.id) &&
    typeof a.name === 'string' &&
    typeof a.baseUrl === 'string' &&
    checkBaseUrl(a.baseUrl).ok
  );
}

export class AccountList implements Disposable {
  private readonly changed = new Emitter<void>();
  private readonly subscription: Disposable;
  /** Each change reads the list and writes it back; one at a time, so none is lost to another. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Fires when the list or a key changed (keys: in this window or another). */
  readonly onDidChange: Event<void> = this.changed.event;

  constructor(
    private readonly state: HistoryStore,
    private readonly secrets: SecretStorageLike,
    private readonly newId: () => string,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key.startsWith(accountSecretName(''))) this.changed.fire();
    });
  }

  /** The accounts in the user's order; entries storage holds that cannot be trusted are skipped. */
  list(): Account[] {
    const raw = this.state.get<unknown>(ACCOUNTS_KEY);
    if (!Array.isArray(raw)) return [];
    const out: Account[] = [];
    for (const v of raw)
      if (isAccount(v) && !out.some((a) => a.id === v.id))
        out.push({
          id: v.id,
          name: v.name,
          baseUrl: v.baseUrl,
          environment: isEnvironment(v.environment) ? v.environment : inferEnvironment(v.baseUrl),
        });
    return out;
  }

  get(id: string): Account | undefined {
    return this.list().find((a) => a.id === id);
  }

  /** Adds an account (and its key, when given); its environment is inferred from the base URL
   * unless given. Throws with a message the user can read. */
  add(name: string, baseUrl: string, key?: string, environment?: Environment): Promise<Account> {
    return this.serial(() => this.addNow(name, baseUrl, key, environment));
  }

  rename(id: string, name: string): Promise<Account> {
    return this.serial(() => this.renameNow(id, name));
  }

  setEnvironment(id: string, environment: Environment): Promise<Account> {
    return this.serial(() => this.setEnvironmentNow(id, environment));
  }

  /** Moves an account to another base URL. A key is never carried to another origin: it is
   * forgotten, and the user enters the key for the new place; the environment is inferred again
   * there, so an account moved off loopback is production until the user says otherwise. */
  changeBaseUrl(id: string, baseUrl: string): Promise<{ account: Account; keyForgotten: boolean }> {
    return this.serial(() => this.changeBaseUrlNow(id, baseUrl));
  }

  /** Removes the account and deletes its key. */
  remove(id: string): Promise<void> {
    return this.serial(() => this.removeNow(id));
  }

  private async addNow(name: string, baseUrl: string, key?: string, environment?: Environment): Promise<Account> {
    const list = this.list();
    const problem = accountNameProblem(name, list);
    if (problem) throw new Error(problem);
    const url = checkBaseUrl(baseUrl);
    if (!url.ok) throw new Error(url.message);
    const account: Account = {
      id: this.newId(),
      name: name.trim(),
      baseUrl: url.baseUrl,
      environment: environment ?? inferEnvironment(url.baseUrl),
    };
    if (!ID.test(account.id) || list.some((a) => a.id === account.id))
      throw new Error(`Account id ${account.id} cannot be used`);
    if (key) await this.secrets.store(accountSecretName(account.id), key);
    await this.write([...list, account]);
    return account;
  }

  private async renameNow(id: string, name: string): Promise<Account> {
    const list = this.list();
    const account = this.require(list, id);
    const problem = accountNameProblem(
      name,
      list.filter((a) => a.id !== id),
    );
    if (problem) throw new Error(problem);
    account.name = name.trim();
    await this.write(list);
    return account;
  }

  private async setEnvironmentNow(id: string, environment: Environment): Promise<Account> {
    const list = this.list();
    const account = this.require(list, id);
    account.environment = environment;
    await this.write(list);
    return account;
  }

  private async changeBaseUrlNow(id: string, baseUrl: string): Promise<{ account: Account; keyForgotten: boolean }> {
    const list = this.list();
    const account = this.require(list, id);
    const url = checkBaseUrl(baseUrl);
    if (!url.ok) throw new Error(url.message);
    const before = checkBaseUrl(account.baseUrl);
    const keyForgotten = !before.ok || before.origin !== url.origin;
    if (keyForgotten) {
      await this.secrets.delete(accountSecretName(id));
      account.environment = inferEnvironment(url.baseUrl);
    }
    account.baseUrl = url.baseUrl;
    await this.write(list);
    return { account, keyForgotten };
  }

  private async removeNow(id: string): Promise<void> {
    const list = this.list();
    this.require(list, id);
    await this.secrets.delete(accountSecretName(id));
    await this.write(list.filter((a) => a.id !== id));
  }

  async getKey(id: string): Promise<string | undefined> {
    return (await this.secrets.get(accountSecretName(id))) || undefined;
  }

  async setKey(id: string, key: string): Promise<void> {
    this.require(this.list(), id);
    await this.secrets.store(accountSecretName(id), key);
  }

  async deleteKey(id: string): Promise<void> {
    await this.secrets.delete(accountSecretName(id));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private require(list: Account[], id: string): Account {
    const account = list.find((a) => a.id === id);
    if (!account) throw new Error(t('That account no longer exists.'));
    return account;
  }

  private serial<T>(change: () => Promise<T>): Promise<T> {
    const next = this.queue.then(change, change);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** VS Code keeps an extension's global state as one object, which an echo of an earlier write
   * (of another key: a saved query) can replace between an update and its flush, losing the
   * update: what was written is read back, and written again when it is not there. */
  private async write(list: readonly Account[]): Promise<void> {
    const value = list.map((a) => ({ id: a.id, name: a.name, baseUrl: a.baseUrl, environment: a.environment }));
    const text = JSON.stringify(value);
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      await this.state.update(ACCOUNTS_KEY, value);
      if (JSON.stringify(this.state.get<unknown>(ACCOUNTS_KEY)) === text) break;
    }
    this.changed.fire();
  }
}
