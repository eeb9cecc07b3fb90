// What a test or a demo makes pushes do: push rules (202, TimedOut, Failed, another delay), faults
// on the POST as on reads, the default delay on the real clock; and the push endpoints' refusals,
// credential, rate limit and request log, as every other endpoint has them.
import * as assert from 'node:assert/strict';
import { PushRuleError, startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, admin, call } from '../../emulator/testing';
import type { DataConnection, ErrorBody, Page, PushOperation, PushOptionProperty } from '../../emulator/wire';
import { VALID_BODIES } from '../../support/pushBodies';

type Answer = PushOperation & { data?: Record<string, unknown> };

describe('emulator: push rules, faults and guards', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({ invoices: 50, companies: 30, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const path = (type: string, company = emu.companies.empty, connection = emu.connections.empty[0]): string =>
    `/companies/${company}/connections/${connection}/push/${type}`;
  const push = (type: string, body: unknown = VALID_BODIES[type], key?: string) =>
    call<Answer>(emu, path(type), { method: 'POST', body, ...(key ? { key } : {}) });
  const history = async (company = emu.companies.empty): Promise<PushOperation[]> =>
    (await call<Page<PushOperation>>(emu, `/companies/${company}/push`)).json.results;

  it('answers 202 when a rule says so, and a rule used up its times no longer applies', async () => {
    emu.pushes.add({ answer: 202, times: 1 });
    const accepted = await push('invoices');
    assert.equal(accepted.status, 202);
    assert.equal(accepted.json.status, 'Pending');
    assert.equal((await push('invoices')).status, 200);
    assert.deepEqual(emu.pushes.list(), []);
  });

  it('times out, fails or takes longer when a rule says so, for the type and company it names', async () => {
    emu.pushes.add({ outcome: 'TimedOut', dataType: 'customers', delayMs: 60_000 });
    emu.pushes.add({ outcome: 'Failed', companyId: emu.companies.empty.toUpperCase(), dataType: 'suppliers' });
    emu.pushes.add({ delayMs: 10_000 });
    const customer = await push('customers');
    const supplier = await push('suppliers');
    const bill = await push('bills');
    clock.advance(9_999);
    const status = async (a: typeof bill): Promise<string> =>
      (await call<PushOperation>(emu, `/companies/${emu.companies.empty}/push/${a.json.pushOperationKey}`)).json.status;
    assert.deepEqual(
      [await status(customer), await status(supplier), await status(bill)],
      ['Pending', 'Failed', 'Pending'],
    );
    clock.advance(1);
    assert.equal(await status(bill), 'Success', 'after the delay of the rule it met');
    clock.advance(50_000);
    assert.equal(await status(customer), 'TimedOut');
    const failed = (await history()).find((o) => o.dataType === 'suppliers');
    assert.equal(failed?.statusCode, 500);
    assert.match(failed?.errorMessage ?? '', /refused the suppliers record/);
    assert.equal(
      (await call<Page<unknown>>(emu, `/companies/${emu.companies.empty}/data/suppliers`)).json.totalResults,
      0,
    );
  });

  it('refuses a rule that is not valid, from code and over HTTP, where rules are listed and removed', async () => {
    assert.throws(() => emu.pushes.add({ outcome: 'Done' } as never), PushRuleError);
    assert.throws(() => emu.pushes.add({ answer: 201 } as never), /"answer" must be 200 or 202/);
    assert.throws(() => emu.pushes.add({ colour: 'red' } as never), /Unknown push rule field "colour"/);
    assert.equal((await admin(emu, '/pushes', { method: 'POST', body: { times: 0 } })).status, 400);
    assert.equal((await call(emu, '/_emulator/pushes', { key: null })).status, 401, 'the admin token is needed');
    const added = await admin<{ id: string }>(emu, '/pushes', { method: 'POST', body: { answer: 202 } });
    assert.equal(added.status, 201);
    assert.equal((await admin<{ results: unknown[] }>(emu, '/pushes')).json.results.length, 1);
    assert.equal((await admin(emu, `/pushes/${added.json.id}`)).status, 200);
    assert.equal((await admin(emu, `/pushes/${added.json.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await admin(emu, `/pushes/${added.json.id}`)).status, 404);
  });

  it('faults a POST as it faults a read: a faulted push never happens, a truncated one did', async () => {
    emu.faults.add({ kind: 'reset', method: 'POST', path: '/push/', times: 1 });
    await assert.rejects(push('invoices'));
    assert.deepEqual(await history(), [], 'the reset push never reached the API');
    emu.faults.add({ kind: 'status', status: 503, method: 'POST', times: 1 });
    assert.equal((await push('invoices')).status, 503);
    assert.equal((await call(emu, `/companies/${emu.companies.empty}/push`)).status, 200, 'reads are spared');
    assert.deepEqual(await history(), []);
    emu.faults.add({ kind: 'truncatedJson', path: '/push/invoices', times: 1 });
    const cut = await push('invoices');
    assert.equal(cut.json, undefined, 'the answer is cut');
    assert.equal((await history()).length, 1, 'but the push ran: the history shows it');
    const log = emu.requests.entries().filter((e) => e.method === 'POST');
    assert.deepEqual(
      log.map((e) => [e.status, e.fault]),
      [
        [0, 'reset'],
        [503, 'status'],
        [200, 'truncatedJson'],
      ],
    );
  });

  it('succeeds after the default delay on the real clock', async () => {
    const quick = await startEmulator({ invoices: 10, companies: 6, pushDelayMs: 30 });
    try {
      const r = await call<Answer>(
        quick,
        `/companies/${quick.companies.few}/connections/${quick.connections.few[0]}/push/customers`,
        { method: 'POST', body: VALID_BODIES.customers },
      );
      assert.equal(r.json.status, 'Pending');
      await new Promise((resolve) => setTimeout(resolve, 60));
      const op = await call<PushOperation>(quick, `/companies/${quick.companies.few}/push/${r.json.pushOperationKey}`);
      assert.equal(op.json.status, 'Success');
    } finally {
      await quick.close();
    }
  });

  it('serves push options per type and connection, and 404 where none can be pushed', async () => {
    const options = await call<PushOptionProperty>(
      emu,
      `/companies/${emu.companies.few}/connections/${emu.connections.few[1]}/options/invoices`,
    );
    assert.equal(options.status, 200);
    assert.equal(options.json.type, 'Object');
    assert.equal(options.json.properties?.status.options?.map((o) => o.value).join(), 'Draft,Submitted');
    assert.equal(options.json.properties?.lineItems.properties?.quantity.required, true);
    const optionsOf = (name: string) =>
      call<ErrorBody>(emu, `/companies/${emu.companies.few}/connections/${emu.connections.few[0]}/options/${name}`);
    // The chart of accounts' options go by its Codat name, not its list path's; tax rates are never pushed.
    assert.equal((await optionsOf('chartOfAccounts')).status, 200);
    for (const name of ['accounts', 'taxRates', 'bankTransactions']) {
      const refused = await optionsOf(name);
      assert.equal(refused.status, 404, name);
      assert.match(refused.json.error, new RegExp(`^Datatype \\[${name}\\] not supported by platform\\(s\\) \\[`));
    }
    const unsupported = emu.companies.unsupported;
    const xero = await call<ErrorBody>(
      emu,
      `/companies/${unsupported}/connections/${emu.connections.unsupported[0]}/options/invoices`,
    );
    assert.equal(xero.json.error, 'Datatype [invoices] not supported by platform(s) [Xero]');
    assert.equal(
      (await call(emu, path('invoices', unsupported, emu.connections.unsupported[0]), { method: 'POST', body: {} }))
        .status,
      404,
    );
  });

  it('refuses what is no push: unknown connection or type, wrong method, no JSON, another account', async () => {
    const few = emu.companies.few;
    assert.equal(
      (await call(emu, path('invoices', few, emu.connections.many[0]), { method: 'POST', body: {} })).status,
      404,
    );
    assert.equal((await call(emu, path('taxRates'), { method: 'POST', body: {} })).status, 404);
    assert.equal((await call(emu, path('chartOfAccounts'), { method: 'POST', body: {} })).status, 404);
    const get = await call(emu, path('invoices'));
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    const text = await call<ErrorBody>(emu, path('invoices'), {
      method: 'POST',
      rawBody: '{',
      contentType: 'application/json',
    });
    assert.equal(text.status, 400);
    assert.equal(text.json.error, 'The request body is not valid JSON.');
    assert.equal((await call(emu, path('invoices'), { method: 'POST' })).status, 400, 'a body is required');
    assert.equal((await push('invoices', VALID_BODIES.invoices, emu.keys.freeTrial)).status, 403);
    assert.equal((await call(emu, path('invoices'), { method: 'POST', body: {}, key: null })).status, 401);
    assert.equal((await push('invoices', VALID_BODIES.invoices, emu.keys.expired)).status, 402);
    assert.deepEqual(await history(), [], 'none of them was taken');
  });

  it('fails a push through a connection that is not linked, whatever its body', async () => {
    const companies = (
      await call<Page<{ id: string; dataConnections: DataConnection[] }>>(emu, '/companies?pageSize=100')
    ).json.results;
    const company = companies.find((c) => c.dataConnections[0]?.status === 'Deauthorized');
    if (!company) throw new Error('the seed has a company with a deauthorized connection');
    const connection = company.dataConnections[0].id;
    const r = await call<Answer>(emu, path('customers', company.id, connection), {
      method: 'POST',
      body: VALID_BODIES.customers,
    });
    assert.equal(r.json.status, 'Failed');
    assert.equal(r.json.validation?.errors[0].itemId, 'dataConnectionKey');
    assert.match(r.json.validation?.errors[0].message ?? '', /is Deauthorized: the company must link it again/);
  });

  it('counts pushes in the rate limit and logs them, never with the key', async () => {
    const limited = await startEmulator({ invoices: 10, companies: 6, rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      const p = `/companies/${limited.companies.empty}/connections/${limited.connections.empty[0]}/push/customers`;
      const send = () => call(limited, p, { method: 'POST', body: VALID_BODIES.customers });
      assert.equal((await send()).status, 200);
      const second = await send();
      assert.equal(second.headers.get('x-rate-limit-remaining'), '0');
      assert.equal((await send()).status, 429);
      const log = limited.requests.entries();
      assert.deepEqual(
        log.map((e) => [e.method, e.status, e.account]),
        [
          ['POST', 200, 'normal'],
          ['POST', 200, 'normal'],
          ['POST', 429, 'normal'],
        ],
      );
      assert.ok(!JSON.stringify(log).includes(limited.keys.normal));
    } finally {
      await limited.close();
    }
  });
});
