// Recent API errors for the diagnostics panel: one store, fed once per failure by whoever caught
// it, read by the panel. Entries hold the error's plain-data form (`toJSON()`), which the client
// has already redacted; nothing here adds fields, so nothing here can reintroduce the key.
import type { ApiError, ApiErrorJSON } from '../api';
import { Emitter, type Disposable } from '../util/emitter';

export interface DiagnosticEntry {
  /** Unique within the store's lifetime (`d1`, `d2`, …); stable while the entry is kept. */
  readonly id: string;
  readonly time: Date;
  readonly error: ApiErrorJSON;
}

export interface DiagnosticsStoreOptions {
  /** How many entries are kept; the oldest go first. Default 200. */
  capacity?: number;
  /** Injected clock for tests. */
  now?: () => Date;
}

export const DEFAULT_CAPACITY = 200;

/** What `add` needs of an error: the shape of `ApiError`, so errors from another bundle of the
 * same code (the tests' copy vs. the extension's) are accepted too. */
export type ApiErrorLike = Pick<ApiError, 'kind' | 'toJSON'>;

export class DiagnosticsStore {
  private readonly capacity: number;
  private readonly now: () => Date;
  /** Oldest first, so appending and trimming are cheap; `entries()` reverses. */
  private list: DiagnosticEntry[] = [];
  private nextId = 1;
  /** The same error object reported twice (tree node, then "Show details") is one entry. */
  private readonly byError = new WeakMap<object, DiagnosticEntry>();
  private readonly changes = new Emitter<void>();

  constructor(options: DiagnosticsStoreOptions = {}) {
    this.capacity = Math.max(1, Math.floor(options.capacity ?? DEFAULT_CAPACITY));
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Records a failure and returns its entry. A cancellation is not a failure the user needs to
   * read about: it is returned as an entry but not kept, and no event fires.
   */
  add(error: ApiError | ApiErrorLike): DiagnosticEntry {
    const known = this.byError.get(error);
    if (known && this.list.includes(known)) return known;
    // A JSON round trip detaches the entry from the error object and freezes its content as it
    // was when reported: later `with(...)` copies or mutations cannot change what was shown.
    const json = JSON.parse(JSON.stringify(error.toJSON())) as ApiErrorJSON;
    const entry: DiagnosticEntry = Object.freeze({ id: `d${this.nextId++}`, time: this.now(), error: json });
    if (error.kind === 'cancelled') return entry;
    this.byError.set(error, entry);
    this.list.push(entry);
    if (this.list.length > this.capacity) this.list.splice(0, this.list.length - this.capacity);
    this.fire();
    return entry;
  }

  /** Newest first. */
  entries(): readonly DiagnosticEntry[] {
    return [...this.list].reverse();
  }

  get size(): number {
    return this.list.length;
  }

  /** The entry for an entry id, a correlationId (newest match) or an error object already added. */
  find(ref: string | object): DiagnosticEntry | undefined {
    if (typeof ref === 'object') {
      const e = this.byError.get(ref);
      return e && this.list.includes(e) ? e : undefined;
    }
    for (let i = this.list.length - 1; i >= 0; i--) {
      const e = this.list[i];
      if (e.id === ref || (e.error.correlationId !== undefined && e.error.correlationId === ref)) return e;
    }
    return undefined;
  }

  clear(): void {
    if (this.list.length === 0) return;
    this.list = [];
    this.fire();
  }

  onDidChange(listener: () => void): Disposable {
    return this.changes.event(listener);
  }

  dispose(): void {
    this.changes.dispose();
  }

  /** A failing listener (a disposed panel) cannot stop the others or the caller's add(): the
   * emitter isolates each. */
  private fire(): void {
    this.changes.fire();
  }
}
