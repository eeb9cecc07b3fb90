// A financial statement (balance sheet, profit and loss, cash flow) as the report table: its
// periods as columns, oldest first (the API lists the newest first), its line trees merged across
// the periods into one indented table, each group closed by its total, the figures the API
// computes (gross profit, net profit, net assets) as total rows, and the totals that do not add up.
import { t } from '../l10n';
import { reportTitle } from '../api';
import type { FinancialStatement, ReportLine, StatementKind, StatementParams, StatementPeriod } from '../api';
import { changesOf, clean, mergeLine, mismatches, newNode, nodeRows, type LineNode } from './lineTree';
import { chronological, dayOf, monthLabel, periodLabel, unnamedPeriod, type Day } from './periods';
import type { ChartData, ChartSeriesRole, ReportColumn, ReportRow, ReportTable } from './reportTable';

export interface TableOptions {
  /** The locale of month names; English when absent. */
  locale?: string;
}

type LineField = 'assets' | 'liabilities' | 'equity' | 'income' | 'costOfSales' | 'expenses' | 'otherIncome';
type Line = LineField | 'otherExpenses' | 'cashReceipts' | 'cashPayments';
type Figure = 'netAssets' | 'grossProfit' | 'netOperatingProfit' | 'netOtherIncome' | 'netProfit' | 'netCash';

/** A value per period, or null where the period cannot say. */
type PerPeriod = (p: StatementPeriod) => number | null;

const lineOf = (p: StatementPeriod, field: Line): ReportLine | null | undefined => p[field];
/** A line's value; a line the period leaves out counts as nothing (a company without cost of
 * sales), a line present without a value as unknown. */
const lv =
  (field: Line): PerPeriod =>
  (p) => {
    const line = lineOf(p, field);
    if (line === undefined || line === null) return 0;
    return typeof line.value === 'number' && Number.isFinite(line.value) ? line.value : null;
  };
const fig =
  (field: Exclude<Figure, 'netCash'>): PerPeriod =>
  (p) => {
    const v = p[field];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
const minus =
  (a: PerPeriod, b: PerPeriod): PerPeriod =>
  (p) => {
    const [x, y] = [a(p), b(p)];
    return x === null || y === null ? null : x - y;
  };
const plus =
  (a: PerPeriod, b: PerPeriod): PerPeriod =>
  (p) => {
    const [x, y] = [a(p), b(p)];
    return x === null || y === null ? null : x + y;
  };

/** A part of a statement, in the order it reads: a line tree, or a figure row with the value
 * (`value`) and, for the API's own figures, what its other totals make of it (`expected`). */
type Part =
  { line: Line; label: () => string } | { figure: Figure; label: () => string; value: PerPeriod; expected?: PerPeriod };

const LAYOUTS: Readonly<Record<StatementKind, readonly Part[]>> = {
  profitAndLoss: [
    { line: 'income', label: () => t('Income') },
    { line: 'costOfSales', label: () => t('Cost of sales') },
    {
      figure: 'grossProfit',
      label: () => t('Gross profit'),
      value: fig('grossProfit'),
      expected: minus(lv('income'), lv('costOfSales')),
    },
    { line: 'expenses', label: () => t('Expenses') },
    {
      figure: 'netOperatingProfit',
      label: () => t('Net operating profit'),
      value: fig('netOperatingProfit'),
      expected: minus(fig('grossProfit'), lv('expenses')),
    },
    { line: 'otherIncome', label: () => t('Other income') },
    { line: 'otherExpenses', label: () => t('Other expenses') },
    {
      figure: 'netOtherIncome',
      label: () => t('Net other income'),
      value: fig('netOtherIncome'),
      expected: minus(lv('otherIncome'), lv('otherExpenses')),
    },
    {
      figure: 'netProfit',
      label: () => t('Net profit'),
      value: fig('netProfit'),
      expected: plus(fig('netOperatingProfit'), fig('netOtherIncome')),
    },
  ],
  balanceSheet: [
    { line: 'assets', label: () => t('Assets') },
    { line: 'liabilities', label: () => t('Liabilities') },
    {
      figure: 'netAssets',
      label: () => t('Net assets'),
      value: fig('netAssets'),
      expected: minus(lv('assets'), lv('liabilities')),
    },
    { line: 'equity', label: () => t('Equity') },
  ],
  cashFlowStatement: [
    { line: 'cashReceipts', label: () => t('Cash receipts') },
    { line: 'cashPayments', label: () => t('Cash payments') },
    { figure: 'netCash', label: () => t('Net cash'), value: minus(lv('cashReceipts'), lv('cashPayments')) },
  ],
};

/** A balance sheet balances: assets are liabilities plus equity, equity assets less liabilities;
 * checked on the two sections' total rows. */
const BALANCE: readonly { line: Line; expected: PerPeriod }[] = [
  { line: 'assets', expected: plus(lv('liabilities'), lv('equity')) },
  { line: 'equity', expected: minus(lv('assets'), lv('liabilities')) },
];

/** What the chart shows of each statement: the series, each a value per period. */
const CHARTS: Readonly<
  Record<StatementKind, readonly { name: () => string; role: ChartSeriesRole; value: PerPeriod }[]>
> = {
  profitAndLoss: [
    { name: () => t('Income'), role: 'income', value: plus(lv('income'), lv('otherIncome')) },
    {
      name: () => t('Expenses'),
      role: 'expense',
      value: plus(plus(lv('costOfSales'), lv('expenses')), lv('otherExpenses')),
    },
    { name: () => t('Net profit'), role: 'net', value: fig('netProfit') },
  ],
  balanceSheet: [
    { name: () => t('Assets'), role: 'assets', value: lv('assets') },
    { name: () => t('Liabilities'), role: 'liabilities', value: lv('liabilities') },
    { name: () => t('Equity'), role: 'equity', value: lv('equity') },
  ],
  cashFlowStatement: [
    { name: () => t('Cash receipts'), role: 'income', value: lv('cashReceipts') },
    { name: () => t('Cash payments'), role: 'expense', value: lv('cashPayments') },
    { name: () => t('Net cash'), role: 'net', value: minus(lv('cashReceipts'), lv('cashPayments')) },
  ],
};

const hasValue = (row: ReportRow): boolean => row.values.some((v) => v !== null);
const valuesBy = (periods: readonly StatementPeriod[], f: PerPeriod) =>
  periods.map((p) => {
    const v = f(p);
    return v === null ? null : clean(v);
  });

/** The rows of one part: a line merged over the periods, or a figure's row with its checks. */
function partRows(part: Part, periods: readonly StatementPeriod[], rows: ReportRow[]): void {
  if ('line' in part) {
    const node: LineNode = newNode(part.line, periods.length);
    let present = false;
    periods.forEach((p, column) => {
      const line = lineOf(p, part.line);
      if (typeof line !== 'object' || line === null) return;
      present = true;
      mergeLine(node, line, column, periods.length);
    });
    node.label ??= part.label();
    if (present) nodeRows(node, 0, rows);
    return;
  }
  const row: ReportRow = { id: part.figure, label: part.label(), depth: 0, role: 'total', values: [] };
  row.values = valuesBy(periods, part.value);
  if (part.expected) {
    const wrong = mismatches(row.values, valuesBy(periods, part.expected), 'formula');
    if (wrong.length) row.mismatches = wrong;
  }
  if (hasValue(row)) rows.push(row);
}

function balanceChecks(rows: ReportRow[], periods: readonly StatementPeriod[]): void {
  for (const { line, expected } of BALANCE) {
    const row = rows.find((r) => r.depth === 0 && r.role === 'total' && (r.id === line || r.id === `${line}#total`));
    if (!row) continue;
    const wrong = mismatches(row.values, valuesBy(periods, expected), 'balance');
    if (wrong.length) row.mismatches = [...(row.mismatches ?? []), ...wrong];
  }
}

function columnOf(kind: StatementKind, p: StatementPeriod, n: number, locale: string): ReportColumn {
  const from = kind === 'balanceSheet' ? undefined : dayOf(p.fromDate);
  const to = dayOf(kind === 'balanceSheet' ? p.date : p.toDate);
  return {
    label: periodLabel(from, to, locale) ?? unnamedPeriod(n),
    ...(from ? { from: from.iso } : {}),
    ...(to ? { to: to.iso } : {}),
  };
}

function notesOf(response: FinancialStatement, periods: number, rows: readonly ReportRow[], locale: string): string[] {
  const notes: string[] = [];
  if (periods === 0) notes.push(t('The report has no periods.'));
  if (periods > 1)
    notes.push(t('Periods run from the oldest on the left to the newest; the API lists the newest first.'));
  if (typeof response.reportBasis === 'string') notes.push(t('Basis: {0}.', response.reportBasis));
  if (typeof response.reportInput === 'string') notes.push(t('Input: {0}.', response.reportInput));
  const month = (v: unknown): string | undefined => {
    const d: Day | undefined = dayOf(v);
    return d ? monthLabel(d, locale) : undefined;
  };
  const recent = month(response.mostRecentAvailableMonth);
  if (recent) notes.push(t('Most recent available month: {0}.', recent));
  const earliest = month(response.earliestAvailableMonth);
  if (earliest) notes.push(t('Earliest available month: {0}.', earliest));
  const flagged = rows.filter((r) => r.mismatches?.length).length;
  if (flagged > 0) notes.push(t('{0} totals do not add up in some period; they are flagged.', flagged));
  return notes;
}

export function statementTable(
  kind: StatementKind,
  params: StatementParams,
  response: FinancialStatement,
  options: TableOptions = {},
): ReportTable {
  const locale = options.locale ?? 'en';
  const listed = Array.isArray(response?.reports) ? response.reports.filter((p) => typeof p === 'object' && p) : [];
  const date = (p: StatementPeriod): Day | undefined =>
    dayOf(kind === 'balanceSheet' ? p.date : p.toDate) ?? dayOf(p.fromDate);
  const periods = chronological(listed, date).map((i) => listed[i]);
  const rows: ReportRow[] = [];
  for (const part of LAYOUTS[kind]) partRows(part, periods, rows);
  if (kind === 'balanceSheet') balanceChecks(rows, periods);
  for (const row of rows) if (hasValue(row)) row.changes = changesOf(row.values);
  const columns = periods.map((p, i) => columnOf(kind, p, i + 1, locale));
  const chart: ChartData = {
    layout: 'grouped',
    categories: columns.map((c) => c.label),
    series: CHARTS[kind].map((s) => ({ name: s.name(), role: s.role, values: valuesBy(periods, s.value) })),
  };
  return {
    kind,
    params,
    title: reportTitle(kind),
    ...(typeof response?.currency === 'string' && response.currency ? { currency: response.currency } : {}),
    notes: notesOf(response, periods.length, rows, locale),
    columns,
    rows,
    chart,
  };
}
