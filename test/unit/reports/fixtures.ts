// Report answers for the tests, in the contract's shapes (Accounting API 2.1.0): the contract's own
// examples, trimmed, as the API lists periods (newest first).
import type { AgedReport, FinancialStatement, ReportLine } from '../../../src/api';

export const line = (name: string, value: number | null, items?: ReportLine[], accountId?: string): ReportLine => ({
  name,
  value,
  ...(accountId !== undefined ? { accountId } : {}),
  ...(items ? { items } : {}),
});

/** A profit and loss month (fromDate, toDate) whose figures all add up. */
export function pnlMonth(month: string, sales: number, purchases: number, advertising: number, rent: number) {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const expenses = advertising + rent;
  const gross = sales - purchases;
  return {
    fromDate: `${month}-01T00:00:00`,
    toDate: `${month}-${String(last).padStart(2, '0')}T00:00:00`,
    income: line('Income', sales, [line('Sales', sales, undefined, 'acc-sales')]),
    costOfSales: line('Cost of Sales', purchases, [line('Purchases', purchases, undefined, 'acc-purchases')]),
    grossProfit: gross,
    expenses: line('Expenses', expenses, [
      line('Advertising & Marketing', advertising, undefined, 'acc-ads'),
      line('Rent', rent, undefined, 'acc-rent'),
    ]),
    netOperatingProfit: gross - expenses,
    otherExpenses: line('Other Expenses', 0, []),
    otherIncome: line('Other Income', 0, []),
    netOtherIncome: 0,
    netProfit: gross - expenses,
  };
}

/** Three months of profit and loss, newest first: Mar, Feb, Jan 2026. */
export function profitAndLoss(): FinancialStatement {
  return {
    reports: [
      pnlMonth('2026-03', 1200, 200, 100, 300),
      pnlMonth('2026-02', 1000, 150, 100, 300),
      pnlMonth('2026-01', 800, 100, 50, 300),
    ],
    reportBasis: 'Accrual',
    currency: 'GBP',
    mostRecentAvailableMonth: '2026-03-01T00:00:00',
    earliestAvailableMonth: '2024-04-01T00:00:00',
  };
}

/** The contract's example balance sheet (its first period), and the month before with other figures. */
export function balanceSheet(): FinancialStatement {
  const at = (date: string, bank: number) => {
    const current = 29163.19 + bank;
    const assets = 4160909.99 + current;
    const liabilities = 930289.87;
    const retained = 3543451.82;
    const earnings = Math.round((assets - liabilities - retained) * 100) / 100;
    return {
      date,
      assets: line('Assets', Math.round(assets * 100) / 100, [
        line('Fixed Assets', 4160909.99, [
          line('Office Equipment', 2182819.44, undefined, 'a-office'),
          line('Computer Equipment', 1978090.55, undefined, 'a-computers'),
        ]),
        line('Current Assets', Math.round(current * 100) / 100, [
          line('Accounts Receivable', 29163.19, undefined, 'a-ar'),
          line('Bank', bank, [line('Business Current Account', bank, undefined, 'a-bank')]),
        ]),
      ]),
      liabilities: line('Liabilities', liabilities, [
        line('Current Liabilities', 291290.27, [line('VAT', 291290.27, undefined, 'l-vat')]),
        line('Long Term Liability', 638999.6, [line('Loan', 638999.6, undefined, 'l-loan')]),
      ]),
      netAssets: Math.round((assets - liabilities) * 100) / 100,
      equity: line('Equity', Math.round((retained + earnings) * 100) / 100, [
        line('Retained Earnings', retained, undefined, 'e-retained'),
        line('Current Year Earnings', earnings, undefined, 'e-current'),
      ]),
    };
  };
  return {
    currency: 'GBP',
    reports: [at('2023-02-28T00:00:00', 230007.63), at('2023-01-31T00:00:00', 210000)],
    mostRecentAvailableMonth: '2023-02-28T00:00:00',
    earliestAvailableMonth: '2018-03-01T00:00:00',
  };
}

/** An aged debtors report at 2026-01-31: three buckets of 30 days, newest first, two customers
 * in GBP and one in EUR. */
export function agedDebtors(): AgedReport {
  const buckets = (amounts: number[]) =>
    amounts.map((amount, i) => ({
      fromDate: i === 2 ? undefined : ['2026-01-02T00:00:00', '2025-12-03T00:00:00'][i],
      toDate: ['2026-01-31T00:00:00', '2026-01-01T00:00:00', '2025-12-02T00:00:00'][i],
      amount,
      details: [
        { name: 'Invoices', amount: amount + 10 },
        { name: 'CreditNotes', amount: -10 },
      ],
    }));
  return {
    generated: '2026-01-31T10:00:00Z',
    reportDate: '2026-01-31T00:00:00',
    data: [
      {
        customerId: 'c1',
        customerName: 'Acme Ltd',
        agedCurrencyOutstanding: [{ currency: 'GBP', agedOutstandingAmounts: buckets([100, 50, 25]) }],
      },
      {
        customerId: 'c2',
        customerName: 'Globex',
        agedCurrencyOutstanding: [
          { currency: 'GBP', agedOutstandingAmounts: buckets([10, 0, 5]) },
          { currency: 'EUR', agedOutstandingAmounts: buckets([7, 8, 9]) },
        ],
      },
    ],
  };
}
