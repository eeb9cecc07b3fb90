// Reading typed values, shared by validation (is this query value well formed?) and evaluation
// (what does this record hold?), so both agree on what a number, date or boolean is.
import type { FieldType, QuerySchema } from './ast';

/** Decimal with optional sign; no exponent, no thousands separators. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// ISO 8601 date-time as the API writes it; .NET emits up to 7 fraction digits.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseNumber(text: string): number | undefined {
  const t = text.trim();
  return NUMBER.test(t) ? Number(t) : undefined;
}

export function parseBoolean(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : undefined;
}

/**
 * A date as the filter language sees it: a whole calendar day (`2025-03-04`) or an instant
 * (`2025-03-04T10:00:00Z`). A day compares with the date part of a record's value.
 */
type QueryDate = { kind: 'day'; day: string } | { kind: 'instant'; ms: number };

function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Parses a query value: `YYYY-MM-DD` or an ISO date-time. */
export function parseQueryDate(text: string): QueryDate | undefined {
  const t = text.trim();
  const day = DATE_ONLY.exec(t);
  if (day) {
    return validDay(Number(day[1]), Number(day[2]), Number(day[3])) ? { kind: 'day', day: t } : undefined;
  }
  const ms = parseInstant(t);
  return ms === undefined ? undefined : { kind: 'instant', ms };
}

/**
 * Milliseconds since the epoch of an ISO date or date-time. A value without a zone is read as
 * UTC (the API's convention), never as the machine's local time.
 */
export function parseInstant(text: string): number | undefined {
  const day = DATE_ONLY.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    return validDay(y, m, d) ? Date.UTC(y, m - 1, d) : undefined;
  }
  const p = DATE_TIME.exec(text);
  if (!p) return undefined;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(p[i] ?? 0));
  if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = p[7] ? Number(p[7].slice(0, 3).padEnd(3, '0')) : 0;
  let offsetMinutes = 0;
  const zone = p[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits[0] === '-' ? -1 : 1;
    offsetMinutes = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  }
  return Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMinutes * 60_000;
}

/** `customerRef.id`: dot-separated identifiers, no empty segments. */
const FIELD_NAME = /^[A-Za-z0-9_$]+(?:\.[A-Za-z0-9_$]+)*$/;

export function isFieldName(text: string): boolean {
  return FIELD_NAME.test(text);
}

/** The type of a field, or undefined; own properties only, so `constructor` is not a field. */
export function fieldType(schema: QuerySchema, field: string): FieldType | undefined {
  return Object.prototype.hasOwnProperty.call(schema.fields, field) ? schema.fields[field] : undefined;
}

/**
 * The value at a dotted path, or undefined. Only own properties of plain objects are
 * followed, and arrays are never looked into (the language does not query inside arrays).
 */
export function getFieldValue(record: unknown, path: string[]): unknown {
  let current: unknown = record;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return Array.isArray(current) ? undefined : current;
}
