// What a filter matches. Records are numbered and read one field at a time, so the same code
// filters companies (objects in memory) and the big company's invoices (typed columns).
// - Text compares case-insensitively (Codat's example `status != paid` excludes "Paid"); `~` is
//   "contains".
// - A `YYYY-MM-DD` value compares with the date part of the record's value, so `issueDate=2024-01-15`
//   matches that whole day; a date-time value compares as an instant.
// - A missing value (absent, or not of the field's type) matches only `!=`.
import { dayOf, instantOf, readQueryDate } from './dates';
import type { FieldType, RecordFields } from './fields';
import { type Comparison, type Filter, type Operator, readBoolean, readNumber } from './filter';

/** One field of every record, by record number; undefined when the record has none. */
export type FieldReader = (record: number) => unknown;

export type Predicate = (record: number) => boolean;

function holds(operator: Operator, order: number): boolean {
  switch (operator) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    case '>=':
      return order >= 0;
    case '<=':
      return order <= 0;
    case '~':
      return false;
  }
}

const order = <T extends string | number>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);

/** Tests the field's value, read as `T`; a record without one matches only `!=`. */
function test<T>(
  read: FieldReader,
  as: (v: unknown) => T | undefined,
  operator: Operator,
  check: (v: T) => boolean,
): Predicate {
  const missing = operator === '!=';
  return (record) => {
    const v = as(read(record));
    return v === undefined ? missing : check(v);
  };
}

const asText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const asBoolean = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

function compileText(c: Comparison, read: FieldReader): Predicate {
  const wanted = c.value.toLowerCase();
  if (c.operator === '~') return test(read, asText, c.operator, (v) => v.toLowerCase().includes(wanted));
  const equal = c.operator === '=';
  return test(read, asText, c.operator, (v) => (v.toLowerCase() === wanted) === equal);
}

function compileDate(c: Comparison, read: FieldReader): Predicate {
  const wanted = readQueryDate(c.value);
  if (!wanted) throw new Error(`not a date: ${c.value}`);
  if ('day' in wanted) return test(read, dayOf, c.operator, (day) => holds(c.operator, order(day, wanted.day)));
  return test(read, instantOf, c.operator, (ms) => holds(c.operator, order(ms, wanted.ms)));
}

function compileComparison(c: Comparison, type: FieldType, read: FieldReader): Predicate {
  switch (type) {
    case 'text':
      return compileText(c, read);
    case 'number': {
      const wanted = readNumber(c.value) ?? NaN;
      return test(read, asNumber, c.operator, (v) => holds(c.operator, order(v, wanted)));
    }
    case 'boolean': {
      const equal = c.operator === '=';
      const wanted = readBoolean(c.value);
      return test(read, asBoolean, c.operator, (v) => (v === wanted) === equal);
    }
    case 'date':
      return compileDate(c, read);
  }
}

/** A predicate for a filter that parseFilter accepted for these fields. */
export function compileFilter(filter: Filter, fields: RecordFields, column: (field: string) => FieldReader): Predicate {
  if (filter.kind === 'compare') {
    const type = fields.types.get(filter.field);
    if (!type) throw new Error(`${filter.field} is no field of ${fields.name}`);
    return compileComparison(filter, type, column(filter.field));
  }
  const parts = filter.parts.map((p) => compileFilter(p, fields, column));
  return filter.kind === 'and' ? (r) => parts.every((p) => p(r)) : (r) => parts.some((p) => p(r));
}
