// The query nodes of each company, kept across window reloads: the ones open in the tree and the
// ones pinned as saved queries, per scope (an account) and company. Stored through a
// Memento-shaped interface (the extension passes `globalState`: queries belong to the account,
// not to a workspace), so it is tested without VS Code. Anything malformed in storage is dropped.
import { queryIdentity } from '../query/format';
import type { HistoryStore } from './queryHistory';

export interface SavedQuery {
  /** The data type queried (`invoices`, `bills`, …). */
  dataType: string;
  query?: string;
  orderBy?: string;
  /** A name the user gave it, shown instead of the filter. */
  label?: string;
  /** Pinned queries are the saved ones: listed first and never dropped to make room. */
  pinned?: boolean;
  /** The connection listed, for a connection-scoped type. */
  connectionId?: string;
  /** The parent record listed under, for a type with a parent (a bank account's transactions). */
  parentId?: string;
  /** What the place is called, shown with the query (`Xero · Business account`). */
  placeName?: string;
}

export const SAVED_QUERIES_KEY = 'dataPlatform.queryNodes';
/** Unpinned query nodes kept per company; the oldest go first. */
export const OPEN_QUERY_LIMIT = 20;
/** Pinned queries per company: a bound, so storage cannot grow without end. */
export const PINNED_QUERY_LIMIT = 100;
const MAX_TEXT = 4096;

type Stored = Record<string, SavedQuery[]>;

const optionalText = (v: unknown): boolean => v === undefined || (typeof v === 'string' && v.length <= MAX_TEXT);

function clean(v: unknown): SavedQuery | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const e = v as Record<string, unknown>;
  if (typeof e.dataType !== 'string' || !/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(e.dataType)) return undefined;
  const texts = ['query', 'orderBy', 'label', 'connectionId', 'parentId', 'placeName'] as const;
  if (!texts.every((k) => optionalText(e[k]))) return undefined;
  if (e.pinned !== undefined && typeof e.pinned !== 'boolean') return undefined;
  const out: SavedQuery = { dataType: e.dataType };
  for (const k of texts) if (e[k] !== undefined) out[k] = e[k] as string;
  if (e.pinned) out.pinned = true;
  return out;
}

/** Two entries are the same query node when they query the same type at the same place with the
 * same meaning. */
function sameQuery(a: SavedQuery, b: SavedQuery): boolean {
  return (
    a.dataType === b.dataType &&
    a.connectionId === b.connectionId &&
    a.parentId === b.parentId &&
    queryIdentity(a.query, a.orderBy) === queryIdentity(b.query, b.orderBy)
  );
}

export class SavedQueries {
  constructor(private readonly store: HistoryStore) {}

  private key(scope: string, companyId: string): string {
    return JSON.stringify([scope, companyId]);
  }

  private all(): Stored {
    const v = this.store.get<Stored>(SAVED_QUERIES_KEY);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {};
  }

  /** The company's query nodes in the order they are shown: pinned first, each group in order. */
  list(scope: string, companyId: string): SavedQuery[] {
    const raw = this.all()[this.key(scope, companyId)];
    if (!Array.isArray(raw)) return [];
    const out: SavedQuery[] = [];
    for (const v of raw) {
      const e = clean(v);
      if (e && !out.some((o) => sameQuery(o, e))) out.push(e);
    }
    return [...out.filter((e) => e.pinned), ...out.filter((e) => !e.pinned)];
  }

  /** Writes the company's list, keeping the bounds: the oldest unpinned entries go first. */
  async replace(scope: string, companyId: string, entries: readonly SavedQuery[]): Promise<void> {
    const list = entries.map(clean).filter((e): e is SavedQuery => e !== undefined);
    const pinned = list.filter((e) => e.pinned).slice(0, PINNED_QUERY_LIMIT);
    const open = list.filter((e) => !e.pinned);
    const kept = [...pinned, ...open.slice(Math.max(0, open.length - OPEN_QUERY_LIMIT))];
    const all = { ...this.all() };
    const key = this.key(scope, companyId);
    if (kept.length === 0) delete all[key];
    else all[key] = kept;
    await this.store.update(SAVED_QUERIES_KEY, all);
  }

  /** Adds a query node (or leaves the one with the same meaning where it is). */
  async add(scope: string, companyId: string, entry: SavedQuery): Promise<void> {
    const list = this.list(scope, companyId);
    if (list.some((e) => sameQuery(e, entry))) return;
    await this.replace(scope, companyId, [...list, entry]);
  }

  /** Changes one entry in place (rename, pin, an edited filter); adds it when it is not there. */
  async update(scope: string, companyId: string, old: SavedQuery, next: SavedQuery): Promise<void> {
    const list = this.list(scope, companyId).filter((e) => !sameQuery(e, next) || sameQuery(e, old));
    const i = list.findIndex((e) => sameQuery(e, old));
    if (i < 0) list.push(next);
    else list[i] = next;
    await this.replace(scope, companyId, list);
  }

  async remove(scope: string, companyId: string, entry: SavedQuery): Promise<void> {
    await this.replace(
      scope,
      companyId,
      this.list(scope, companyId).filter((e) => !sameQuery(e, entry)),
    );
  }

  /** Drops every company's list of a scope (a removed account), so storage keeps nothing of it. */
  async forgetScope(scope: string): Promise<void> {
    const all = this.all();
    const kept = Object.fromEntries(Object.entries(all).filter(([key]) => scopeOf(key) !== scope));
    if (Object.keys(kept).length !== Object.keys(all).length) await this.store.update(SAVED_QUERIES_KEY, kept);
  }
}

function scopeOf(key: string): unknown {
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) ? parsed[0] : undefined;
  } catch {
    return undefined;
  }
}
