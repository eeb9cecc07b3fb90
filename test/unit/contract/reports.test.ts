// The emulator's reports held to Codat's contract (test/contract/codat.json, `reports`, from Accounting
// API 2.1.0): the three financial statements, company info, the aged reports and their `/available`
// checks fit their schemas for every kind of company and several parameters, every line of a
// statement's tree fits the report line, `null` is sent where the contract allows it, the required
// parameters are those the emulator refuses to go without, and the error bodies fit the error schema
// with statuses Lending 3.0.0 lists for these paths, but for two the emulator's README names: a 400
// for a bad parameter (no document lists one here) and the 409 of an aged report whose data is not
// synced (the company's data endpoints' answer; Lending lists no 409 for the aged reports).
import * as assert from 'node:assert/strict';
import { CONTRACT, REPORT_OPERATIONS, SCHEMAS, problems, type Schema } from '../../contract/contract';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, call } from '../../emulator/testing';
import type { Page } from '../../emulator/wire';

type Rec = Record<string, unknown>;
type Operation = (typeof REPORT_OPERATIONS)[number];

function fits(schema: Schema, body: unknown, what: string): void {
  const found = problems(schema, body);
  assert.deepEqual(found, [], `${what} breaks the contract:\n  ${found.slice(0, 20).join('\n  ')}`);
}

/** Every report line under a statement's report (the schema checks one level; this, all of them). */
function lines(value: unknown): Rec[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap(lines);
  const rec = value as Rec;
  const own = 'value' in rec && ('items' in rec || 'accountId' in rec) ? [rec] : [];
  return [...own, ...Object.values(rec).flatMap(lines)];
}

const STATEMENTS = ['balanceSheet', 'profitAndLoss', 'cashFlowStatement'] as const;
const path = (op: Operation, companyId: string): string => CONTRACT.reports[op].path.replace('{companyId}', companyId);

describe('Codat contract: reports', function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const clock = new ManualClock();
  let ready: string[];

  before(async () => {
    emu = await startEmulator({ invoices: 400, companies: 40, now: clock.now });
    const companies = (await call<Page<{ id: string }>>(emu, '/companies?pageSize=40')).json.results.map((c) => c.id);
    const skip = [emu.companies.notRequested, emu.companies.syncing, emu.companies.unsupported];
    ready = companies.filter((id) => !skip.includes(id));
  });
  after(() => emu.close());

  it('names every report operation, its parameters and statuses; the emulator serves each', async () => {
    const { reports } = CONTRACT;
    assert.deepEqual(
      Object.keys(reports).filter((k) => k !== 'reportLine'),
      [...REPORT_OPERATIONS],
    );
    for (const kind of STATEMENTS)
      assert.deepEqual(reports[kind].query, [
        { name: 'periodLength', required: true, type: 'integer' },
        { name: 'periodsToCompare', required: true, type: 'integer' },
        { name: 'startMonth', required: false, type: 'string' },
      ]);
    for (const kind of ['agedDebtor', 'agedCreditor'] as const)
      assert.deepEqual(
        reports[kind].query.map((q) => [q.name, q.required]),
        [
          ['reportDate', false],
          ['numberOfPeriods', false],
          ['periodLengthDays', false],
        ],
      );
    for (const op of REPORT_OPERATIONS) {
      assert.deepEqual(reports[op].statuses, ['200'], 'Accounting API 2.1.0 lists only the 200');
      for (const status of ['200', '404']) assert.ok(reports[op].lendingStatuses.includes(status), `${op} ${status}`);
      const query = reports[op].query
        .filter((q) => q.required)
        .map((q) => `${q.name}=1`)
        .join('&');
      const r = await call(emu, `${path(op, emu.companies.many)}${query ? `?${query}` : ''}`);
      assert.equal(r.status, 200, op);
    }
  });

  it('the required parameters are the ones the emulator will not go without', async () => {
    for (const kind of STATEMENTS) {
      for (const missing of CONTRACT.reports[kind].query.filter((q) => q.required)) {
        const query = CONTRACT.reports[kind].query
          .filter((q) => q.required && q !== missing)
          .map((q) => `${q.name}=1`)
          .join('&');
        const r = await call(emu, `${path(kind, emu.companies.many)}?${query}`);
        assert.equal(r.status, 400, `${kind} without ${missing.name}`);
        fits(SCHEMAS.error, r.json, `the 400 of ${kind}`);
      }
    }
  });

  it('statements of every ready company, with several parameters, fit; so does every line of their trees', async () => {
    const queries = [
      'periodLength=1&periodsToCompare=3',
      'periodLength=3&periodsToCompare=8&startMonth=2024-01-01',
      'periodLength=12&periodsToCompare=2&startMonth=2023-06-01T00:00:00Z',
    ];
    for (const company of ready)
      for (const kind of STATEMENTS)
        for (const query of company === emu.companies.many ? queries : queries.slice(0, 1)) {
          const r = await call<{ reports: unknown[] }>(emu, `${path(kind, company)}?${query}`);
          assert.equal(r.status, 200);
          fits(CONTRACT.reports[kind].record, r.json, `${kind} of ${company} (${query})`);
          const all = lines(r.json.reports);
          assert.ok(all.length >= r.json.reports.length * 2, `${kind} has nested lines`);
          for (const line of all) fits(CONTRACT.reports.reportLine, line, `a line of ${kind} of ${company}`);
        }
  });

  it('sends null where the contract allows it: empty books’ months, a worked-out line’s account', async () => {
    for (const kind of ['balanceSheet', 'cashFlowStatement'] as const) {
      const r = await call<Rec>(emu, `${path(kind, emu.companies.empty)}?periodLength=1&periodsToCompare=1`);
      assert.equal(r.json.mostRecentAvailableMonth, null);
      assert.equal(r.json.earliestAvailableMonth, null);
      fits(CONTRACT.reports[kind].record, r.json, `${kind} of empty books`);
    }
    const bs = await call<Rec>(emu, `${path('balanceSheet', emu.companies.many)}?periodLength=1&periodsToCompare=1`);
    assert.ok(lines(bs.json.reports).some((l) => l.accountId === null));
  });

  it('company info of every ready company fits, with nulls where CompanyDataset allows them in some', async () => {
    const seenNull = new Set<string>();
    for (const company of ready) {
      const r = await call<Rec>(emu, path('companyInfo', company));
      assert.equal(r.status, 200);
      fits(CONTRACT.reports.companyInfo.record, r.json, `info of ${company}`);
      for (const [key, value] of Object.entries(r.json)) if (value === null) seenNull.add(key);
      const addresses = (r.json.addresses ?? []) as Rec[];
      if (addresses.some((a) => a.line2 === null)) seenNull.add('addresses[].line2');
      assert.equal(typeof r.json.baseCurrency, 'string');
    }
    for (const field of ['companyLegalName', 'registrationNumber', 'taxNumber', 'addresses[].line2'])
      assert.ok(seenNull.has(field), `some company sends ${field}: null (${[...seenNull].join(', ')})`);
  });

  it('aged reports and their availability fit, with several parameters', async () => {
    for (const company of [...ready, emu.noAgedCreditorCompany as string])
      for (const kind of ['agedDebtor', 'agedCreditor'] as const) {
        const available = await call(emu, path(`${kind}Available` as const, company));
        fits(CONTRACT.reports[`${kind}Available` as const].record, available.json, `${kind}/available of ${company}`);
        if (available.json !== true) continue;
        for (const query of ['', '?reportDate=2024-06-30&numberOfPeriods=6&periodLengthDays=14']) {
          const r = await call<{ data: unknown[] }>(emu, `${path(kind, company)}${query}`);
          assert.equal(r.status, 200);
          fits(CONTRACT.reports[kind].record, r.json, `${kind} of ${company}`);
        }
      }
  });

  it('error bodies fit, with statuses Lending 3.0.0 lists for the path but the two the README names', async () => {
    const cases: [Operation, string, string][] = [
      ['profitAndLoss', emu.companies.many, '?periodLength=x&periodsToCompare=1'],
      ['agedDebtor', emu.companies.many, '?numberOfPeriods=0'],
      ...REPORT_OPERATIONS.map((op): [Operation, string, string] => [op, 'c0ffee00-0000-4000-8000-000000000000', '']),
      ...REPORT_OPERATIONS.map((op): [Operation, string, string] => [
        op,
        emu.companies.unsupported,
        '?periodLength=1&periodsToCompare=1',
      ]),
      ...REPORT_OPERATIONS.map((op): [Operation, string, string] => [
        op,
        emu.companies.notRequested,
        '?periodLength=1&periodsToCompare=1',
      ]),
      ['agedCreditor', emu.noAgedCreditorCompany as string, ''],
    ];
    let errors = 0;
    for (const [op, company, query] of cases) {
      const r = await call(emu, `${path(op, company)}${query}`);
      if (r.status === 200) continue; // `/available` answers false, not an error
      errors++;
      fits(SCHEMAS.error, r.json, `${op} ${r.status}`);
      const allowed =
        CONTRACT.reports[op].lendingStatuses.includes(String(r.status)) ||
        r.status === 400 ||
        (r.status === 409 && op.startsWith('aged'));
      assert.ok(allowed, `${op} answered ${r.status}, which the contract does not list`);
    }
    assert.ok(errors >= 20);
  });

  it('a report changed to break the contract fails', async () => {
    const r = await call<Rec>(emu, `${path('profitAndLoss', emu.companies.many)}?periodLength=1&periodsToCompare=1`);
    const copy = structuredClone(r.json) as { reports: Rec[] };
    copy.reports[0].netIncome = copy.reports[0].netProfit;
    assert.ok(problems(CONTRACT.reports.profitAndLoss.record, copy).some((p) => p.includes('netIncome')));
    const line = structuredClone(lines(r.json.reports)[1]);
    line.value = String(line.value);
    assert.ok(problems(CONTRACT.reports.reportLine, line).length > 0, 'a line whose value is text');
    const info = await call<Rec>(emu, path('companyInfo', emu.companies.many));
    assert.ok(
      problems(CONTRACT.reports.companyInfo.record, { ...info.json, financialYearStartDate: '1 April' }).length > 0,
    );
  });
});
