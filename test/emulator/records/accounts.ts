// The chart of accounts: nominal codes in Xero's default style, so the accounts the invoices'
// line items already name (200 Sales, 260 Other Revenue, 270 Services Income) are in it, and
// every account bills, payments and journal entries name. An account's id is its nominal code.
import { Random } from '../random';
import { type Books, DAY_MS, Variants, stamps } from './books';

export type AccountType = 'Asset' | 'Expense' | 'Income' | 'Liability' | 'Equity';

/** [code, name, fully qualified category, bank account?] */
type ChartLine = readonly [string, string, string, boolean?];

// Always in the chart: everything other records reference.
const CORE: readonly ChartLine[] = [
  ['090', 'Business Bank Account', 'Asset.Current.Bank', true],
  ['200', 'Sales', 'Income.Revenue'],
  ['260', 'Other Revenue', 'Income.Revenue'],
  ['270', 'Services Income', 'Income.Revenue'],
  ['300', 'Purchases', 'Expense.CostOfSales'],
  ['310', 'Cost of Goods Sold', 'Expense.CostOfSales'],
  ['404', 'Bank Fees', 'Expense.Operating'],
  ['408', 'Cleaning', 'Expense.Operating'],
  ['412', 'Consulting & Accounting', 'Expense.Operating'],
  ['416', 'Depreciation', 'Expense.Operating'],
  ['420', 'Entertainment', 'Expense.Operating'],
  ['425', 'Freight & Courier', 'Expense.Operating'],
  ['433', 'Insurance', 'Expense.Operating'],
  ['445', 'Light, Power, Heating', 'Expense.Operating'],
  ['453', 'Office Expenses', 'Expense.Operating'],
  ['461', 'Printing & Stationery', 'Expense.Operating'],
  ['469', 'Rent', 'Expense.Operating'],
  ['477', 'Wages and Salaries', 'Expense.Operating'],
  ['485', 'Subscriptions', 'Expense.Operating'],
  ['489', 'Telephone & Internet', 'Expense.Operating'],
  ['493', 'Travel - National', 'Expense.Operating'],
  ['610', 'Accounts Receivable', 'Asset.Current.Receivables'],
  ['630', 'Inventory', 'Asset.Current.Inventory'],
  ['710', 'Office Equipment', 'Asset.Fixed'],
  ['711', 'Less Accumulated Depreciation on Office Equipment', 'Asset.Fixed'],
  ['800', 'Accounts Payable', 'Liability.Current.Payables'],
  ['820', 'Sales Tax', 'Liability.Current.Tax'],
  ['825', 'Employee Tax Payable', 'Liability.Current.Payroll'],
  ['960', 'Retained Earnings', 'Equity.RetainedEarnings'],
];

// A seeded selection of these completes each company's chart.
const OPTIONAL: readonly ChartLine[] = [
  ['091', 'Business Savings Account', 'Asset.Current.Bank', true],
  ['092', 'Foreign Currency Account', 'Asset.Current.Bank', true],
  ['093', 'Company Credit Card', 'Liability.Current.CreditCard', true],
  ['250', 'Interest Income', 'Income.Other'],
  ['400', 'Advertising', 'Expense.Operating'],
  ['429', 'General Expenses', 'Expense.Operating'],
  ['437', 'Interest Expense', 'Expense.Operating'],
  ['441', 'Legal Expenses', 'Expense.Operating'],
  ['449', 'Motor Vehicle Expenses', 'Expense.Operating'],
  ['473', 'Repairs and Maintenance', 'Expense.Operating'],
  ['478', 'Pension Costs', 'Expense.Operating'],
  ['494', 'Travel - International', 'Expense.Operating'],
  ['497', 'Bank Revaluations', 'Expense.Other'],
  ['498', 'Unrealised Currency Gains', 'Expense.Other'],
  ['499', 'Realised Currency Gains', 'Expense.Other'],
  ['505', 'Income Tax Expense', 'Expense.Tax'],
  ['620', 'Prepayments', 'Asset.Current.Prepayments'],
  ['720', 'Computer Equipment', 'Asset.Fixed'],
  ['721', 'Less Accumulated Depreciation on Computer Equipment', 'Asset.Fixed'],
  ['730', 'Motor Vehicles', 'Asset.Fixed'],
  ['731', 'Less Accumulated Depreciation on Motor Vehicles', 'Asset.Fixed'],
  ['801', 'Unpaid Expense Claims', 'Liability.Current.Payables'],
  ['804', 'Wages Payable', 'Liability.Current.Payroll'],
  ['826', 'Pension Payable', 'Liability.Current.Payroll'],
  ['830', 'Income Tax Payable', 'Liability.Current.Tax'],
  ['835', 'Revenue Received in Advance', 'Liability.Current.Deferred'],
  ['840', 'Historical Adjustment', 'Liability.Current.Other'],
  ['850', 'Suspense', 'Liability.Current.Other'],
  ['860', 'Rounding', 'Liability.Current.Other'],
  ['880', 'Owner A Drawings', 'Equity.Owner'],
  ['881', 'Owner A Funds Introduced', 'Equity.Owner'],
  ['900', 'Loan', 'Liability.NonCurrent.Loans'],
  ['970', 'Owner Capital', 'Equity.Owner'],
];

/** What other records name an account by. */
export interface AccountRef {
  id: string;
  name: string;
}

export const BANK_ACCOUNT: AccountRef = { id: '090', name: 'Business Bank Account' };
export const RECEIVABLES: AccountRef = { id: '610', name: 'Accounts Receivable' };
export const PAYABLES: AccountRef = { id: '800', name: 'Accounts Payable' };
export const SALES_TAX: AccountRef = { id: '820', name: 'Sales Tax' };

export function accountRef(code: string): AccountRef {
  const line = CORE.find((l) => l[0] === code) ?? OPTIONAL.find((l) => l[0] === code);
  if (!line) throw new Error(`no account ${code} in the chart`);
  return { id: line[0], name: line[1] };
}

// Small and pure, but sorted per call otherwise: a few companies' charts are kept.
const charts = new Map<string, readonly ChartLine[]>();

/** The company's chart, by nominal code: the core accounts and 1–33 optional ones (30–62 in all). */
function chartOf(books: Books): readonly ChartLine[] {
  const key = `${books.seed}/${books.companyId}`;
  let chart = charts.get(key);
  if (!chart) {
    const r = Random.of(books.seed, books.companyId, 'chart');
    const optional = [...OPTIONAL];
    for (let i = optional.length - 1; i > 0; i--) {
      const j = r.int(0, i);
      [optional[i], optional[j]] = [optional[j], optional[i]];
    }
    chart = [...CORE, ...optional.slice(0, r.int(1, OPTIONAL.length))].sort((a, b) => a[0].localeCompare(b[0]));
    if (charts.size >= 64) charts.delete(charts.keys().next().value as string);
    charts.set(key, chart);
  }
  return chart;
}

/** Bank accounts payments can be made from or into. */
export function bankAccounts(books: Books): AccountRef[] {
  return chartOf(books)
    .filter((l) => l[3] === true && l[2].startsWith('Asset'))
    .map(([id, name]) => ({ id, name }));
}

export function accountCount(books: Books): number {
  return books.invoices.count === 0 ? 0 : chartOf(books).length;
}

export function accountIndex(books: Books, id: string): number | undefined {
  if (books.invoices.count === 0) return undefined;
  const index = chartOf(books).findIndex((l) => l[0] === id);
  return index >= 0 ? index : undefined;
}

const DESCRIPTIONS: Record<string, string> = {
  Bank: 'Money held at the bank.',
  Receivables: 'Invoices issued and not yet paid.',
  Payables: 'Bills received and not yet paid.',
  Tax: 'Tax collected and owed to the tax authority.',
  Revenue: 'Income from the normal business activity.',
  CostOfSales: 'Costs directly tied to what was sold.',
  Fixed: 'Long-lived assets, and their depreciation.',
};

const LINKS: Record<AccountType, string[]> = {
  Asset: ['Payment', 'BillPayment', 'JournalEntry', 'Transfer'],
  Liability: ['BillPayment', 'JournalEntry'],
  Equity: ['JournalEntry'],
  Income: ['Invoice', 'CreditNote', 'Item', 'JournalEntry'],
  Expense: ['Bill', 'BillCreditNote', 'Item', 'JournalEntry'],
};

export function account(books: Books, index: number): object {
  const [code, name, category, bank] = chartOf(books)[index];
  const r = Random.of(books.seed, books.companyId, 'account', code);
  const type = category.split('.')[0] as AccountType;
  const core = CORE.some((l) => l[0] === code);
  const status = core
    ? 'Active'
    : r.weighted([
        ['Active', 87],
        ['Archived', 10],
        ['Pending', 3],
      ] as const);
  // Debit-normal accounts carry a positive balance, credit-normal ones (and contra-assets) a negative one.
  const credit = type === 'Income' || type === 'Liability' || type === 'Equity' || name.startsWith('Less ');
  const balance = (r.int(0, 25_000_000) / 100) * (credit ? -1 : 1);
  const description = DESCRIPTIONS[category.split('.').pop() as string];
  // Core accounts are what other records name: they keep every value.
  const v = new Variants(books, 'accounts', core ? `core-${code}` : code);
  return {
    id: code,
    nominalCode: code,
    name,
    ...(description ? { description } : v.missing('description')),
    fullyQualifiedCategory: category,
    fullyQualifiedName: `${category}.${name}`,
    currency: code === '092' ? (books.currency === 'USD' ? 'EUR' : 'USD') : books.currency,
    currentBalance: core ? balance || 0 : v.orNull(balance || 0, 0.1),
    type: core ? type : v.orUnknown(type, 0.06),
    status: core ? status : v.orUnknown(status, 0.08),
    isBankAccount: bank === true,
    validDatatypeLinks: [{ property: 'Id', links: LINKS[type] }],
    ...stamps(r, Date.UTC(2021, 2, 1) + r.int(0, 4 * 365) * DAY_MS, 0),
  };
}
