// A report as CSV: its rows with their depth, role and indented label, a column per period, plain
// numbers, where a total does not add up, and labels a spreadsheet would run neutralised.
import * as assert from 'node:assert/strict';
import { agedTable, reportCsv, statementTable } from '../../../src/reports';
import { agedDebtors, line, profitAndLoss } from './fixtures';

describe('report CSV', () => {
  it('a profit and loss: a row per table row, a column per period, oldest first', () => {
    const report = profitAndLoss();
    report.reports[0].income = line('Income', 1300, [line('Sales', 1200, undefined, 'acc-sales')]);
    const csv = reportCsv(statementTable('profitAndLoss', { periodLength: 1, periodsToCompare: 3 }, report));
    const rows = csv.split('\r\n');
    assert.equal(rows[0], 'Line,Depth,Role,Jan 2026,Feb 2026,Mar 2026,Should be');
    assert.equal(rows[1], 'Income,0,section,,,,');
    assert.equal(rows[2], '  Sales,1,account,800,1000,1200,');
    assert.equal(rows[3], 'Total Income,0,total,800,1000,1300,"Mar 2026: 1,200.00"');
    assert.ok(rows.includes('Net profit,0,total,350,450,600,'));
    assert.equal(rows[rows.length - 1], '');
  });

  it('an aged report: its Total column, negative amounts as numbers', () => {
    const rows = reportCsv(agedTable('agedDebtor', {}, agedDebtors()), ';').split('\r\n');
    assert.equal(rows[0], 'Line;Depth;Role;0–29 days;30–59 days;60+ days;Total;Should be');
    assert.equal(rows[4], '    CreditNotes;2;account;-10;-10;-10;-30;');
  });

  it('text a spreadsheet would run as a formula is neutralised; quotes and separators quoted', () => {
    const report = profitAndLoss();
    report.reports[0].expenses = line('Expenses', 0, [line('=HYPERLINK("x")', 0), line('-Refunds, net', 0)]);
    const csv = reportCsv(statementTable('profitAndLoss', { periodLength: 1, periodsToCompare: 1 }, report));
    assert.ok(csv.includes(`"'  =HYPERLINK(""x"")",1,account,`), csv);
    assert.ok(csv.includes(`"'  -Refunds, net",1,account,`), csv);
  });
});
