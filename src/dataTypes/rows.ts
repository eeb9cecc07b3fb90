// What the tree keeps of a record: its row, the fields its type's catalog entry shows (label,
// description, icon, tooltip) and its id, not the whole record. A whole invoice takes about 2 KB
// of heap (its line items and their references above all); 100,000 of them held after Load all
// grew the process by 285 MB against a goal of 150. What needs the whole record (Open JSON, Copy
// as JSON) fetches it by id. Derived from the catalog, so a new type needs nothing here.
import { isRecord } from '../util/guards';
import type { DataTypeSpec } from './catalog';
import { ROW_FORMATS, type FieldRef } from './rowFormats';

/** Phone numbers as one text: a phone sent as text (our seed spec), or the numbers of Codat's list
 * of `{number, type}`, joined; undefined when there is none. */
export function phoneNumbers(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (!Array.isArray(value)) return undefined;
  const numbers = value
    .map((p) => (isRecord(p) && typeof p.number === 'string' ? p.number.trim() : ''))
    .filter((n) => n !== '');
  return numbers.length > 0 ? numbers.join(', ') : undefined;
}

/** A record of any company data type (a bill, a customer, an account …): an id and the fields of
 * its type, read through the data type catalog (catalog.ts), not typed one by one. */
export interface DataRecord {
  id: string;
  [field: string]: unknown;
}

/** A record as the tree holds it: only the fields its type shows, each where the record has it. */
export type RecordRow = DataRecord;

/** A field the presentation reads for every type: a deleted record says so. */
const DELETED = 'metadata.isDeleted';

const refPaths = (ref: FieldRef | undefined): readonly string[] =>
  ref === undefined ? [] : typeof ref === 'string' ? [ref] : ref;

/** The field paths a type's rows keep: every field its presentation reads, and the id. */
export function rowFields(spec: DataTypeSpec): readonly string[] {
  const paths = [
    'id',
    ...spec.label.flat(),
    ...[spec.party, spec.kind, spec.amount, spec.currency, spec.rate, spec.date, spec.status].flatMap(refPaths),
    ...spec.tooltip.flatMap(([, ref]) => refPaths(ref)),
    DELETED,
  ];
  return [...new Set(paths)];
}

const projections = new WeakMap<DataTypeSpec, (record: DataRecord) => RecordRow>();

/** The function that makes a type's rows, made once per type. */
export function rowMaker(spec: DataTypeSpec): (record: DataRecord) => RecordRow {
  let make = projections.get(spec);
  if (!make) {
    const paths = rowFields(spec).map((p) => p.split('.'));
    // A phone list is kept as the text it shows, not left out as lists are.
    const phones = new Set(
      spec.tooltip.filter(([kind]) => ROW_FORMATS[kind] === 'phones').flatMap(([, ref]) => refPaths(ref)),
    );
    make = (record) => project(record, paths, phones);
    projections.set(spec, make);
  }
  return make;
}

/** A copy of `record` holding the values at `paths`: text, numbers and booleans as they are; an
 * object as an empty one, which the presentation shows as nothing just as it does the object,
 * and which stops a choice of fields there just as the object does (so `customerRef.id` is not
 * shown in place of a `companyName` that is an object). Lists, which it never shows, are left out. */
function project(record: DataRecord, paths: readonly (readonly string[])[], phones: ReadonlySet<string>): RecordRow {
  const row: Record<string, unknown> = {};
  for (const path of paths) {
    let from: unknown = record;
    for (const key of path)
      from = isRecord(from) && Object.prototype.hasOwnProperty.call(from, key) ? from[key] : undefined;
    if (Array.isArray(from) && phones.has(path.join('.'))) from = phoneNumbers(from);
    if (typeof from !== 'string' && typeof from !== 'number' && typeof from !== 'boolean' && !isRecord(from)) continue;
    let to = row;
    for (const key of path.slice(0, -1)) to = isRecord(to[key]) ? to[key] : (to[key] = {});
    const leaf = path[path.length - 1];
    if (!isRecord(to[leaf])) to[leaf] = isRecord(from) ? {} : from;
  }
  return row as RecordRow;
}
