// Finding a push whose answer was lost: against the emulator, a push whose answer was cut short or
// came too late is found in the history (and was sent once), one that never ran is not, nor a push
// of another type, through another connection or from before the window; then what is asked of the
// history and how much of it is read, with a fake list.
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
  const sent = (connectionId = first(), dataType = 'invoices'): SentPush => ({
    companyId: company(),
    connectionId,
    dataType,
    sentAt: clock.now(),
  });
  const push = (connectionId: string, type: 'invoices' | 'customers', options = {}) =>
    client().pushRecord(company(), connectionId, type, VALID_BODIES[type], {}, options);

  before(async () => {
    emu = await startEmulator({ invoices: 10, companies: 10, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('finds a push whose answer came cut short (it ran), sent once', async () => {
    emu.faults.add({ kind: 'truncatedJson', method: 'POST', path: '/push/', times: 1 });
    const lost = sent();
    await rejectsWith(push(first(), 'invoices'), 'malformedResponse');
    const found = await findLostPush(history, lost);
    assert.equal(found?.dataType, 'invoices');
    assert.equal(found?.dataConnectionKey, first());
    assert.equal(posts().length, 1);
  });

  it('finds a push the client stopped waiting for, once the server has taken it', async () => {
    emu.faults.add({ kind: 'latency', latencyMs: 300, method: 'POST', path: '/push/', times: 1 });
    const lost = sent();
    await rejectsWith(push(first(), 'invoices', { timeoutMs: 50 }), 'timeout');
    // The emulator takes the push once its delay is over, whoever is still listening.
    for (let i = 0; i < 100 && posts().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const found = await findLostPush(history, lost);
    assert.equal(found?.status, 'Pending');
    assert.equal(found?.dataConnectionKey, first());
    assert.equal(posts().length, 1);
  });

  it('finds nothing when the push never ran, or none was sent', async () => {
    assert.equal(await findLostPush(history, sent()), undefined);
    emu.faults.add({ kind: 'reset', method: 'POST', path: '/push/', times: 1 });
    const lost = sent();
    await rejectsWith(push(first(), 'invoices'), 'network');
    assert.equal(await findLostPush(history, lost), undefined);
    assert.equal(posts().length, 1);
  });

  it('matches neither another type, another connection nor a push before the window', async () => {
    await push(first(), 'invoices');
    const old = sent();
    clock.advance(10 * 60_000);
    await push(first(), 'customers');
    await push(second(), 'invoices');
    assert.equal(await findLostPush(history, sent()), undefined);
    const wider = await findLostPush(history, sent(), { skewMs: 11 * 60_000 });
    assert.equal(wider?.requestedOnUtc, old.sentAt.toISOString());
    assert.equal((await findLostPush(history, sent(second())))?.dataConnectionKey, second());
    assert.equal((await findLostPush(history, sent(first(), 'customers')))?.dataType, 'customers');
  });

  it('returns the newest of several matches', async () => {
    await push(first(), 'invoices');
    clock.advance(60_000);
    const newer = await push(first(), 'invoices');
    clock.advance(60_000);
    const found = await findLostPush(history, sent());
    assert.equal(found?.pushOperationKey, newer.pushOperationKey);
  });
});

describe('findLostPush: what it asks, what it reads', () => {
  const SENT: SentPush = {
    companyId: 'c1',
    connectionId: 'D1-CONN',
    dataType: 'invoices',
    sentAt: new Date('2026-01-15T12:00:00Z'),
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
    assert.equal(await findLostPush(list, SENT), undefined);
    assert.deepEqual(pages, [1, 2, 3]);
    const hit = op('hit', { requestedOnUtc: '2026-01-15T11:56:00+00:00' });
    const newest = op('newest', { requestedOnUtc: '2026-01-15T13:00:00' });
    const found = await findLostPush(() => Promise.resolve(page([...misses, hit, newest], 6)), SENT);
    assert.equal(found?.pushOperationKey, 'newest', 'by time, whatever the order served');
  });

  it('stops at the last page, and at once when aborted', async () => {
    let calls = 0;
    const list = () => {
      calls++;
      return Promise.resolve(page([op('x', { dataType: 'bills' })], 1));
    };
    assert.equal(await findLostPush(list, SENT), undefined);
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

  it('is one that was sent and got no readable answer', () => {
    for (const kind of ['timeout', 'network', 'malformedResponse'] as const)
      assert.equal(answerLost(error(kind)), true);
    assert.equal(answerLost(error('timeout', 0)), false, 'refused before sending');
    for (const kind of ['server', 'badRequest', 'cancelled', 'rateLimited'] as const)
      assert.equal(answerLost(error(kind)), false, kind);
  });

  it('is looked for after each wait, until found', async () => {
    let asks = 0;
    assert.equal(await findWithin([0, 1, 1], () => Promise.resolve(++asks === 2 ? 'found' : undefined)), 'found');
    assert.equal(asks, 2);
    assert.equal(await findWithin([0, 1], () => Promise.resolve(undefined)), undefined);
  });
});
