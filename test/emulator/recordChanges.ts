// Records that update and delete pushes changed, per company (and, for the types served per
// connection or under a parent record, per place), and a data type seen through them: an updated
// record replaces its old version in lists, filters, sorts and single reads; a deleted one leaves
// them (counts too, its id is then a 404). Kept with the push operations and reset with them.
import type { Books, DataType } from './dataTypes';

type Json = Record<string, unknown>;

/** Where a type's records are listed: the company, and the connection and parent record when the type has them. */
export interface RecordPlace {
  companyId: string;
  connectionId?: string;
  parentId?: string;
}

export interface TypeChanges {
  /** The new version of each updated record, by its id. */
  readonly updated: ReadonlyMap<string, Json>;
  /** The ids of deleted records. */
  readonly deleted: ReadonlySet<string>;
  /** Counts every change, so a cached selection of the list is not reused after one. */
  readonly revision: number;
}

interface Held {
  updated: Map<string, Json>;
  deleted: Set<string>;
  revision: number;
}

/** The key of a type's records at a place (the company's first, so a company is forgotten by prefix). */
export function placeKey(place: RecordPlace, type: string): string {
  return [place.companyId, place.connectionId ?? '', place.parentId ?? '', type].join('/');
}

export class RecordChanges {
  private readonly held = new Map<string, Held>();

  reset(): void {
    this.held.clear();
  }

  forget(companyId: string): void {
    for (const key of [...this.held.keys()]) if (key.startsWith(`${companyId}/`)) this.held.delete(key);
  }

  private of(key: string): Held {
    let h = this.held.get(key);
    if (!h) this.held.set(key, (h = { updated: new Map(), deleted: new Set(), revision: 0 }));
    return h;
  }

  update(key: string, id: string, record: Json): void {
    const h = this.of(key);
    h.updated.set(id, structuredClone(record));
    h.revision++;
  }

  delete(key: string, id: string): void {
    const h = this.of(key);
    h.updated.delete(id);
    h.deleted.add(id);
    h.revision++;
  }

  isDeleted(key: string, id: string): boolean {
    return this.held.get(key)?.deleted.has(id) ?? false;
  }

  changes(key: string): TypeChanges | undefined {
    return this.held.get(key);
  }
}

const idOf = (record: object): unknown => (record as { id?: unknown }).id;

/** The type as its changes leave it (the type itself when there are none). */
export function withChanges(type: DataType, changes: TypeChanges | undefined): DataType {
  if (!changes || (changes.updated.size === 0 && changes.deleted.size === 0)) return type;
  const { updated, deleted } = changes;
  // The deleted records' indexes in the type's own list, ascending, once per request (Books).
  const memo = new WeakMap<Books, number[]>();
  const gone = (books: Books): number[] => {
    let found = memo.get(books);
    if (!found) {
      found = [...deleted]
        .map((id) => type.indexOf(books, id))
        .filter((i): i is number => i !== undefined)
        .sort((a, b) => a - b);
      memo.set(books, found);
    }
    return found;
  };
  return {
    ...type,
    revision: `${type.revision ?? ''}~${changes.revision}`,
    count: (books) => type.count(books) - gone(books).length,
    record: (books, index) => {
      let own = index;
      for (const d of gone(books)) if (d <= own) own++;
      const record = type.record(books, own);
      const id = idOf(record);
      const newer = typeof id === 'string' ? updated.get(id) : undefined;
      return newer ? structuredClone(newer) : record;
    },
    indexOf: (books, id) => {
      const own = type.indexOf(books, id);
      if (own === undefined) return undefined;
      const before = gone(books);
      if (before.includes(own)) return undefined;
      return own - before.filter((d) => d < own).length;
    },
  };
}
