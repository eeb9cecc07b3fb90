// What a company's records of every type are generated from, and what the types share: ids that
// carry their index, dates spread over the same four years as invoices, amounts in cents. Like an
// invoice, a record is a pure function of (seed, company id, type, index) and the company's size.
import type { InvoiceSource } from '../invoices';
import { Random, hash32 } from '../random';

/** A company's books: the seed and company, and its invoices, which size and anchor the rest. */
export interface Books {
  seed: number;
  companyId: string;
  /** The base currency. */
  currency: string;
  /** The invoices it has once synced (also before: other types reference what a sync will bring). */
  invoices: InvoiceSource;
}

export const DAY_MS = 86_400_000;
// The same four fixed years as the invoices, so the data never depends on the clock.
export const FIRST_DAY = Date.UTC(2022, 0, 3);
export const SPAN_DAYS = 4 * 365;

export const money = (cents: number): number => cents / 100;
export const cents = (amount: number): number => Math.round(amount * 100);

// Formatting dates is a large share of building a record; days repeat, so their names are kept
// (a few thousand days at most).
const dayNames = new Map<number, string>();

function dayName(ms: number): string {
  const dayNumber = Math.floor(ms / DAY_MS);
  let name = dayNames.get(dayNumber);
  if (name === undefined) {
    name = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    dayNames.set(dayNumber, name);
  }
  return name;
}

/** `YYYY-MM-DDT00:00:00`, as the API writes dates. */
export function day(ms: number): string {
  return `${dayName(ms)}T00:00:00`;
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DDTHH:MM:SSZ`, as the API writes instants. */
export function instant(ms: number): string {
  const s = Math.floor((((ms % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
  return `${dayName(ms)}T${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}Z`;
}

/** A day that rises with the index over the four years, as documents are numbered in real books. */
export function dayOfIndex(r: Random, index: number, count: number): number {
  const offset = Math.min(SPAN_DAYS - 1, Math.floor((index * SPAN_DAYS) / Math.max(1, count)) + r.int(0, 2));
  return FIRST_DAY + offset * DAY_MS;
}

const prefixes = new Map<string, string>();

/** The part of an id shared by one type's records of one company; the last 12 hex digits are the index. */
function idPrefix(books: Books, type: string): string {
  const key = `${books.seed}/${books.companyId}/${type}`;
  let prefix = prefixes.get(key);
  if (prefix === undefined) {
    const h = hash32(books.seed, books.companyId, type, 'ids').toString(16).padStart(8, '0');
    const g = hash32(books.seed, books.companyId, type, 'ids-2').toString(16).padStart(8, '0');
    prefix = `${h}-${g.slice(0, 4)}-4${g.slice(4, 7)}-b${h.slice(0, 3)}-`;
    // Bounded: a long run creates companies without end.
    if (prefixes.size >= 1024) prefixes.clear();
    prefixes.set(key, prefix);
  }
  return prefix;
}

export function recordId(books: Books, type: string, index: number): string {
  return idPrefix(books, type) + index.toString(16).padStart(12, '0');
}

/** The index an id stands for, or undefined when it is not one of this company's records of the type. */
export function recordIndex(books: Books, type: string, id: string, count: number): number | undefined {
  const prefix = idPrefix(books, type);
  if (id.length !== prefix.length + 12 || !id.toLowerCase().startsWith(prefix)) return undefined;
  const tail = id.slice(prefix.length);
  if (!/^[0-9a-fA-F]{12}$/.test(tail)) return undefined;
  const index = parseInt(tail, 16);
  return index < count ? index : undefined;
}

/**
 * What a record sends as the contract allows beyond the plain value: `null` for a nullable field,
 * `Unknown` for an enumeration. Drawn from a stream of its own, so the record's other values stay
 * what they were; each field decides on its own, in a small share of records.
 */
export class Variants {
  private readonly r: Random;
  constructor(books: Books, type: string, index: number | string) {
    this.r = Random.of(books.seed, books.companyId, type, 'variants', index);
  }

  /** `value`, or null in a share `p` of records. */
  orNull<T>(value: T, p = 0.06): T | null {
    return this.r.chance(p) ? null : value;
  }

  /** `value`, or `Unknown` in a share `p` of records (a status or type the platform does not map). */
  orUnknown<T extends string>(value: T, p = 0.04): T | 'Unknown' {
    return this.r.chance(p) ? 'Unknown' : value;
  }

  /** For an optional field the record lacks: `{}` (absent), or `{[key]: null}` in a share `p`. */
  missing(key: string, p = 0.25): Record<string, null> {
    return this.r.chance(p) ? { [key]: null } : {};
  }
}

export interface Stamps {
  metadata: { isDeleted: boolean };
  modifiedDate: string;
  sourceModifiedDate: string;
}

/** The fields every record ends with: deleted on ~2 %, modified some time after `fromMs`. */
export function stamps(r: Random, fromMs: number, deletedRate = 0.02): Stamps {
  const modifiedMs = fromMs + r.int(0, 90) * DAY_MS + r.int(0, DAY_MS / 1000 - 1) * 1000;
  return {
    metadata: { isDeleted: r.chance(deletedRate) },
    modifiedDate: instant(modifiedMs),
    sourceModifiedDate: instant(modifiedMs - r.int(1, 600) * 1000),
  };
}

/** Splits `total` cents into a part paid: all for Paid, none for Void (it owes nothing), some for PartiallyPaid. */
export function dueOf(r: Random, status: string, totalCents: number): number {
  if (status === 'Paid' || status === 'Void') return 0;
  if (status === 'PartiallyPaid') return totalCents - Math.round((totalCents * r.int(10, 90)) / 100);
  return totalCents;
}
