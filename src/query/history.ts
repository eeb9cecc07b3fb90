// Recent queries per company, most recent first, without duplicates, capped. Stored through a
// Memento-shaped interface (the extension passes `globalState`), so it is tested without VS Code.
import { queryIdentity } from './canonical';

export interface HistoryEntry {
  query: string;
  orderBy?: string;
}

/** The part of `vscode.Memento` the history uses. */
export interface HistoryStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export const HISTORY_KEY = 'dataPlatform.queryHistory';
export const HISTORY_LIMIT = 20;

type Stored = Record<string, HistoryEntry[]>;

function isEntry(v: unknown): v is HistoryEntry {
  const e = v as HistoryEntry;
  return typeof v === 'object' && v !== null && typeof e.query === 'string' && (e.orderBy === undefined || typeof e.orderBy === 'string');
}

// By meaning: re-running `status = Paid` moves `status=Paid` to the top (with the newer spelling).
const same = (a: HistoryEntry, b: HistoryEntry) => queryIdentity(a.query, a.orderBy) === queryIdentity(b.query, b.orderBy);

export class QueryHistory {
  constructor(
    private readonly store: HistoryStore,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  /** The company's recent queries, most recent first. Anything malformed in storage is ignored. */
  list(companyId: string): HistoryEntry[] {
    const all = this.store.get<Stored>(HISTORY_KEY);
    const entries = all && typeof all === 'object' ? all[companyId] : undefined;
    return Array.isArray(entries) ? entries.filter(isEntry) : [];
  }

  /** Puts the entry first, dropping an earlier copy and the oldest beyond the cap. */
  async add(companyId: string, entry: HistoryEntry): Promise<void> {
    const clean: HistoryEntry = entry.orderBy ? { query: entry.query, orderBy: entry.orderBy } : { query: entry.query };
    const entries = [clean, ...this.list(companyId).filter((e) => !same(e, clean))].slice(0, this.limit);
    const all = { ...(this.store.get<Stored>(HISTORY_KEY) ?? {}), [companyId]: entries };
    await this.store.update(HISTORY_KEY, all);
  }

  async clear(companyId: string): Promise<void> {
    const all = { ...(this.store.get<Stored>(HISTORY_KEY) ?? {}) };
    delete all[companyId];
    await this.store.update(HISTORY_KEY, all);
  }
}
