// Numbers as the report shows them: a cell's amount with thousands separators and the currency's
// decimals, a change with its sign, an axis tick in short form (1.2k, 3.4M).

/** A cell: `1,234.50`, `-1,234.50`; empty for no value. The currency's decimals (JPY none). */
export function formatReportValue(value: number | null | undefined, currency?: string, locale?: string): string {
  void [value, currency, locale];
  throw new Error('not implemented yet');
}

/** A change against the column before: `+1,234.50`, `-12.00`, `0.00`; empty for none. */
export function formatReportChange(change: number | null | undefined, currency?: string, locale?: string): string {
  void [change, currency, locale];
  throw new Error('not implemented yet');
}

/** An axis label: `0`, `950`, `1.2k`, `-3.4M`, `12B`. */
export function formatCompact(value: number): string {
  void value;
  throw new Error('not implemented yet');
}
