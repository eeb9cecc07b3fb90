// The reports API (issue 35): its requests as built (what Copy as cURL copies), every parameter
// refused before anything is sent, what is sent on the wire, and the answers it takes or refuses.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { MAX_LINE_DEPTH, isAgedReport, isCompanyInfo, isFinancialStatement } from '../../../src/api/reportShapes';
import { rejectsWith } from '../../support/apiErrors';
import { TestServer } from '../../support/httpDouble';
import { agedDebtors, balanceSheet, profitAndLoss } from '../reports/fixtures';

const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const BASE = 'https://api.example.test';
const client = (baseUrl = BASE) => new DataPlatformClient({ baseUrl, apiKey: KEY, sleep: () => Promise.resolve() });

/** The call throws a refusal of `parameter` without sending. */
function refuses(call: () => unknown, parameter: string): void {
  assert.throws(call, (e: unknown) => {
    assert.ok(e instanceof ApiError, String(e));
    assert.equal(e.kind, 'invalidParameter', e.message);
    assert.equal(e.attempts, 0);
    assert.equal(e.validation?.parameter, parameter, e.message);
    return true;
  });
}

describe('reports API: requests as built', () => {
  const r = client().reports;

  it('a statement: periodLength, periodsToCompare and startMonth in the contract order', () => {
    assert.deepEqual(r.statementRequest('co 1', 'profitAndLoss', { periodLength: 1, periodsToCompare: 12 }), {
      method: 'GET',
      url: `${BASE}/companies/co%201/data/financials/profitAndLoss?periodLength=1&periodsToCompare=12`,
    });
    const url = r.statementRequest('co', 'balanceSheet', {
      periodLength: 3,
      periodsToCompare: 24,
      startMonth: '2026-01-01T00:00:00+01:00',
    }).url;
    assert.equal(
      url,
      `${BASE}/companies/co/data/financials/balanceSheet?periodLength=3&periodsToCompare=24&startMonth=2026-01-01T00%3A00%3A00%2B01%3A00`,
    );
    assert.ok(
      r
        .statementRequest('co', 'cashFlowStatement', {
          periodLength: 12,
          periodsToCompare: 1,
          startMonth: '2024-02-29',
        })
        .url.endsWith('/data/financials/cashFlowStatement?periodLength=12&periodsToCompare=1&startMonth=2024-02-29'),
    );
  });

  it('a statement: each parameter refused outside its bounds, before anything is built', () => {
    const ok = { periodLength: 1, periodsToCompare: 12 };
    for (const periodLength of [0, -1, 13, 1.5, Number.NaN, '1', undefined, null])
      refuses(() => r.statementRequest('co', 'profitAndLoss', { ...ok, periodLength } as never), 'periodLength');
    for (const periodsToCompare of [0, 25, 2 ** 31, 2.5, '12', undefined])
      refuses(
        () => r.statementRequest('co', 'profitAndLoss', { ...ok, periodsToCompare } as never),
        'periodsToCompare',
      );
    for (const startMonth of ['2026-02-30', '2026-13-01', '2026-1-1', 'Jan 2026', '', '2026-01-01T25', 20260101])
      refuses(() => r.statementRequest('co', 'balanceSheet', { ...ok, startMonth } as never), 'startMonth');
    refuses(() => r.statementRequest('co', 'agedDebtor' as never, ok), 'kind');
    refuses(() => r.statementRequest('co', '../info' as never, ok), 'kind');
    refuses(() => r.statementRequest('..', 'balanceSheet', ok), 'companyId');
    refuses(() => r.statementRequest('a/b', 'balanceSheet', ok), 'companyId');
    refuses(() => r.statementRequest('', 'balanceSheet', ok), 'companyId');
    refuses(() => r.statementRequest('co', 'balanceSheet', null as never), 'periodLength');
  });

  it('an aged report: each parameter optional, sent in the contract order when given', () => {
    assert.equal(r.agedRequest('co', 'agedDebtor').url, `${BASE}/companies/co/reports/agedDebtor`);
    assert.equal(
      r.agedRequest('co', 'agedCreditor', { periodLengthDays: 30, reportDate: '2026-01-31', numberOfPeriods: 4 }).url,
      `${BASE}/companies/co/reports/agedCreditor?reportDate=2026-01-31&numberOfPeriods=4&periodLengthDays=30`,
    );
    assert.equal(
      r.agedRequest('co', 'agedCreditor', { numberOfPeriods: 24 }).url,
      `${BASE}/companies/co/reports/agedCreditor?numberOfPeriods=24`,
    );
    for (const reportDate of ['2026-01-31T00:00:00', '31-01-2026', '2025-02-29', '', 20260131])
      refuses(() => r.agedRequest('co', 'agedDebtor', { reportDate } as never), 'reportDate');
    for (const numberOfPeriods of [0, 25, 1.5, '4', null])
      refuses(() => r.agedRequest('co', 'agedDebtor', { numberOfPeriods } as never), 'numberOfPeriods');
    for (const periodLengthDays of [0, -30, 367, 30.5, '30'])
      refuses(() => r.agedRequest('co', 'agedDebtor', { periodLengthDays } as never), 'periodLengthDays');
    refuses(() => r.agedRequest('co', 'balanceSheet' as never), 'kind');
    refuses(() => r.agedRequest('.', 'agedDebtor'), 'companyId');
  });

  it('availability and the company info', () => {
    assert.deepEqual(r.agedAvailableRequest('co', 'agedCreditor'), {
      method: 'GET',
      url: `${BASE}/companies/co/reports/agedCreditor/available`,
    });
    assert.deepEqual(r.companyInfoRequest('c\u00e9'), { method: 'GET', url: `${BASE}/companies/c%C3%A9/data/info` });
    refuses(() => r.agedAvailableRequest('co', 'nope' as never), 'kind');
    refuses(() => r.companyInfoRequest('a\nb'), 'companyId');
  });
});

describe('reports API: on the wire', function () {
  this.timeout(10_000);
  let server: TestServer;
  beforeEach(async () => {
    server = await TestServer.start();
  });
  afterEach(() => server.close());

  it('each call sends the request as built and answers what the server said', async () => {
    const r = client(server.url).reports;
    const params = { periodLength: 1, periodsToCompare: 3 };
    server.reply(
      { status: 200, body: profitAndLoss() },
      { status: 200, body: agedDebtors() },
      { status: 200, body: 'false', contentType: 'application/json' },
      { status: 200, body: { companyName: 'Acme', baseCurrency: 'GBP', addresses: [] } },
    );
    const pnl = await r.statement('co', 'profitAndLoss', params);
    assert.equal(pnl.reports.length, 3);
    assert.equal(pnl.reports[0].netProfit, 600);
    const aged = await r.aged('co', 'agedDebtor', { numberOfPeriods: 3 });
    assert.equal(aged.data?.length, 2);
    assert.equal(await r.agedAvailable('co', 'agedDebtor'), false);
    assert.equal((await r.companyInfo('co')).baseCurrency, 'GBP');
    const sent = server.requests.map((q) => `${q.method} ${q.url}`);
    assert.deepEqual(sent, [
      `GET ${r.statementRequest('co', 'profitAndLoss', params).url.slice(server.url.length)}`,
      'GET /companies/co/reports/agedDebtor?numberOfPeriods=3',
      'GET /companies/co/reports/agedDebtor/available',
      'GET /companies/co/data/info',
    ]);
  });

  it('a refusal rejects without sending', async () => {
    const r = client(server.url).reports;
    for (const call of [
      () => r.statement('co', 'profitAndLoss', { periodLength: 0, periodsToCompare: 1 }),
      () => r.aged('..', 'agedDebtor'),
      () => r.agedAvailable('co', 'x' as never),
      () => r.companyInfo(''),
    ])
      await rejectsWith(call(), 'invalidParameter');
    assert.equal(server.count, 0);
  });

  it('HTML, a wrong shape, malformed JSON or a wrong availability: a malformed response', async () => {
    const r = client(server.url).reports;
    const params = { periodLength: 1, periodsToCompare: 1 };
    server.reply(
      { status: 200, body: '<!DOCTYPE html><html><body>Sign in</body></html>', contentType: 'text/html' },
      { status: 200, body: { reports: 'none' } },
      { status: 200, body: '{"reports": [', contentType: 'application/json' },
      { status: 200, body: { data: [{ customerName: 7 }] } },
      { status: 200, body: '"yes"', contentType: 'application/json' },
      { status: 200, body: [] },
    );
    await rejectsWith(r.statement('co', 'balanceSheet', params), 'malformedResponse');
    await rejectsWith(r.statement('co', 'balanceSheet', params), 'malformedResponse');
    await rejectsWith(r.statement('co', 'balanceSheet', params), 'malformedResponse');
    await rejectsWith(r.aged('co', 'agedCreditor'), 'malformedResponse');
    await rejectsWith(r.agedAvailable('co', 'agedCreditor'), 'malformedResponse');
    await rejectsWith(r.companyInfo('co'), 'malformedResponse');
  });

  it("the API's errors as every call has them: a 404 is notFound, its body kept", async () => {
    const r = client(server.url).reports;
    server.reply({ status: 404, body: { statusCode: 404, error: 'No aged debtor report for this company' } });
    const e = await rejectsWith(r.aged('co', 'agedDebtor'), 'notFound');
    assert.match(e.message, /No aged debtor report/);
  });
});

describe('reports API: the answers it takes', () => {
  it("a statement: the contract's figures of the right types, absent or null tolerated", () => {
    assert.ok(isFinancialStatement(profitAndLoss()));
    assert.ok(isFinancialStatement(balanceSheet()));
    assert.ok(isFinancialStatement({ reports: [] }));
    assert.ok(isFinancialStatement({ reports: [{}], currency: null, reportBasis: 'Cash', extra: { x: 1 } }));
    assert.ok(isFinancialStatement({ reports: [{ income: { value: null, items: null }, netProfit: null }] }));
    for (const bad of [
      null,
      [],
      {},
      { reports: {} },
      { reports: [null] },
      { reports: [[]] },
      { reports: [], currency: 3 },
      { reports: [{ netProfit: '12' }] },
      { reports: [{ income: 'Income' }] },
      { reports: [{ income: { value: 1, items: {} } }] },
      { reports: [{ income: { value: 1, items: [null] } }] },
      { reports: [{ assets: { value: 1, items: [{ name: 1, value: 2 }] } }] },
      { reports: [{ assets: { value: 1, items: [{ value: 'two' }] } }] },
      { reports: [{ date: 20260131 }] },
    ])
      assert.equal(isFinancialStatement(bad), false, JSON.stringify(bad));
  });

  it('a line tree deeper than MAX_LINE_DEPTH is refused, without recursion', () => {
    const deep = (levels: number) => {
      let node: Record<string, unknown> = { name: 'leaf', value: 1 };
      for (let i = 1; i < levels; i++) node = { name: `l${i}`, value: 1, items: [node] };
      return { reports: [{ income: node }] };
    };
    assert.ok(isFinancialStatement(deep(MAX_LINE_DEPTH)));
    assert.equal(isFinancialStatement(deep(MAX_LINE_DEPTH + 1)), false);
    assert.equal(isFinancialStatement(deep(200_000)), false);
  });

  it('an aged report: per party, per currency, per bucket with its details', () => {
    assert.ok(isAgedReport(agedDebtors()));
    assert.ok(isAgedReport({}));
    assert.ok(isAgedReport({ data: null }));
    assert.ok(
      isAgedReport({ data: [{ supplierId: 's1', agedCurrencyOutstanding: [{ agedOutstandingAmounts: null }] }] }),
    );
    for (const bad of [
      [],
      { data: {} },
      { data: [1] },
      { generated: 1 },
      { data: [{ agedCurrencyOutstanding: {} }] },
      { data: [{ agedCurrencyOutstanding: [{ currency: 826 }] }] },
      { data: [{ agedCurrencyOutstanding: [{ agedOutstandingAmounts: [{ amount: '5' }] }] }] },
      { data: [{ agedCurrencyOutstanding: [{ agedOutstandingAmounts: [{ details: [{ amount: [] }] }] }] }] },
    ])
      assert.equal(isAgedReport(bad), false, JSON.stringify(bad));
  });

  it("the company's info: an object whose named fields are text", () => {
    assert.ok(isCompanyInfo({ companyName: 'Acme', financialYearStartDate: '2026-04-01T00:00:00', sourceUrls: {} }));
    assert.ok(isCompanyInfo({}));
    for (const bad of [null, [], 'Acme', { companyName: 1 }, { baseCurrency: ['GBP'] }])
      assert.equal(isCompanyInfo(bad), false, JSON.stringify(bad));
  });
});
