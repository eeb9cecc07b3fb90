// End to end, no editor: the extension's receiver listens on loopback, the client registers it as
// the emulator account's consumer, and what happens in the emulator arrives verified with the
// consumer's secret (read from the emulator's admin API): a company created, a push settled. A
// delivery the receiver refuses is retried by the emulator until it is taken.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { EventReceiver, type ReceivedDelivery } from '../../../src/events/receiver';
import { SigningSecret } from '../../../src/events/signature';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, admin } from '../../emulator/testing';
import { VALID_BODIES } from '../../support/pushBodies';

describe('events: emulator deliveries to the receiver, end to end', function () {
  this.timeout(20000);
  let emu: RunningEmulator;
  let receiver: EventReceiver;
  let got: ReceivedDelivery[];
  let secret: SigningSecret | undefined;
  const clock = new ManualClock();
  const waiters: (() => void)[] = [];

  const client = () =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });
  const until = async (test: () => boolean): Promise<void> => {
    while (!test()) await new Promise<void>((resolve) => waiters.push(resolve));
  };

  before(async () => {
    emu = await startEmulator({
      invoices: 20,
      companies: 10,
      now: clock.now,
      webhooks: { tickMs: 10, retryDelaysMs: [50, 50, 50] },
    });
  });
  after(() => emu.close());
  beforeEach(() => {
    emu.reset();
    got = [];
    secret = undefined;
    receiver = new EventReceiver({
      onDelivery: (d) => {
        got.push(d);
        for (const w of waiters.splice(0)) w();
      },
      secret: () => secret,
    });
  });
  afterEach(() => receiver.stop());

  async function listen(eventTypes: string[]): Promise<void> {
    const url = await receiver.start();
    const consumer = await client().webhooks.create({ url, eventTypes });
    const listed = (await admin<{ results: { id: string; secret: string }[] }>(emu, '/webhooks')).json.results;
    secret = SigningSecret.parse(listed.find((c) => c.id === consumer.id)?.secret ?? '');
    assert.ok(secret);
  }

  it('a company created through the API arrives as a verified company.created', async () => {
    await listen(['company.created']);
    const company = await client().createCompany({ name: 'Webhook End To End Ltd' });
    await until(() => got.length >= 1);
    assert.equal(got[0].verification.kind, 'verified');
    assert.equal(got[0].event.type, 'company.created');
    assert.equal(got[0].event.companyId, company.id);
    assert.equal(receiver.stats().delivered, 1);
  });

  it('a push that settles arrives as a verified invoices.write.successful, with no poll', async () => {
    await listen(['invoices.write.successful']);
    const op = await client().pushRecord(
      emu.companies.empty,
      emu.connections.empty[0],
      'invoices',
      VALID_BODIES.invoices,
    );
    assert.equal(op.status, 'Pending');
    clock.advance(1500);
    await until(() => got.length >= 1);
    assert.equal(got[0].verification.kind, 'verified');
    assert.equal(got[0].event.type, 'invoices.write.successful');
    assert.equal(got[0].event.payload.id, op.pushOperationKey);
    assert.equal(got[0].event.companyId, emu.companies.empty);
  });

  it('a delivery the receiver refuses is retried by the emulator and taken once verifiable', async () => {
    await listen(['company.created']);
    const right = secret;
    secret = SigningSecret.parse('whsec_d3Jvbmctc2VjcmV0LWZvci10aGlzLXRlc3Q=');
    await client().createCompany({ name: 'Retried Ltd' });
    await until(() => got.length >= 1);
    assert.deepEqual(got[0].verification, { kind: 'rejected', reason: 'badSignature' });
    secret = right;
    await until(() => got.some((d) => d.verification.kind === 'verified'));
    await emu.webhooks.deliveries.idle();
    const [delivery] = emu.webhooks.deliveries.entries();
    assert.equal(delivery.state, 'delivered');
    assert.equal(delivery.attempts[0].status, 401);
    assert.equal(delivery.attempts.at(-1)?.status, 200);
    assert.ok(receiver.stats().refused.badSignature >= 1);
    assert.equal(receiver.stats().delivered, 1);
  });
});
