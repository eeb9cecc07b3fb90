// An aged report as the report table: buckets youngest first headed by their ages, a section per
// currency, parties with their details, totals, what does not add up, and the chart.
import * as assert from 'node:assert/strict';
import type { AgedReport } from '../../../src/api';
import { agedTable, reportTable, type ReportTable } from '../../../src/reports';
import { agedDebtors } from './fixtures';

const shape = (table: ReportTable) =>
  table.rows.map((r) => `${'  '.repeat(r.depth)}${r.label} [${r.role}] ${r.values.map((v) => v ?? '-').join(' ')}`);

describe('report table: aged reports', () => {
  it('buckets youngest first, headed by their ages at the report date, then the Total column', () => {
    const table = agedTable('agedDebtor', {}, agedDebtors());
    assert.deepEqual(
      table.columns.map((c) => c.label),
      ['0–29 days', '30–59 days', '60+ days', 'Total'],
    );
    assert.deepEqual(table.columns[0], { label: '0–29 days', from: '2026-01-02', to: '2026-01-31' });
    assert.deepEqual(table.columns[3], { label: 'Total', total: true });
    assert.equal(table.title, 'Aged debtors');
    assert.ok(table.notes.includes('Ages are counted back from 31 Jan 2026.'));
  });

  it('a section per currency: its parties, what their amounts are made of, its total', () => {
    const table = agedTable('agedDebtor', { numberOfPeriods: 3 }, agedDebtors());
    assert.deepEqual(shape(table), [
      'GBP [section] - - - -',
      '  Acme Ltd [account] 100 50 25 175',
      '    Invoices [account] 110 60 35 205',
      '    CreditNotes [account] -10 -10 -10 -30',
      '  Globex [account] 10 0 5 15',
      '    Invoices [account] 20 10 15 45',
      '    CreditNotes [account] -10 -10 -10 -30',
      'Total GBP [total] 110 50 30 190',
      'EUR [section] - - - -',
      '  Globex [account] 7 8 9 24',
      '    Invoices [account] 17 18 19 54',
      '    CreditNotes [account] -10 -10 -10 -30',
      'Total EUR [total] 7 8 9 24',
    ]);
    assert.equal(table.currency, undefined);
    assert.deepEqual(
      table.rows.filter((r) => r.mismatches || r.changes),
      [],
    );
    assert.ok(table.notes.some((n) => /2 currencies/.test(n)));
    assert.deepEqual(table.rows[1].id, 'GBP/id:c1');
  });

  it('two currencies are charted side by side, never stacked', () => {
    const { chart } = agedTable('agedDebtor', {}, agedDebtors());
    assert.equal(chart.layout, 'grouped');
    assert.deepEqual(chart.categories, ['0–29 days', '30–59 days', '60+ days']);
    assert.deepEqual(
      chart.series.map((s) => [s.name, s.values]),
      [
        ['GBP', [110, 50, 30]],
        ['EUR', [7, 8, 9]],
      ],
    );
  });

  it('one currency: the five biggest parties stacked, the rest as one', () => {
    const report: AgedReport = {
      reportDate: '2026-01-31',
      data: [...Array(8).keys()].map((i) => ({
        supplierId: `s${i}`,
        supplierName: `Supplier ${i}`,
        agedCurrencyOutstanding: [
          {
            currency: 'USD',
            agedOutstandingAmounts: [{ fromDate: '2026-01-02', toDate: '2026-01-31', amount: i * 10 }],
          },
        ],
      })),
    };
    const table = reportTable('agedCreditor', {}, report);
    assert.equal(table.title, 'Aged creditors');
    assert.equal(table.currency, 'USD');
    assert.equal(table.chart.layout, 'stacked');
    assert.deepEqual(
      table.chart.series.map((s) => [s.name, s.values]),
      [
        ['Supplier 7', [70]],
        ['Supplier 6', [60]],
        ['Supplier 5', [50]],
        ['Supplier 4', [40]],
        ['Supplier 3', [30]],
        ['Other suppliers', [30]],
      ],
    );
  });

  it('an amount its details do not add up to is flagged; unknown details are not checked', () => {
    const report = agedDebtors();
    const acme = report.data?.[0].agedCurrencyOutstanding?.[0].agedOutstandingAmounts;
    assert.ok(acme);
    acme[1].amount = 51;
    acme[2].details = [{ name: 'Invoices', amount: null }];
    const table = agedTable('agedDebtor', {}, report);
    assert.deepEqual(table.rows[1].mismatches, [{ column: 1, expected: 50, rule: 'items' }]);
  });

  it('no data, nulls, unnamed parties, buckets without dates', () => {
    const empty = agedTable('agedDebtor', {}, {});
    assert.deepEqual(empty.rows, []);
    assert.deepEqual(
      empty.columns.map((c) => c.label),
      ['Total'],
    );
    assert.deepEqual(empty.chart.series, []);
    assert.ok(empty.notes.includes('Nothing is outstanding.'));

    const odd = agedTable(
      'agedDebtor',
      { reportDate: '2026-01-31' },
      {
        data: [
          { agedCurrencyOutstanding: [{ agedOutstandingAmounts: [{ amount: 1 }, { amount: null }] }] },
          null as never,
          { customerId: 'c9', agedCurrencyOutstanding: null },
        ],
      },
    );
    assert.deepEqual(
      odd.columns.map((c) => c.label),
      ['Period 1', 'Period 2', 'Total'],
    );
    assert.deepEqual(shape(odd), [
      'No currency [section] - - -',
      '  (unnamed) [account] 1 - 1',
      'Total No currency [total] 1 - 1',
    ]);
  });
});
