// The reports a company offers (Codat's Accounting API 2.1.0): three financial statements read per
// period, two aged reports read per ageing bucket, and the company's info. Plain data: the client,
// the tree and the report view share these names and the parameters each report takes.
import { t } from '../l10n';

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

// Bounds of the parameters, checked before anything is sent (reportChecks.ts). The contract
// (Accounting API 2.1.0) types each as an int32 and states no range, and Codat's reference says
// only "number of months defining the period of interest" and "number of periods with periodLength
// to compare"; so the bounds are what a report can mean: a period of at most a year (the sibling
// Assess API's financials also count in months and cap their periods at 12), and at most 24
// periods, the history the contract says Codat pulls by default ("up to 24 months" of balance
// sheets and profit and loss) and the largest statement the benchmark renders. An aged
// report's buckets: at most 24 of them, each at most a year of days (the portal's default is 4
// periods of 30 days).
export const MAX_PERIOD_LENGTH = 12;
export const MAX_PERIODS_TO_COMPARE = 24;
export const MAX_NUMBER_OF_PERIODS = 24;
export const MAX_PERIOD_LENGTH_DAYS = 366;

/** What a statement opens with before the user chooses: 12 monthly periods up to the platform's
 * most recent month. */
export const DEFAULT_STATEMENT_PARAMS: Readonly<StatementParams> = { periodLength: 1, periodsToCompare: 12 };
/** An aged report's defaults are the platform's (the portal's: 4 periods of 30 days up to today). */
export const DEFAULT_AGED_PARAMS: Readonly<AgedParams> = {};

/** "Balance sheet", "Aged debtors": the report's name as the tree and the view title it. */
export function reportTitle(kind: ReportKind): string {
  switch (kind) {
    case 'balanceSheet':
      return t('Balance sheet');
    case 'profitAndLoss':
      return t('Profit and loss');
    case 'cashFlowStatement':
      return t('Cash flow statement');
    case 'agedDebtor':
      return t('Aged debtors');
    case 'agedCreditor':
      return t('Aged creditors');
  }
}
