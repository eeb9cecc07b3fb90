import * as assert from 'node:assert/strict';
import type {
  ApiKeyDetails,
  ApiKeyList,
  Company,
  ErrorBody,
  Invoice,
  Page,
  PullOperation,
} from '../../../src/api/models';
import type { DataStatusMap } from '../../emulator/wire';
import {
  MAX_API_KEYS,
  SYNC_DURATION_MS,
  sanitiseCompanyName,
  startEmulator,
  type RunningEmulator,
} from '../../emulator';
import { ManualClock, call, type ValidationErrorBody } from '../../emulator/testing';

describe('emulator: creating companies', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({ invoices: 100, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('creates a company: 200 with the record, listed and readable afterwards', async () => {
    const r = await call<Company>(emu, '/companies', {
      method: 'POST',
      body: { name: 'Acme & Sons, Ltd.', description: 'Test company', tags: { region: 'UK' } },
    });
    assert.equal(r.status, 200);
    assert.equal(r.json.name, 'Acme & Sons, Ltd.');
    assert.equal(r.json.description, 'Test company');
    assert.deepEqual(r.json.tags, { region: 'UK' });
    assert.match(r.json.id, /^[0-9a-f-]{36}$/);
    assert.equal(r.json.redirect, `https://link.codat.io/company/${r.json.id}`);
    assert.equal(r.json.created, new Date(clock.ms).toISOString());
    const read = await call(emu, `/companies/${r.json.id}`);
    assert.deepEqual(read.json, r.json);
    const list = await call<Page<Company>>(emu, '/companies?pageSize=200');
    assert.equal(list.json.totalResults, 121);
    assert.equal(list.json.results[120].id, r.json.id);
  });

  it("strips characters outside letters, digits, whitespace and - ' , & @ . ? !", async () => {
    assert.equal(
      sanitiseCompanyName("  Café <Zürich> #1 (GmbH) - O'Neil, Smith & Co. @ home?! "),
      "Café Zürich 1 GmbH - O'Neil, Smith & Co. @ home?!",
    );
    const r = await call<Company>(emu, '/companies', { method: 'POST', body: { name: 'Bad/Name*$%^' } });
    assert.equal(r.status, 200);
    assert.equal(r.json.name, 'BadName');
  });

  it('refuses a missing name, a name empty after sanitising, and a body that is not JSON', async () => {
    for (const body of [{}, { name: '' }, { name: '<<>>' }, { name: 42 }]) {
      const r = await call<ValidationErrorBody>(emu, '/companies', { method: 'POST', body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.validation.errors[0].itemId, 'name');
    }
    const raw = await call<ValidationErrorBody>(emu, '/companies', {
      method: 'POST',
      rawBody: '{"name":',
      contentType: 'application/json',
    });
    assert.equal(raw.status, 400);
    assert.equal(raw.json.statusCode, 400);
    assert.equal(raw.json.validation.errors[0].itemId, 'body');
  });

  it('lets the Free-trial account hold exactly 50 companies: the 51st is 402 company limit', async () => {
    const list = await call<Page<Company>>(emu, '/companies', { key: emu.keys.freeTrial });
    assert.equal(list.json.totalResults, 50);
    const r = await call<ValidationErrorBody>(emu, '/companies', {
      key: emu.keys.freeTrial,
      method: 'POST',
      body: { name: 'One too many' },
    });
    assert.equal(r.status, 402);
    assert.equal(r.json.statusCode, 402);
    assert.equal(r.json.service, 'ClientsApi');
    assert.equal(r.json.error, 'CompanyValidationException: Company limit exceeded');
    assert.equal(r.json.validation.errors.length, 1);
    const item = r.json.validation.errors[0];
    assert.equal(item.itemId, 'Company');
    assert.equal(item.validatorName, 'CreateCompany');
    assert.match(item.message, /^Company limit exceeded\. Learn more at https?:\/\//);
    assert.deepEqual(r.json.validation.warnings, []);
    assert.equal((await call<Page<Company>>(emu, '/companies', { key: emu.keys.freeTrial })).json.totalResults, 50);
  });

  it('reset() forgets created companies and never hands their ids out again, as a real server', async () => {
    const a = await call<Company>(emu, '/companies', { method: 'POST', body: { name: 'First' } });
    emu.reset();
    assert.equal((await call(emu, `/companies/${a.json.id}`)).status, 404);
    const b = await call<Company>(emu, '/companies', { method: 'POST', body: { name: 'First' } });
    assert.notEqual(b.json.id, a.json.id);
  });

  it('gives the same ids to the same calls of another emulator with the same seed', async () => {
    const [one, other] = await Promise.all([startEmulator({ invoices: 10 }), startEmulator({ invoices: 10 })]);
    try {
      const a = await call<Company>(one, '/companies', { method: 'POST', body: { name: 'Same' } });
      const b = await call<Company>(other, '/companies', { method: 'POST', body: { name: 'Same' } });
      assert.equal(b.json.id, a.json.id);
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });
});

describe('emulator: data sets and syncs', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({ invoices: 100, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('reports Complete for synced companies and serves their invoices', async () => {
    const s = await call<DataStatusMap>(emu, `/companies/${emu.companies.few}/dataStatus`);
    assert.equal(s.status, 200);
    assert.equal(s.json.invoices.dataType, 'invoices');
    assert.equal(s.json.invoices.currentStatus, 'Complete');
    assert.equal(typeof s.json.invoices.lastSuccessfulSync, 'string');
    assert.equal(s.json.invoices.latestSyncId, s.json.invoices.latestSuccessfulSyncId);
    const inv = await call<Page<Invoice>>(emu, `/companies/${emu.companies.few}/data/invoices`);
    assert.equal(inv.json.totalResults, 7);
  });

  it('says 409 "not requested" for notRequested, and a distinct 409 while syncing', async () => {
    const nr = await call<ErrorBody>(emu, `/companies/${emu.companies.notRequested}/data/invoices`);
    assert.equal(nr.status, 409);
    assert.equal(nr.json.error, 'The data set has not been requested.');
    assert.equal(nr.json.service, 'PullApi');
    assert.deepEqual((await call(emu, `/companies/${emu.companies.notRequested}/dataStatus`)).json, {});

    // Codat documents one 409 for both: only the data status tells a running sync.
    const sy = await call<ErrorBody>(emu, `/companies/${emu.companies.syncing}/data/invoices`);
    assert.equal(sy.status, 409);
    assert.equal(sy.json.error, nr.json.error);
    const status = await call<DataStatusMap>(emu, `/companies/${emu.companies.syncing}/dataStatus`);
    assert.equal(status.json.invoices.currentStatus, 'Fetching');
    clock.advance(24 * 3600_000);
    assert.equal(
      (await call(emu, `/companies/${emu.companies.syncing}/data/invoices`)).status,
      409,
      'the syncing company never finishes',
    );
  });

  it('says 404 "Datatype [invoices] not supported by platform(s) [Xero]" for unsupported', async () => {
    const r = await call<ErrorBody>(emu, `/companies/${emu.companies.unsupported}/data/invoices`);
    assert.equal(r.status, 404);
    assert.equal(r.json.error, 'Datatype [invoices] not supported by platform(s) [Xero]');
    assert.equal(
      (await call<DataStatusMap>(emu, `/companies/${emu.companies.unsupported}/dataStatus`)).json.invoices
        .currentStatus,
      'NotSupported',
    );
    assert.equal(
      (await call(emu, `/companies/${emu.companies.unsupported}/data/queue/invoices`, { method: 'POST' })).status,
      404,
    );
  });

  it('queues a sync of a created company: 200 (as Codat documents it), Fetching, then Complete with invoices after the sync time', async () => {
    const company = (await call<Company>(emu, '/companies', { method: 'POST', body: { name: 'Syncs Later' } })).json;
    assert.equal((await call(emu, `/companies/${company.id}/data/invoices`)).status, 409);
    const q = await call<PullOperation>(emu, `/companies/${company.id}/data/queue/invoices`, { method: 'POST' });
    assert.equal(q.status, 200);
    assert.equal(q.json.companyId, company.id);
    assert.equal(q.json.dataType, 'invoices');
    assert.equal(q.json.status, 'Queued');
    assert.equal(q.json.isCompleted, false);
    assert.equal(q.json.requested, new Date(clock.ms).toISOString());

    const running = await call<DataStatusMap>(emu, `/companies/${company.id}/dataStatus`);
    assert.equal(running.json.invoices.currentStatus, 'Fetching');
    assert.equal(running.json.invoices.latestSyncId, q.json.id);
    const busy = await call<ErrorBody>(emu, `/companies/${company.id}/data/invoices`);
    assert.equal(busy.status, 409);
    assert.equal(busy.json.error, 'The data set has not been requested.');
    const again = await call<PullOperation>(emu, `/companies/${company.id}/data/queue/invoices`, { method: 'POST' });
    assert.equal(again.json.id, q.json.id, 'a running sync is returned, not duplicated');

    clock.advance(SYNC_DURATION_MS);
    const done = await call<DataStatusMap>(emu, `/companies/${company.id}/dataStatus`);
    assert.equal(done.json.invoices.currentStatus, 'Complete');
    assert.equal(done.json.invoices.latestSuccessfulSyncId, q.json.id);
    const history = await call<PullOperation>(emu, `/companies/${company.id}/data/history/${q.json.id}`);
    assert.equal(history.json.status, 'Complete');
    assert.equal(history.json.isCompleted, true);
    const invoices = await call<Page<Invoice>>(emu, `/companies/${company.id}/data/invoices`);
    assert.equal(invoices.status, 200);
    assert.ok(invoices.json.totalResults >= 3);
    assert.equal(
      (await call<Company>(emu, `/companies/${company.id}`)).json.lastSync,
      done.json.invoices.lastSuccessfulSync,
    );
  });

  it('keeps serving a synced data set while it re-syncs', async () => {
    const q = await call(emu, `/companies/${emu.companies.few}/data/queue/invoices`, { method: 'POST' });
    assert.equal(q.status, 200);
    assert.equal(
      (await call<DataStatusMap>(emu, `/companies/${emu.companies.few}/dataStatus`)).json.invoices.currentStatus,
      'Fetching',
    );
    assert.equal(
      (await call<Page<Invoice>>(emu, `/companies/${emu.companies.few}/data/invoices`)).json.totalResults,
      7,
    );
  });

  it('refuses to queue a data type the emulator does not hold', async () => {
    const r = await call<ErrorBody>(emu, `/companies/${emu.companies.few}/data/queue/balanceSheet`, { method: 'POST' });
    assert.equal(r.status, 404);
    assert.match(r.json.error, /^Datatype \[balanceSheet\] not supported by platform\(s\) \[.+\]$/);
  });

  it('reads one invoice by id, 404 for an id it does not have', async () => {
    const list = await call<Page<Invoice>>(emu, `/companies/${emu.companies.few}/data/invoices`);
    const r = await call<Invoice>(emu, `/companies/${emu.companies.few}/data/invoices/${list.json.results[3].id}`);
    assert.deepEqual(r.json, list.json.results[3]);
    const other = await call<Page<Invoice>>(emu, `/companies/${emu.companies.many}/data/invoices?pageSize=1`);
    assert.equal(
      (await call(emu, `/companies/${emu.companies.few}/data/invoices/${other.json.results[0].id}`)).status,
      404,
    );
    assert.equal((await call(emu, `/companies/${emu.companies.few}/data/invoices/nope`)).status, 404);
  });
});

describe('emulator: API keys', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ invoices: 10 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it("lists the account's keys, not paged", async () => {
    const r = await call<ApiKeyList>(emu, '/apiKeys');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json), ['results']);
    assert.equal(r.json.results.length, 1);
    assert.equal(r.json.results[0].apiKey, emu.keys.normal);
  });

  it('creates keys (201) that authenticate, refuses the 11th (409), deletes (204)', async () => {
    const created: ApiKeyDetails[] = [];
    for (let i = 1; i < MAX_API_KEYS; i++) {
      const r = await call<ApiKeyDetails>(emu, '/apiKeys', { method: 'POST', body: { name: `key ${i}` } });
      assert.equal(r.status, 201);
      assert.equal(r.json.name, `key ${i}`);
      assert.equal(typeof r.json.apiKey, 'string');
      created.push(r.json);
    }
    const eleventh = await call<ErrorBody>(emu, '/apiKeys', { method: 'POST', body: {} });
    assert.equal(eleventh.status, 409);
    assert.equal(eleventh.json.statusCode, 409);
    assert.match(eleventh.json.error, /10/);

    const withNew = await call<Page<Company>>(emu, '/companies?pageSize=1', { key: created[0].apiKey });
    assert.equal(withNew.status, 200);
    assert.equal(withNew.json.totalResults, 120, 'a created key belongs to the same account');

    const del = await call(emu, `/apiKeys/${created[0].id}`, { method: 'DELETE' });
    assert.equal(del.status, 204);
    assert.equal(del.text, '');
    assert.equal((await call(emu, '/companies', { key: created[0].apiKey })).status, 401);
    assert.equal((await call(emu, '/apiKeys', { method: 'POST' })).status, 201, 'room again after a delete');
    assert.equal((await call(emu, `/apiKeys/${created[0].id}`, { method: 'DELETE' })).status, 404);
  });

  it('refuses a key name over 50 characters', async () => {
    assert.equal((await call(emu, '/apiKeys', { method: 'POST', body: { name: 'x'.repeat(50) } })).status, 201);
    const r = await call<ValidationErrorBody>(emu, '/apiKeys', { method: 'POST', body: { name: 'x'.repeat(51) } });
    assert.equal(r.status, 400);
    assert.equal(r.json.validation.errors[0].itemId, 'name');
  });

  it('keeps keys per account: another account cannot delete them', async () => {
    const mine = (await call<ApiKeyList>(emu, '/apiKeys')).json.results[0];
    assert.equal((await call(emu, `/apiKeys/${mine.id}`, { method: 'DELETE', key: emu.keys.freeTrial })).status, 404);
  });
});
