// The last column of a CSV export: whatever of a record no other column holds. The columns come
// from the data model (columns.ts), and a real server sends more than any model lists (Codat's
// invoices carry `salesOrderRefs`, `withholdingTax`, `supplementalData`…); without this column a
// CSV export would drop them without a word, where JSON and JSON Lines keep them.
import { isRecord } from '../util/guards';

/** The header of the column. */
export const OTHER_FIELDS_COLUMN = 'otherFields';

/** Column paths as a tree: a key maps to `true` when a column holds its whole value, else to the
 * tree of the columns below it (`customerRef.id` and `customerRef.companyName` under `customerRef`). */
type PathTree = ReadonlyMap<string, PathTree | true>;

type Tree = Map<string, Tree | true>;

export function pathTree(columns: readonly string[]): PathTree {
  const root: Tree = new Map();
  for (const column of columns) {
    const keys = column.split('.');
    let at: Tree | undefined = root;
    for (const key of keys.slice(0, -1)) {
      const next: Tree | true | undefined = at.get(key);
      if (next === true) {
        at = undefined; // a column already holds the whole value
        break;
      }
      const sub: Tree = next ?? new Map<string, Tree | true>();
      at.set(key, sub);
      at = sub;
    }
    at?.set(keys[keys.length - 1], true);
  }
  return root;
}

/**
 * The fields of `record` that no column holds, nested as in the record; undefined when the
 * columns hold all of it. A field no column names is kept whole (null included: that it exists is
 * data); where columns expect an object below a field and the record has something else there (a
 * list, a text), that value is kept, since no column can show it.
 */
export function otherFields(record: unknown, columns: PathTree): Record<string, unknown> | undefined {
  if (!isRecord(record)) return undefined;
  const left: [string, unknown][] = [];
  for (const key of Object.keys(record)) {
    const value = record[key];
    const sub = columns.get(key);
    if (sub === true) continue;
    const rest =
      sub === undefined ? value : isRecord(value) ? otherFields(value, sub) : value === null ? undefined : value;
    if (rest !== undefined) left.push([key, rest]);
  }
  // fromEntries defines each key as the record's own field, `__proto__` included.
  return left.length > 0 ? Object.fromEntries(left) : undefined;
}
