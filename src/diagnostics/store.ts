// Recent API errors for the diagnostics panel: one store, fed once per failure by whoever caught
// it, read by the panel. Entries hold the error's plain-data form (`toJSON()`), which the client
// has already redacted; nothing here adds fields, so nothing here can reintroduce the key. What an
// entry keeps is capped (keep.ts); the whole body of the newest few cut entries is kept aside for
// the editor tab.
import type { ApiError, ApiErrorJSON } from '../api';
import { Emitter, type Disposable } from '../util/emitter';
import { keptError, type RowCounts } from './keep';
import { WHOLE_BODIES_BUDGET, WHOLE_BODIES_KEPT } from './limits';

export interface DiagnosticEntry {
  /** Unique within the store's lifetime (`d1`, `d2`, …); stable while the entry is kept. */
  readonly id: string;
  readonly time: Date;
  /** The error as kept: texts, validation rows and the raw body capped (keep.ts). */
  readonly error: ApiErrorJSON;
  /** Set when the entry keeps less of the body than it had: the row counts the body had. */
  readonly cut?: Readonly<RowCounts>;
  /** The name of the account whose request failed (several accounts can be browsed at once). */
  readonly account?: string;
}

/** What the reporter knows of a failure besides the error itself. */
interface EntryOrigin {
  account?: string;
}

interface DiagnosticsStoreOptions {
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
  /** The whole body (compact JSON of the parsed body) of the newest cut entries, oldest first. */
  private readonly wholeBodies = new Map<DiagnosticEntry, string>();
  private readonly changes = new Emitter<void>();

  constructor(options: DiagnosticsStoreOptions = {}) {
    this.capacity = Math.max(1, Math.floor(options.capacity ?? DEFAULT_CAPACITY));
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Records a failure and returns its entry. A cancellation is not a failure the user needs to
   * read about: it is returned as an entry but not kept, and no event fires.
   */
  add(error: ApiError | ApiErrorLike, origin: EntryOrigin = {}): DiagnosticEntry {
    const known = this.byError.get(error);
    if (known && this.list.includes(known)) return known;
    const full = error.toJSON();
    const kept = keptError(full);
    // A JSON round trip detaches the entry from the error object and freezes its content as it
    // was when reported: later `with(...)` copies or mutations cannot change what was shown.
    // Only of what is kept: a 16 MB body costs nothing here unless it was cut (below).
    const json = JSON.parse(JSON.stringify(kept.error)) as ApiErrorJSON;
    const entry: DiagnosticEntry = Object.freeze({
      id: `d${this.nextId++}`,
      time: this.now(),
      error: json,
      ...(kept.cut ? { cut: Object.freeze({ ...kept.cut }) } : {}),
      ...(origin.account !== undefined ? { account: origin.account } : {}),
    });
    if (error.kind === 'cancelled') return entry;
    this.byError.set(error, entry);
    this.list.push(entry);
    if (kept.cut && full.body) this.keepWhole(entry, JSON.stringify(full.body));
    if (this.list.length > this.capacity) {
      for (const gone of this.list.splice(0, this.list.length - this.capacity)) this.wholeBodies.delete(gone);
    }
    this.fire();
    return entry;
  }

  /**
   * The whole body of a cut entry as compact JSON, while the store keeps it: for the newest
   * WHOLE_BODIES_KEPT cut entries, WHOLE_BODIES_BUDGET characters in all. Undefined for an entry
   * that was not cut (its `error.body` is whole) or whose whole body was let go.
   */
  wholeBody(entry: DiagnosticEntry): string | undefined {
    return this.wholeBodies.get(entry);
  }

  /** Keeps `text` for `entry`, letting the oldest whole bodies go beyond the count or the budget. */
  private keepWhole(entry: DiagnosticEntry, text: string): void {
    this.wholeBodies.set(entry, text);
    let total = 0;
    for (const t of this.wholeBodies.values()) total += t.length;
    for (const [e, t] of this.wholeBodies) {
      if (this.wholeBodies.size <= WHOLE_BODIES_KEPT && total <= WHOLE_BODIES_BUDGET) break;
      this.wholeBodies.delete(e);
      total -= t.length;
    }
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
    this.wholeBodies.clear();
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
