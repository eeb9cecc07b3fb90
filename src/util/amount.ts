// Money as the tree shows it: `1,234.50 GBP`, with the currency's own number of decimals (JPY
// none, BHD three) from Intl.NumberFormat. A code Intl does not know still shows the number and
// the code rather than failing.

const digitsCache = new Map<string, number | undefined>();

/** Decimals Intl uses for a currency, or undefined when it does not know the code. */
export function currencyDigits(currency: string): number | undefined {
  if (!digitsCache.has(currency)) {
    let digits: number | undefined;
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    } catch {
      digits = undefined;
    }
    digitsCache.set(currency, digits);
  }
  return digitsCache.get(currency);
}

// Building an Intl.NumberFormat costs far more than using one, and a 5,000-invoice page formats
// thousands of amounts per render: keep one per (locale, decimals).
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string | undefined, digits: number | undefined): Intl.NumberFormat {
  const id = `${locale ?? ''}|${digits ?? ''}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.NumberFormat(
      locale,
      digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits },
    );
    formatters.set(id, f);
  }
  return f;
}

/** `1,234.50 GBP`; without a currency, the number with two decimals. */
export function formatAmount(amount: number, currency?: string, locale?: string): string {
  const code = currency?.trim().toUpperCase();
  const known = code && /^[A-Z]{3}$/.test(code) ? code : undefined;
  const digits = (known ? currencyDigits(known) : undefined) ?? 2;
  const number = formatter(locale, digits).format(amount);
  return code ? `${number} ${code}` : number;
}

/** `12,345`. */
export function formatCount(n: number, locale?: string): string {
  return formatter(locale, undefined).format(n);
}

const percents = new Map<string, Intl.NumberFormat>();

/** `20%` for a rate the API gives in percent (20 is 20%). */
export function formatPercent(rate: number, locale?: string): string {
  const id = locale ?? '';
  let f = percents.get(id);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 });
    percents.set(id, f);
  }
  return f.format(rate / 100);
}
