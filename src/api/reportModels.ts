// Reports of the Accounting API (2.1.0): the three financial statements, the aged debtors and
// creditors reports and the company's info, as the API answers them. Checked by guards before a
// caller sees them (reportsApi.ts).

/** `GET …/data/financials/balanceSheet|profitAndLoss|cashFlowStatement`: one report per period,
 * newest first, each a tree of lines (refined by the client's helper). */
export interface FinancialStatement {
  reports: Record<string, unknown>[];
  reportBasis?: string;
  reportInput?: string;
  currency?: string;
  mostRecentAvailableMonth?: string | null;
  earliestAvailableMonth?: string | null;
}

/** `GET …/reports/agedDebtor|agedCreditor`. */
export interface AgedReport {
  reportGeneratedDate?: string | null;
  data?: Record<string, unknown>[] | null;
}

/** `GET /companies/{companyId}/data/info`: the company as its accounting platform holds it. */
export interface CompanyInfo {
  companyName?: string | null;
  companyLegalName?: string | null;
  baseCurrency?: string | null;
  financialYearStartDate?: string | null;
  [field: string]: unknown;
}
