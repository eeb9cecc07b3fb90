// The emulator's webhooks: consumers per account (created as the contract's prototype says,
// checked, listed, deleted), and signed deliveries of what happens in it to the consumers
// subscribed, retried when a consumer fails, logged for the admin.
import * as assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { SYNC_DURATION_MS, startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, admin, call } from '../../emulator/testing';
import type { Company, ErrorBody, PushOperation } from '../../emulator/wire';
import { VALID_BODIES } from '../../support/pushBodies';
import { Sink } from './webhooksSink';

type Consumer = { id: string; url: string; eventTypes: string[]; disabled: boolean; companyTags?: string[] };
type AdminConsumer = Consumer & { account: string; secret: string };
type Delivery = { id: string; eventType: string; state: string; attempts: { status?: number; error?: string }[] };

describe('emulator: webhooks', function () {
  this.timeout(20000);
  let emu: RunningEmulator;
  let sink: Sink;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({
      invoices: 20,
      companies: 10,
      now: clock.now,
      rateLimit: { limit: 30, windowMs: 60000 },
      webhooks: { retryDelaysMs: [10, 20], timeoutMs: 1000, tickMs: 10 },
    });
  });
  after(() => emu.close());
  beforeEach(async () => {
    emu.reset();
    sink = await Sink.start();
  });
  afterEach(() => sink.close());

  const createConsumer = (body: unknown, key?: string) =>
    call<Consumer & ErrorBody>(emu, '/webhooks', { method: 'POST', body, ...(key ? { key } : {}) });
  const secretOf = async (id: string): Promise<string> => {
    const all = (await admin<{ results: AdminConsumer[] }>(emu, '/webhooks')).json.results;
    return all.find((c) => c.id === id)?.secret ?? '';
  };
  const subscribe = async (eventTypes: string[], extra: Record<string, unknown> = {}): Promise<Consumer> => {
    const r = await createConsumer({ url: sink.url, eventTypes, ...extra });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const newCompany = async (tags?: Record<string, string>): Promise<Company> =>
    (
      await call<Company>(emu, '/companies', {
        method: 'POST',
        body: { name: 'Hook Test Ltd', ...(tags ? { tags } : {}) },
      })
    ).json;

  it('creates, lists and deletes consumers of the key’s account only', async () => {
    assert.deepEqual((await call(emu, '/webhooks')).json, { results: [] });
    const made = await subscribe(['company.created', 'bills.write.successful'], { companyTags: ['region:uk'] });
    assert.match(made.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(made, {
      id: made.id,
      url: sink.url,
      eventTypes: ['company.created', 'bills.write.successful'],
      disabled: false,
      companyTags: ['region:uk'],
    });
    assert.deepEqual((await call(emu, '/webhooks')).json, { results: [made] });
    assert.deepEqual((await call(emu, '/webhooks', { key: emu.keys.freeTrial })).json, { results: [] });
    assert.equal((await call(emu, `/webhooks/${made.id}`, { method: 'DELETE', key: emu.keys.freeTrial })).status, 404);
    assert.equal((await call(emu, `/webhooks/${made.id}`)).status, 405, 'the contract has no GET of one');
    assert.equal((await call(emu, `/webhooks/${made.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await call(emu, `/webhooks/${made.id}`, { method: 'DELETE' })).status, 404);
    assert.deepEqual((await call(emu, '/webhooks')).json, { results: [] });
  });

  it('refuses a URL that is neither https nor loopback http, unknown event types and bad tags', async () => {
    const bad: [unknown, string][] = [
      [{ eventTypes: ['company.created'] }, 'url'],
      [{ url: 'http://example.com/hook', eventTypes: ['company.created'] }, 'url'],
      [{ url: 'ftp://127.0.0.1/x', eventTypes: ['company.created'] }, 'url'],
      [{ url: 'https://user:pw@example.com/', eventTypes: ['company.created'] }, 'url'],
      [{ url: 'https://example.com/hook', eventTypes: [] }, 'eventTypes'],
      [{ url: 'https://example.com/hook', eventTypes: ['DataSyncCompleted'] }, 'eventTypes'],
      [{ url: 'https://example.com/hook', eventTypes: ['{dataType}.write.successful'] }, 'eventTypes'],
      [{ url: 'https://example.com/hook', eventTypes: ['taxRates.write.successful'] }, 'eventTypes'],
      [{ url: 'https://example.com/hook', eventTypes: ['read.completed'], companyTags: ['no-colon'] }, 'companyTags'],
      [{ url: 'https://example.com/hook', eventTypes: ['read.completed'], disabled: 'no' }, 'disabled'],
      [{ url: 'https://example.com/hook', eventTypes: ['read.completed'], secret: 'x' }, 'secret'],
    ];
    for (const [body, field] of bad) {
      const r = await createConsumer(body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.validation?.errors[0]?.itemId, field, JSON.stringify(body));
    }
    for (const url of ['https://example.com/hook', 'http://localhost:9/x', 'http://[::1]:9/x'])
      assert.equal((await createConsumer({ url, eventTypes: ['journals.write.unsuccessful'] })).status, 201, url);
  });

  it('delivers company.created signed with the consumer’s secret (Svix headers)', async () => {
    const consumer = await subscribe(['company.created']);
    const company = await newCompany();
    await sink.until(1);
    const [got] = sink.received;
    const id = String(got.headers['svix-id']);
    const timestamp = String(got.headers['svix-timestamp']);
    assert.match(id, /^msg_/);
    assert.ok(Math.abs(Number(timestamp) - Date.now() / 1000) < 60, 'a wall-clock timestamp in seconds');
    const key = Buffer.from((await secretOf(consumer.id)).replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${got.body}`).digest('base64');
    assert.equal(got.headers['svix-signature'], `v1,${expected}`);
    assert.equal(got.headers['content-type'], 'application/json');
    const body = JSON.parse(got.body) as { eventType: string; generatedDate: string; payload: Record<string, unknown> };
    assert.equal(body.eventType, 'company.created');
    assert.equal(body.generatedDate, clock.now().toISOString(), 'generated on the emulator’s clock');
    assert.equal(body.payload.id, company.id);
    assert.equal(body.payload.dataConnections, undefined, 'companyDetails: no connections');
  });

  it('sends only what a consumer subscribed to, not to disabled ones, and by company tags', async () => {
    await subscribe(['company.deleted']);
    await subscribe(['company.created'], { disabled: true });
    await subscribe(['company.created'], { companyTags: ['region:uk'] });
    await newCompany({ region: 'us' });
    const uk = await newCompany({ region: 'uk' });
    await sink.until(1);
    await emu.webhooks.deliveries.idle();
    assert.deepEqual(
      sink.events().map((e) => [e.eventType, e.payload.id]),
      [['company.created', uk.id]],
    );
  });

  it('sends read.completed (and .initial) when a sync completes, with no request to settle it', async () => {
    await subscribe(['read.completed', 'read.completed.initial']);
    const company = await newCompany();
    assert.equal((await call(emu, `/companies/${company.id}/data/queue/invoices`, { method: 'POST' })).status, 200);
    clock.advance(SYNC_DURATION_MS);
    await sink.until(2);
    const events = sink.events();
    assert.deepEqual(events.map((e) => e.eventType).sort(), ['read.completed', 'read.completed.initial']);
    const payload = events[0].payload as { referenceCompany: { id: string }; dataTypes: Record<string, unknown>[] };
    assert.equal(payload.referenceCompany.id, company.id);
    assert.deepEqual(payload.dataTypes, [
      { dataType: 'invoices', recordsModified: true, status: 'Complete', issues: null },
    ]);
  });

  it('sends {dataType}.write.successful when a push succeeds and .unsuccessful when one fails', async () => {
    await subscribe(['invoices.write.successful', 'invoices.write.unsuccessful']);
    const path = `/companies/${emu.companies.empty}/connections/${emu.connections.empty[0]}/push/invoices`;
    const pushed = await call<PushOperation>(emu, path, { method: 'POST', body: VALID_BODIES.invoices });
    assert.equal(pushed.json.status, 'Pending');
    clock.advance(1500);
    await sink.until(1);
    const ok = sink.events()[0];
    assert.equal(ok.eventType, 'invoices.write.successful');
    assert.equal(ok.payload.id, pushed.json.pushOperationKey);
    assert.equal(ok.payload.status, 'Success');
    assert.equal(ok.payload.type, 'Create');
    assert.equal(ok.payload.connectionId, emu.connections.empty[0]);
    assert.match(String((ok.payload.record as { id: string }).id), /^[0-9a-f-]{36}$/);
    const refused = await call<PushOperation>(emu, path, { method: 'POST', body: { lineItems: 'no' } });
    assert.equal(refused.json.status, 'Failed');
    await sink.until(2);
    assert.equal(sink.events()[1].eventType, 'invoices.write.unsuccessful');
    assert.equal(sink.events()[1].payload.status, 'Failed');
  });

  it('retries a failing consumer after each delay, then gives up; a timeout counts as a failure', async () => {
    await subscribe(['company.created']);
    sink.answers = [500, 503];
    await newCompany();
    await sink.until(3);
    await emu.webhooks.deliveries.idle();
    let [delivery] = (await admin<{ results: Delivery[] }>(emu, '/webhooks/deliveries')).json.results;
    assert.equal(delivery.state, 'delivered');
    assert.deepEqual(
      delivery.attempts.map((a) => a.status),
      [500, 503, 200],
    );
    assert.equal(new Set(sink.received.map((r) => r.headers['svix-id'])).size, 1, 'one message id across attempts');
    assert.equal((await admin(emu, '/webhooks/deliveries', { method: 'DELETE' })).status, 204);
    sink.answers = ['hang', 404, 'hang'];
    await newCompany();
    await sink.until(6);
    await emu.webhooks.deliveries.idle();
    [delivery] = (await admin<{ results: Delivery[] }>(emu, '/webhooks/deliveries')).json.results;
    assert.equal(delivery.state, 'failed', 'three attempts, the bound');
    assert.deepEqual(
      delivery.attempts.map((a) => a.status ?? a.error),
      ['no answer within 1000 ms', 404, 'no answer within 1000 ms'],
    );
  });

  it('sends client.rateLimit.reached once per window; logs a non-loopback consumer’s delivery as skipped', async () => {
    await subscribe(['client.rateLimit.reached']);
    for (let i = 0; i < 35; i++) await call(emu, '/companies?pageSize=1');
    await sink.until(1);
    await emu.webhooks.deliveries.idle();
    assert.equal(sink.received.length, 1);
    assert.deepEqual(Object.keys(sink.events()[0].payload), ['dailyQuota', 'quotaRemaining', 'expiryDate']);
    assert.equal(sink.events()[0].payload.dailyQuota, 30);
    emu.reset();
    await createConsumer({ url: 'https://example.com/hook', eventTypes: ['company.created'] });
    await newCompany();
    const [skipped] = emu.webhooks.deliveries.entries();
    assert.equal(skipped.state, 'skipped');
  });

  it('admin: consumers with secrets and the delivery log need the token', async () => {
    const consumer = await subscribe(['company.created']);
    const listed = (await admin<{ results: AdminConsumer[] }>(emu, '/webhooks')).json.results;
    assert.equal(listed.length, 1);
    assert.equal(listed[0].account, 'normal');
    assert.match(listed[0].secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.equal(listed[0].id, consumer.id);
    assert.equal((await call(emu, '/_emulator/webhooks', { key: null })).status, 401);
    assert.equal((await call(emu, '/webhooks')).text.includes('whsec_'), false, 'the API never answers a secret');
  });
});
