// The client's sync calls against the real emulator: the sync settings read, changed and read
// back, the Free trial's 402 and a refused body, the pull operation history paged and filtered, a
// queued sync followed to Complete through it, and the rules the calls live by: parameters checked
// before sending, a POST sent once and never retried.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { MAX_SYNC_NUMBER, setSyncSettingsRequest } from '../../../src/api/syncs';
import { isApiError } from '../../../src/api/errors';
import { DATA_TYPES } from '../../../src/dataTypes/catalog';
import { rejectsWith } from '../../support/apiErrors';
import { costRatio } from '../../support/complexity';
import { SYNC_DURATION_MS, startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock } from '../../emulator/testing';

describe('client: syncs against the emulator', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();

  const client = (apiKey = emu.keys.normal) =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey, sleep: () => Promise.resolve() });
  const requests = (method: string) => emu.requests.entries().filter((r) => r.method === method);

  before(async () => {
    emu = await startEmulator({ invoices: 20, companies: 10, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('reads a company’s sync settings: one per data type, daily by default', async () => {
    const read = await client().getSyncSettings(emu.companies.many);
    assert.equal(read.companyId, emu.companies.many);
    assert.equal(read.overridesDefaults, false);
    assert.equal(read.settings.length, DATA_TYPES.length);
    assert.deepEqual(read.settings[0], {
      dataType: 'invoices',
      fetchOnFirstLink: true,
      syncSchedule: 24,
      syncOrder: 0,
      monthsToSync: 24,
      isLocked: false,
    });
    assert.ok(read.settings.some((s) => s.dataType === 'chartOfAccounts'));
  });

  it('changes a schedule and reads it back, the settings read sent back with one changed', async () => {
    const c = client();
    const { few } = emu.companies;
    const read = await c.getSyncSettings(few);
    const settings = read.settings.map((s) => (s.dataType === 'bills' ? { ...s, syncSchedule: 168 } : s));
    // As read, the settings say they do not override the defaults yet: sending that would put the
    // company back on them.
    await c.setSyncSettings(few, { ...read, settings, overridesDefaults: true });
    const post = requests('POST')[0];
    assert.deepEqual([post.path, post.status], [`/companies/${few}/syncSettings`, 204]);
    const after = await c.getSyncSettings(few);
    assert.equal(after.overridesDefaults, true);
    assert.equal(after.settings.find((s) => s.dataType === 'bills')?.syncSchedule, 168);
    assert.deepEqual(
      after.settings.filter((s) => s.dataType !== 'bills'),
      read.settings.filter((s) => s.dataType !== 'bills'),
    );
    await c.setSyncSettings(few, { settings: [], overridesDefaults: false });
    assert.deepEqual(await c.getSyncSettings(few), read, 'back on the defaults');
  });

  it('takes the Free trial’s 402 for an hourly schedule as syncScheduleNotAllowed, with its message and status', async () => {
    const trial = client(emu.keys.freeTrial);
    const company = (await trial.listCompanies({ pageSize: 1 })).results[0].id;
    const hourly = { dataType: 'invoices', fetchOnFirstLink: true, syncSchedule: 1, syncOrder: 0 };
    const err = await rejectsWith(trial.setSyncSettings(company, { settings: [hourly] }), 'syncScheduleNotAllowed');
    assert.equal(err.status, 402);
    assert.equal(err.body?.error, 'SyncSettingsValidationException: Sync schedule not allowed');
    assert.equal(err.attempts, 1);
    assert.deepEqual(JSON.parse(err.request?.body ?? ''), {
      companyId: company,
      settings: [hourly],
      overridesDefaults: true,
    });
    assert.equal((await trial.getSyncSettings(company)).settings[0].syncSchedule, 24);
    await trial.setSyncSettings(company, { settings: [{ ...hourly, syncSchedule: 24 }] });
  });

  it('takes a 400 for a body the server refuses: a data type it does not serve, a locked setting', async () => {
    const c = client();
    const { few } = emu.companies;
    const unknown = { dataType: 'balanceSheet', fetchOnFirstLink: true, syncSchedule: 24, syncOrder: 0 };
    const err = await rejectsWith(c.setSyncSettings(few, { settings: [unknown] }), 'badRequest');
    assert.equal(err.status, 400);
    assert.equal(err.body?.validation?.errors[0].itemId, 'settings[0].dataType');
    const locked = (await c.getSyncSettings(few)).settings.find((s) => s.isLocked);
    assert.ok(locked);
    const refused = await rejectsWith(
      c.setSyncSettings(few, { settings: [{ ...locked, syncSchedule: 720 }] }),
      'badRequest',
    );
    assert.match(refused.message, /locked and cannot be changed/);
  });

  it('never retries the POST answered 503, but retries the GET', async () => {
    emu.faults.add({ kind: 'status', status: 503, path: '/syncSettings', times: 1 });
    const setting = { dataType: 'bills', fetchOnFirstLink: false, syncSchedule: 48, syncOrder: 1 };
    const err = await rejectsWith(client().setSyncSettings(emu.companies.many, { settings: [setting] }), 'unavailable');
    assert.equal(err.attempts, 1);
    assert.equal(requests('POST').length, 1);
    emu.faults.add({ kind: 'status', status: 503, path: '/syncSettings', times: 1 });
    const read = await client().getSyncSettings(emu.companies.many);
    assert.equal(read.settings[1].syncSchedule, 24, 'the faulted POST never ran');
    assert.deepEqual(
      requests('GET').map((r) => r.status),
      [503, 200],
    );
  });

  it('lists the pull operation history paged, filtered and ordered, and refuses what the schema lacks', async () => {
    const c = client();
    const { few } = emu.companies;
    const first = await c.listPullOperations(few, { pageSize: 5 });
    assert.equal(first.results.length, 5);
    // One sync per type, and invoices' two daily ones before it.
    assert.equal(first.totalResults, DATA_TYPES.length + 2);
    const requested = first.results.map((o) => Date.parse(o.requested));
    assert.deepEqual(
      requested,
      [...requested].sort((a, b) => b - a),
      'newest first',
    );
    const pages = [];
    for await (const page of c.pages(first)) pages.push(page);
    assert.equal(pages.flatMap((p) => p.results).length, DATA_TYPES.length + 2);
    const failed = await c.listPullOperations(few, { query: 'status=FetchError' });
    assert.deepEqual(
      failed.results.map((o) => [o.dataType, o.isErrored, typeof o.errorMessage]),
      [['invoices', true, 'string']],
    );
    const oldest = await c.listPullOperations(few, { orderBy: 'requested', pageSize: 1 });
    assert.equal(oldest.results[0].id, failed.results[0].id);
    const before = emu.requests.entries().length;
    await rejectsWith(c.listPullOperations(few, { query: 'isCompleted=true' }), 'invalidQuery');
    await rejectsWith(c.listPullOperations(few, { orderBy: 'colour' }), 'invalidQuery');
    assert.equal(emu.requests.entries().length, before, 'refused before sending');
  });

  it('finds a queued sync in the history, running, then Complete once the emulator’s clock has moved', async () => {
    const c = client();
    const { notRequested } = emu.companies;
    assert.equal((await c.listPullOperations(notRequested)).totalResults, 0);
    const queued = await c.queueSync(notRequested, 'chartOfAccounts');
    const running = await c.listPullOperations(notRequested);
    assert.deepEqual(
      running.results.map((o) => [o.id, o.dataType, o.status]),
      [[queued.id, 'chartOfAccounts', 'Fetching']],
    );
    clock.advance(SYNC_DURATION_MS);
    const done = await c.getPullOperation(notRequested, queued.id);
    assert.deepEqual([done.status, done.isCompleted, done.progress], ['Complete', true, 100]);
    const status = await c.getDataStatus(notRequested);
    assert.equal(status.chartOfAccounts?.latestSuccessfulSyncId, queued.id);
    assert.equal(done.completed, status.chartOfAccounts?.lastSuccessfulSync);
    await rejectsWith(c.getPullOperation(notRequested, '00000000-0000-4000-8000-000000000000'), 'notFound');
  });

  it('Refresh all data queues a sync of every type the platform has, once, answered 204', async () => {
    const c = client();
    const { few, unsupported } = emu.companies;
    emu.requests.clear();
    assert.equal(await c.refreshAllData(few), undefined);
    assert.equal(emu.requests.entries().filter((r) => r.method === 'POST').length, 1);
    const running = await c.listPullOperations(few, { query: 'status=Fetching' });
    assert.ok(running.totalResults >= 10, `${running.totalResults} syncs running`);
    clock.advance(SYNC_DURATION_MS);
    const status = await c.getDataStatus(few);
    assert.ok(Object.values(status).every((s) => s?.currentStatus === 'Complete'));
    // A platform without a type syncs the others and keeps that type unsupported.
    await c.refreshAllData(unsupported);
    assert.equal((await c.getDataStatus(unsupported)).invoices?.currentStatus, 'NotSupported');
  });

  it('refuses bad ids, settings and paging before sending anything', async () => {
    const c = client();
    const company = emu.companies.many;
    const ok = { dataType: 'bills', fetchOnFirstLink: true, syncSchedule: 24, syncOrder: 0 };
    const refused: [string, () => Promise<unknown>][] = [
      ['companyId', () => c.getSyncSettings('../x')],
      ['companyId', () => c.setSyncSettings('', { settings: [ok] })],
      ['settings', () => c.setSyncSettings(company, { settings: 'all' as never })],
      ['settings[0]', () => c.setSyncSettings(company, { settings: [null as never] })],
      ['settings[0].dataType', () => c.setSyncSettings(company, { settings: [{ ...ok, dataType: ' ' }] })],
      ['settings[1].dataType', () => c.setSyncSettings(company, { settings: [ok, ok] })],
      ['settings[0].syncSchedule', () => c.setSyncSettings(company, { settings: [{ ...ok, syncSchedule: -1 }] })],
      ['settings[0].syncSchedule', () => c.setSyncSettings(company, { settings: [{ ...ok, syncSchedule: 1.5 }] })],
      [
        'settings[0].syncSchedule',
        () => c.setSyncSettings(company, { settings: [{ ...ok, syncSchedule: MAX_SYNC_NUMBER + 1 }] }),
      ],
      ['settings[0].syncOrder', () => c.setSyncSettings(company, { settings: [{ ...ok, syncOrder: NaN }] })],
      [
        'settings[0].fetchOnFirstLink',
        () => c.setSyncSettings(company, { settings: [{ ...ok, fetchOnFirstLink: 'yes' as never }] }),
      ],
      ['settings[0].syncFromUtc', () => c.setSyncSettings(company, { settings: [{ ...ok, syncFromUtc: 'May' }] })],
      ['settings[0].monthsToSync', () => c.setSyncSettings(company, { settings: [{ ...ok, monthsToSync: -3 }] })],
      ['overridesDefaults', () => c.setSyncSettings(company, { settings: [ok], overridesDefaults: 1 as never })],
      ['datasetId', () => c.getPullOperation(company, 'a/b')],
      ['datasetId', () => c.getPullOperation(company, '')],
      ['pageSize', () => c.listPullOperations(company, { pageSize: 5001 })],
      ['page', () => c.listPullOperations(company, { page: 0 })],
    ];
    for (const [parameter, call] of refused) {
      const err = await rejectsWith(call(), 'invalidParameter');
      assert.equal(err.attempts, 0);
      assert.equal(err.validation?.parameter, parameter, err.message);
    }
    assert.deepEqual(emu.requests.entries(), []);
  });

  it('sends only the contract’s fields of a setting, with companyId and overridesDefaults', async () => {
    const c = client();
    const company = emu.companies.many;
    const setting = { dataType: 'bills', fetchOnFirstLink: true, syncSchedule: 24, syncOrder: 1 };
    const extra = { colour: 'red', syncFromWindow: 6, isLocked: null as never };
    await c.setSyncSettings(company, { settings: [{ ...setting, ...extra }] });
    const post = requests('POST')[0];
    assert.equal(post.status, 204);
    const bills = (await c.getSyncSettings(company)).settings[1];
    assert.deepEqual(bills, { ...setting, syncFromWindow: 6, isLocked: false });
    assert.deepEqual(setSyncSettingsRequest(company, { settings: [{ ...setting, ...extra }] }).body, {
      companyId: company,
      settings: [{ ...setting, syncFromWindow: 6 }],
      overridesDefaults: true,
    });
  });

  it('finds a type set twice in one pass: 10× the settings is about 10× the work, not 100× (issue 30)', () => {
    const settings = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        dataType: `t${i}`,
        fetchOnFirstLink: false,
        syncSchedule: 24,
        syncOrder: i,
      }));
    const big = settings(10_000);
    const small = settings(1_000);
    // Ten times the input: a linear check stays near 10, the pairwise one was near 100.
    const ratio = costRatio(
      (list) => setSyncSettingsRequest('c1', { settings: list }),
      {
        what: 'settings',
        hostile: big,
        plain: small,
      },
      40,
    );
    assert.ok(ratio < 40, `ratio ${ratio.toFixed(1)}`);
    const twice = [...small, { ...small[500], syncOrder: 7 }];
    assert.throws(
      () => setSyncSettingsRequest('c1', { settings: twice }),
      (e: unknown) => isApiError(e) && e.validation?.parameter === 'settings[1000].dataType',
    );
  });
});
