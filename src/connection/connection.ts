// The current API client for (base URL, key). Everything that talks to the API asks this object
// for its client, so a changed setting or key (in this window or another) reaches every view at
// once through one change event. Free of `vscode`: the setting is read through a function.
import { DataPlatformClient, type GateEvent, type RateLimitInfo, type RequestSummary, type TraceEntry } from '../api';
import type { KeyStore } from '../auth/keyStore';
import { t } from '../l10n';
import { Emitter, type Disposable, type Event } from '../util/emitter';
import { checkBaseUrl } from './baseUrl';

export type ConnectionState =
  | { kind: 'invalidBaseUrl'; message: string }
  | { kind: 'secretsUnavailable'; message: string; baseUrl: string; origin: string; host: string }
  | { kind: 'noKey'; baseUrl: string; origin: string; host: string }
  | { kind: 'ready'; baseUrl: string; origin: string; host: string; client: DataPlatformClient };

export interface ConnectionHooks {
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
  readBaseUrl: () => string | undefined;
  keys: KeyStore;
  hooks?: ConnectionHooks;
  userAgent?: string;
  /** GETs a client has on the wire at once (the Load all concurrency setting), read each time. */
  maxInFlight?: () => number;
}

export class Connection implements Disposable {
  // Until the first load: activation waits for it, so commands see this only if it never ends.
  private current: ConnectionState = { kind: 'invalidBaseUrl', message: t('The base URL and API key are still being read; try again in a moment.') };
  private currentKey?: string;
  private readonly changed = new Emitter<ConnectionState>();
  private readonly subscriptions: Disposable[] = [];
  private reloading: Promise<void> = Promise.resolve();
  /** Fires after the base URL or the key changed, with the new state. */
  readonly onDidChange: Event<ConnectionState> = this.changed.event;

  constructor(private readonly options: ConnectionOptions) {
    this.subscriptions.push(options.keys.onDidChange(() => void this.reload()));
  }

  get state(): ConnectionState {
    return this.current;
  }

  /** Re-reads the setting and the key; resolves once the state reflects them. */
  reload(): Promise<void> {
    // Serialised, so two quick changes cannot finish out of order.
    this.reloading = this.reloading.then(() => this.load(), () => this.load());
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
    });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }

  private async load(): Promise<void> {
    const check = checkBaseUrl(this.options.readBaseUrl());
    let next: ConnectionState;
    let key: string | undefined;
    if (!check.ok) {
      next = { kind: 'invalidBaseUrl', message: check.message };
    } else {
      const where = { baseUrl: check.baseUrl, origin: check.origin, host: check.host };
      try {
        key = await this.options.keys.get(check.origin);
      } catch (e) {
        // No keyring (e.g. Linux without a secret service): say so instead of staying "loading".
        const reason = e instanceof Error ? e.message : String(e);
        this.settle({ kind: 'secretsUnavailable', ...where, message: t("The editor's secret storage cannot be read, so no API key is available: {0}", reason) }, undefined);
        return;
      }
      if (!key) next = { kind: 'noKey', ...where };
      else if (this.current.kind === 'ready' && this.current.baseUrl === check.baseUrl && key === this.currentKey) next = this.current;
      else next = { kind: 'ready', ...where, client: this.clientFor(check.baseUrl, key) };
    }
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
  if (a.kind === 'secretsUnavailable' && b.kind === 'secretsUnavailable') return a.message === b.message && a.baseUrl === b.baseUrl;
  return a.kind === 'noKey' && b.kind === 'noKey' && a.baseUrl === b.baseUrl;
}
