// What a table holds of an answer larger than any report: the newest periods or youngest buckets
// up to MAX_REPORT_COLUMNS, lines up to MAX_REPORT_ROWS, each cut said in a note; row ids unique
// whatever the names and ids hold; amounts near the largest double drawn as nothing, not thrown on.
import * as assert from 'node:assert/strict';
import type { AgedReport, FinancialStatement } from '../../../src/api';
import {
  MAX_REPORT_COLUMNS,
  MAX_REPORT_ROWS,
  agedTable,
  chartLayout,
  reportCsv,
  statementTable,
} from '../../../src/reports';
import { line } from './fixtures';

const PARAMS = { periodLength: 1, periodsToCompare: 24 };
const unique = (ids: string[]) => assert.equal(new Set(ids).size, ids.length, ids.join(' '));

describe('report table: limits', () => {
  it('more periods than a table shows: the newest, oldest first, and a note', () => {
    const month = (i: number) => `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    const reports = [...Array(150).keys()].reverse().map((i) => ({ fromDate: `${month(i)}-01`, netProfit: i }));
    const table = statementTable('profitAndLoss', PARAMS, { reports });
    assert.equal(table.columns.length, MAX_REPORT_COLUMNS);
    assert.equal(table.rows[0].values[0], 50);
    assert.equal(table.rows[0].values[MAX_REPORT_COLUMNS - 1], 149);
    assert.ok(table.notes.includes('The answer has 150 periods; the table shows the newest 100.'));
  });

  it('more lines than a table shows: the first ones, their sums still checked whole', () => {
    const items = [...Array(MAX_REPORT_ROWS + 500).keys()].map((i) => line(`Account ${i}`, 1, undefined, `a${i}`));
    const report: FinancialStatement = { reports: [{ income: line('Income', items.length, items) }] };
    const table = statementTable('profitAndLoss', PARAMS, report);
    assert.equal(table.rows.filter((r) => r.role === 'account').length, MAX_REPORT_ROWS);
    assert.ok(table.notes.some((n) => n.startsWith('The report has more lines than a table shows')));
    assert.equal(table.rows.find((r) => r.id === 'income#total')?.mismatches, undefined);
  });

  it('more buckets than a table shows: the youngest, and a note', () => {
    const amounts = [...Array(130).keys()].map((i) => ({ toDate: `${3000 - i}-01-01`, amount: 1 }));
    const report: AgedReport = {
      data: [{ customerId: 'c', agedCurrencyOutstanding: [{ currency: 'GBP', agedOutstandingAmounts: amounts }] }],
    };
    const table = agedTable('agedDebtor', {}, report);
    assert.equal(table.columns.length, MAX_REPORT_COLUMNS + 1);
    assert.equal(table.columns[0].to, '3000-01-01');
    assert.equal(table.rows[1].values[MAX_REPORT_COLUMNS], MAX_REPORT_COLUMNS);
    assert.ok(table.notes.includes('The answer has 130 buckets; the table shows the youngest 100.'));
  });

  it('row ids stay unique whatever names, ids and currencies hold', () => {
    const statement: FinancialStatement = {
      reports: [
        {
          income: line('Income', 4, [
            line('x', 1, undefined, 'a#2'),
            line('y', 1, undefined, 'a'),
            line('z', 1, undefined, 'a'),
            line('w', 1, [line('v', 1)], 'a/n:v'),
          ]),
        },
      ],
    };
    unique(statementTable('profitAndLoss', PARAMS, statement).rows.map((r) => r.id));
    const aged: AgedReport = {
      data: [
        {
          customerId: 'c',
          agedCurrencyOutstanding: [{ currency: 'A#total', agedOutstandingAmounts: [{ amount: 1 }] }],
        },
        { customerId: 'c', agedCurrencyOutstanding: [{ currency: 'A', agedOutstandingAmounts: [{ amount: 1 }] }] },
        { customerId: 'c#2', agedCurrencyOutstanding: [{ currency: 'A', agedOutstandingAmounts: [{ amount: 1 }] }] },
        { customerId: 'c', agedCurrencyOutstanding: [{ currency: 'A', agedOutstandingAmounts: [{ amount: 1 }] }] },
      ],
    };
    unique(agedTable('agedDebtor', {}, aged).rows.map((r) => r.id));
  });

  it('amounts near the largest double: a sum past it is no number, the chart draws nothing', () => {
    const big = 1.7e308;
    const report: AgedReport = {
      data: [1, 2].map((i) => ({
        customerId: `c${i}`,
        agedCurrencyOutstanding: [{ currency: 'GBP', agedOutstandingAmounts: [{ toDate: '2026-01-31', amount: big }] }],
      })),
    };
    const table = agedTable('agedDebtor', {}, report);
    const layout = chartLayout(table.chart, { width: 600, height: 300 });
    assert.equal(layout.empty, true);
    assert.ok(reportCsv(table).includes('\r\nTotal GBP,0,total,,,\r\n'), reportCsv(table));
  });
});
