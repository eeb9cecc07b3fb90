// The client's push calls against the real emulator: connections, push options, a push followed to
// each of its ends, the history, and the rule a push lives by: a POST is sent once, never retried.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { rejectsWith } from '../../support/apiErrors';
import { VALID_BODIES } from '../../support/pushBodies';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock } from '../../emulator/testing';

describe('client: pushes against the emulator', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();
  const DELAY = 1500;

  const client = () =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });
  const posts = () => emu.requests.entries().filter((r) => r.method === 'POST');
  const company = () => emu.companies.empty;
  const connection = () => emu.connections.empty[0];

  before(async () => {
    emu = await startEmulator({ invoices: 20, companies: 10, now: clock.now, pushDelayMs: DELAY });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('lists a company’s connections, filtered like other lists', async () => {
    const page = await client().listConnections(emu.companies.few);
    assert.deepEqual(
      page.results.map((c) => c.id),
      emu.connections.few,
    );
    assert.ok(page.results.every((c) => typeof c.platformName === 'string' && c.status === 'Linked'));
    const linked = await client().listConnections(emu.companies.few, { query: 'status=Linked', pageSize: 1 });
    assert.equal(linked.results.length, 1);
    assert.equal(linked.totalResults, 2);
    assert.equal((await client().listConnections(emu.companies.syncing)).totalResults, 0);
  });

  it('reads the push options of a data type through a connection', async () => {
    const options = await client().getPushOptions(company(), connection(), 'invoices');
    assert.equal(options.type, 'Object');
    assert.equal(options.properties?.customerRef?.properties?.id?.required, true);
    assert.deepEqual(
      options.properties?.status?.options?.map((o) => o.value),
      ['Draft', 'Submitted'],
    );
  });

  it('pushes a valid invoice: Pending with its data, then Success with the record created', async () => {
    const c = client();
    const op = await c.pushRecord(company(), connection(), 'invoices', VALID_BODIES.invoices);
    assert.equal(op.status, 'Pending');
    assert.equal(op.statusCode, 202);
    assert.equal(op.dataConnectionKey, connection());
    assert.equal(op.data?.totalAmount, 53);
    assert.equal((await c.getPushOperation(company(), op.pushOperationKey)).status, 'Pending');
    clock.advance(DELAY);
    const done = await c.getPushOperation(company(), op.pushOperationKey);
    assert.equal(done.status, 'Success');
    const id = done.changes?.[0].recordRef.id ?? '';
    assert.equal((await c.getRecord('invoices', company(), id)).id, id);
  });

  it('answers a push that breaks the options Failed, with its validation errors as data (HTTP 200)', async () => {
    const op = await client().pushRecord(company(), connection(), 'invoices', { status: 'Paid' });
    assert.equal(op.status, 'Failed');
    assert.equal(op.statusCode, 400);
    assert.ok((op.validation?.errors.length ?? 0) > 0);
    assert.ok(op.validation?.errors.some((e) => e.itemId === 'status' && e.validatorName === 'AllowedValuesValidator'));
    assert.deepEqual(
      emu.requests.entries().map((r) => r.status),
      [200],
    );
  });

  it('takes a push answered 202 as the pending operation it is', async () => {
    emu.pushes.add({ answer: 202, times: 1 });
    const op = await client().pushRecord(company(), connection(), 'customers', VALID_BODIES.customers);
    assert.equal(op.status, 'Pending');
    assert.deepEqual(
      posts().map((r) => r.status),
      [202],
    );
  });

  it('follows a push with a short timeoutInMinutes to TimedOut', async () => {
    const c = client();
    const op = await c.pushRecord(company(), connection(), 'customers', VALID_BODIES.customers, {
      timeoutInMinutes: 0,
    });
    assert.equal(op.timeoutInMinutes, 0);
    assert.equal(posts()[0].query.timeoutInMinutes, '0');
    const timedOut = await c.getPushOperation(company(), op.pushOperationKey);
    assert.equal(timedOut.status, 'TimedOut');
    assert.equal(timedOut.statusCode, 504);
  });

  it('never retries a push answered 500, and its error keeps the body to copy', async () => {
    emu.faults.add({ kind: 'status', status: 500, method: 'POST', path: '/push/' });
    const body = { ...VALID_BODIES.suppliers, note: 'mine' };
    const err = await rejectsWith(client().pushRecord(company(), connection(), 'suppliers', body), 'server');
    assert.equal(err.attempts, 1);
    assert.equal(posts().length, 1);
    assert.deepEqual(JSON.parse(err.request?.body ?? ''), body);
    assert.match(err.request?.url ?? '', /\/connections\/[^/]+\/push\/suppliers$/);
    assert.equal((await client().listPushOperations(company())).totalResults, 0, 'a faulted push never ran');
  });

  it('updates a record with one PUT and deletes one with one DELETE, each a push operation that settles', async () => {
    const c = client();
    const place = { companyId: emu.companies.few, connectionId: emu.connections.few[0] };
    const [invoice, bill] = [
      (await c.listRecords('invoices', place.companyId, { pageSize: 1 })).results[0],
      (await c.listRecords('bills', place.companyId, { pageSize: 1 })).results[0],
    ];
    const changed = { ...invoice, note: 'Changed by a PUT' };
    emu.requests.clear();
    const update = await c.pushes.update(place, 'invoices', invoice.id, changed, { forceUpdate: false });
    assert.equal(update.status, 'Pending');
    const remove = await c.pushes.delete(place, 'bills', bill.id);
    assert.equal(remove.status, 'Pending');
    assert.deepEqual(
      emu.requests.entries().map((r) => `${r.method} ${r.path.split('/push/')[1]} ${JSON.stringify(r.query)}`),
      [`PUT invoices/${invoice.id} {"forceUpdate":"false"}`, `DELETE bills/${bill.id} {}`],
    );
    clock.advance(DELAY);
    assert.equal((await c.getPushOperation(place.companyId, update.pushOperationKey)).status, 'Success');
    assert.equal((await c.getPushOperation(place.companyId, remove.pushOperationKey)).status, 'Success');
    assert.equal((await c.getRecord('invoices', place.companyId, invoice.id)).note, 'Changed by a PUT');
    await rejectsWith(c.getRecord('bills', place.companyId, bill.id), 'notFound');
    // Neither is retried: a 503 is the one answer.
    emu.faults.add({ kind: 'status', status: 503, path: '/push/' });
    emu.requests.clear();
    await rejectsWith(c.pushes.update(place, 'invoices', invoice.id, changed), 'unavailable');
    await rejectsWith(c.pushes.delete(place, 'invoices', invoice.id), 'unavailable');
    assert.equal(emu.requests.entries().length, 2);
  });

  it('refuses bad ids, data types, bodies and timeouts before sending anything', async () => {
    const c = client();
    const body = VALID_BODIES.invoices;
    const refused = [
      () => c.pushRecord('../x', connection(), 'invoices', body),
      () => c.pushRecord(company(), 'a/b', 'invoices', body),
      () => c.pushRecord(company(), '', 'invoices', body),
      () => c.pushRecord(company(), connection(), 'widgets' as never, body),
      () => c.pushRecord(company(), connection(), 'invoices', [] as never),
      () => c.pushRecord(company(), connection(), 'invoices', body, { timeoutInMinutes: 1.5 }),
      () => c.pushRecord(company(), connection(), 'invoices', body, { timeoutInMinutes: -1 }),
      () => c.getPushOptions(company(), '..', 'invoices'),
      () => c.getPushOptions(company(), connection(), 'nope' as never),
      () => c.getPushOperation(company(), 'a\nb'),
      () => c.listConnections('', {}),
      () => c.listPushOperations(company(), { pageSize: 0 }),
    ];
    for (const call of refused) {
      const err = await rejectsWith(call(), 'invalidParameter');
      assert.equal(err.attempts, 0);
    }
    assert.deepEqual(emu.requests.entries(), []);
  });

  it('lists the push history with a status filter and an order, and refuses an unknown field', async () => {
    const c = client();
    const ok = await c.pushRecord(company(), connection(), 'customers', VALID_BODIES.customers);
    clock.advance(DELAY);
    const failed = await c.pushRecord(company(), connection(), 'customers', {});
    const all = await c.listPushOperations(company());
    assert.deepEqual(
      all.results.map((o) => o.pushOperationKey),
      [failed.pushOperationKey, ok.pushOperationKey],
    );
    const onlyFailed = await c.listPushOperations(company(), { query: 'status=Failed' });
    assert.deepEqual(
      onlyFailed.results.map((o) => o.status),
      ['Failed'],
    );
    const oldest = await c.listPushOperations(company(), { orderBy: 'requestedOnUtc', pageSize: 1 });
    assert.equal(oldest.results[0].pushOperationKey, ok.pushOperationKey);
    assert.equal(oldest.results[0].status, 'Success');
    const before = emu.requests.entries().length;
    await rejectsWith(c.listPushOperations(company(), { query: 'colour=blue' }), 'invalidQuery');
    await rejectsWith(c.listPushOperations(company(), { orderBy: 'changes' }), 'invalidQuery');
    assert.equal(emu.requests.entries().length, before, 'refused before sending');
  });
});
