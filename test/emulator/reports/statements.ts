// The three financial statements of Accounting API 2.1.0 from a company's ledger (ledger.ts), one
// report per period, newest first as Codat answers them: the newest period starts at `startMonth`
// (default: the one that ends with the books' most recent month) and each report before it covers
// the `periodLength` months before. Lines nest (section → group → account) and every line's value is
// the sum of its items, to the cent:
// - profit and loss (accrual): income per income account from invoices, cost of sales and expenses
//   per account from bills; grossProfit = income − cost of sales, netOperatingProfit = grossProfit −
//   expenses, no other income or expenses, netProfit = netOperatingProfit.
// - balance sheet at each period's last day (cumulative): bank = capital + received − paid out;
//   receivables = invoiced − received; payables = billed − paid out; sales tax = tax on invoices − tax
//   on bills; equity = capital + retained earnings (profit before this financial year) + current
//   year earnings. Assets = liabilities + equity by construction; netAssets = assets − liabilities.
// - cash flow (cash basis, direct): receipts from customers and payments to suppliers in the period.
import type { Ledger, MonthSums, Section } from './ledger';
import type { StatementParams } from './params';

export interface ReportLine {
  accountId: string | null;
  name: string | null;
  value: number;
  items: ReportLine[] | null;
}

export interface Period {
  /** Month numbers of the first and last month, inclusive. */
  first: number;
  last: number;
}

const money = (cents: number): number => Math.round(cents) / 100;
const two = (n: number): string => String(n).padStart(2, '0');
const yearOf = (month: number): number => Math.floor(month / 12);

/** `YYYY-MM-01T00:00:00` of a month number. */
export function monthStart(month: number): string {
  return `${yearOf(month)}-${two((month % 12) + 1)}-01T00:00:00`;
}

/** `YYYY-MM-DDT00:00:00` of the last day of a month. */
export function monthEnd(month: number): string {
  const last = new Date(Date.UTC(yearOf(month), (month % 12) + 1, 0)).getUTCDate();
  return `${yearOf(month)}-${two((month % 12) + 1)}-${two(last)}T00:00:00`;
}

/** The periods asked for, newest first. `fallbackMonth`: the month to end on when the books are empty. */
export function periodsOf(ledger: Ledger, params: StatementParams, fallbackMonth: number): Period[] {
  const length = params.periodLength;
  const newest = params.startMonth ?? (ledger.last ?? fallbackMonth) - (length - 1);
  return Array.from({ length: params.periodsToCompare }, (_, k) => ({
    first: newest - k * length,
    last: newest - k * length + length - 1,
  }));
}

/** A line whose value is the sum of its items. */
function group(name: string, items: ReportLine[], accountId: string | null = ''): ReportLine {
  return { accountId, name, value: money(items.reduce((s, l) => s + Math.round(l.value * 100), 0)), items };
}

const leaf = (accountId: string | null, name: string, cents: number): ReportLine => ({
  accountId,
  name,
  value: money(cents),
  items: [],
});

/** Sums `pick` over the months of [first, last] that have entries. */
function sum(ledger: Ledger, first: number, last: number, pick: (m: MonthSums) => number): number {
  let total = 0;
  for (const [m, sums] of ledger.months) if (m >= first && m <= last) total += pick(sums);
  return total;
}

/** One line per account the books ever used in the section (0 where the period has none), by code. */
function sectionLines(ledger: Ledger, section: Section, period: Period): ReportLine[] {
  const totals = new Map<string, number>();
  for (const [m, sums] of ledger.months) {
    if (m < period.first || m > period.last) continue;
    for (const [id, cents] of sums[section]) totals.set(id, (totals.get(id) ?? 0) + cents);
  }
  return [...ledger.accounts[section]]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, name]) => leaf(id, name, totals.get(id) ?? 0));
}

const cents = (line: ReportLine): number => Math.round(line.value * 100);

function profitAndLossReport(ledger: Ledger, period: Period): object {
  const income = group('Income', sectionLines(ledger, 'income', period));
  const costOfSales = group('Cost of Sales', sectionLines(ledger, 'costOfSales', period));
  const expenses = group('Expenses', sectionLines(ledger, 'expenses', period));
  const grossProfit = cents(income) - cents(costOfSales);
  const netOperatingProfit = grossProfit - cents(expenses);
  return {
    fromDate: monthStart(period.first),
    toDate: monthEnd(period.last),
    income,
    costOfSales,
    grossProfit: money(grossProfit),
    expenses,
    netOperatingProfit: money(netOperatingProfit),
    otherExpenses: group('Other Expenses', []),
    otherIncome: group('Other Income', []),
    netOtherIncome: 0,
    netProfit: money(netOperatingProfit),
  };
}

/** Profit (income − cost of sales − expenses) of the months [first, last], in cents. */
function profit(ledger: Ledger, first: number, last: number): number {
  const total = (m: Map<string, number>): number => [...m.values()].reduce((s, c) => s + c, 0);
  return sum(ledger, first, last, (s) => total(s.income) - total(s.costOfSales) - total(s.expenses));
}

/** The first month of the financial year `month` falls in (`fyStart`: 1–12). */
function yearStart(month: number, fyStart: number): number {
  const start = yearOf(month) * 12 + fyStart - 1;
  return start <= month ? start : start - 12;
}

function balanceSheetReport(ledger: Ledger, period: Period, fyStart: number): object {
  const upTo = (pick: (m: MonthSums) => number): number => sum(ledger, -Infinity, period.last, pick);
  const received = upTo((s) => s.received);
  const paidOut = upTo((s) => s.paidOut);
  const bank = ledger.capital + received - paidOut;
  const receivables = upTo((s) => s.invoiced) - received;
  const payables = upTo((s) => s.billed) - paidOut;
  const salesTax = upTo((s) => s.salesTax - s.purchaseTax);
  const start = yearStart(period.last, fyStart);
  const assets = group('Assets', [
    group('Current Assets', [
      group('Bank', [leaf('090', 'Business Bank Account', bank)]),
      leaf('610', 'Accounts Receivable', receivables),
    ]),
  ]);
  const liabilities = group('Liabilities', [
    group('Current Liabilities', [leaf('800', 'Accounts Payable', payables), leaf('820', 'Sales Tax', salesTax)]),
  ]);
  const equity = group('Equity', [
    leaf('970', 'Owner Capital', ledger.capital),
    leaf('960', 'Retained Earnings', profit(ledger, -Infinity, start - 1)),
    // Worked out by the platform, not an account of the chart.
    leaf(null, 'Current Year Earnings', profit(ledger, start, period.last)),
  ]);
  return {
    date: monthEnd(period.last),
    assets,
    liabilities,
    netAssets: money(cents(assets) - cents(liabilities)),
    equity,
  };
}

function cashFlowReport(ledger: Ledger, period: Period): object {
  const received = sum(ledger, period.first, period.last, (s) => s.received);
  const paidOut = sum(ledger, period.first, period.last, (s) => s.paidOut);
  return {
    fromDate: monthStart(period.first),
    toDate: monthEnd(period.last),
    cashReceipts: group('Cash Receipts', [leaf('610', 'Receipts from customers', received)]),
    cashPayments: group('Cash Payments', [leaf('800', 'Payments to suppliers', paidOut)]),
  };
}

export type StatementKind = 'balanceSheet' | 'profitAndLoss' | 'cashFlowStatement';

/** The statement's body: its reports and what the contract's envelope of each kind holds. */
export function statement(kind: StatementKind, ledger: Ledger, periods: Period[], fyStart: number): object {
  const available =
    ledger.first === undefined || ledger.last === undefined
      ? undefined
      : { mostRecentAvailableMonth: monthStart(ledger.last), earliestAvailableMonth: monthStart(ledger.first) };
  if (kind === 'profitAndLoss')
    // ProfitAndLossReport's months are not nullable: left out for empty books.
    return {
      reports: periods.map((p) => profitAndLossReport(ledger, p)),
      reportBasis: 'Accrual',
      currency: ledger.currency,
      ...(available ?? {}),
    };
  const months = available ?? { mostRecentAvailableMonth: null, earliestAvailableMonth: null };
  if (kind === 'balanceSheet')
    return {
      currency: ledger.currency,
      reports: periods.map((p) => balanceSheetReport(ledger, p, fyStart)),
      ...months,
    };
  return {
    reports: periods.map((p) => cashFlowReport(ledger, p)),
    reportBasis: 'Cash',
    reportInput: 'Direct',
    currency: ledger.currency,
    ...months,
  };
}
