// Response checks of the reports (responseShapes.ts's rule): the fields a reader relies on have the
// contract's types where they are present; absent and null are let through (platforms leave lines
// and figures out, and the report table copes), anything else makes the answer a
// `malformedResponse`. A statement's line tree is walked without recursion and refused past
// MAX_LINE_DEPTH levels, so a hostile body cannot exhaust the stack of this check or of the table
// built from it.
import { isRecord, type Guard } from '../util/guards';
import type { AgedReport, CompanyInfo, FinancialStatement } from './reportModels';

/** Deeper than any chart of accounts nests (platforms allow a handful of levels). */
export const MAX_LINE_DEPTH = 64;

type Check = (v: unknown) => boolean;

const absent = (v: unknown): boolean => v === undefined || v === null;
const text: Check = (v) => absent(v) || typeof v === 'string';
const amount: Check = (v) => absent(v) || (typeof v === 'number' && Number.isFinite(v));
const listOf =
  (item: Check): Check =>
  (v) =>
    absent(v) || (Array.isArray(v) && v.every(item));
const fields =
  (checks: Readonly<Record<string, Check>>): Check =>
  (v) =>
    isRecord(v) && Object.entries(checks).every(([k, check]) => check(v[k]));

/** A ReportLine and every line under it. */
const lineTree: Check = (root) => {
  if (absent(root)) return true;
  const pending: Array<[unknown, number]> = [[root, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [line, depth] = next;
    if (depth > MAX_LINE_DEPTH || !isRecord(line)) return false;
    if (!text(line.name) || !text(line.accountId) || !amount(line.value)) return false;
    if (absent(line.items)) continue;
    if (!Array.isArray(line.items)) return false;
    for (const item of line.items) pending.push([item, depth + 1]);
  }
  return true;
};

/** The fields of a period of any of the three statements. */
const statementPeriod = fields({
  date: text,
  fromDate: text,
  toDate: text,
  assets: lineTree,
  liabilities: lineTree,
  equity: lineTree,
  netAssets: amount,
  income: lineTree,
  costOfSales: lineTree,
  grossProfit: amount,
  expenses: lineTree,
  netOperatingProfit: amount,
  otherExpenses: lineTree,
  otherIncome: lineTree,
  netOtherIncome: amount,
  netProfit: amount,
  cashReceipts: lineTree,
  cashPayments: lineTree,
});

const statementFields = fields({
  reportBasis: text,
  reportInput: text,
  currency: text,
  mostRecentAvailableMonth: text,
  earliestAvailableMonth: text,
});

export const isFinancialStatement: Guard<FinancialStatement> = (v): v is FinancialStatement =>
  statementFields(v) &&
  Array.isArray((v as Record<string, unknown>).reports) &&
  ((v as Record<string, unknown>).reports as unknown[]).every(statementPeriod);

const outstanding = fields({
  fromDate: text,
  toDate: text,
  amount,
  details: listOf(fields({ name: text, amount })),
});

const party = fields({
  customerId: text,
  customerName: text,
  supplierId: text,
  supplierName: text,
  agedCurrencyOutstanding: listOf(fields({ currency: text, agedOutstandingAmounts: listOf(outstanding) })),
});

export const isAgedReport: Guard<AgedReport> = (v): v is AgedReport =>
  fields({ generated: text, reportDate: text, data: listOf(party) })(v);

/** `…/available` answers a bare boolean. */
export const isAvailability: Guard<boolean> = (v): v is boolean => typeof v === 'boolean';

export const isCompanyInfo: Guard<CompanyInfo> = (v): v is CompanyInfo =>
  fields({ companyName: text, companyLegalName: text, baseCurrency: text, financialYearStartDate: text })(v);
