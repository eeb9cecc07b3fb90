// Updates (`PUT …/push/{type}/{id}`) and deletes (`DELETE …/push/{type}/{id}`): push operations
// that settle as creates do; on Success an updated record replaces its old version in lists,
// filters and single reads (its modifiedDate moved), a deleted one leaves lists, counts and single
// reads. A body that fails validation, a push that times out or fails by a rule changes nothing.
import * as assert from 'node:assert/strict';
import { DATA_TYPES, startEmulator, type RunningEmulator } from '../../emulator';
import { DELETE_TYPES, UPDATE_TYPES } from '../../emulator/pushTypes';
import { ManualClock, call, walk } from '../../emulator/testing';
import type { ErrorBody, Page, PushOperation } from '../../emulator/wire';
import { VALID_BODIES, listPath } from '../../support/pushBodies';

type Rec = Record<string, unknown>;
type Answer = PushOperation & { data?: Rec };

describe('emulator: updates and deletes', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();
  const DELAY = 1500;

  before(async () => {
    emu = await startEmulator({ invoices: 50, companies: 12, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const company = () => emu.companies.many;
  const connection = () => emu.connections.many[0];
  const list = (type: string) => listPath(type, company(), connection());
  const records = async (type: string): Promise<Rec[]> =>
    (await walk<Rec>(emu, `${list(type)}?pageSize=5000`)).flatMap((p) => p.json.results);
  const one = (type: string, id: string) => call<Rec>(emu, `${list(type)}/${encodeURIComponent(id)}`);
  const writePath = (type: string, id: string, query = '') =>
    `/companies/${company()}/connections/${connection()}/push/${type}/${encodeURIComponent(id)}${query}`;
  const update = (type: string, id: string, body: unknown, query = '') =>
    call<Answer>(emu, writePath(type, id, query), { method: 'PUT', body });
  const remove = (type: string, id: string) => call<Answer>(emu, writePath(type, id), { method: 'DELETE' });
  const operation = (key: string) => call<PushOperation>(emu, `/companies/${company()}/push/${key}`);
  const settled = async (key: string): Promise<PushOperation> => {
    clock.advance(DELAY);
    return (await operation(key)).json;
  };
  const served = (types: readonly string[]) => types.filter((t) => DATA_TYPES.includes(t));

  it('updates an invoice: Pending, then Success replaces it in lists, filters and single reads', async () => {
    const before = await records('invoices');
    const target = before[2];
    const id = String(target.id);
    const body = {
      ...target,
      status: 'Submitted',
      note: 'Changed by an update',
      lineItems: [{ description: 'X', unitAmount: 7, quantity: 3 }],
    };
    const r = await update('invoices', id, body, '?timeoutInMinutes=5');
    assert.equal(r.status, 200);
    assert.equal(r.json.status, 'Pending', JSON.stringify(r.json.validation));
    assert.equal(r.json.dataType, 'invoices');
    assert.deepEqual(r.json.validation, { errors: [], warnings: [] }, 'what the record carries is sent back unwarned');
    assert.equal(r.json.data?.id, id);
    assert.equal(r.json.data?.totalAmount, 21, 'the totals worked out again');
    assert.deepEqual(await records('invoices'), before, 'nothing changes while pending');
    const done = await settled(r.json.pushOperationKey);
    assert.equal(done.status, 'Success');
    assert.deepEqual(done.changes, [{ type: 'Modified', recordRef: { id, dataType: 'invoices' } }]);
    const after = await records('invoices');
    assert.equal(after.length, before.length);
    assert.deepEqual(
      after.map((x) => x.id),
      before.map((x) => x.id),
      'in its place',
    );
    assert.equal(after[2].note, 'Changed by an update');
    assert.equal(after[2].totalAmount, 21);
    assert.equal(after[2].modifiedDate, done.completedOnUtc, 'modifiedDate moves');
    assert.equal(after[2].invoiceNumber, target.invoiceNumber, 'an invoice sent without a new number keeps its own');
    assert.deepEqual((await one('invoices', id)).json, after[2]);
    const query = encodeURIComponent('note="Changed by an update"');
    const found = await call<Page<Rec>>(emu, `${list('invoices')}?query=${query}`);
    assert.deepEqual(
      found.json.results.map((x) => x.id),
      [id],
    );
    assert.deepEqual(await records('bills'), await records('bills'), 'other types untouched');
  });

  for (const type of served(UPDATE_TYPES)) {
    it(`${type}: an update with the create body settles and changes the record`, async () => {
      const before = await records(type);
      const id = String(before[0].id);
      const r = await update(type, id, VALID_BODIES[type]);
      assert.equal(r.json.status, 'Pending', JSON.stringify(r.json.validation));
      const done = await settled(r.json.pushOperationKey);
      assert.equal(done.status, 'Success');
      const after = await records(type);
      assert.equal(after.length, before.length);
      assert.equal(after[0].id, id);
      assert.notDeepEqual(after[0], before[0]);
      assert.equal(after[0].modifiedDate, done.completedOnUtc);
      assert.deepEqual(after.slice(1), before.slice(1));
    });
  }

  for (const type of served(DELETE_TYPES)) {
    it(`${type}: a delete settles, the record leaves lists and counts, then reads 404`, async () => {
      const before = await records(type);
      const id = String(before[1].id);
      const r = await remove(type, id);
      assert.equal(r.status, 200);
      assert.equal(r.json.status, 'Pending');
      assert.equal(r.json.data, undefined, 'a delete answers the push operation alone');
      assert.equal((await one(type, id)).status, 200, 'still there while pending');
      const done = await settled(r.json.pushOperationKey);
      assert.equal(done.status, 'Success');
      assert.deepEqual(done.changes, [{ type: 'Deleted', recordRef: { id, dataType: type } }]);
      const after = await records(type);
      assert.deepEqual(after, [before[0], ...before.slice(2)]);
      const page = await call<Page<Rec>>(emu, `${list(type)}?pageSize=1`);
      assert.equal(page.json.totalResults, before.length - 1);
      const gone = await one(type, id);
      assert.equal(gone.status, 404);
      assert.equal((await remove(type, id)).status, 404, 'deleting it again: 404');
      assert.equal((await one(type, String(before[2].id))).json.id, before[2].id, 'the next record still found');
    });
  }

  it("a deleted invoice's attachments go with it; the next invoice keeps its own", async () => {
    const [first, second] = await records('invoices');
    const attachments = (id: unknown) =>
      call<Rec>(emu, `/companies/${company()}/connections/${connection()}/data/invoices/${String(id)}/attachments`);
    const before = (await attachments(second.id)).json;
    await settled((await remove('invoices', String(first.id))).json.pushOperationKey);
    assert.equal((await attachments(first.id)).status, 404);
    assert.deepEqual((await attachments(second.id)).json, before);
  });

  it('a body that fails validation leaves the record unchanged', async () => {
    const before = await records('bills');
    const id = String(before[0].id);
    const r = await update('bills', id, { ...VALID_BODIES.bills, status: 'Paid', lineItems: [] });
    assert.equal(r.json.status, 'Failed');
    assert.deepEqual(
      r.json.validation?.errors?.map((e) => e.itemId),
      ['status', 'lineItems'],
    );
    assert.equal(r.json.data, undefined);
    clock.advance(DELAY);
    assert.deepEqual(await records('bills'), before);
  });

  it('times out as a create does, and a push rule can fail an update alone', async () => {
    const before = await records('invoices');
    const id = String(before[0].id);
    const late = await update('invoices', id, VALID_BODIES.invoices, '?timeoutInMinutes=0');
    assert.equal((await settled(late.json.pushOperationKey)).status, 'TimedOut');
    emu.pushes.add({ operation: 'update', outcome: 'Failed', times: 1 });
    const refused = await update('invoices', id, VALID_BODIES.invoices);
    const created = await call<Answer>(emu, `/companies/${company()}/connections/${connection()}/push/invoices`, {
      method: 'POST',
      body: VALID_BODIES.invoices,
    });
    const failed = await settled(refused.json.pushOperationKey);
    assert.equal(failed.status, 'Failed');
    assert.match(failed.errorMessage ?? '', /refused the change/);
    assert.equal((await operation(created.json.pushOperationKey)).json.status, 'Success', 'a create is not an update');
    const after = await records('invoices');
    assert.deepEqual(after.slice(0, before.length), before, 'neither the timed out nor the failed update changed it');
    emu.pushes.add({ operation: 'delete', outcome: 'Failed', times: 1 });
    const kept = await remove('invoices', id);
    assert.equal((await settled(kept.json.pushOperationKey)).status, 'Failed');
    assert.equal((await one('invoices', id)).status, 200);
  });

  it('404 for an unknown id; 400 for a malformed forceUpdate or timeout', async () => {
    for (const [method, type] of [
      ['PUT', 'invoices'],
      ['PUT', 'customers'],
      ['DELETE', 'bills'],
      ['DELETE', 'journalEntries'],
    ] as const) {
      const r = await call<ErrorBody>(emu, writePath(type, 'no-such-record'), {
        method,
        ...(method === 'PUT' ? { body: VALID_BODIES[type] } : {}),
      });
      assert.equal(r.status, 404, `${method} ${type}`);
      assert.match(r.json.error, /^No .+ was found with ID no-such-record$/);
    }
    const id = String((await records('invoices'))[0].id);
    for (const query of ['?forceUpdate=maybe', '?timeoutInMinutes=-1']) {
      const r = await call<ErrorBody>(emu, writePath('invoices', id, query), {
        method: 'PUT',
        body: VALID_BODIES.invoices,
      });
      assert.equal(r.status, 400, query);
    }
    assert.equal(
      (await call(emu, writePath('customers', id), { method: 'DELETE' })).status,
      405,
      'no delete of customers',
    );
    assert.equal((await call(emu, writePath('journalEntries', id), { method: 'PUT', body: {} })).status, 405);
    assert.deepEqual((await call<Page<unknown>>(emu, `/companies/${company()}/push`)).json.results, []);
  });

  it('refuses a stale version unless forceUpdate, and an id that is not the record’s', async () => {
    const [record] = await records('customers');
    const id = String(record.id);
    const stale = { ...record, customerName: 'Stale', sourceModifiedDate: '2001-01-01T00:00:00Z' };
    const refused = await update('customers', id, stale);
    assert.equal(refused.json.status, 'Failed');
    assert.deepEqual(
      refused.json.validation?.errors?.map((e) => e.validatorName),
      ['SourceModifiedDateValidator'],
    );
    const forced = await update('customers', id, stale, '?forceUpdate=true');
    assert.equal(forced.json.status, 'Pending');
    const other = await update('customers', id, { ...record, id: 'another' });
    assert.deepEqual(
      other.json.validation?.errors?.map((e) => e.itemId),
      ['id'],
    );
    await settled(forced.json.pushOperationKey);
    assert.equal((await one('customers', id)).json.customerName, 'Stale');
  });

  it('an update that a delete overtakes fails; a pushed record can be updated and deleted; reset undoes it all', async () => {
    const [first] = await records('bills');
    const id = String(first.id);
    const removed = await remove('bills', id);
    const changed = await update('bills', id, VALID_BODIES.bills);
    assert.equal((await settled(removed.json.pushOperationKey)).status, 'Success');
    const lost = (await operation(changed.json.pushOperationKey)).json;
    assert.equal(lost.status, 'Failed');
    assert.match(lost.errorMessage ?? '', /was deleted before the update/);
    const pushed = await call<Answer>(emu, `/companies/${company()}/connections/${connection()}/push/bills`, {
      method: 'POST',
      body: VALID_BODIES.bills,
    });
    const newId = (await settled(pushed.json.pushOperationKey)).changes?.[0].recordRef.id ?? '';
    const renamed = await update('bills', newId, { ...VALID_BODIES.bills, reference: 'Renamed' });
    await settled(renamed.json.pushOperationKey);
    assert.equal((await one('bills', newId)).json.reference, 'Renamed');
    await settled((await remove('bills', newId)).json.pushOperationKey);
    assert.equal((await one('bills', newId)).status, 404);
    emu.reset();
    assert.equal((await one('bills', id)).status, 200, 'reset brings the deleted record back');
  });
});
