// Reports of the Accounting API (2.1.0): the three financial statements, the aged debtors and
// creditors reports and the company's info, as the API answers them. Checked by guards before a
// caller sees them (reportShapes.ts): what is typed here is what the guard let through, so a field
// the contract calls required may still be absent or null (a platform's gap), and every reader
// copes with that.

/** One line of a statement: a section, an account or a group of accounts; `value` is meant to be
 * the sum of `items`' values where it has items (the report table flags where it is not). */
export interface ReportLine {
  name?: string | null;
  accountId?: string | null;
  /** Required by the contract; null or absent where a platform leaves it out. */
  value?: number | null;
  items?: ReportLine[] | null;
}

/** A balance sheet at one date. */
export interface BalanceSheetPeriod {
  date?: string | null;
  assets?: ReportLine | null;
  liabilities?: ReportLine | null;
  equity?: ReportLine | null;
  netAssets?: number | null;
}

/** A profit and loss over one period. */
export interface ProfitAndLossPeriod {
  fromDate?: string | null;
  toDate?: string | null;
  income?: ReportLine | null;
  costOfSales?: ReportLine | null;
  grossProfit?: number | null;
  expenses?: ReportLine | null;
  netOperatingProfit?: number | null;
  otherExpenses?: ReportLine | null;
  otherIncome?: ReportLine | null;
  netOtherIncome?: number | null;
  netProfit?: number | null;
}

/** A cash flow statement over one period (operating activities only, as the contract says). */
export interface CashFlowPeriod {
  fromDate?: string | null;
  toDate?: string | null;
  cashReceipts?: ReportLine | null;
  cashPayments?: ReportLine | null;
}

/** One period of any of the three statements: the statement's kind says which fields it has. */
export type StatementPeriod = BalanceSheetPeriod & ProfitAndLossPeriod & CashFlowPeriod;

/** `GET …/data/financials/balanceSheet|profitAndLoss|cashFlowStatement`: one report per period,
 * newest first as the API lists them. */
export interface FinancialStatement {
  reports: StatementPeriod[];
  /** `Unknown`, `Accrual` or `Cash` (profit and loss, cash flow). */
  reportBasis?: string | null;
  /** `Unknown`, `Indirect` or `Direct` (cash flow). */
  reportInput?: string | null;
  currency?: string | null;
  mostRecentAvailableMonth?: string | null;
  earliestAvailableMonth?: string | null;
}

/** What an amount of a bucket is made of: `Invoices`, `CreditNotes` (debtors), `Bills`,
 * `BillCreditNotes` (creditors). */
export interface AgedAmountDetail {
  name?: string | null;
  amount?: number | null;
}

/** One ageing bucket of one currency of one customer or supplier. */
export interface AgedOutstandingAmount {
  fromDate?: string | null;
  toDate?: string | null;
  amount?: number | null;
  details?: AgedAmountDetail[] | null;
}

export interface AgedCurrencyOutstanding {
  currency?: string | null;
  agedOutstandingAmounts?: AgedOutstandingAmount[] | null;
}

/** A customer (aged debtors: `customerId`, `customerName`) or a supplier (aged creditors:
 * `supplierId`, `supplierName`) with what it owes or is owed, per currency. */
export interface AgedParty {
  customerId?: string | null;
  customerName?: string | null;
  supplierId?: string | null;
  supplierName?: string | null;
  agedCurrencyOutstanding?: AgedCurrencyOutstanding[] | null;
}

/** `GET …/reports/agedDebtor|agedCreditor`. */
export interface AgedReport {
  /** When the report was generated (DateTime). */
  generated?: string | null;
  /** The date the report runs up to (DateTime). */
  reportDate?: string | null;
  data?: AgedParty[] | null;
}

/** `GET /companies/{companyId}/data/info`: the company as its accounting platform holds it. */
export interface CompanyInfo {
  companyName?: string | null;
  companyLegalName?: string | null;
  baseCurrency?: string | null;
  financialYearStartDate?: string | null;
  [field: string]: unknown;
}
