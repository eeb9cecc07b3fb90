// The data set of each data type, per company: the states of the well-known companies for every
// type, syncing one type at a time, a platform that lacks some types, and the handler's rules
// (credential, other account, faults, rate-limit headers) on the new paths.
import * as assert from 'node:assert/strict';
import { DATA_TYPE_SPECS } from '../../corpus/dataTypes';
import { DATA_TYPES, SYNC_DURATION_MS, startEmulator, type RunningEmulator } from '../../emulator';
import { RECORD_TYPES } from '../../emulator/dataTypes';
import { ManualClock, type Reply, call, dataPath } from '../../emulator/testing';
import type { Company, DataStatusMap, ErrorBody, Page, PullOperation } from '../../emulator/wire';

// The types of Accounting API 2.1.0 beyond the shared table (and item receipts), in the catalog's order.
const ACCOUNTING = [
  'trackingCategories',
  'journals',
  'purchaseOrders',
  'salesOrders',
  'paymentMethods',
  'bankAccounts',
  'bankTransactions',
  'accountTransactions',
  'transfers',
  'directCosts',
  'directIncomes',
  'itemReceipts',
];
const TYPES = [...new Set(['invoices', ...DATA_TYPE_SPECS.map((s) => s.segment), ...ACCOUNTING])];
const PER_CONNECTION = new Set(RECORD_TYPES.filter((t) => t.scope === 'connection').map((t) => t.segment));
/** A type's key in dataStatus and name in the sync queue, as Codat-Platform.json's `DataStatus.dataType`
 * names it: the path segment, but for the chart of accounts. */
const key = (type: string): string => (type === 'accounts' ? 'chartOfAccounts' : type);
const KEYS = TYPES.map(key);

describe('emulator: a data set per data type', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();
  const data = (company: string, type: string): Promise<string> => dataPath(emu, company, type);

  before(async () => {
    emu = await startEmulator({ invoices: 200, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  async function fillers(): Promise<Company[]> {
    const wellKnown = new Set(Object.values(emu.companies));
    return (await call<Page<Company>>(emu, '/companies?pageSize=200')).json.results.filter((c) => !wellKnown.has(c.id));
  }

  it('knows the types of the shared table, invoices first, and lists them at GET /_emulator', async () => {
    assert.deepEqual([...DATA_TYPES], TYPES);
    assert.deepEqual((await call<{ dataTypes: string[] }>(emu, '/_emulator', { key: null })).json.dataTypes, TYPES);
  });

  it("has every type Complete for many, few and empty, in the table's order", async () => {
    for (const company of [emu.companies.many, emu.companies.few, emu.companies.empty]) {
      const status = (await call<DataStatusMap>(emu, `/companies/${company}/dataStatus`)).json;
      assert.deepEqual(Object.keys(status), KEYS);
      for (const k of KEYS) {
        assert.equal(status[k].dataType, k);
        assert.equal(status[k].currentStatus, 'Complete');
        assert.equal(status[k].latestSyncId, status[k].latestSuccessfulSyncId);
      }
      assert.equal(
        new Set(KEYS.map((k) => status[k].latestSuccessfulSyncId)).size,
        TYPES.length,
        'each type has its own sync',
      );
    }
    for (const type of TYPES) {
      const r = await call<Page<unknown>>(emu, await data(emu.companies.empty, type));
      // No bank account, so no list of its transactions.
      if (type === 'bankTransactions') assert.equal(r.status, 404);
      else assert.equal(r.json.totalResults, 0, type);
    }
  });

  it("says Codat's one 409 for every type of notRequested and of syncing (its data status tells them apart), and 404 for unsupported", async () => {
    for (const type of TYPES) {
      const nr = await call<ErrorBody>(emu, await data(emu.companies.notRequested, type));
      assert.equal(nr.status, 409, type);
      assert.equal(nr.json.error, 'The data set has not been requested.');
      const sy = await call<ErrorBody>(emu, `${await data(emu.companies.syncing, type)}/any-id`);
      // The syncing company has no connection: a type served per connection has nowhere to be read.
      const nowhere = PER_CONNECTION.has(type);
      assert.equal(sy.status, nowhere ? 404 : 409, type);
      if (!nowhere) assert.equal(sy.json.error, 'The data set has not been requested.');
      const un = await call<ErrorBody>(emu, await data(emu.companies.unsupported, type));
      assert.equal(un.status, 404, type);
      assert.equal(un.json.error, `Datatype [${type}] not supported by platform(s) [Xero]`);
      assert.equal(
        (await call(emu, `/companies/${emu.companies.unsupported}/data/queue/${key(type)}`, { method: 'POST' })).status,
        404,
      );
    }
    assert.deepEqual((await call(emu, `/companies/${emu.companies.notRequested}/dataStatus`)).json, {});
    const syncing = (await call<DataStatusMap>(emu, `/companies/${emu.companies.syncing}/dataStatus`)).json;
    assert.deepEqual(
      KEYS.map((k) => syncing[k].currentStatus),
      KEYS.map(() => 'Fetching'),
    );
    const unsupported = (await call<DataStatusMap>(emu, `/companies/${emu.companies.unsupported}/dataStatus`)).json;
    assert.deepEqual(
      KEYS.map((k) => unsupported[k].currentStatus),
      KEYS.map(() => 'NotSupported'),
    );
  });

  it('syncs one type at a time: the others stay not requested', async () => {
    const company = emu.companies.notRequested;
    const q = await call<PullOperation>(emu, `/companies/${company}/data/queue/bills`, { method: 'POST' });
    assert.equal(q.status, 200);
    assert.equal(q.json.dataType, 'bills');
    assert.equal(q.json.status, 'Queued');
    const running = (await call<DataStatusMap>(emu, `/companies/${company}/dataStatus`)).json;
    assert.deepEqual(Object.keys(running), ['bills']);
    assert.equal(running.bills.currentStatus, 'Fetching');
    assert.equal(
      (await call<ErrorBody>(emu, await data(company, 'bills'))).json.error,
      'The data set has not been requested.',
    );
    assert.equal(
      (await call<PullOperation>(emu, `/companies/${company}/data/queue/bills`, { method: 'POST' })).json.id,
      q.json.id,
    );

    clock.advance(SYNC_DURATION_MS);
    const bills = await call<Page<{ id: string }>>(emu, await data(company, 'bills'));
    assert.equal(bills.status, 200);
    assert.ok(bills.json.totalResults >= 5);
    const done = (await call<DataStatusMap>(emu, `/companies/${company}/dataStatus`)).json;
    assert.deepEqual(Object.keys(done), ['bills']);
    assert.equal(done.bills.latestSuccessfulSyncId, q.json.id);
    assert.equal((await call<Company>(emu, `/companies/${company}`)).json.lastSync, done.bills.lastSuccessfulSync);
    assert.equal(
      (await call<ErrorBody>(emu, await data(company, 'invoices'))).json.error,
      'The data set has not been requested.',
    );
    assert.equal((await call(emu, await data(company, 'customers'))).status, 409);
    const history = await call<PullOperation>(emu, `/companies/${company}/data/history/${q.json.id}`);
    assert.equal(history.json.status, 'Complete');
  });

  it('gives a created company every type after syncing each, sized by the invoices its first sync brings', async () => {
    const company = (await call<Company>(emu, '/companies', { method: 'POST', body: { name: 'Syncs Everything' } }))
      .json;
    for (const type of TYPES)
      assert.equal(
        (await call(emu, `/companies/${company.id}/data/queue/${key(type)}`, { method: 'POST' })).status,
        200,
        type,
      );
    clock.advance(SYNC_DURATION_MS);
    const totals = new Map<string, number>();
    // A created company has no connection yet: the types served per connection are read through one.
    for (const type of TYPES.filter((t) => !PER_CONNECTION.has(t))) {
      const r = await call<Page<unknown>>(emu, await data(company.id, type));
      assert.equal(r.status, 200, type);
      totals.set(type, r.json.totalResults);
    }
    const invoices = totals.get('invoices') ?? 0;
    assert.ok(invoices >= 3 && invoices <= 15);
    assert.equal(totals.get('bills'), 5);
    // One per group of five invoices, and one per applied credit note.
    assert.ok(
      (totals.get('payments') ?? 0) >= Math.ceil(invoices / 5) &&
        (totals.get('payments') ?? 0) <= Math.ceil(invoices / 5) + (totals.get('creditNotes') ?? 0),
    );
    assert.equal(totals.get('items'), 18);
  });

  it('lacks journalEntries and billCreditNotes on FreshBooks companies only, and refuses to sync them there', async () => {
    const all = await fillers();
    const freshBooks = all.find((c) => c.dataConnections?.[0].platformName === 'FreshBooks')?.id;
    const other = all.find((c) => c.dataConnections?.[0].platformName !== 'FreshBooks')?.id;
    if (freshBooks === undefined || other === undefined)
      throw new Error('the seed has a FreshBooks filler and another');
    const status = (await call<DataStatusMap>(emu, `/companies/${freshBooks}/dataStatus`)).json;
    for (const type of TYPES) {
      const lacking = type === 'journalEntries' || type === 'billCreditNotes';
      assert.equal(status[key(type)].currentStatus, lacking ? 'NotSupported' : 'Complete', type);
      const r: Reply<ErrorBody> = await call<ErrorBody>(emu, await data(freshBooks, type));
      assert.equal(r.status, lacking ? 404 : 200, type);
      if (lacking) assert.equal(r.json.error, `Datatype [${type}] not supported by platform(s) [FreshBooks]`);
      assert.equal((await call(emu, await data(other, type))).status, 200, type);
    }
    assert.equal(
      (await call(emu, `/companies/${freshBooks}/data/queue/journalEntries`, { method: 'POST' })).status,
      404,
    );
    assert.equal((await call(emu, `/companies/${freshBooks}/data/queue/bills`, { method: 'POST' })).status, 200);
  });

  it('refuses a data type it does not know, in another case too', async () => {
    // `accounts` is only the chart of accounts' path: Codat queues it as chartOfAccounts.
    for (const type of ['balanceSheet', 'Bills', 'accounts']) {
      const r = await call<ErrorBody>(emu, `/companies/${emu.companies.few}/data/queue/${type}`, { method: 'POST' });
      assert.equal(r.status, 404);
      assert.match(r.json.error, new RegExp(`^Datatype \\[${type}\\] not supported by platform\\(s\\) \\[.+\\]$`));
    }
  });

  it('puts the new paths through the credential, account, rate-limit and fault rules', async () => {
    const path = await data(emu.companies.many, 'payments');
    assert.equal((await call(emu, path, { key: null })).status, 401);
    assert.equal((await call(emu, path, { key: emu.keys.expired })).status, 402);
    const trial = (await call<Page<Company>>(emu, '/companies?pageSize=1', { key: emu.keys.freeTrial })).json.results[0]
      .id;
    assert.equal((await call(emu, await data(trial, 'payments'))).status, 403);
    const ok = await call(emu, path);
    assert.ok(ok.headers.get('x-rate-limit-remaining'));

    emu.faults.add({ kind: 'status', status: 503, path: '/data/payments' });
    emu.faults.add({ kind: 'html', path: '^/companies/[^/]+/data/journalEntries/[^/]+$' });
    assert.equal((await call(emu, path)).status, 503);
    assert.equal((await call(emu, `${path}/any-id`)).status, 503);
    assert.equal((await call(emu, await data(emu.companies.many, 'journalEntries'))).status, 200);
    const one = await call(emu, `${await data(emu.companies.many, 'journalEntries')}/any-id`);
    assert.equal(one.status, 502);
    assert.match(one.headers.get('content-type') ?? '', /text\/html/);
    assert.deepEqual(
      emu.requests
        .entries()
        .slice(-1)
        .map((e) => [e.path, e.fault]),
      [[`${await data(emu.companies.many, 'journalEntries')}/any-id`, 'html']],
    );
  });
});
