// Verifying a delivery's signature: the Standard Webhooks test vector, rotation, replays both
// ways, tampering, and a secret that never shows.
import * as assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import { SigningSecret, TOLERANCE_SECONDS, signatureHeaders, verifyDelivery } from '../../../src/events/signature';

// The Standard Webhooks reference library's test vector (github.com/standard-webhooks/standard-webhooks,
// libraries/javascript/src/webhook.test.ts, "sign function works"), which Svix's "Verifying
// Manually" page uses as its example too.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: '1614265330',
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const AT = 1614265330 * 1000;
const secret = SigningSecret.parse(VECTOR.secret) as SigningSecret;
const headers = { id: VECTOR.id, timestamp: VECTOR.timestamp, signature: VECTOR.signature };

function sign(key: string, id: string, timestamp: string, body: string): string {
  const raw = Buffer.from(key.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', raw).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

describe('events: delivery signatures', () => {
  it('verifies the published test vector, with or without the whsec_ prefix', () => {
    assert.deepEqual(verifyDelivery(secret, headers, VECTOR.body, AT), {
      kind: 'verified',
      id: VECTOR.id,
      timestamp: 1614265330,
    });
    const bare = SigningSecret.parse(VECTOR.secret.slice('whsec_'.length));
    assert.equal(verifyDelivery(bare, headers, Buffer.from(VECTOR.body), AT).kind, 'verified');
  });

  it('rejects a tampered body, id or timestamp, and another secret', () => {
    const reject = (h: typeof headers, body = VECTOR.body, s = secret) => verifyDelivery(s, h, body, AT);
    const bad = { kind: 'rejected', reason: 'badSignature' };
    assert.deepEqual(reject(headers, '{"test": 2432232315}'), bad);
    assert.deepEqual(reject(headers, `${VECTOR.body} `), bad);
    assert.deepEqual(reject({ ...headers, id: 'msg_other' }), bad);
    assert.deepEqual(reject({ ...headers, timestamp: '1614265331' }), bad);
    const other = SigningSecret.parse('whsec_c2VjcmV0LW9mLWFub3RoZXItY29uc3VtZXI=') as SigningSecret;
    assert.deepEqual(reject(headers, VECTOR.body, other), bad);
    assert.deepEqual(reject({ ...headers, signature: 'v1,' }), bad);
    assert.deepEqual(reject({ ...headers, signature: 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }), bad);
    assert.deepEqual(reject({ ...headers, signature: VECTOR.signature.slice(0, 20) }), bad);
  });

  it('accepts any one of several signatures (a secret being rotated)', () => {
    const rotated = 'whsec_bmV3LXNlY3JldC1vZi10aGUtY29uc3VtZXI=';
    const both = `${sign(rotated, VECTOR.id, VECTOR.timestamp, VECTOR.body)} ${VECTOR.signature}`;
    assert.equal(verifyDelivery(secret, { ...headers, signature: both }, VECTOR.body, AT).kind, 'verified');
    const newOnly = SigningSecret.parse(rotated);
    assert.equal(verifyDelivery(newOnly, { ...headers, signature: both }, VECTOR.body, AT).kind, 'verified');
    const noise = `v1a,xyz v2,${VECTOR.signature.slice(3)} garbage ${VECTOR.signature}`;
    assert.equal(verifyDelivery(secret, { ...headers, signature: noise }, VECTOR.body, AT).kind, 'verified');
  });

  it('refuses a timestamp more than five minutes old or ahead as a replay', () => {
    const replay = { kind: 'rejected', reason: 'replay' };
    const edge = TOLERANCE_SECONDS * 1000;
    assert.equal(verifyDelivery(secret, headers, VECTOR.body, AT + edge).kind, 'verified');
    assert.equal(verifyDelivery(secret, headers, VECTOR.body, AT - edge).kind, 'verified');
    assert.deepEqual(verifyDelivery(secret, headers, VECTOR.body, AT + edge + 1000), replay);
    assert.deepEqual(verifyDelivery(secret, headers, VECTOR.body, AT - edge - 1000), replay);
  });

  it('rejects missing headers and malformed timestamps; unsigned when there is no secret', () => {
    assert.deepEqual(verifyDelivery(secret, {}, VECTOR.body, AT), { kind: 'rejected', reason: 'missingSignature' });
    assert.deepEqual(verifyDelivery(secret, { ...headers, signature: undefined }, VECTOR.body, AT), {
      kind: 'rejected',
      reason: 'missingSignature',
    });
    for (const timestamp of ['hello', '1614265330.5', '-1', ' 1614265330', '9'.repeat(13)])
      assert.deepEqual(verifyDelivery(secret, { ...headers, timestamp }, VECTOR.body, AT), {
        kind: 'rejected',
        reason: 'malformedTimestamp',
      });
    assert.deepEqual(verifyDelivery(undefined, headers, VECTOR.body, AT), { kind: 'unsigned' });
  });

  it('reads svix- and webhook- headers; a repeated header counts as absent', () => {
    const svix = { 'svix-id': 'a', 'svix-timestamp': '1', 'svix-signature': 'v1,x' };
    assert.deepEqual(signatureHeaders(svix), { id: 'a', timestamp: '1', signature: 'v1,x' });
    const plain = { 'webhook-id': 'b', 'webhook-timestamp': '2', 'webhook-signature': 'v1,y' };
    assert.deepEqual(signatureHeaders(plain), { id: 'b', timestamp: '2', signature: 'v1,y' });
    assert.equal(signatureHeaders({ 'svix-signature': ['v1,x', 'v1,y'] }).signature, undefined);
  });

  it('refuses secrets that are not base64 or too short, and never shows a secret', () => {
    for (const text of ['', 'whsec_', 'whsec_not base64!', 'whsec_c2hvcnQ=', 'whsec_%%%%'])
      assert.equal(SigningSecret.parse(text), undefined, text);
    const shown = [String(secret), JSON.stringify({ secret }), inspect(secret), `${secret as unknown as string}`];
    for (const text of shown) {
      assert.equal(text.includes('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'), false, text);
      assert.match(text, /signing secret/);
    }
  });
});
