// A company's sync settings and its pull operation history: the defaults, what a POST changes and
// refuses (a bad body, a locked setting, the Free trial's hourly schedule), a seeded history that
// agrees with the data status, the history's order, filters and pages, and the handler's rules
// (other account, unknown company, faults) on the new paths.
import * as assert from 'node:assert/strict';
import { DATA_TYPES, SYNC_DURATION_MS, startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, type ValidationErrorBody, call } from '../../emulator/testing';
import type { CompanySyncSettings, DataStatusMap, Page, PullOperation, SyncSetting } from '../../emulator/wire';

const KEYS = DATA_TYPES.map((type) => (type === 'accounts' ? 'chartOfAccounts' : type));

describe('emulator: sync settings and pull operation history', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();
  const settingsPath = (company: string): string => `/companies/${company}/syncSettings`;
  const read = async (company: string, key?: string): Promise<CompanySyncSettings> =>
    (await call<CompanySyncSettings>(emu, settingsPath(company), { key })).json;
  const post = (company: string, settings: unknown[], extra: Record<string, unknown> = {}, key?: string) =>
    call<ValidationErrorBody>(emu, settingsPath(company), {
      method: 'POST',
      key,
      body: { companyId: company, settings, overridesDefaults: true, ...extra },
    });
  const setting = (dataType: string, more: Partial<SyncSetting> = {}): SyncSetting => ({
    dataType,
    fetchOnFirstLink: true,
    syncSchedule: 24,
    syncOrder: 0,
    ...more,
  });
  const history = (company: string, query = '') =>
    call<Page<PullOperation>>(emu, `/companies/${company}/data/history${query}`);

  before(async () => {
    emu = await startEmulator({ invoices: 50, companies: 10, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  async function trialCompany(): Promise<string> {
    return (await call<Page<{ id: string }>>(emu, '/companies?pageSize=1', { key: emu.keys.freeTrial })).json.results[0]
      .id;
  }

  it('starts every company on the defaults: each data type daily, in the table order, one locked', async () => {
    const many = await read(emu.companies.many);
    assert.deepEqual(many, {
      companyId: emu.companies.many,
      overridesDefaults: false,
      settings: KEYS.map((dataType, syncOrder) => ({
        dataType,
        fetchOnFirstLink: true,
        syncSchedule: 24,
        syncOrder,
        monthsToSync: 24,
        isLocked: false,
      })),
    });
    const locked = (await read(emu.companies.few)).settings.filter((s) => s.isLocked).map((s) => s.dataType);
    assert.deepEqual(locked, ['chartOfAccounts']);
  });

  it('changes the types sent and keeps the others; overridesDefaults false and a reset bring the defaults back', async () => {
    const { many } = emu.companies;
    const defaults = await read(many);
    const weekly = setting('bills', { syncSchedule: 168, syncOrder: 5, syncFromUtc: '2024-01-31', syncFromWindow: 6 });
    assert.equal((await post(many, [weekly, setting('invoices', { syncSchedule: 0 })])).status, 204);
    const changed = await read(many);
    assert.equal(changed.overridesDefaults, true);
    assert.deepEqual(changed.settings[1], { ...weekly, syncFromUtc: '2024-01-31T00:00:00.000Z', isLocked: false });
    assert.equal(changed.settings[0].syncSchedule, 0, 'no scheduled sync');
    assert.deepEqual(changed.settings.slice(2), defaults.settings.slice(2));
    assert.equal((await post(many, [], { overridesDefaults: false })).status, 204);
    assert.deepEqual(await read(many), defaults);
    await post(many, [weekly]);
    emu.reset();
    assert.deepEqual(await read(many), defaults);
  });

  it('refuses a bad body with a 400 naming the field, and changes nothing', async () => {
    const { many, few } = emu.companies;
    const before = await read(many);
    const cases: [unknown[], Record<string, unknown>, string][] = [
      [[], { companyId: undefined }, 'companyId'],
      [[], { companyId: few }, 'companyId'],
      [[], { overridesDefaults: 'yes' }, 'overridesDefaults'],
      [[], { settings: { invoices: 24 } }, 'settings'],
      [['invoices'], {}, 'settings[0]'],
      [[setting('accounts')], {}, 'settings[0].dataType'],
      [[setting('balanceSheet')], {}, 'settings[0].dataType'],
      [[setting('bills'), setting('bills')], {}, 'settings[1].dataType'],
      [[setting('bills', { syncSchedule: -1 })], {}, 'settings[0].syncSchedule'],
      [[setting('bills', { syncSchedule: 1.5 })], {}, 'settings[0].syncSchedule'],
      [[setting('bills', { syncSchedule: '24' as never })], {}, 'settings[0].syncSchedule'],
      [[setting('bills', { syncSchedule: 2 ** 31 })], {}, 'settings[0].syncSchedule'],
      [[{ dataType: 'bills', syncSchedule: 24, syncOrder: 0 }], {}, 'settings[0].fetchOnFirstLink'],
      [[setting('bills', { syncOrder: -2 })], {}, 'settings[0].syncOrder'],
      [[setting('bills', { syncFromUtc: 'soon' })], {}, 'settings[0].syncFromUtc'],
      [[setting('bills', { monthsToSync: -1 })], {}, 'settings[0].monthsToSync'],
      [[setting('bills', { isLocked: 'no' as never })], {}, 'settings[0].isLocked'],
    ];
    for (const [settings, extra, itemId] of cases) {
      const reply = await post(many, settings, extra);
      assert.equal(reply.status, 400, itemId);
      assert.equal(reply.json.service, 'ClientsApi');
      assert.deepEqual(
        reply.json.validation.errors.map((e) => e.itemId),
        [itemId],
      );
    }
    const text = await call<ValidationErrorBody>(emu, settingsPath(many), { method: 'POST', rawBody: '{}' });
    assert.equal(text.json.validation.errors[0].itemId, 'Content-Type');
    assert.deepEqual(await read(many), before);
  });

  it('keeps a locked setting: sent as it is it passes, changed it is a 400', async () => {
    const { few } = emu.companies;
    const locked = (await read(few)).settings.find((s) => s.isLocked) as SyncSetting;
    assert.equal((await post(few, [locked])).status, 204);
    const { monthsToSync: _m, isLocked: _l, ...required } = locked;
    assert.equal((await post(few, [{ ...required, isLocked: false }])).status, 204, 'what is left out is no change');
    const refused = await post(few, [setting('invoices', { syncSchedule: 48 }), { ...locked, syncSchedule: 12 }]);
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error, 'The sync setting of chartOfAccounts is locked and cannot be changed.');
    assert.equal(refused.json.validation.errors[0].itemId, 'settings[1]');
    const after = await read(few);
    assert.deepEqual(
      after.settings.find((s) => s.isLocked),
      locked,
    );
    assert.equal(after.settings[0].syncSchedule, 24, 'nothing of a refused body is applied');
  });

  it('refuses a schedule under a day on the Free trial with the spec’s 402, but not 0 or a day', async () => {
    const trial = await trialCompany();
    for (const hours of [1, 12, 23]) {
      const reply = await post(
        trial,
        [setting('bills'), setting('invoices', { syncSchedule: hours })],
        {},
        emu.keys.freeTrial,
      );
      assert.equal(reply.status, 402, String(hours));
      assert.equal(reply.json.error, 'SyncSettingsValidationException: Sync schedule not allowed');
      assert.equal(reply.json.validation.errors[0].itemId, 'settings[1].syncSchedule');
    }
    assert.equal((await read(trial, emu.keys.freeTrial)).settings[0].syncSchedule, 24);
    for (const hours of [0, 24, 720])
      assert.equal(
        (await post(trial, [setting('invoices', { syncSchedule: hours })], {}, emu.keys.freeTrial)).status,
        204,
      );
    assert.equal((await post(emu.companies.many, [setting('invoices', { syncSchedule: 1 })])).status, 204);
  });

  it('answers 404 for an unknown company, 403 for another account’s, 402 for the expired account', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    assert.equal((await call(emu, settingsPath(nobody))).status, 404);
    assert.equal((await post(nobody, [])).status, 404);
    assert.equal((await history(nobody)).status, 404);
    const trial = await trialCompany();
    assert.equal((await call(emu, settingsPath(trial))).status, 403);
    assert.equal((await history(trial)).status, 403);
    assert.equal((await call(emu, settingsPath(emu.companies.many), { key: emu.keys.expired })).status, 402);
  });

  it('seeds a history that agrees with the data status, newest first', async () => {
    const { few } = emu.companies;
    const status = (await call<DataStatusMap>(emu, `/companies/${few}/dataStatus`)).json;
    const all = (await history(few, '?pageSize=100')).json;
    assert.equal(all.totalResults, KEYS.length + 2);
    for (const key of KEYS) {
      const op = all.results.find((o) => o.id === status[key].latestSuccessfulSyncId);
      assert.ok(op, key);
      assert.deepEqual([op.dataType, op.status, op.completed], [key, 'Complete', status[key].lastSuccessfulSync]);
    }
    const requested = all.results.map((o) => Date.parse(o.requested));
    assert.deepEqual(
      requested,
      [...requested].sort((a, b) => b - a),
    );
    const invoices = all.results.filter((o) => o.dataType === 'invoices').map((o) => o.status);
    assert.deepEqual(invoices, ['Complete', 'Complete', 'FetchError']);
    const oldest = (await history(few, '?orderBy=requested&pageSize=1')).json;
    assert.deepEqual([oldest.results[0].status, oldest.totalResults], ['FetchError', all.totalResults]);
    assert.equal((await history(few, '?query=isErrored%3Dtrue')).json.totalResults, 1);
    const page2 = (await history(few, '?pageSize=5&page=2')).json;
    assert.deepEqual(
      page2.results.map((o) => o.id),
      all.results.slice(5, 10).map((o) => o.id),
    );
  });

  it('shows the syncing company’s running syncs, none for the not-requested and unsupported ones', async () => {
    const { syncing, notRequested, unsupported } = emu.companies;
    const status = (await call<DataStatusMap>(emu, `/companies/${syncing}/dataStatus`)).json;
    const running = (await history(syncing)).json.results;
    assert.deepEqual(
      running.map((o) => o.status),
      KEYS.map(() => 'Fetching'),
    );
    assert.deepEqual(new Set(running.map((o) => o.id)), new Set(KEYS.map((k) => status[k].latestSyncId)));
    assert.equal((await history(notRequested)).json.totalResults, 0);
    assert.equal((await history(unsupported)).json.totalResults, 0);
  });

  it('adds a queued sync at the top of the history, Complete once its time has come', async () => {
    const { many } = emu.companies;
    const queued = (await call<PullOperation>(emu, `/companies/${many}/data/queue/bills`, { method: 'POST' })).json;
    const first = (await history(many, '?pageSize=1')).json.results[0];
    assert.deepEqual([first.id, first.status], [queued.id, 'Fetching']);
    clock.advance(SYNC_DURATION_MS);
    const done = (await history(many, '?query=dataType%3Dbills')).json.results;
    assert.deepEqual(
      done.map((o) => o.status),
      ['Complete', 'Complete'],
    );
    assert.equal(done[0].id, queued.id);
    const one = await call<PullOperation>(emu, `/companies/${many}/data/history/${queued.id.toUpperCase()}`);
    assert.deepEqual([one.status, one.json.id, one.json.isCompleted], [200, queued.id, true]);
  });

  it('completes a queued sync after the syncDurationMs it was started with, not before', async () => {
    const quick = await startEmulator({ invoices: 50, companies: 10, now: clock.now, syncDurationMs: 400 });
    try {
      const { many } = quick.companies;
      const queued = (await call<PullOperation>(quick, `/companies/${many}/data/queue/bills`, { method: 'POST' })).json;
      const status = async () =>
        (await call<PullOperation>(quick, `/companies/${many}/data/history/${queued.id}`)).json.status;
      clock.advance(399);
      assert.equal(await status(), 'Fetching');
      clock.advance(1);
      assert.equal(await status(), 'Complete');
    } finally {
      await quick.close();
    }
  });

  it('applies faults to the new paths as to any other', async () => {
    emu.faults.add({ kind: 'status', status: 503, path: '/syncSettings', times: 2 });
    emu.faults.add({ kind: 'status', status: 500, path: '/data/history', times: 1 });
    assert.equal((await call(emu, settingsPath(emu.companies.many))).status, 503);
    assert.equal((await post(emu.companies.many, [setting('invoices', { syncSchedule: 6 })])).status, 503);
    assert.equal((await read(emu.companies.many)).settings[0].syncSchedule, 24, 'a faulted POST never ran');
    assert.equal((await history(emu.companies.many)).status, 500);
    assert.equal((await history(emu.companies.many)).status, 200);
  });
});
