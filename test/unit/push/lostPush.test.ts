// Finding a push whose answer was lost: against the emulator, a push whose answer was cut short,
// came too late or was replaced by a gateway's 502 is found in the history (and was sent once) once
// its record can be compared with what was sent; one that never ran is not, nor another client's
// push of the same type, a push of another type, through another connection or from before the
// window; then what is asked of the history and how much of it is read, with a fake list.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError, isCancellation, type ApiErrorKind } from '../../../src/api/errors';
import type { Page, PushOperation } from '../../../src/api/models';
import type { ListParams } from '../../../src/api/requests';
import { answerLost, findLostCompany, findLostPush, findWithin, type SentPush } from '../../../src/push/lostPush';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock } from '../../emulator/testing';
import { rejectsWith } from '../../support/apiErrors';
import { VALID_BODIES } from '../../support/pushBodies';

describe('findLostPush against the emulator', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();
  const client = () =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });
  const company = () => emu.companies.few;
  const [first, second] = [() => emu.connections.few[0], () => emu.connections.few[1]];
  const posts = () => emu.requests.entries().filter((r) => r.method === 'POST');
  const history = (params: ListParams) => client().listPushOperations(company(), params);
  const ANOTHER = { ...VALID_BODIES.invoices, lineItems: [{ description: 'Tulips', unitAmount: 4, quantity: 9 }] };
  const sent = (connectionId = first(), dataType = 'invoices', body = VALID_BODIES[dataType]): SentPush => ({
    companyId: company(),
    connectionId,
    dataType,
    sentAt: clock.now(),
    body,
  });
  const find = (lost: SentPush, options: { skewMs?: number } = {}) =>
    findLostPush(history, lost, {
      ...options,
      readRecord: (id) => client().getRecord(lost.dataType as 'invoices', company(), id),
    });
  const push = (connectionId: string, type: 'invoices' | 'customers', options = {}, body = VALID_BODIES[type]) =>
    client().pushRecord(company(), connectionId, type, body, {}, options);
  /** The emulator's pushes settle on its clock: past their delay, each has made its record. */
  const settle = () => clock.advance(2_000);

  before(async () => {
    emu = await startEmulator({ invoices: 10, companies: 10, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('finds a push whose answer came cut short (it ran), sent once: unconfirmed while Pending, ours once its record is read', async () => {
    emu.faults.add({ kind: 'truncatedJson', method: 'POST', path: '/push/', times: 1 });
    const lost = sent();
    await rejectsWith(push(first(), 'invoices'), 'malformedResponse');
    const pending = await find(lost);
    assert.equal(pending.found, 'unconfirmed', 'a Pending push has no record to compare yet');
    settle();
    const found = await find(lost);
    assert.equal(found.found, 'ours');
    if (found.found !== 'ours') return;
    assert.equal(found.operation.dataType, 'invoices');
    assert.equal(found.operation.dataConnectionKey, first());
    assert.equal(posts().length, 1);
  });

  it('finds a push a gateway answered 502 after the API took it (issue 30, item 2), sent once', async () => {
    emu.faults.add({ kind: 'appliedThenGateway', method: 'POST', path: '/push/', times: 1 });
    const lost = sent();
    const error = await rejectsWith(push(first(), 'invoices'), 'server');
    assert.equal(error.status, 502);
    assert.equal(answerLost(error), true, 'a gateway’s 502 says nothing of whether the push was taken');
    settle();
    const found = await find(lost);
    assert.equal(found.found, 'ours');
    assert.equal(posts().length, 1);
  });

  it('finds a push the client stopped waiting for, once the server has taken it', async () => {
    emu.faults.add({ kind: 'latency', latencyMs: 300, method: 'POST', path: '/push/', times: 1 });
    const lost = sent();
    await rejectsWith(push(first(), 'invoices', { timeoutMs: 50 }), 'timeout');
    // The emulator takes the push once its delay is over, whoever is still listening.
    for (let i = 0; i < 100 && posts().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    settle();
    const found = await find(lost);
    assert.equal(found.found, 'ours');
    if (found.found === 'ours') assert.equal(found.operation.dataConnectionKey, first());
    assert.equal(posts().length, 1);
  });

  it('finds nothing when the push never ran, or none was sent', async () => {
    assert.deepEqual(await find(sent()), { found: 'none' });
    emu.faults.add({ kind: 'reset', method: 'POST', path: '/push/', times: 1 });
    const lost = sent();
    await rejectsWith(push(first(), 'invoices'), 'network');
    assert.deepEqual(await find(lost), { found: 'none' });
    assert.equal(posts().length, 1);
  });

  it('does not take another client’s push of the same type and connection for ours (issue 30, item 3)', async () => {
    // Another client pushes an invoice through the same connection; two minutes later ours is dropped.
    await push(first(), 'invoices', {}, ANOTHER);
    clock.advance(2 * 60_000);
    emu.faults.add({ kind: 'reset', method: 'POST', path: '/push/', times: 1 });
    const lost = sent();
    await rejectsWith(push(first(), 'invoices'), 'network');
    assert.deepEqual(await find(lost), { found: 'none' }, 'its record is not what we sent');
    // Still Pending, the other push cannot be told from ours: said so, never taken for it.
    await push(first(), 'invoices', {}, ANOTHER);
    const unsure = await find(lost);
    assert.equal(unsure.found, 'unconfirmed');
    settle();
    assert.deepEqual(await find(lost), { found: 'none' });
  });

  it('matches neither another type, another connection nor a push before the window', async () => {
    await push(first(), 'invoices');
    const old = sent();
    clock.advance(10 * 60_000);
    await push(first(), 'customers');
    await push(second(), 'invoices');
    settle();
    assert.deepEqual(await find(sent()), { found: 'none' });
    const wider = await find(sent(), { skewMs: 11 * 60_000 });
    assert.equal(wider.found === 'ours' && wider.operation.requestedOnUtc, old.sentAt.toISOString());
    const other = await find(sent(second()));
    assert.equal(other.found === 'ours' && other.operation.dataConnectionKey, second());
    const customers = await findLostPush(history, sent(first(), 'customers'), {
      readRecord: (id) => client().getRecord('customers', company(), id),
    });
    assert.equal(customers.found === 'ours' && customers.operation.dataType, 'customers');
  });

  it('returns the newest of several matches', async () => {
    await push(first(), 'invoices');
    clock.advance(60_000);
    const newer = await push(first(), 'invoices');
    clock.advance(60_000);
    const found = await find(sent(first(), 'invoices'), { skewMs: 3 * 60_000 });
    assert.equal(found.found === 'ours' && found.operation.pushOperationKey, newer.pushOperationKey);
  });
});

describe('findLostPush: what it asks, what it reads', () => {
  const BODY = {
    customerRef: { id: '40' },
    issueDate: '2026-01-15',
    lineItems: [{ description: 'Roses', quantity: 3 }],
  };
  const SENT: SentPush = {
    companyId: 'c1',
    connectionId: 'D1-CONN',
    dataType: 'invoices',
    sentAt: new Date('2026-01-15T12:00:00Z'),
    body: BODY,
  };
  const op = (key: string, extra: Partial<PushOperation>): PushOperation => ({
    pushOperationKey: key,
    companyId: 'c1',
    dataConnectionKey: 'd1-conn',
    dataType: 'invoices',
    status: 'Pending',
    requestedOnUtc: '2026-01-15T12:00:01Z',
    ...extra,
  });
  const page = (results: PushOperation[], totalResults: number): Page<PushOperation> => ({
    results,
    pageNumber: 1,
    pageSize: 100,
    totalResults,
    _links: { self: { href: '' }, current: { href: '' } },
  });
  const made = (id: string): Partial<PushOperation> => ({
    status: 'Success',
    changes: [{ type: 'Created', recordRef: { id, dataType: 'invoices' } }],
  });

  it('asks for the type, the connection and the window, newest first', async () => {
    const asked: ListParams[] = [];
    await findLostPush(
      (p) => {
        asked.push(p);
        return Promise.resolve(page([], 0));
      },
      SENT,
      { skewMs: 60_000 },
    );
    assert.deepEqual(asked, [
      {
        query: 'dataType=invoices&&dataConnectionKey=D1-CONN&&requestedOnUtc>=2026-01-15T11:59:00.000Z',
        orderBy: '-requestedOnUtc',
        page: 1,
        pageSize: 100,
      },
    ]);
  });

  it('filters on its own what a coarse server lets through, and reads at most three pages', async () => {
    const misses = [
      op('other-type', { dataType: 'bills' }),
      op('other-connection', { dataConnectionKey: 'd2' }),
      op('too-old', { requestedOnUtc: '2026-01-15T11:54:59Z' }),
      op('no-date', { requestedOnUtc: 'yesterday' }),
    ];
    const pages: number[] = [];
    const list = (p: ListParams) => {
      pages.push(p.page ?? 0);
      return Promise.resolve(page(misses, 1000));
    };
    assert.deepEqual(await findLostPush(list, SENT), { found: 'none' });
    assert.deepEqual(pages, [1, 2, 3]);
    const hit = op('hit', { requestedOnUtc: '2026-01-15T11:56:00+00:00' });
    const newest = op('newest', { requestedOnUtc: '2026-01-15T13:00:00' });
    const found = await findLostPush(() => Promise.resolve(page([...misses, hit, newest], 6)), SENT);
    assert.deepEqual(found, { found: 'unconfirmed', operation: newest }, 'by time, whatever the order served');
  });

  it('takes for ours only an operation whose record holds what was sent, read by its changes’ recordRef', async () => {
    const records: Record<string, unknown> = {
      'theirs-1': { id: 'theirs-1', ...BODY, lineItems: [{ description: 'Tulips', quantity: 3 }] },
      'ours-1': { id: 'ours-1', ...BODY, issueDate: '2026-01-15T00:00:00', totalAmount: 99, status: 'Draft' },
    };
    const read: string[] = [];
    const readRecord = (id: string) => {
      read.push(id);
      return id in records ? Promise.resolve(records[id]) : Promise.reject(new Error('404'));
    };
    const theirs = op('theirs', { ...made('theirs-1'), requestedOnUtc: '2026-01-15T12:00:09Z' });
    const ours = op('ours', { ...made('ours-1'), requestedOnUtc: '2026-01-15T12:00:05Z' });
    const list = () => Promise.resolve(page([ours, theirs], 2));
    assert.deepEqual(await findLostPush(list, SENT, { readRecord }), { found: 'ours', operation: ours });
    assert.deepEqual(read, ['theirs-1', 'ours-1'], 'newest first');
    // Another client's record alone: not ours, and not "unconfirmed" either.
    assert.deepEqual(await findLostPush(() => Promise.resolve(page([theirs], 1)), SENT, { readRecord }), {
      found: 'none',
    });
    // A record that cannot be read, a Failed push, no reader: nothing can be said.
    const unreadable = op('unreadable', made('gone'));
    const failed = op('failed', { status: 'Failed' });
    for (const [ops, reader] of [
      [[unreadable], readRecord],
      [[failed], readRecord],
      [[ours], undefined],
    ] as const) {
      const r = await findLostPush(() => Promise.resolve(page([...ops], 1)), SENT, { readRecord: reader });
      assert.equal(r.found, 'unconfirmed', ops[0].pushOperationKey);
    }
    // The push answer's own `data`, where an operation carries it, is compared without a read.
    read.length = 0;
    const withData = op('with-data', { data: { ...BODY } });
    assert.deepEqual(await findLostPush(() => Promise.resolve(page([withData], 1)), SENT, { readRecord }), {
      found: 'ours',
      operation: withData,
    });
    assert.deepEqual(read, []);
  });

  it('takes for an update’s or a delete’s only an operation naming its record', async () => {
    const changed = (key: string, id: string, type = 'Modified', extra: Partial<PushOperation> = {}) =>
      op(key, { status: 'Success', changes: [{ type, recordRef: { id, dataType: 'invoices' } }], ...extra });
    const other = changed('other', 'inv-2');
    const update: SentPush = { ...SENT, body: { id: 'inv-1', ...BODY }, write: { kind: 'update', recordId: 'inv-1' } };
    const stored = { id: 'inv-1', ...BODY, totalAmount: 12 };
    const readRecord = (id: string) => (id === 'inv-1' ? Promise.resolve(stored) : Promise.reject(new Error('404')));
    const mine = changed('mine', 'inv-1');
    const list = (ops: PushOperation[]) => () => Promise.resolve(page(ops, ops.length));
    assert.deepEqual(await findLostPush(list([other, mine]), update, { readRecord }), {
      found: 'ours',
      operation: mine,
    });
    assert.deepEqual(await findLostPush(list([other]), update, { readRecord }), { found: 'none' });
    // The record as it is now differs from what was sent: another client's update, not ours.
    const edited = { ...update, body: { ...update.body, lineItems: [{ description: 'Tulips', quantity: 3 }] } };
    assert.deepEqual(await findLostPush(list([mine]), edited, { readRecord }), { found: 'none' });
    // A delete sends nothing to compare: the operation naming the record (its data or a change) is it.
    const remove: SentPush = { ...SENT, body: {}, write: { kind: 'delete', recordId: 'inv-1' } };
    const deleted = changed('deleted', 'inv-1', 'Deleted');
    assert.deepEqual(await findLostPush(list([other, deleted]), remove), { found: 'ours', operation: deleted });
    const byData = op('by-data', { data: { id: 'inv-1' } });
    assert.deepEqual(await findLostPush(list([byData]), remove), { found: 'ours', operation: byData });
    assert.deepEqual(await findLostPush(list([other]), remove), { found: 'none' });
    // Naming the record but still Pending: the record read now is the one before the update, so
    // it may be ours (a slow platform takes minutes), never "another client's".
    const slow = changed('slow', 'inv-1', 'Modified', { status: 'Pending' });
    assert.deepEqual(await findLostPush(list([slow]), edited, { readRecord }), {
      found: 'unconfirmed',
      operation: slow,
    });
    // Still Pending, naming no record yet: it may be ours, nothing more can be said.
    const pending = op('pending', {});
    for (const sent of [remove, update])
      assert.deepEqual(await findLostPush(list([other, pending]), sent, { readRecord }), {
        found: 'unconfirmed',
        operation: pending,
      });
  });

  it('reads the records of ten candidates at most; one left unread is unconfirmed, never none', async () => {
    const theirs = Array.from({ length: 12 }, (_, i) =>
      op(`theirs-${i}`, { ...made(`r${i}`), requestedOnUtc: `2026-01-15T12:00:${String(10 + i)}Z` }),
    );
    const read: string[] = [];
    const readRecord = (id: string) => {
      read.push(id);
      return Promise.resolve({ id, ...BODY, issueDate: '2020-01-01' });
    };
    const found = await findLostPush(() => Promise.resolve(page(theirs, 12)), SENT, { readRecord });
    assert.equal(read.length, 10);
    assert.deepEqual(found, { found: 'unconfirmed', operation: theirs[1] }, 'the newest unread');
  });

  it('stops at the last page, and at once when aborted', async () => {
    let calls = 0;
    const list = () => {
      calls++;
      return Promise.resolve(page([op('x', { dataType: 'bills' })], 1));
    };
    assert.deepEqual(await findLostPush(list, SENT), { found: 'none' });
    assert.equal(calls, 1);
    await assert.rejects(findLostPush(list, SENT, { signal: AbortSignal.abort() }), (e) => isCancellation(e));
    assert.equal(calls, 1);
  });
});

describe('findLostCompany against the emulator', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();
  const client = () =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });
  const companies = (params: ListParams) => client().listCompanies(params);

  before(async () => {
    emu = await startEmulator({ invoices: 10, companies: 10, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('finds a company created by a POST whose answer came cut short, sent once', async () => {
    emu.faults.add({ kind: 'truncatedJson', method: 'POST', path: '^/companies$', times: 1 });
    const sentAt = clock.now();
    await rejectsWith(client().createCompany({ name: 'Lost Answer Ltd' }), 'malformedResponse');
    const found = await findLostCompany(companies, { name: 'Lost Answer Ltd', sentAt });
    assert.equal(found?.name, 'Lost Answer Ltd');
    assert.equal(emu.requests.entries().filter((r) => r.method === 'POST').length, 1);
  });

  it('finds nothing when the POST never arrived, or the name is another’s, or the company is older', async () => {
    emu.faults.add({ kind: 'reset', method: 'POST', path: '^/companies$', times: 1 });
    const sentAt = clock.now();
    await rejectsWith(client().createCompany({ name: 'Never Arrived Ltd' }), 'network');
    assert.equal(await findLostCompany(companies, { name: 'Never Arrived Ltd', sentAt }), undefined);
    await client().createCompany({ name: 'Old Name Ltd' });
    clock.advance(60 * 60_000);
    assert.equal(await findLostCompany(companies, { name: 'Old Name Ltd', sentAt: clock.now() }), undefined);
    assert.equal(await findLostCompany(companies, { name: 'Old Name', sentAt }), undefined);
  });
});

describe('a write whose answer was lost', () => {
  const error = (kind: ApiErrorKind, attempts = 1) =>
    new ApiError({ kind, message: 'x', method: 'POST', path: '/companies', attempts });

  it('is one that was sent and got no readable answer, or a gateway’s error in its place', () => {
    for (const kind of ['timeout', 'network', 'malformedResponse'] as const)
      assert.equal(answerLost(error(kind)), true);
    assert.equal(answerLost(error('timeout', 0)), false, 'refused before sending');
    for (const kind of ['badRequest', 'cancelled', 'rateLimited', 'conflict'] as const)
      assert.equal(answerLost(error(kind)), false, kind);
    const status = (kind: ApiErrorKind, s: number) =>
      new ApiError({ kind, status: s, message: 'x', method: 'POST', path: '/companies' });
    for (const s of [500, 502, 504]) assert.equal(answerLost(status('server', s)), true, String(s));
    assert.equal(answerLost(status('unavailable', 503)), true, '503');
    assert.equal(answerLost(status('server', 501)), false, '501: the server does not do it at all');
    const refused = new ApiError({ kind: 'network', code: 'ECONNREFUSED', message: 'x', method: 'POST', path: '/' });
    assert.equal(answerLost(refused), false, 'a refused connection never arrived');
  });

  it('is looked for after each wait, until found (or until done, else the last answer)', async () => {
    let asks = 0;
    assert.equal(await findWithin([0, 1, 1], () => Promise.resolve(++asks === 2 ? 'found' : undefined)), 'found');
    assert.equal(asks, 2);
    assert.equal(await findWithin([0, 1], () => Promise.resolve(undefined)), undefined);
    asks = 0;
    const answers = ['maybe', 'maybe', 'yes', 'no'];
    assert.equal(
      await findWithin(
        [0, 1, 1, 1],
        () => Promise.resolve(answers[asks++]),
        (a) => a === 'yes',
      ),
      'yes',
    );
    assert.equal(asks, 3);
    asks = 0;
    assert.equal(
      await findWithin(
        [0, 1],
        () => Promise.resolve(answers[asks++]),
        () => false,
      ),
      'maybe',
      'the last',
    );
  });
});
