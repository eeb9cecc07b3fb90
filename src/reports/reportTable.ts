// A report as the view shows it: an indented table (sections, accounts, subtotals, totals), one
// column per period or ageing bucket, each value's change against the column before, the totals
// that do not add up, and the chart drawn from the same numbers. Built from the API's answer in
// plain TypeScript (no vscode): the report view, the CSV export and the tests read this model.
import type { ReportKind, ReportParams } from '../api';

export type ReportRowRole = 'section' | 'account' | 'subtotal' | 'total';

export interface ReportColumn {
  /** What the column heading says: "Jan 2026" or "Jan–Mar 2026"; "Current", "1–30 days". */
  label: string;
  /** The period's first and last day (YYYY-MM-DD), where the report says them. */
  from?: string;
  to?: string;
  /** An aged report's last column: each row's sum over the buckets (not charted, no change). */
  total?: true;
}

export interface ReportRow {
  /** Unique within the table, stable across parameter changes where the line is the same. */
  id: string;
  label: string;
  /** 0 for a top section; each level under it one more. */
  depth: number;
  role: ReportRowRole;
  /** One value per column; null where the report has no value there. */
  values: (number | null)[];
  /** Per column, this value minus the one in the column before (null for the first column or a
   * missing value); statements only. */
  changes?: (number | null)[];
  /** Per column where the row's value differs from what it should be by more than half a cent:
   * what it should be. `items`: the sum of its lines; `formula`: the figure computed from the
   * statement's other totals (gross profit = income - cost of sales, …); `balance`: a balance
   * sheet's assets against liabilities plus equity. Absent when every column adds up. */
  mismatches?: ReportMismatch[];
}

export interface ReportMismatch {
  column: number;
  expected: number;
  rule: 'items' | 'formula' | 'balance';
}

export type ChartSeriesRole = 'income' | 'expense' | 'net' | 'assets' | 'liabilities' | 'equity' | 'cash' | 'bucket';

export interface ChartSeries {
  name: string;
  role: ChartSeriesRole;
  /** One value per category. */
  values: (number | null)[];
}

export interface ChartData {
  /** Bars per category, one bar per series; `stacked`: one bar per category, series stacked. */
  layout: 'grouped' | 'stacked';
  /** One per table column (a period or an ageing bucket), in the table's order; an aged report's
   * Total column is not charted. */
  categories: string[];
  series: ChartSeries[];
}

export interface ReportTable {
  kind: ReportKind;
  /** The parameters the answer is for (as sent). */
  params: ReportParams;
  /** "Balance sheet", "Aged debtors". */
  title: string;
  currency?: string;
  /** Notes the report carries (the column order, basis, input, the platform's most recent month);
   * plain text, one sentence each. */
  notes: string[];
  columns: ReportColumn[];
  rows: ReportRow[];
  chart: ChartData;
}
