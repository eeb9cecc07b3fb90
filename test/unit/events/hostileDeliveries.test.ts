// The hostile deliveries of test/hostile/deliveries.ts played against the event receiver: each
// gets its status, raises its one counter, and reaches the handler only as the case says. After
// all of them the receiver still serves a good delivery, and no prototype was polluted.
import * as assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { connect } from 'node:net';
import { EventReceiver, type ReceivedDelivery, type Refusal } from '../../../src/events/receiver';
import { SigningSecret } from '../../../src/events/signature';
import { DELIVERY_CASES, SECRET, type DeliveryCase } from '../../hostile/deliveries';

function signature(key: string, id: string, timestamp: string, body: string): string {
  const raw = Buffer.from(key.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', raw).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

function svixHeaders(c: DeliveryCase, id: string, body: string): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const at = c.signing === 'old' ? now - 600 : c.signing === 'future' ? now + 600 : now;
  const timestamp = c.signing === 'badTimestamp' ? 'soon' : String(at);
  const valid = signature(SECRET, id, String(at), body);
  const signatures: Record<string, string> = {
    valid,
    badTimestamp: valid,
    old: valid,
    future: valid,
    wrongKey: signature('whsec_b3RoZXIta2V5LW9mLWFuLWF0dGFja2Vy', id, timestamp, body),
    otherBody: signature(SECRET, id, timestamp, `${body} `),
    rotated: `v1,${Buffer.alloc(32).toString('base64')} ${valid}`,
    flood: Array(100).fill(valid).join(' '),
  };
  if (!c.signing || c.signing === 'none') return {};
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': signatures[c.signing] };
}

/** The request's bytes as the case describes them. */
function requestOf(c: DeliveryCase, path: string, id: string): string[] {
  if (c.raw !== undefined) return [c.raw];
  const body = c.body ?? '';
  const headers: Record<string, string> = { Host: '127.0.0.1', ...svixHeaders(c, id, body), ...c.extraHeaders };
  if (c.contentType !== null) headers['Content-Type'] = c.contentType ?? 'application/json';
  if (c.chunkedBytes === undefined) headers['Content-Length'] = String(c.declaredLength ?? Buffer.byteLength(body));
  else headers['Transfer-Encoding'] = 'chunked';
  const head = `${c.method ?? 'POST'} ${c.path ?? path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}Connection: close\r\n\r\n`;
  if (c.chunkedBytes === undefined) return [head + body];
  const piece = 64 * 1024;
  const chunk = `${piece.toString(16)}\r\n${'a'.repeat(piece)}\r\n`;
  return [head, ...Array<string>(Math.ceil(c.chunkedBytes / piece)).fill(chunk), '0\r\n\r\n'];
}

/** Sends the bytes; the answer's status (0: none) once the server closes. */
function send(port: number, chunks: string[]): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    for (const chunk of chunks) if (!socket.destroyed) socket.write(chunk);
  });
}

describe('events: hostile deliveries to the receiver', function () {
  this.timeout(30000);
  let receiver: EventReceiver;
  let port: number;
  const got: ReceivedDelivery[] = [];

  before(async () => {
    receiver = new EventReceiver({ onDelivery: (d) => got.push(d), secret: () => SigningSecret.parse(SECRET) });
    port = Number(new URL(await receiver.start()).port);
  });
  after(() => receiver.stop());

  DELIVERY_CASES.forEach((c, i) => {
    it(c.id, async () => {
      const before = receiver.stats();
      const handed = got.length;
      const id = `msg_case_${i}`;
      const status = await send(port, requestOf(c, receiver.path, id));
      if (c.twice) assert.equal(await send(port, requestOf(c, receiver.path, id)), c.expect.status);
      else assert.equal(status, c.expect.status);
      const after = receiver.stats();
      const raised = Object.entries(after.refused).filter(([k, n]) => n !== before.refused[k as Refusal]);
      const delivered = after.delivered - before.delivered;
      if (c.expect.counted === 'delivered') {
        assert.deepEqual(raised, []);
        assert.equal(delivered, 1);
      } else {
        assert.deepEqual(
          raised.map(([k, n]) => [k, n - before.refused[k as Refusal]]),
          [[c.expect.counted, 1]],
        );
        assert.equal(delivered, c.twice ? 1 : 0);
      }
      const seen = got.slice(handed).map((d) => d.verification.kind);
      const expected = c.expect.handed === undefined || c.expect.handed === 'none' ? [] : [c.expect.handed];
      assert.deepEqual(seen, expected);
    });
  });

  it('kept every payload as text and polluted no prototype; still serves a good delivery', async () => {
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const markup = got.find((d) => String(d.event.payload.name).startsWith('<img'));
    assert.equal(markup?.event.payload.name, '<img src=x onerror=alert(1)>');
    const unknown = got.find((d) => d.event.type === 'company.exploded');
    assert.equal(unknown?.event.known, false);
    const good = DELIVERY_CASES[0];
    assert.equal(await send(port, requestOf(good, receiver.path, 'msg_last')), 200);
  });
});
