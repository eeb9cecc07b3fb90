// Numbers as the report shows them: a cell's amount with thousands separators and the currency's
// decimals, a change with its sign, an axis tick in short form (1.2k, 3.4M). The currency's code
// is said once, in the view's heading, not in every cell.
import { currencyDigits } from '../util/amount';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number, signed: boolean): Intl.NumberFormat {
  const id = `${locale}|${digits}|${signed}`;
  let f = formats.get(id);
  if (!f) {
    const options: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    f = new Intl.NumberFormat(locale, signed ? { ...options, signDisplay: 'exceptZero' } : options);
    formats.set(id, f);
  }
  return f;
}

/** The currency's decimals (JPY none, BHD three), two for none or a code Intl does not know. */
function digitsOf(currency: string | undefined): number {
  const code = currency?.trim().toUpperCase();
  return (code && /^[A-Z]{3}$/.test(code) ? currencyDigits(code) : undefined) ?? 2;
}

function format(value: number | null | undefined, currency: string | undefined, locale: string, signed: boolean) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const digits = digitsOf(currency);
  // What rounds to zero is written as zero, never as "-0.00".
  const shown = Math.abs(value) < 0.5 * 10 ** -digits ? 0 : value;
  return numberFormat(locale, digits, signed).format(shown);
}

/** A cell: `1,234.50`, `-1,234.50`; empty for no value. */
export function formatReportValue(value: number | null | undefined, currency?: string, locale = 'en'): string {
  return format(value, currency, locale, false);
}

/** A change against the column before: `+1,234.50`, `-12.00`, `0.00`; empty for none. */
export function formatReportChange(change: number | null | undefined, currency?: string, locale = 'en'): string {
  return format(change, currency, locale, true);
}

const UNITS: readonly [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** `n` with at most two decimals and none trailing. */
function short(n: number): string {
  const s = n.toFixed(2).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** An axis label: `0`, `950`, `1.2k`, `-3.4M`, `12B`. */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return '';
  const size = Math.abs(value);
  for (const [unit, suffix] of UNITS) {
    // 999,999 is "1M", not "1000k".
    if (size >= unit || short(size / (unit / 1000)) === '1000') return `${short(value / unit)}${suffix}`;
  }
  return short(value);
}
