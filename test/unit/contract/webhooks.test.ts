// Webhooks held to Codat's published contract (test/contract/codat.json, the Platform API's
// consumers and its `webhooks` section): the emulator's event types are the contract's, its
// consumer answers fit WebhookConsumer with statuses the contract lists, and every delivery it
// sends, of every event it can send, fits the schema of its event type.
import * as assert from 'node:assert/strict';
import { CONTRACT, problems, type Schema } from '../../contract/contract';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, admin, call } from '../../emulator/testing';
import { EVENT_TYPES, WRITE_DATA_TYPES, isEventType } from '../../emulator/webhooks/catalog';
import type { Company, DataConnection, PushOperation } from '../../emulator/wire';
import { VALID_BODIES } from '../../support/pushBodies';
import { Sink } from '../emulator/webhooksSink';

interface ContractWebhooks {
  listPath: string;
  itemPath: string;
  getOne: boolean;
  consumer: Schema;
  createBody: Schema;
  list: Schema;
  maxConsumers: number;
  statuses: Record<'list' | 'create' | 'delete', string[]>;
  eventTypes: { name: string; description: string; schema: string; statuses: string[] }[];
  writeDataTypes: string[];
  payloads: Record<string, Schema>;
}
const WEBHOOKS = (CONTRACT as unknown as { webhooks: ContractWebhooks }).webhooks;

function fits(schema: Schema, body: unknown, what: string): void {
  const found = problems(schema, body);
  assert.deepEqual(found, [], `${what} breaks the contract:\n  ${found.slice(0, 20).join('\n  ')}`);
}

/** The contract's entry an event type falls under (a write event under its template). */
function entryOf(eventType: string): ContractWebhooks['eventTypes'][number] {
  const write = /^[A-Za-z]+\.write\.(successful|unsuccessful)$/.exec(eventType);
  const name = write ? `{dataType}.write.${write[1]}` : eventType;
  const entry = WEBHOOKS.eventTypes.find((e) => e.name === name);
  assert.ok(entry, `${eventType} is not one of the contract's event types`);
  return entry;
}

async function linkPageForm(linkUrl: string, action: 'authorize' | 'deny'): Promise<number> {
  const html = await (await fetch(linkUrl)).text();
  const m = new RegExp(
    `<form id="${action}" method="post" action="([^"]+)"><input type="hidden" name="token" value="([^"]+)">`,
  ).exec(html);
  if (!m) throw new Error(`no ${action} form`);
  const res = await fetch(new URL(m[1], linkUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `token=${m[2]}`,
  });
  return res.status;
}

describe('Codat contract: webhook consumers and deliveries', function () {
  this.timeout(30000);
  let emu: RunningEmulator;
  let sink: Sink;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({
      invoices: 20,
      companies: 10,
      now: clock.now,
      rateLimit: { limit: 80, windowMs: 600_000 },
      webhooks: { tickMs: 10, retryDelaysMs: [] },
    });
    sink = await Sink.start();
  });
  after(async () => {
    await emu.close();
    await sink.close();
  });

  it('names the paths, no GET of one, the limit and the statuses', () => {
    assert.equal(WEBHOOKS.listPath, '/webhooks');
    assert.equal(WEBHOOKS.itemPath, '/webhooks/{webhookId}');
    assert.equal(WEBHOOKS.getOne, false);
    assert.equal(WEBHOOKS.maxConsumers, 50);
    assert.deepEqual(WEBHOOKS.statuses.create.slice(0, 1), ['201']);
    assert.deepEqual(WEBHOOKS.statuses.delete.slice(0, 1), ['204']);
    assert.ok(WEBHOOKS.statuses.delete.includes('404') && WEBHOOKS.statuses.create.includes('400'));
  });

  it('the emulator’s event types and write data types are the contract’s', () => {
    assert.deepEqual(
      [...EVENT_TYPES],
      WEBHOOKS.eventTypes.map((e) => e.name),
    );
    assert.deepEqual([...WRITE_DATA_TYPES], WEBHOOKS.writeDataTypes);
  });

  it('consumers: what the emulator takes and answers fits the contract', async () => {
    const body = {
      url: 'https://example.com/hook',
      eventTypes: ['read.completed'],
      companyTags: ['a:b'],
      disabled: true,
    };
    fits(WEBHOOKS.createBody, body, 'the create body');
    const made = await call<{ id: string }>(emu, '/webhooks', { method: 'POST', body });
    assert.ok(WEBHOOKS.statuses.create.includes(String(made.status)));
    fits(WEBHOOKS.consumer, made.json, 'a created consumer');
    fits(WEBHOOKS.list, (await call(emu, '/webhooks')).json, 'the consumer list');
    const bad = await call(emu, '/webhooks', { method: 'POST', body: { url: 'http://example.com/' } });
    assert.ok(WEBHOOKS.statuses.create.includes(String(bad.status)));
    for (const id of [made.json.id, made.json.id]) {
      const gone = await call(emu, `/webhooks/${id}`, { method: 'DELETE' });
      assert.ok(WEBHOOKS.statuses.delete.includes(String(gone.status)), String(gone.status));
    }
  });

  it('every delivery of every event the emulator sends fits its event type’s schema', async () => {
    const all = WEBHOOKS.eventTypes.flatMap(({ name }) =>
      name.startsWith('{') ? WEBHOOKS.writeDataTypes.map((t) => name.replace('{dataType}', t)) : [name],
    );
    assert.ok(all.every(isEventType));
    assert.equal(
      (await call(emu, '/webhooks', { method: 'POST', body: { url: sink.url, eventTypes: all } })).status,
      201,
    );
    const company = (
      await call<Company>(emu, '/companies', {
        method: 'POST',
        body: { name: 'Contract Hooks Ltd', tags: { r: 'uk' } },
      })
    ).json;
    const connections = `/companies/${company.id}/connections`;
    const create = () => call<DataConnection>(emu, connections, { method: 'POST', body: { platformKey: 'gbol' } });
    const first = (await create()).json;
    assert.equal(await linkPageForm(first.linkUrl, 'authorize'), 200);
    clock.advance(5000);
    // Reading the company settles its syncs (the ticker would, a moment later).
    await call(emu, `/companies/${company.id}`);
    const denied = (await create()).json;
    assert.equal(await linkPageForm(denied.linkUrl, 'deny'), 200);
    assert.equal(
      (await admin(emu, '/deauthorize', { method: 'POST', body: { companyId: company.id, connectionId: first.id } }))
        .status,
      200,
    );
    await call(emu, `${connections}/${first.id}/authorization`, { method: 'PUT', body: { token: 'x' } });
    const push = `${connections}/${first.id}/push/invoices`;
    await call<PushOperation>(emu, push, { method: 'POST', body: VALID_BODIES.invoices });
    await call<PushOperation>(emu, push, { method: 'POST', body: { lineItems: 'no' } });
    clock.advance(2000);
    await call(emu, `${connections}/${denied.id}`, { method: 'PATCH', body: { status: 'Unlinked' } });
    await call(emu, `${connections}/${denied.id}`, { method: 'DELETE' });
    await call(emu, `/companies/${company.id}`, { method: 'DELETE' });
    for (let i = 0; i < 100 && (await call(emu, '/companies?pageSize=1')).status !== 429; i++);
    const expected = [
      'company.created',
      'company.deleted',
      'connection.created',
      'connection.connected',
      'connection.failed',
      'connection.disconnected',
      'connection.reconnected',
      'connection.deleted',
      'read.completed',
      'read.completed.initial',
      'invoices.write.successful',
      'invoices.write.unsuccessful',
      'client.rateLimit.reached',
    ];
    const missing = (): string[] => {
      const seen = new Set(sink.events().map((e) => e.eventType));
      return expected.filter((t) => !seen.has(t));
    };
    // Deliveries are sent a turn after their event: wait (bounded) for every one.
    for (let i = 0; i < 200 && missing().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    await emu.webhooks.deliveries.idle();
    for (const got of sink.events())
      fits(WEBHOOKS.payloads[entryOf(got.eventType).schema], got, `a ${got.eventType} delivery`);
    assert.deepEqual(missing(), []);
  });
});
