// The emulator's sync settings, pull operation history and their errors, held to Codat's published
// contract (test/contract/codat.json): the Platform API's CompanySyncSettings, the body its POST
// takes, PullOperation and its pages, the statuses each operation lists; and the query schemas of
// the history (the client's and the emulator's) to the fields the contract lets a query use.
import * as assert from 'node:assert/strict';
import { PULL_OPERATION_SCHEMA } from '../../../src/query/schemas';
import { CONTRACT, SCHEMAS, problems, type Schema } from '../../contract/contract';
import { type QueryFields, contractFields, queryMismatches } from '../../contract/queryFields';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { PULL_FIELDS } from '../../emulator/syncRoutes';
import { ManualClock, call, walk } from '../../emulator/testing';
import type { CompanySyncSettings, Page, PullOperation } from '../../emulator/wire';

type Rec = Record<string, unknown>;

function fits(schema: Schema, body: unknown, what: string, allowed: readonly string[] = []): void {
  const found = problems(schema, body).filter((p) => !allowed.includes(p));
  assert.deepEqual(found, [], `${what} breaks the contract:\n  ${found.slice(0, 20).join('\n  ')}`);
}

// The one mismatch left (README): a company with no data connection (`syncing`, created companies)
// syncs anyway in the emulator, so its operations have no `connectionId`, which the contract requires.
const NO_CONNECTION = (at: string): string => `${at} must have required property 'connectionId'`;

describe('Codat contract: sync settings and pull operations', function () {
  this.timeout(60000);
  let emu: RunningEmulator;
  const clock = new ManualClock();
  const settingsOf = (company: string, key?: string) =>
    call<CompanySyncSettings>(emu, `/companies/${company}/syncSettings`, { key });
  const post = (company: string, body: unknown, key?: string) =>
    call(emu, `/companies/${company}/syncSettings`, { method: 'POST', body, key });

  before(async () => {
    emu = await startEmulator({ invoices: 60, companies: 12, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it("names the paths, the history's parameters and the statuses the emulator answers", () => {
    const { sync } = CONTRACT;
    assert.equal(sync.settingsPath, '/companies/{companyId}/syncSettings');
    assert.equal(sync.historyPath, '/companies/{companyId}/data/history');
    assert.equal(sync.historyItemPath, '/companies/{companyId}/data/history/{datasetId}');
    assert.deepEqual(sync.historyQuery, ['page', 'pageSize', 'query', 'orderBy']);
    assert.deepEqual(sync.historyRecord, CONTRACT.pullOperation.record);
    for (const status of ['200', '404']) assert.ok(sync.statuses.getSettings.includes(status), status);
    for (const status of ['204', '400', '402', '404']) assert.ok(sync.statuses.setSettings.includes(status), status);
    assert.ok(!sync.statuses.setSettings.includes('200'), 'the POST answers 204, no body');
    for (const status of ['200', '400', '404']) assert.ok(sync.statuses.history.includes(status), status);
    for (const status of ['200', '404']) assert.ok(sync.statuses.historyItem.includes(status), status);
  });

  it('sync settings of every well-known company and of a Free-trial one, and every data type in them', async () => {
    const trial = (await call<Page<{ id: string }>>(emu, '/companies?pageSize=1', { key: emu.keys.freeTrial })).json;
    const companies = [...Object.values(emu.companies).map((id) => [id]), [trial.results[0].id, emu.keys.freeTrial]];
    for (const [company, key] of companies) {
      const reply = await settingsOf(company, key);
      assert.equal(reply.status, 200);
      fits(SCHEMAS.syncSettings, reply.json, `sync settings of ${company}`);
      assert.equal(reply.json.companyId, company);
      const statusKeys = Object.values(CONTRACT.dataTypes).map((t) => t.statusKey);
      assert.deepEqual(reply.json.settings.map((s) => s.dataType).sort(), [...statusKeys].sort());
    }
  });

  it('takes back what it answers as the POST body the contract describes, answers 204 and serves it', async () => {
    const { few } = emu.companies;
    const read = (await settingsOf(few)).json;
    const body = { ...read, overridesDefaults: true };
    body.settings = body.settings.map((s) => ({ ...s, syncSchedule: s.isLocked ? s.syncSchedule : 168 }));
    body.settings[0] = { ...body.settings[0], syncFromUtc: '2024-01-01T00:00:00.000Z', syncFromWindow: 12 };
    fits(SCHEMAS.syncSettingsBody, body, 'the body sent');
    const reply = await post(few, body);
    assert.deepEqual([reply.status, reply.text], [204, '']);
    const after = (await settingsOf(few)).json;
    fits(SCHEMAS.syncSettings, after, 'the settings set');
    assert.deepEqual(after, body);
    const { syncSchedule, ...renamed } = after.settings[0];
    assert.deepEqual(problems(SCHEMAS.syncSettings, { ...after, settings: [{ ...renamed, schedule: syncSchedule }] }), [
      "/settings/0 must have required property 'syncSchedule'",
      '/settings/0 must NOT have additional properties (schedule)',
    ]);
  });

  it('every page of the history and each of its operations, of every well-known company', async () => {
    for (const [name, company] of Object.entries(emu.companies)) {
      const allowed = name === 'syncing' ? [NO_CONNECTION('/')] : [];
      const pages = await walk<PullOperation>(emu, `/companies/${company}/data/history?pageSize=5`);
      for (const page of pages) {
        const missing = page.json.results.map((_, i) => NO_CONNECTION(`/results/${i}`));
        fits(SCHEMAS.pullOperations, page.json, `history of ${name}`, name === 'syncing' ? missing : []);
        for (const op of page.json.results) {
          const one = await call(emu, `/companies/${company}/data/history/${op.id}`);
          fits(SCHEMAS.pullOperation, one.json, `${name}'s ${op.id}`, allowed);
        }
      }
    }
  });

  it('a queued sync in the history: running, then complete; the failed seeded sync', async () => {
    const { notRequested, few } = emu.companies;
    const queued = await call<Rec>(emu, `/companies/${notRequested}/data/queue/bills`, { method: 'POST' });
    const history = `/companies/${notRequested}/data/history`;
    fits(SCHEMAS.pullOperations, (await call(emu, history)).json, 'a history with a running sync');
    clock.advance(10_000);
    const done = await call<Page<PullOperation>>(emu, history);
    fits(SCHEMAS.pullOperations, done.json, 'a history with a completed sync');
    assert.deepEqual(
      done.json.results.map((o) => [o.id, o.status]),
      [[queued.json.id, 'Complete']],
    );
    const failed = await call<Page<PullOperation>>(emu, `/companies/${few}/data/history?query=isErrored%3Dtrue`);
    assert.equal(failed.json.results[0].status, 'FetchError');
    fits(SCHEMAS.pullOperations, failed.json, 'the failed syncs');
  });

  it('error bodies of the sync endpoints, with a status the contract lists for each', async () => {
    const { few } = emu.companies;
    const nobody = '00000000-0000-4000-8000-000000000000';
    const trial = (await call<Page<{ id: string }>>(emu, '/companies?pageSize=1', { key: emu.keys.freeTrial })).json
      .results[0].id;
    const hourly = {
      companyId: trial,
      overridesDefaults: true,
      settings: [{ ...setting('invoices'), syncSchedule: 1 }],
    };
    const { statuses } = CONTRACT.sync;
    const cases = [
      [404, `/companies/${nobody}/syncSettings`, {}, statuses.getSettings],
      [404, `/companies/${nobody}/syncSettings`, { method: 'POST', body: {} }, statuses.setSettings],
      [400, `/companies/${few}/syncSettings`, { method: 'POST', body: { companyId: few } }, statuses.setSettings],
      [
        402,
        `/companies/${trial}/syncSettings`,
        { method: 'POST', body: hourly, key: emu.keys.freeTrial },
        statuses.setSettings,
      ],
      [400, `/companies/${few}/data/history?query=isCompleted%3Dtrue`, {}, statuses.history],
      [400, `/companies/${few}/data/history?orderBy=a,b`, {}, statuses.history],
      [404, `/companies/${nobody}/data/history`, {}, statuses.history],
      [404, `/companies/${few}/data/history/${nobody}`, {}, statuses.historyItem],
      // No operation of the contract lists a 405: the emulator's answer to a method a path lacks.
      [405, `/companies/${few}/data/history`, { method: 'POST', body: {} }, undefined],
    ] as const;
    for (const [status, path, options, listed] of cases) {
      const reply = await call(emu, path, options);
      assert.equal(reply.status, status, path);
      fits(SCHEMAS.error, reply.json, `${status} from ${path}`);
      if (listed) assert.ok((listed as readonly string[]).includes(String(status)), `${status} is listed for ${path}`);
    }
  });

  it("the history's query schemas accept the contract's fields but isCompleted, which it says is not queryable", () => {
    const contract = contractFields(CONTRACT.sync.historyRecord);
    assert.deepEqual(queryMismatches('client', PULL_OPERATION_SCHEMA, contract), [
      'client: isCompleted (boolean) is refused',
    ]);
    const fields = Object.fromEntries(
      [...PULL_FIELDS.types].map(([k, v]) => [k, v === 'text' ? 'string' : v] as const),
    ) as QueryFields['fields'];
    // The emulator holds no list of enumeration values: only fields and types are compared.
    const emulator = queryMismatches('emulator', { fields }, contract).filter((m) => !/offer/.test(m));
    assert.deepEqual(emulator, ['emulator: isCompleted (boolean) is refused']);
  });
});

function setting(dataType: string): Rec {
  return { dataType, fetchOnFirstLink: true, syncSchedule: 24, syncOrder: 0 };
}
