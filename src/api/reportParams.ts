// The reports a company offers (Codat's Accounting API 2.1.0): three financial statements read per
// period, two aged reports read per ageing bucket, and the company's info. Plain data: the client,
// the tree and the report view share these names and the parameters each report takes.

export const STATEMENT_KINDS = ['balanceSheet', 'profitAndLoss', 'cashFlowStatement'] as const;
export const AGED_KINDS = ['agedDebtor', 'agedCreditor'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
export type AgedKind = (typeof AGED_KINDS)[number];
export type ReportKind = StatementKind | AgedKind;

/** `GET /companies/{companyId}/data/financials/{kind}`: `periodLength` months a period,
 * `periodsToCompare` periods, the first starting `startMonth` (the contract's DateTime; absent: the
 * platform's most recent month). */
export interface StatementParams {
  periodLength: number;
  periodsToCompare: number;
  startMonth?: string;
}

/** `GET /companies/{companyId}/reports/{kind}`: buckets of `periodLengthDays` days, `numberOfPeriods`
 * of them, up to `reportDate` (YYYY-MM-DD). Each absent: the platform's default. */
export interface AgedParams {
  reportDate?: string;
  numberOfPeriods?: number;
  periodLengthDays?: number;
}

export type ReportParams = StatementParams | AgedParams;

export function isStatementKind(kind: string): kind is StatementKind {
  return (STATEMENT_KINDS as readonly string[]).includes(kind);
}
export function isAgedKind(kind: string): kind is AgedKind {
  return (AGED_KINDS as readonly string[]).includes(kind);
}
