// `orderBy`: one field, ascending, or descending with a leading `-` (reference). Text orders
// case-insensitively (texts that differ only in case by their exact characters), dates as
// instants, false before true. Missing values go last in both directions, and ties keep the
// default order, so paging through a sorted list never repeats or skips a record.
import { instantOf } from './dates';
import type { FieldType, RecordFields } from './fields';
import type { FieldReader } from './match';

export interface Order {
  field: string;
  type: FieldType;
  descending: boolean;
}

export type OrderProblem = { kind: 'malformed' } | { kind: 'unknownField'; field: string };

const FIELD = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

/** Spaces around the field and after the `-` are ignored; a list of fields is refused. */
export function parseOrderBy(text: string, fields: RecordFields): Order | OrderProblem {
  const trimmed = text.trim();
  const descending = trimmed.startsWith('-');
  const field = descending ? trimmed.slice(1).trimStart() : trimmed;
  if (!FIELD.test(field)) return { kind: 'malformed' };
  const type = fields.types.get(field);
  return type ? { field, type, descending } : { kind: 'unknownField', field };
}

export function isOrder(value: Order | OrderProblem): value is Order {
  return 'field' in value && 'type' in value;
}

type Key = string | number | undefined;

function keyOf(value: unknown, type: FieldType): Key {
  switch (type) {
    case 'text':
      return typeof value === 'string' ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? Number(value) : undefined;
    case 'date':
      return instantOf(value);
  }
}

const compare = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

/** The records in the requested order; a stable sort, keys read once per record. */
export function sortRecords(records: readonly number[], read: FieldReader, order: Order): number[] {
  const keys = records.map((r) => keyOf(read(r), order.type));
  // Text compares by its lower case first; the exact text only breaks those ties.
  const folded = order.type === 'text' ? keys.map((k) => (k as string | undefined)?.toLowerCase()) : keys;
  const sign = order.descending ? -1 : 1;
  const positions = records.map((_, j) => j);
  positions.sort((a, b) => {
    const [fa, fb] = [folded[a], folded[b]];
    if (fa === undefined || fb === undefined) return fa === fb ? a - b : fa === undefined ? 1 : -1;
    return sign * (compare(fa, fb) || compare(keys[a] as string | number, keys[b] as string | number)) || a - b;
  });
  return positions.map((j) => records[j]);
}
