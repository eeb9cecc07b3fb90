// One account's connection: its current API client for (base URL, key). Everything that talks to
// the API for the account asks this object for its client, so a changed base URL or key (in this
// window or another) reaches every view at once through one change event. Each connection has
// its own client, so its own rate gate and rate-limit state: one account's 401 or 429 never
// touches another's. Free of `vscode`: the key is read through a function.
import { DataPlatformClient, type GateEvent, type RateLimitInfo, type RequestSummary, type TraceEntry } from '../api';
import type { Account } from '../accounts/accountList';
import { t } from '../l10n';
import { Emitter, type Disposable, type Event } from '../util/emitter';
import { checkBaseUrl } from '../accounts/baseUrl';

export type ConnectionState =
  | { kind: 'invalidBaseUrl'; message: string }
  | { kind: 'secretsUnavailable'; message: string; baseUrl: string; origin: string; host: string }
  | { kind: 'noKey'; baseUrl: string; origin: string; host: string }
  | { kind: 'ready'; baseUrl: string; origin: string; host: string; client: DataPlatformClient };

interface ConnectionHooks {
  onRequest?: (summary: RequestSummary) => void;
  onTrace?: (entry: TraceEntry) => void;
  traceEnabled?: () => boolean;
  onRateLimit?: (info: RateLimitInfo) => void;
  /** Told when the client starts slowing down or waiting for the rate limit. */
  onGate?: (event: GateEvent) => void;
  /** Told every key in use, so the log can scrub them. */
  onKeys?: (keys: readonly string[]) => void;
}

export interface ConnectionOptions {
  account: Account;
  /** The account's key from secret storage (rejects when the storage cannot be read). */
  readKey: (accountId: string) => Promise<string | undefined>;
  hooks?: ConnectionHooks;
  userAgent?: string;
  /** GETs a client has on the wire at once (the Load all concurrency setting), read each time. */
  maxInFlight?: () => number;
  /** Each attempt's time limit (the request timeout setting), read for each request. */
  timeoutMs?: () => number;
}

export class Connection implements Disposable {
  // Until the first load: activation waits for it, so commands see this only if it never ends.
  private current: ConnectionState = {
    kind: 'invalidBaseUrl',
    message: t('The base URL and API key are still being read; try again in a moment.'),
  };
  private currentKey?: string;
  private currentAccount: Account;
  private readonly changed = new Emitter<ConnectionState>();
  private reloading: Promise<void> = Promise.resolve();
  /** Fires after the base URL or the key changed, with the new state. */
  readonly onDidChange: Event<ConnectionState> = this.changed.event;

  constructor(private readonly options: ConnectionOptions) {
    this.currentAccount = { ...options.account };
  }

  /** The account as last read from the list (its name may change; its id never does). */
  get account(): Account {
    return this.currentAccount;
  }

  get state(): ConnectionState {
    return this.current;
  }

  /** The client when the account has a key and a valid base URL. */
  get client(): DataPlatformClient | undefined {
    return this.current.kind === 'ready' ? this.current.client : undefined;
  }

  /** Whether `key` is the one the account's requests are made with: the API key list marks it.
   * A comparison only, so the stored key never leaves this object. */
  usesKey(key: string): boolean {
    return this.current.kind === 'ready' && this.currentKey !== undefined && key === this.currentKey;
  }

  /** Takes the account's latest name, base URL and environment; returns whether anything changed. */
  update(account: Account): boolean {
    const before = this.currentAccount;
    if (
      before.name === account.name &&
      before.baseUrl === account.baseUrl &&
      before.environment === account.environment
    )
      return false;
    this.currentAccount = { ...account, id: before.id };
    return true;
  }

  /** Re-reads the account's base URL and key; resolves once the state reflects them. */
  reload(): Promise<void> {
    // Serialised, so two quick changes cannot finish out of order.
    this.reloading = this.reloading.then(
      () => this.load(),
      () => this.load(),
    );
    return this.reloading;
  }

  /** A client for a key that is not stored yet (validating Set API key), with the same hooks. */
  clientFor(baseUrl: string, key: string): DataPlatformClient {
    const hooks = this.options.hooks ?? {};
    hooks.onKeys?.([...(this.currentKey ? [this.currentKey] : []), key]);
    return new DataPlatformClient({
      baseUrl,
      apiKey: key,
      userAgent: this.options.userAgent,
      onRequest: hooks.onRequest,
      onTrace: hooks.onTrace,
      traceEnabled: hooks.traceEnabled,
      onRateLimit: hooks.onRateLimit,
      onGate: hooks.onGate,
      maxInFlight: this.options.maxInFlight,
      timeoutMs: this.options.timeoutMs,
    });
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async load(): Promise<void> {
    const account = this.currentAccount;
    const check = checkBaseUrl(account.baseUrl);
    if (!check.ok) {
      this.settle(
        { kind: 'invalidBaseUrl', message: t('{0}. Edit the account to change its base URL.', check.message) },
        undefined,
      );
      return;
    }
    const where = { baseUrl: check.baseUrl, origin: check.origin, host: check.host };
    let key: string | undefined;
    try {
      key = await this.options.readKey(account.id);
    } catch (e) {
      // No keyring (e.g. Linux without a secret service): say so instead of staying "loading".
      const reason = e instanceof Error ? e.message : String(e);
      this.settle(
        {
          kind: 'secretsUnavailable',
          ...where,
          message: t("The editor's secret storage cannot be read, so no API key is available: {0}", reason),
        },
        undefined,
      );
      return;
    }
    let next: ConnectionState;
    if (!key) next = { kind: 'noKey', ...where };
    else if (this.current.kind === 'ready' && this.current.baseUrl === check.baseUrl && key === this.currentKey)
      next = this.current;
    else next = { kind: 'ready', ...where, client: this.clientFor(check.baseUrl, key) };
    this.settle(next, key);
  }

  private settle(next: ConnectionState, key: string | undefined): void {
    this.currentKey = key;
    this.options.hooks?.onKeys?.(key ? [key] : []);
    if (next === this.current || (next.kind !== 'ready' && sameWithoutClient(next, this.current))) return;
    this.current = next;
    this.changed.fire(next);
  }
}

function sameWithoutClient(a: ConnectionState, b: ConnectionState): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'invalidBaseUrl' && b.kind === 'invalidBaseUrl') return a.message === b.message;
  if (a.kind === 'secretsUnavailable' && b.kind === 'secretsUnavailable')
    return a.message === b.message && a.baseUrl === b.baseUrl;
  return a.kind === 'noKey' && b.kind === 'noKey' && a.baseUrl === b.baseUrl;
}
