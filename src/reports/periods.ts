// A report's periods as the table's columns: the dates the API gives (the contract's DateTime, read
// as the calendar day it names, whatever time or offset follows: a period is a platform's days,
// not instants), their headings ("Jan 2026", "Jan–Mar 2026", "15 Jan 2026"), and the order they
// read in, oldest first.
import { t } from '../l10n';

export interface Day {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** YYYY-MM-DD. */
  iso: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** The calendar day a DateTime names, or undefined for anything that is not one. */
export function dayOf(value: unknown): Day | undefined {
  const m = typeof value === 'string' ? DAY.exec(value) : null;
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return { year, month, day, iso: `${m[1]}-${m[2]}-${m[3]}` };
}

const lastDayOf = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const isMonthEnd = (d: Day): boolean => d.day === lastDayOf(d.year, d.month);

const monthFormats = new Map<string, Intl.DateTimeFormat>();

function monthName(month: number, locale: string): string {
  let f = monthFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    monthFormats.set(locale, f);
  }
  return f.format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** "Jan 2026". */
export const monthLabel = (d: Day, locale: string): string => `${monthName(d.month, locale)} ${d.year}`;
/** "15 Jan 2026". */
const dayLabel = (d: Day, locale: string): string => `${d.day} ${monthLabel(d, locale)}`;

/** The heading of a period from `from` to `to`: whole months read as months ("Jan 2026",
 * "Jan–Mar 2026", "Nov 2025–Jan 2026"), anything else as days; a balance sheet's date (`to`
 * alone) as its month when it is the month's last day. Undefined when the dates say nothing. */
export function periodLabel(from: Day | undefined, to: Day | undefined, locale: string): string | undefined {
  if (!to) return from ? dayLabel(from, locale) : undefined;
  if (!from) return isMonthEnd(to) ? monthLabel(to, locale) : dayLabel(to, locale);
  if (from.day === 1 && isMonthEnd(to)) {
    if (from.year === to.year && from.month === to.month) return monthLabel(to, locale);
    if (from.year === to.year) return `${monthName(from.month, locale)}–${monthLabel(to, locale)}`;
    return `${monthLabel(from, locale)}–${monthLabel(to, locale)}`;
  }
  return from.iso === to.iso ? dayLabel(to, locale) : `${dayLabel(from, locale)}–${dayLabel(to, locale)}`;
}

/** The indices of `periods` oldest first. The API lists the newest first: when every period has a
 * date the dates decide (a stable sort keeps equal dates in the API's order, reversed), otherwise
 * the API's order reversed. */
export function chronological<P>(periods: readonly P[], dateOf: (p: P) => Day | undefined): number[] {
  const order = periods.map((_, i) => periods.length - 1 - i);
  const dates = periods.map(dateOf);
  if (dates.some((d) => d === undefined)) return order;
  return order.sort((a, b) => (dates[a] as Day).iso.localeCompare((dates[b] as Day).iso));
}

/** "Period 3": a heading for a period whose dates say nothing. */
export const unnamedPeriod = (n: number): string => t('Period {0}', n);
