// The reports API and the report table against the real emulator: every report read as built
// (Copy as cURL), its answer taken by the client's checks and made into a table whose totals all
// add up (the emulator's books balance), a total the emulator misstates flagged, an aged report
// that is not available said so, and the API's parameter refusals as the client's are.
import * as assert from 'node:assert/strict';
import { STATEMENT_KINDS, type PreparedRequest } from '../../../src/api';
import { agedTable, chartLayout, reportCsv, statementTable } from '../../../src/reports';
import { rejectsWith } from '../../support/apiErrors';
import { emulatorSuite } from '../../support/emulatorSuite';

describe('client: reports against the emulator', function () {
  this.timeout(30_000);
  const suite = emulatorSuite({ invoices: 600, companies: 12 });
  const { received, client } = suite;

  /** The one request the call sends is the one built. */
  async function asBuilt<T>(built: PreparedRequest, call: () => Promise<T>): Promise<T> {
    const before = received.length;
    const result = await call();
    assert.equal(received.length, before + 1, received.slice(before).join('\n'));
    assert.ok(received[before].startsWith(`GET ${built.url.slice(suite.emu.url.length)} 200`), received[before]);
    return result;
  }

  it('each statement: as built, oldest first, every total adding up, charted inside its box', async () => {
    const r = client().reports;
    const params = { periodLength: 1, periodsToCompare: 12 };
    for (const kind of STATEMENT_KINDS) {
      const company = suite.emu.companies.many;
      const answer = await asBuilt(r.statementRequest(company, kind, params), () => r.statement(company, kind, params));
      assert.equal(answer.reports.length, 12);
      const table = statementTable(kind, params, answer);
      assert.equal(table.columns.length, 12, kind);
      const ends = table.columns.map((c) => c.to ?? '');
      assert.deepEqual([...ends].sort(), ends, `${kind}: oldest first`);
      assert.deepEqual(
        table.rows.filter((row) => row.mismatches).map((row) => [row.id, row.mismatches]),
        [],
        kind,
      );
      assert.ok(table.rows.length > 5, kind);
      const layout = chartLayout(table.chart, { width: 800, height: 300 });
      assert.equal(layout.empty, false);
      assert.ok(layout.bars.length >= 12 * 2, kind);
      assert.ok(reportCsv(table).split('\r\n').length === table.rows.length + 2);
    }
  });

  it("a quarter's statement from a start month: the parameters as sent", async () => {
    const r = client().reports;
    const params = { periodLength: 3, periodsToCompare: 4, startMonth: '2026-01-01' };
    const answer = await asBuilt(r.statementRequest(suite.emu.companies.many, 'profitAndLoss', params), () =>
      r.statement(suite.emu.companies.many, 'profitAndLoss', params),
    );
    const table = statementTable('profitAndLoss', params, answer);
    assert.deepEqual(
      table.columns.map((c) => c.label),
      ['Apr–Jun 2025', 'Jul–Sep 2025', 'Oct–Dec 2025', 'Jan–Mar 2026'],
    );
  });

  it('a total the emulator misstates is flagged, with what it should be', async () => {
    const r = client().reports;
    const params = { periodLength: 1, periodsToCompare: 3 };
    suite.emu.faults.add({ kind: 'misstatedTotal', path: '/financials/', times: 1 });
    const table = statementTable(
      'balanceSheet',
      params,
      await r.statement(suite.emu.companies.many, 'balanceSheet', params),
    );
    const flagged = table.rows.filter((row) => row.mismatches);
    assert.ok(flagged.length >= 1);
    const assets = table.rows.find((row) => row.id === 'assets#total');
    assert.ok(assets?.mismatches?.some((m) => m.rule === 'items' && m.column === 2));
    assert.ok(assets?.mismatches?.some((m) => m.rule === 'balance' && m.column === 2));
  });

  it('aged reports: available and read, or unavailable and said so plainly', async () => {
    const r = client().reports;
    const company = suite.emu.companies.many;
    assert.equal(await r.agedAvailable(company, 'agedDebtor'), true);
    const params = { reportDate: '2026-01-31', numberOfPeriods: 4, periodLengthDays: 30 };
    const answer = await asBuilt(r.agedRequest(company, 'agedDebtor', params), () =>
      r.aged(company, 'agedDebtor', params),
    );
    const table = agedTable('agedDebtor', params, answer);
    assert.deepEqual(
      table.columns.map((c) => c.label),
      ['0–29 days', '30–59 days', '60–89 days', '90+ days', 'Total'],
    );
    assert.deepEqual(
      table.rows.filter((row) => row.mismatches),
      [],
    );
    const none = suite.emu.noAgedCreditorCompany;
    assert.ok(none, 'the emulator has a company without aged creditors');
    assert.equal(await r.agedAvailable(none, 'agedCreditor'), false);
    const e = await rejectsWith(r.aged(none, 'agedCreditor'), 'datatypeNotSupported');
    assert.match(e.message, /agedCreditor/);
  });

  it("the company's info, and an unknown company as notFound", async () => {
    const r = client().reports;
    const info = await asBuilt(r.companyInfoRequest(suite.emu.companies.many), () =>
      r.companyInfo(suite.emu.companies.many),
    );
    assert.equal(typeof info.companyName, 'string');
    await rejectsWith(r.companyInfo('no-such-company'), 'notFound');
  });
});
