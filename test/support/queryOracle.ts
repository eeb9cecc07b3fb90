// The tests' oracle of what a query means: evaluation of a parsed filter against records, and
// ordering for `orderBy`, held to the shared corpus (test/corpus/filters.ts) that the emulator's
// own implementation satisfies independently. The extension sends queries and never evaluates one:
// - strings compare case-insensitively; `~` is "contains";
// - numbers compare as numbers, booleans as booleans;
// - a `YYYY-MM-DD` value compares with the date part of the record's value (so
//   `issueDate=2025-03-04` matches `2025-03-04T00:00:00Z`), a date-time value as an instant.
//   Codat's docs read `modifiedDate>2022-08-23` as "since midnight UTC"; by day, a record from
//   later on the 23rd is not after it. Write `2022-08-23T00:00:00Z` for instant precision;
// - a missing (absent, null, array or unreadable) value matches only `!=`.
import type { ComparisonOperator, FieldType, QueryExpr, QuerySchema } from '../../src/query/ast';
import {
  fieldType,
  getFieldValue,
  parseBoolean,
  parseInstant,
  parseNumber,
  parseQueryDate,
} from '../../src/query/values';

/** The calendar day a record's date value was written for (its literal date part). */
function datePart(text: string): string | undefined {
  if (parseInstant(text) === undefined) return undefined;
  return text.slice(0, 10);
}

type RecordPredicate = (record: unknown) => boolean;

function readString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
}

function readNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  return typeof v === 'string' ? parseNumber(v) : undefined;
}

function readBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  return typeof v === 'string' ? parseBoolean(v) : undefined;
}

const readInstant = (v: unknown): number | undefined => (typeof v === 'string' ? parseInstant(v) : undefined);
const readDay = (v: unknown): string | undefined => (typeof v === 'string' ? datePart(v) : undefined);

function order<T extends string | number>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function holds(op: ComparisonOperator, cmp: number): boolean {
  switch (op) {
    case '=':
      return cmp === 0;
    case '!=':
      return cmp !== 0;
    case '>':
      return cmp > 0;
    case '<':
      return cmp < 0;
    case '>=':
      return cmp >= 0;
    case '<=':
      return cmp <= 0;
    case '~':
      throw new Error('"~" applies only to text');
  }
}

/** A predicate testing one read value; `read` yields undefined for a missing value. */
function comparer<T>(
  path: string[],
  op: ComparisonOperator,
  read: (v: unknown) => T | undefined,
  test: (actual: T) => boolean,
): RecordPredicate {
  return (record) => {
    const actual = read(getFieldValue(record, path));
    return actual === undefined ? op === '!=' : test(actual);
  };
}

function invalid(what: string, value: string, field: string): Error {
  return new Error(
    `Expected ${what} for "${field}", found ${JSON.stringify(value)}; check queries with parseQuery(text, schema) first`,
  );
}

function compileComparison(node: Extract<QueryExpr, { kind: 'comparison' }>, schema: QuerySchema): RecordPredicate {
  const { path, operator: op, value } = node;
  const field = path.join('.');
  const type = fieldType(schema, field);
  if (!type) throw new Error(`Unknown field "${field}" on ${schema.recordName}`);
  switch (type) {
    case 'string': {
      const wanted = value.toLowerCase();
      if (op === '~') return comparer(path, op, readString, (s) => s.toLowerCase().includes(wanted));
      if (op !== '=' && op !== '!=') throw new Error(`Operator "${op}" does not apply to text field "${field}"`);
      return comparer(path, op, readString, (s) => holds(op, order(s.toLowerCase(), wanted)));
    }
    case 'number': {
      const wanted = parseNumber(value);
      if (wanted === undefined) throw invalid('a number', value, field);
      return comparer(path, op, readNumber, (n) => holds(op, order(n, wanted)));
    }
    case 'boolean': {
      const wanted = parseBoolean(value);
      if (wanted === undefined) throw invalid('true or false', value, field);
      if (op !== '=' && op !== '!=') throw new Error(`Operator "${op}" does not apply to boolean field "${field}"`);
      return comparer(path, op, readBoolean, (b) => (b === wanted) === (op === '='));
    }
    case 'date': {
      const wanted = parseQueryDate(value);
      if (wanted === undefined) throw invalid('a date (YYYY-MM-DD)', value, field);
      if (wanted.kind === 'day') return comparer(path, op, readDay, (d) => holds(op, order(d, wanted.day)));
      return comparer(path, op, readInstant, (ms) => holds(op, order(ms, wanted.ms)));
    }
  }
}

/**
 * Turns a tree into a predicate, reading each query value once. Throws on a tree that
 * parseQuery(text, schema) would have refused (unknown field, wrong operator or value).
 */
export function compileQuery(ast: QueryExpr, schema: QuerySchema): RecordPredicate {
  if (ast.kind === 'comparison') return compileComparison(ast, schema);
  const parts = ast.operands.map((o) => compileQuery(o, schema));
  return ast.kind === 'and' ? (r) => parts.every((p) => p(r)) : (r) => parts.some((p) => p(r));
}

// Callers evaluate one tree against many records; compile it once per (tree, schema).
const compiled = new WeakMap<QueryExpr, WeakMap<QuerySchema, RecordPredicate>>();

export function evaluateQuery(ast: QueryExpr, record: unknown, schema: QuerySchema): boolean {
  let bySchema = compiled.get(ast);
  if (!bySchema) compiled.set(ast, (bySchema = new WeakMap()));
  let predicate = bySchema.get(schema);
  if (!predicate) bySchema.set(schema, (predicate = compileQuery(ast, schema)));
  return predicate(record);
}

function sortKey(v: unknown, type: FieldType): string | number | undefined {
  switch (type) {
    case 'string':
      return readString(v);
    case 'number':
      return readNumber(v);
    case 'date':
      return readInstant(v);
    case 'boolean': {
      const b = readBoolean(v);
      return b === undefined ? undefined : Number(b);
    }
  }
}

/**
 * Comparator for `orderBy`. Missing values sort last in both directions: pass
 * `descending` rather than negating the result, which would put them first.
 * Strings order case-insensitively, ties broken by their exact text so the order is total.
 */
export function compareByField(a: unknown, b: unknown, path: string[], type: FieldType, descending = false): number {
  const ka = sortKey(getFieldValue(a, path), type);
  const kb = sortKey(getFieldValue(b, path), type);
  if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
  let cmp: number;
  if (typeof ka === 'string' && typeof kb === 'string') {
    cmp = order(ka.toLowerCase(), kb.toLowerCase()) || order(ka, kb);
  } else {
    cmp = order(ka, kb);
  }
  return descending ? -cmp : cmp;
}
