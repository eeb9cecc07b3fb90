// A financial statement as the report table: columns oldest first with their headings, the line
// trees as indented rows, totals and the API's figures, changes, and the totals that do not add up.
import * as assert from 'node:assert/strict';
import type { FinancialStatement, StatementPeriod } from '../../../src/api';
import { reportTable, statementTable, type ReportRow, type ReportTable } from '../../../src/reports';
import { balanceSheet, line, pnlMonth, profitAndLoss } from './fixtures';

const MONTHLY = { periodLength: 1, periodsToCompare: 3 };
const row = (table: ReportTable, id: string): ReportRow => {
  const found = table.rows.find((r) => r.id === id);
  assert.ok(found, `no row ${id} in ${table.rows.map((r) => r.id).join(', ')}`);
  return found;
};
const shape = (table: ReportTable) => table.rows.map((r) => `${'  '.repeat(r.depth)}${r.label} [${r.role}]`);

describe('report table: profit and loss', () => {
  const table = statementTable('profitAndLoss', MONTHLY, profitAndLoss());

  it('one column per period, oldest first, headed by its month', () => {
    assert.deepEqual(
      table.columns.map((c) => [c.label, c.from, c.to]),
      [
        ['Jan 2026', '2026-01-01', '2026-01-31'],
        ['Feb 2026', '2026-02-01', '2026-02-28'],
        ['Mar 2026', '2026-03-01', '2026-03-31'],
      ],
    );
    assert.deepEqual(table.chart.categories, ['Jan 2026', 'Feb 2026', 'Mar 2026']);
    assert.ok(table.notes.some((n) => /oldest on the left/.test(n)));
  });

  it('sections, their accounts, their totals and the figures, in reading order', () => {
    assert.deepEqual(shape(table), [
      'Income [section]',
      '  Sales [account]',
      'Total Income [total]',
      'Cost of Sales [section]',
      '  Purchases [account]',
      'Total Cost of Sales [total]',
      'Gross profit [total]',
      'Expenses [section]',
      '  Advertising & Marketing [account]',
      '  Rent [account]',
      'Total Expenses [total]',
      'Net operating profit [total]',
      'Other Income [total]',
      'Other Expenses [total]',
      'Net other income [total]',
      'Net profit [total]',
    ]);
    assert.deepEqual(row(table, 'income#total').values, [800, 1000, 1200]);
    assert.deepEqual(row(table, 'income').values, [null, null, null]);
    assert.deepEqual(row(table, 'income/a:acc-sales').values, [800, 1000, 1200]);
    assert.deepEqual(row(table, 'grossProfit').values, [700, 850, 1000]);
    assert.deepEqual(row(table, 'netProfit').values, [350, 450, 600]);
    assert.equal(table.title, 'Profit and loss');
    assert.equal(table.currency, 'GBP');
    assert.deepEqual(table.params, MONTHLY);
  });

  it('each value changes against the column before', () => {
    assert.deepEqual(row(table, 'income#total').changes, [null, 200, 200]);
    assert.deepEqual(row(table, 'expenses/a:acc-ads').changes, [null, 50, 0]);
    assert.deepEqual(row(table, 'netProfit').changes, [null, 100, 150]);
    assert.equal(row(table, 'income').changes, undefined);
  });

  it('figures that add up are not flagged; the notes say basis and months', () => {
    assert.deepEqual(
      table.rows.filter((r) => r.mismatches),
      [],
    );
    assert.ok(table.notes.includes('Basis: Accrual.'));
    assert.ok(table.notes.includes('Most recent available month: Mar 2026.'));
    assert.ok(table.notes.includes('Earliest available month: Apr 2024.'));
  });

  it('the chart: income, expenses and net profit per period', () => {
    assert.equal(table.chart.layout, 'grouped');
    assert.deepEqual(
      table.chart.series.map((s) => [s.name, s.role, s.values]),
      [
        ['Income', 'income', [800, 1000, 1200]],
        ['Expenses', 'expense', [450, 550, 600]],
        ['Net profit', 'net', [350, 450, 600]],
      ],
    );
  });
});

describe('report table: totals that do not add up', () => {
  it('a line whose items add up to another value, and the figures built on it', () => {
    const report = profitAndLoss();
    const march = report.reports[0];
    march.income = line('Income', 1300, [line('Sales', 1200, undefined, 'acc-sales')]);
    march.netProfit = 601;
    const table = statementTable('profitAndLoss', MONTHLY, report);
    assert.deepEqual(row(table, 'income#total').mismatches, [{ column: 2, expected: 1200, rule: 'items' }]);
    assert.deepEqual(row(table, 'grossProfit').mismatches, [{ column: 2, expected: 1100, rule: 'formula' }]);
    assert.deepEqual(row(table, 'netProfit').mismatches, [{ column: 2, expected: 600, rule: 'formula' }]);
    assert.equal(row(table, 'expenses#total').mismatches, undefined);
    assert.ok(table.notes.includes('3 totals do not add up in some period; they are flagged.'));
  });

  it('by more than half a cent, not by the noise of floating point', () => {
    const at = (sales: number, total: number) => {
      const report = profitAndLoss();
      report.reports = [
        { ...pnlMonth('2026-01', 0, 0, 0, 0), income: line('Income', total, [line('A', 0.1), line('B', sales)]) },
      ];
      return row(statementTable('profitAndLoss', MONTHLY, report), 'income#total').mismatches;
    };
    assert.equal(at(0.2, 0.3), undefined);
    assert.equal(at(0.2, 0.304), undefined);
    assert.deepEqual(at(0.2, 0.306), [{ column: 0, expected: 0.3, rule: 'items' }]);
    assert.deepEqual(at(0.2, 0.294), [{ column: 0, expected: 0.3, rule: 'items' }]);
  });

  it('a balance sheet: nested groups, and assets against liabilities plus equity', () => {
    const good = statementTable('balanceSheet', MONTHLY, balanceSheet());
    assert.deepEqual(
      good.columns.map((c) => c.label),
      ['Jan 2023', 'Feb 2023'],
    );
    assert.deepEqual(
      good.rows.filter((r) => r.mismatches),
      [],
    );
    assert.deepEqual(shape(good).slice(0, 12), [
      'Assets [section]',
      '  Fixed Assets [section]',
      '    Office Equipment [account]',
      '    Computer Equipment [account]',
      '  Total Fixed Assets [subtotal]',
      '  Current Assets [section]',
      '    Accounts Receivable [account]',
      '    Bank [section]',
      '      Business Current Account [account]',
      '    Total Bank [subtotal]',
      '  Total Current Assets [subtotal]',
      'Total Assets [total]',
    ]);
    assert.deepEqual(row(good, 'assets#total').values, [4400073.18, 4420080.81]);
    assert.deepEqual(row(good, 'netAssets').changes, [null, 20007.63]);

    const bad = balanceSheet();
    const feb = bad.reports[0];
    feb.equity = { ...feb.equity, value: 100, items: null };
    const table = statementTable('balanceSheet', MONTHLY, bad);
    const liabilities = 930289.87;
    assert.deepEqual(row(table, 'assets#total').mismatches, [
      { column: 1, expected: liabilities + 100, rule: 'balance' },
    ]);
    assert.deepEqual(row(table, 'equity#total').mismatches, [{ column: 1, expected: 3489790.94, rule: 'balance' }]);
    assert.deepEqual(
      table.chart.series.map((s) => s.name),
      ['Assets', 'Liabilities', 'Equity'],
    );
  });
});

describe('report table: what a statement may lack', () => {
  it('no periods: no rows, no columns, a note', () => {
    const table = statementTable('balanceSheet', MONTHLY, { reports: [] });
    assert.deepEqual([table.rows, table.columns, table.chart.categories], [[], [], []]);
    assert.ok(table.notes.includes('The report has no periods.'));
    assert.equal(table.currency, undefined);
    assert.deepEqual(statementTable('profitAndLoss', MONTHLY, {} as FinancialStatement).rows, []);
  });

  it('missing lines, null values, unnamed lines, a line in one period only', () => {
    const report: FinancialStatement = {
      reports: [
        {
          fromDate: '2026-02-01',
          toDate: '2026-02-28',
          income: { value: null, items: [{ value: 5 }, { name: 'New', value: 1 }] },
        },
        {
          fromDate: '2026-01-01',
          toDate: '2026-01-31',
          income: { name: 'Revenue', value: 3, items: [{ value: 3 }] },
          netProfit: 3,
        },
      ] as StatementPeriod[],
    };
    const table = statementTable('profitAndLoss', MONTHLY, report);
    assert.deepEqual(shape(table), [
      'Revenue [section]',
      '  (unnamed line) [account]',
      '  New [account]',
      'Total Revenue [total]',
      'Net profit [total]',
    ]);
    assert.deepEqual(row(table, 'income/n:').values, [3, 5]);
    assert.deepEqual(row(table, 'income/n:New').values, [null, 1]);
    assert.deepEqual(row(table, 'income#total').values, [3, null]);
    assert.deepEqual(row(table, 'income#total').changes, [null, null]);
    assert.deepEqual(row(table, 'netProfit').values, [3, null]);
    // A figure the API gives in no period is no row: nothing is computed in its place.
    assert.equal(
      table.rows.find((r) => r.id === 'grossProfit'),
      undefined,
    );
  });

  it('two lines of one name under one parent stay two rows', () => {
    const report = profitAndLoss();
    report.reports[0].expenses = line('Expenses', 3, [line('Misc', 1), line('Misc', 2)]);
    const table = statementTable('profitAndLoss', MONTHLY, report);
    assert.deepEqual(row(table, 'expenses/n:Misc').values, [null, null, 1]);
    assert.deepEqual(row(table, 'expenses/n:Misc#2').values, [null, null, 2]);
  });

  it('periods without dates keep the API order reversed, headed "Period n"', () => {
    const report: FinancialStatement = {
      reports: [{ netProfit: 2 }, { netProfit: 1, toDate: 'soon' }] as StatementPeriod[],
    };
    const table = statementTable('profitAndLoss', MONTHLY, report);
    assert.deepEqual(table.columns, [{ label: 'Period 1' }, { label: 'Period 2' }]);
    assert.deepEqual(row(table, 'netProfit').values, [1, 2]);
  });

  it('periods are ordered by their dates, and quarters and years read as ranges of months', () => {
    const q = (from: string, to: string) => ({ fromDate: `${from}T00:00:00`, toDate: `${to}T00:00:00Z`, netProfit: 1 });
    const report: FinancialStatement = {
      reports: [q('2025-11-01', '2026-01-31'), q('2026-04-01', '2026-06-30'), q('2026-01-15', '2026-02-14')],
    };
    const table = statementTable('profitAndLoss', { periodLength: 3, periodsToCompare: 3 }, report, { locale: 'en' });
    assert.deepEqual(
      table.columns.map((c) => c.label),
      ['Nov 2025–Jan 2026', '15 Jan 2026–14 Feb 2026', 'Apr–Jun 2026'],
    );
  });

  it('a cash flow statement: receipts, payments and the net cash computed from them', () => {
    const report: FinancialStatement = {
      reportBasis: 'Cash',
      reportInput: 'Indirect',
      currency: 'USD',
      reports: [
        {
          fromDate: '2026-02-01',
          toDate: '2026-02-28',
          cashReceipts: line('Receipts', 90),
          cashPayments: line('Payments', 100),
        },
        {
          fromDate: '2026-01-01',
          toDate: '2026-01-31',
          cashReceipts: line('Receipts', 120),
          cashPayments: line('Payments', 20),
        },
      ],
    };
    const table = reportTable('cashFlowStatement', MONTHLY, report);
    assert.deepEqual(shape(table), ['Receipts [total]', 'Payments [total]', 'Net cash [total]']);
    assert.deepEqual(row(table, 'netCash').values, [100, -10]);
    assert.deepEqual(row(table, 'netCash').changes, [null, -110]);
    assert.ok(table.notes.includes('Input: Indirect.'));
    assert.deepEqual(
      table.chart.series.map((s) => [s.role, s.values]),
      [
        ['income', [120, 90]],
        ['expense', [20, 100]],
        ['net', [100, -10]],
      ],
    );
  });
});
