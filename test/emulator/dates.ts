// Dates in filters and sorts. The reference writes query dates as `YYYY-MM-DD`; a date-time
// (`2024-01-31T12:00:00Z`, as records carry them) is accepted too and means that instant. A
// value without a zone is UTC, the API's convention.

/** A query date: a whole calendar day, or an instant. */
export type QueryDate = { day: string } | { ms: number };

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

function isCalendarDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Minutes east of UTC of `Z`, `+01:00`, `-0530`. */
function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits.startsWith('-') ? -minutes : minutes;
}

interface ParsedDate {
  /** The calendar day as written. */
  day: string;
  ms: number;
  hasTime: boolean;
}

function parseDate(text: string): ParsedDate | undefined {
  const p = DATE.exec(text);
  if (!p) return undefined;
  const [y, mo, d] = [Number(p[1]), Number(p[2]), Number(p[3])];
  const [h, mi, s] = [Number(p[4] ?? 0), Number(p[5] ?? 0), Number(p[6] ?? 0)];
  if (!isCalendarDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return undefined;
  // Fractions finer than a millisecond are cut off, not rounded.
  const millis = p[7] ? Number(p[7].padEnd(3, '0').slice(0, 3)) : 0;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s, millis) - offsetMinutes(p[8]) * 60_000;
  return { day: text.slice(0, 10), ms, hasTime: p[4] !== undefined };
}

/** A filter's date value, or undefined when it is not a date. */
export function readQueryDate(value: string): QueryDate | undefined {
  const parsed = parseDate(value.trim());
  if (!parsed) return undefined;
  return parsed.hasTime ? { ms: parsed.ms } : { day: parsed.day };
}

/** The instant a record's date value stands for. */
export function instantOf(value: unknown): number | undefined {
  return typeof value === 'string' ? parseDate(value)?.ms : undefined;
}

/** The calendar day a record's date value was written for (its date part, whatever its zone). */
export function dayOf(value: unknown): string | undefined {
  return typeof value === 'string' ? parseDate(value)?.day : undefined;
}
