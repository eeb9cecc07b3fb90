// Aged debtors and creditors hold together with the invoices and bills the emulator lists (per
// customer or supplier, per currency, the buckets add up to what is owed, each document in the
// bucket of its issue date); the aged creditors report is unavailable on a platform without bill
// credit notes; and every report refuses bad parameters with the usual 400, an unknown company with
// its 404, data not synced with the data endpoints' 409, a platform without the data with their 404.
import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, call, type ValidationErrorBody } from '../../emulator/testing';
import type { ErrorBody } from '../../emulator/wire';
import { type BookDoc, bookOf, dayOf, sumOf, toCents } from './reportBooks';

interface Bucket {
  fromDate: string;
  toDate: string;
  amount: number;
  details: { name: string; amount: number }[];
}
interface AgedEntry {
  customerId?: string;
  supplierId?: string;
  customerName?: string;
  supplierName?: string;
  agedCurrencyOutstanding: { currency: string; agedOutstandingAmounts: Bucket[] }[];
}
interface Aged {
  generated: string;
  reportDate: string;
  data: AgedEntry[];
}

const DAY_MS = 86_400_000;
const dateOf = (day: number): string => `${new Date(day * DAY_MS).toISOString().slice(0, 10)}T00:00:00`;

describe('emulator: aged reports and the reports’ errors', function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const clock = new ManualClock();
  let book: { invoices: BookDoc[]; bills: BookDoc[] };

  before(async () => {
    emu = await startEmulator({ invoices: 2000, companies: 40, now: clock.now });
    book = await bookOf(emu, emu.companies.many);
  });
  after(() => emu.close());

  const aged = async (kind: string, query = '', company = emu.companies.many) => {
    const r = await call<Aged>(emu, `/companies/${company}/reports/${kind}${query}`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json;
  };

  /** What each party owed on the day, per currency, in cents of that currency. */
  function owed(docs: BookDoc[], reportDay: number): Map<string, number> {
    const out = new Map<string, number>();
    for (const d of docs) {
      if (d.issueDay >= reportDay) continue;
      const cents = d.dueCents + (d.paidDay >= reportDay ? d.paidCents : 0);
      const key = `${d.partyId}/${d.currency}`;
      if (cents !== 0) out.set(key, (out.get(key) ?? 0) + cents);
    }
    return out;
  }

  function reported(report: Aged, idKey: 'customerId' | 'supplierId'): Map<string, number> {
    const out = new Map<string, number>();
    for (const entry of report.data)
      for (const c of entry.agedCurrencyOutstanding) {
        const total = c.agedOutstandingAmounts.reduce((s, b) => s + toCents(b.amount), 0);
        for (const b of c.agedOutstandingAmounts) assert.equal(toCents(b.details[0].amount), toCents(b.amount));
        out.set(`${String(entry[idKey])}/${c.currency}`, total);
      }
    return out;
  }

  for (const [kind, docs, idKey] of [
    ['agedDebtor', () => book.invoices, 'customerId'],
    ['agedCreditor', () => book.bills, 'supplierId'],
  ] as const) {
    it(`${kind}: the buckets of each party and currency add up to what its documents owed that day`, async () => {
      for (const date of ['2030-01-01', '2024-03-15', '2022-06-30']) {
        const report = await aged(kind, `?reportDate=${date}`);
        assert.equal(report.reportDate, `${date}T00:00:00`);
        const expected = owed(docs(), dayOf(date));
        assert.deepEqual(reported(report, idKey), expected, `on ${date}`);
        assert.ok(expected.size > 0);
      }
      const later = await aged(kind, '?reportDate=2030-01-01');
      const allDue = sumOf(docs(), (d) => d.dueCents);
      const total = [...reported(later, idKey).values()].reduce((s, c) => s + c, 0);
      assert.equal(total, allDue, 'once every payment is in, what is owed is the amountDue');
    });
  }

  it('buckets: periodLengthDays apart, newest first, the last reaching back to 0001-01-01; each document in its issue date’s', async () => {
    const report = await aged('agedDebtor', '?reportDate=2024-03-15&numberOfPeriods=3&periodLengthDays=45');
    const reportDay = dayOf('2024-03-15');
    const buckets = report.data[0].agedCurrencyOutstanding[0].agedOutstandingAmounts;
    assert.deepEqual(
      buckets.map((b) => [b.fromDate, b.toDate]),
      [
        [dateOf(reportDay - 45), '2024-03-15T00:00:00'],
        [dateOf(reportDay - 90), dateOf(reportDay - 45)],
        ['0001-01-01T00:00:00', dateOf(reportDay - 90)],
      ],
    );
    // The newest bucket of every party holds exactly its documents issued in [reportDate − 45, reportDate).
    const recent = new Map<string, number>();
    for (const d of book.invoices)
      if (d.issueDay < reportDay && d.issueDay >= reportDay - 45) {
        const cents = d.dueCents + (d.paidDay >= reportDay ? d.paidCents : 0);
        const key = `${d.partyId}/${d.currency}`;
        recent.set(key, (recent.get(key) ?? 0) + cents);
      }
    for (const entry of report.data)
      for (const c of entry.agedCurrencyOutstanding)
        assert.equal(
          toCents(c.agedOutstandingAmounts[0].amount),
          recent.get(`${String(entry.customerId)}/${c.currency}`) ?? 0,
        );
    assert.ok(report.data.every((e) => e.agedCurrencyOutstanding.every((c) => c.agedOutstandingAmounts.length === 3)));
    assert.ok(report.data.every((e) => typeof e.customerName === 'string' && e.customerName !== ''));
  });

  it('defaults: the clock’s today, 4 periods of 30 days, generated at the clock’s instant', async () => {
    const report = await aged('agedCreditor');
    assert.equal(report.reportDate, '2026-01-15T00:00:00');
    assert.equal(report.generated, clock.now().toISOString());
    assert.equal(report.data[0].agedCurrencyOutstanding[0].agedOutstandingAmounts[1].toDate, '2025-12-16T00:00:00');
    assert.ok(report.data.every((e) => e.agedCurrencyOutstanding.every((c) => c.agedOutstandingAmounts.length === 4)));
  });

  it('unavailable: the aged creditors report of a company whose platform lacks bill credit notes', async () => {
    const company = emu.noAgedCreditorCompany as string;
    assert.ok(company, 'the seed has such a filler');
    const available = (kind: string, id = company) => call<boolean>(emu, `/companies/${id}/reports/${kind}/available`);
    assert.deepEqual([(await available('agedCreditor')).status, (await available('agedCreditor')).json], [200, false]);
    assert.equal((await available('agedDebtor')).json, true);
    const r = await call<ErrorBody>(emu, `/companies/${company}/reports/agedCreditor`);
    assert.equal(r.status, 404);
    assert.match(r.json.error, /^Datatype \[agedCreditor\] not supported by platform\(s\) \[FreshBooks\]$/);
    assert.equal((await call(emu, `/companies/${company}/reports/agedDebtor`)).status, 200);
    for (const kind of ['agedDebtor', 'agedCreditor'])
      assert.equal((await available(kind, emu.companies.many)).json, true);
    for (const kind of ['agedDebtor', 'agedCreditor']) {
      assert.equal((await available(kind, emu.companies.notRequested)).json, false, 'nothing synced yet');
      assert.equal((await available(kind, emu.companies.unsupported)).json, false);
    }
  });

  const paths = (id: string) => [
    `/companies/${id}/data/financials/balanceSheet?periodLength=1&periodsToCompare=2`,
    `/companies/${id}/data/financials/profitAndLoss?periodLength=1&periodsToCompare=2`,
    `/companies/${id}/data/financials/cashFlowStatement?periodLength=1&periodsToCompare=2`,
    `/companies/${id}/data/info`,
    `/companies/${id}/reports/agedDebtor`,
    `/companies/${id}/reports/agedCreditor`,
  ];

  it('400: a missing or bad parameter, named in the validation errors', async () => {
    const pl = `/companies/${emu.companies.many}/data/financials/profitAndLoss`;
    const debtors = `/companies/${emu.companies.many}/reports/agedDebtor`;
    const cases: [string, string][] = [
      [`${pl}?periodsToCompare=2`, 'periodLength'],
      [`${pl}?periodLength=1`, 'periodsToCompare'],
      [`${pl}?periodLength=0&periodsToCompare=2`, 'periodLength'],
      [`${pl}?periodLength=13&periodsToCompare=2`, 'periodLength'],
      [`${pl}?periodLength=1.5&periodsToCompare=2`, 'periodLength'],
      [`${pl}?periodLength=1&periodsToCompare=61`, 'periodsToCompare'],
      [`${pl}?periodLength=1&periodsToCompare=-1`, 'periodsToCompare'],
      [`${pl}?periodLength=1&periodsToCompare=2&startMonth=March`, 'startMonth'],
      [`${pl}?periodLength=1&periodsToCompare=2&startMonth=2024-02-30`, 'startMonth'],
      [`${debtors}?reportDate=31/12/2024`, 'reportDate'],
      [`${debtors}?numberOfPeriods=0`, 'numberOfPeriods'],
      [`${debtors}?periodLengthDays=400`, 'periodLengthDays'],
      [`${debtors}?periodLengthDays=x`, 'periodLengthDays'],
    ];
    for (const [path, param] of cases) {
      const r = await call<ValidationErrorBody>(emu, path);
      assert.equal(r.status, 400, path);
      assert.equal(r.json.statusCode, 400);
      assert.deepEqual(
        r.json.validation.errors.map((e) => e.itemId),
        [param],
        path,
      );
      assert.match(r.json.error, new RegExp(param));
    }
  });

  it('404 for an unknown company; 409 while the data is not synced, then 200; 404 where the platform lacks it', async () => {
    for (const path of paths('b7e5c1d2-0000-4000-8000-000000000000')) {
      const r = await call<ErrorBody>(emu, path);
      assert.deepEqual(
        [r.status, r.json.error],
        [404, 'No company was found with ID b7e5c1d2-0000-4000-8000-000000000000'],
      );
    }
    for (const path of paths(emu.companies.notRequested)) {
      const r = await call<ErrorBody>(emu, path);
      assert.deepEqual([r.status, r.json.error], [409, 'The data set has not been requested.'], path);
    }
    for (const path of paths(emu.companies.syncing)) assert.equal((await call(emu, path)).status, 409, path);
    for (const path of paths(emu.companies.unsupported)) {
      const r = await call<ErrorBody>(emu, path);
      assert.equal(r.status, 404, path);
      assert.match(
        r.json.error,
        /^Datatype \[(balanceSheet|profitAndLoss|cashFlowStatement|company|agedDebtor|agedCreditor)\] not supported by platform\(s\) \[Xero\]$/,
      );
    }
    const company = emu.companies.notRequested;
    for (const type of ['invoices', 'bills', 'customers', 'creditNotes', 'payments'])
      assert.equal((await call(emu, `/companies/${company}/data/queue/${type}`, { method: 'POST' })).status, 200);
    clock.advance(5_000);
    for (const path of paths(company).filter((p) => !p.includes('agedCreditor')))
      assert.equal((await call(emu, path)).status, 200, path);
    assert.equal(
      (await call(emu, `/companies/${company}/reports/agedCreditor`)).status,
      409,
      'its suppliers are not synced',
    );
    emu.reset();
  });
});
