// The event receiver is a listening socket on the user's machine: every hostile delivery is
// refused with a status and counted by reason, never thrown, and a good one reaches the handler.
import * as assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { type Socket, connect } from 'node:net';
import {
  EventReceiver,
  type ReceivedDelivery,
  type ReceiverOptions,
  isLoopbackAddress,
} from '../../../src/events/receiver';
import { SigningSecret } from '../../../src/events/signature';
import { Sink } from '../emulator/webhooksSink';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function signed(body: string, id = 'msg_1', at = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(at / 1000));
  const key = Buffer.from(SECRET.slice(6), 'base64');
  const sig = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${sig}` };
}

const event = (id = 'e1', extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    id,
    eventType: 'company.created',
    generatedDate: '2026-01-15T12:00:00Z',
    payload: { id: 'c1', ...extra },
  });

/** Writes raw bytes and reads what comes back until the server closes or `waitMs` passes. */
function raw(port: number, chunks: string[], waitMs = 2000, gapMs = 0): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      resolve({ text, closed });
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed });
    }, waitMs);
    void (async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
    })();
  });
}

function request(path: string, body: string, headers: Record<string, string>, method = 'POST'): string {
  const head = Object.entries({ Host: '127.0.0.1', 'Content-Length': String(Buffer.byteLength(body)), ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return `${method} ${path} HTTP/1.1\r\n${head}Connection: close\r\n\r\n${body}`;
}

describe('events: the receiver refuses and counts hostile deliveries', function () {
  this.timeout(15000);
  let receiver: EventReceiver;
  let got: ReceivedDelivery[];
  let port: number;

  async function start(options: Partial<ReceiverOptions> = {}): Promise<void> {
    await receiver?.stop();
    got = [];
    receiver = new EventReceiver({
      onDelivery: (d) => got.push(d),
      secret: () => SigningSecret.parse(SECRET),
      ...options,
    });
    port = Number(new URL(await receiver.start()).port);
  }
  const send = (body: string, headers: Record<string, string>, method = 'POST', path = receiver.path) =>
    raw(port, [request(path, body, headers, method)]);
  const status = (text: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const refused = () => receiver.stats().refused;

  beforeEach(() => start());
  afterEach(() => receiver.stop());

  it('listens on 127.0.0.1 at an unguessable path and hands a verified delivery on', async () => {
    assert.match(receiver.url, /^http:\/\/127\.0\.0\.1:\d+\/events\/[A-Za-z0-9_-]{16}$/);
    const body = event();
    const r = await send(body, { 'Content-Type': 'application/json', ...signed(body) });
    assert.equal(status(r.text), 200);
    assert.equal(got.length, 1);
    const verification = got[0].verification;
    assert.ok(verification.kind === 'verified' && verification.id === 'msg_1');
    assert.ok(Math.abs(verification.timestamp - Date.now() / 1000) < 5);
    assert.equal(got[0].event.companyId, 'c1');
    assert.ok(got[0].receivedAt instanceof Date);
    assert.equal(receiver.stats().delivered, 1);
    assert.ok(Object.values(refused()).every((n) => n === 0));
  });

  it('refuses a wrong signature and a replay (401, counted, shown as rejected), a second copy once', async () => {
    const body = event();
    const wrong = { ...signed(body), 'svix-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };
    assert.equal(status((await send(body, { 'Content-Type': 'application/json', ...wrong })).text), 401);
    const old = signed(body, 'msg_2', Date.now() - 10 * 60 * 1000);
    assert.equal(status((await send(body, { 'Content-Type': 'application/json', ...old })).text), 401);
    assert.equal(status((await send(body, { 'Content-Type': 'application/json' })).text), 401);
    assert.equal(refused().badSignature, 1);
    assert.equal(refused().replay, 1);
    assert.equal(refused().missingSignature, 1);
    assert.deepEqual(
      got.map((d) => d.verification),
      ['badSignature', 'replay', 'missingSignature'].map((reason) => ({ kind: 'rejected', reason })),
    );
    assert.equal(receiver.stats().delivered, 0);
    const good = signed(body, 'msg_3');
    assert.equal(status((await send(body, { 'Content-Type': 'application/json', ...good })).text), 200);
    assert.equal(status((await send(body, { 'Content-Type': 'application/json', ...good })).text), 200);
    assert.equal(refused().duplicate, 1);
    assert.equal(receiver.stats().delivered, 1, 'a message id is handed on once');
  });

  it('refuses bad JSON, a body that is no event, a wrong content type, another method or path', async () => {
    const json = { 'Content-Type': 'application/json' };
    await start({ secret: undefined });
    assert.equal(status((await send('{"id": ', json)).text), 400);
    assert.equal(status((await send('[1,2]', json)).text), 400);
    assert.equal(status((await send(event(), { 'Content-Type': 'text/plain' })).text), 415);
    assert.equal(status((await send(event(), {})).text), 415);
    const get = await send('', json, 'GET');
    assert.equal(status(get.text), 405);
    assert.match(get.text, /Allow: POST/);
    assert.equal(status((await send(event(), json, 'POST', '/')).text), 404);
    assert.equal(status((await send(event(), json, 'POST', `${receiver.path}/x`)).text), 404);
    const r = refused();
    assert.deepEqual([r.badJson, r.notAnEvent, r.contentType, r.method, r.path], [1, 1, 2, 1, 2]);
    assert.equal(got.length, 0);
    assert.equal(status((await send(event(), json)).text), 200);
    assert.deepEqual(got[0].verification, { kind: 'unsigned' }, 'no secret given: shown as unsigned');
  });

  it('refuses a body over the cap: by its declared length, and as it streams', async () => {
    await start({ maxBodyBytes: 1000 });
    const big = `{"id":"e","eventType":"company.created","payload":{"x":"${'a'.repeat(2000)}"}}`;
    const declared = await send(big, { 'Content-Type': 'application/json', ...signed(big) });
    assert.equal(status(declared.text), 413);
    const head = `POST ${receiver.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = `${(600).toString(16)}\r\n${'a'.repeat(600)}\r\n`;
    const streamed = await raw(port, [head, chunk, chunk, chunk, '0\r\n\r\n'], 2000, 20);
    assert.equal(status(streamed.text), 413);
    assert.equal(refused().tooLarge, 2);
    assert.equal(got.length, 0);
  });

  it('refuses oversized headers with 431', async () => {
    await start({ maxHeaderBytes: 1024 });
    const r = await send(event(), { 'Content-Type': 'application/json', 'X-Big': 'b'.repeat(4000) });
    assert.equal(status(r.text), 431);
    assert.equal(refused().headersTooLarge, 1);
  });

  it('drops a slow sender: headers never finished, a body that stalls, a silent connection', async () => {
    await start({ headersTimeoutMs: 200, requestTimeoutMs: 400, bodyTimeoutMs: 200, idleTimeoutMs: 300 });
    const loris = await raw(port, [`POST ${receiver.path} HTTP/1.1\r\n`, 'Host: x\r\n', 'X-A: 1\r\n'], 3000, 100);
    assert.ok(loris.closed, 'the connection was closed');
    const stalled = await raw(
      port,
      [
        request(receiver.path, '', { 'Content-Type': 'application/json' }).replace(
          'Content-Length: 0',
          'Content-Length: 50',
        ) + '{"id":',
      ],
      3000,
    );
    assert.equal(status(stalled.text), 408);
    const silent = await raw(port, [], 3000);
    assert.ok(silent.closed);
    assert.ok(refused().timeout >= 3, `timeouts counted: ${refused().timeout}`);
    assert.equal(got.length, 0);
  });

  it('takes a few connections at once and drops the rest, counted', async () => {
    await start({ maxConnections: 2, idleTimeoutMs: 2000 });
    const open = [connect(port, '127.0.0.1'), connect(port, '127.0.0.1')];
    await Promise.all(open.map((s) => new Promise((r) => s.once('connect', r))));
    await new Promise((r) => setTimeout(r, 50));
    const third = await raw(port, [request(receiver.path, event(), { 'Content-Type': 'application/json' })], 1000);
    assert.ok(third.closed);
    assert.equal(status(third.text), 0, 'not served');
    assert.equal(refused().tooManyConnections, 1);
    for (const s of open) s.destroy();
  });

  it('drops a connection from anywhere but loopback (defence in depth behind the bind)', () => {
    let destroyed = false;
    const stranger = { remoteAddress: '10.1.2.3', destroy: () => (destroyed = true) } as unknown as Socket;
    receiver.admit(stranger);
    assert.ok(destroyed);
    assert.equal(refused().notLoopback, 1);
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) assert.ok(isLoopbackAddress(a), a);
    for (const a of [undefined, '10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '128.0.0.1', 'fe80::1'])
      assert.equal(isLoopbackAddress(a), false, String(a));
  });

  it('never follows a URL from a payload, survives a throwing handler, and stop closes connections', async () => {
    const sink = await Sink.start();
    try {
      await start({
        onDelivery: () => {
          throw new Error('handler failed');
        },
      });
      const body = event('e9', { redirect: sink.url, links: { portal: sink.url } });
      assert.equal(
        status((await send(body, { 'Content-Type': 'application/json', ...signed(body, 'msg_9') })).text),
        200,
      );
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(sink.received.length, 0);
      const idle = connect(port, '127.0.0.1');
      await new Promise((r) => idle.once('connect', r));
      const closed = new Promise((r) => idle.once('close', r));
      await receiver.stop();
      await closed;
      assert.equal(receiver.listening, false);
    } finally {
      await sink.close();
    }
  });
});
