// Recent queries per company and data type, most recent first, without duplicates, capped.
// Stored through a Memento-shaped interface (the extension passes `globalState`), so it is tested
// without VS Code. Entries of invoices carry no type: the history was kept before there were others.
import { queryIdentity } from '../query/format';

interface HistoryEntry {
  query: string;
  orderBy?: string;
  /** The data type queried (a segment such as `bills`); absent for invoices. */
  dataType?: string;
}

const INVOICES = 'invoices';

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
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof e.query === 'string' &&
    (e.orderBy === undefined || typeof e.orderBy === 'string') &&
    (e.dataType === undefined || typeof e.dataType === 'string')
  );
}

const typeOf = (e: HistoryEntry): string => e.dataType ?? INVOICES;

// By meaning: re-running `status = Paid` moves `status=Paid` to the top (with the newer spelling).
const same = (a: HistoryEntry, b: HistoryEntry) =>
  queryIdentity(a.query, a.orderBy) === queryIdentity(b.query, b.orderBy);

export class QueryHistory {
  constructor(
    private readonly store: HistoryStore,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  /** The company's recent queries of one data type, most recent first. Anything malformed in
   * storage is ignored. */
  list(companyId: string, dataType: string = INVOICES): HistoryEntry[] {
    return this.stored(companyId).filter((e) => typeOf(e) === dataType);
  }

  /** Puts the entry first among its type's, dropping an earlier copy and the oldest beyond the
   * cap (per type: a busy type does not push another's out). */
  async add(companyId: string, entry: HistoryEntry): Promise<void> {
    const type = typeOf(entry);
    const clean: HistoryEntry = {
      query: entry.query,
      ...(entry.orderBy ? { orderBy: entry.orderBy } : {}),
      ...(type !== INVOICES ? { dataType: type } : {}),
    };
    const ofType = [clean, ...this.list(companyId, type).filter((e) => !same(e, clean))].slice(0, this.limit);
    const others = this.stored(companyId).filter((e) => typeOf(e) !== type);
    const all = { ...(this.store.get<Stored>(HISTORY_KEY) ?? {}), [companyId]: [...ofType, ...others] };
    await this.store.update(HISTORY_KEY, all);
  }

  private stored(companyId: string): HistoryEntry[] {
    const all = this.store.get<Stored>(HISTORY_KEY);
    const entries = all && typeof all === 'object' ? all[companyId] : undefined;
    return Array.isArray(entries) ? entries.filter(isEntry) : [];
  }

  async clear(companyId: string): Promise<void> {
    const all = { ...(this.store.get<Stored>(HISTORY_KEY) ?? {}) };
    delete all[companyId];
    await this.store.update(HISTORY_KEY, all);
  }
}
