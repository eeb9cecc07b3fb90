// Issue 12, finding 6: the emulator's rate-limit state stays bounded, a malformed percent-escape
// in any path is the client's 400 (never a 500), and a JSON-body POST needs a JSON Content-Type.
import * as assert from 'node:assert/strict';
import type { ApiKeyDetails, Company, ErrorBody, Page } from '../../../src/api/models';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { MAX_WINDOWS, RateLimiter } from '../../emulator/rateLimit';
import { ManualClock, admin, call, type ValidationErrorBody } from '../../emulator/testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function assertErrorBody(body: ErrorBody, status: number): void {
  assert.equal(body.statusCode, status);
  assert.equal(body.service, 'PublicApi');
  assert.equal(typeof body.error, 'string');
  assert.match(body.correlationId, UUID);
  assert.equal(typeof body.canBeRetried, 'string');
  assert.equal(typeof body.detailedErrorCode, 'number');
}

describe('emulator: rate-limit state is bounded', () => {
  const WINDOW_MS = 60_000;

  it('keeps at most a bounded number of windows for 100,000 distinct keys, and drops them once their windows pass', () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ limit: 5, windowMs: WINDOW_MS }, clock.now);
    let largest = 0;
    for (let i = 0; i < 100_000; i++) {
      // Spread over the first half of the window, so all are live when the last one arrives.
      if (i % 1000 === 0) clock.advance(300);
      limiter.take(`random-key-${i}`);
      largest = Math.max(largest, limiter.size);
    }
    assert.ok(largest <= MAX_WINDOWS, `held ${largest} windows at most`);
    clock.advance(WINDOW_MS);
    // Every window has ended: a bounded number of ordinary requests sweeps them all away.
    for (let i = 0; i < 1000 && limiter.size > 1; i++) limiter.take('steady-client');
    assert.equal(limiter.size, 1, 'only the live window of the key still calling is kept');
  });

  it('never drops a live window while pruning ended ones, so its count holds', () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ limit: 5, windowMs: WINDOW_MS }, clock.now);
    for (let i = 0; i < 5000; i++) limiter.take(`old-${i}`);
    clock.advance(WINDOW_MS / 2);
    assert.equal(limiter.take('live').headers['X-Rate-Limit-Remaining'], '4');
    clock.advance(WINDOW_MS / 2);
    for (let i = 0; i < 200; i++) limiter.take(`new-${i}`);
    assert.equal(limiter.size, 201, 'the 5000 ended windows are gone; the live one and the 200 new ones stay');
    assert.equal(limiter.take('live').headers['X-Rate-Limit-Remaining'], '3', 'the live window kept its count');
  });

  it('evicts the oldest window when the cap is reached, and the evicted key starts afresh', () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ limit: 2, windowMs: WINDOW_MS }, clock.now, 3);
    limiter.take('a');
    limiter.take('a');
    assert.equal(limiter.take('a').allowed, false);
    for (const key of ['b', 'c', 'd']) limiter.take(key);
    assert.equal(limiter.size, 3);
    assert.equal(limiter.take('a').allowed, true, 'a was the oldest, so it was evicted');
    assert.equal(limiter.size, 3);
  });
});

describe('emulator: malformed percent-escapes in a path', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 10 });
  });
  after(() => emu.close());

  const BAD = ['%', '%zz', '%E0%A4%A', '%C3', 'a%2'];

  it('answers 400 with the API error body on admin paths, never 500', async () => {
    for (const bad of BAD) {
      for (const [method, path] of [
        ['GET', `/_emulator/faults/${bad}`],
        ['DELETE', `/_emulator/faults/${bad}`],
        ['GET', `/_emulator/${bad}`],
        ['POST', `/_emulator/faults${bad}`],
      ]) {
        const r = await call<ErrorBody>(emu, path, { method, key: null });
        assert.equal(r.status, 400, `${method} ${path}`);
        assertErrorBody(r.json, 400);
        assert.match(r.json.error, /malformed percent-escape/);
      }
    }
    assert.equal(
      (await admin(emu, '/faults/no%20such%20rule')).status,
      404,
      'a well-formed escape still reaches the route',
    );
  });

  it('answers 400 with the API error body on API paths, after the credential check', async () => {
    for (const bad of BAD) {
      for (const path of [
        `/companies/${bad}`,
        `/companies/${emu.companies.few}/data/invoices/${bad}`,
        `/compan${bad}ies`,
        `/${bad}/data/invoices`,
      ]) {
        const r = await call<ErrorBody>(emu, path);
        assert.equal(r.status, 400, path);
        assertErrorBody(r.json, 400);
        assert.match(r.json.error, /malformed percent-escape/);
        assert.ok(r.headers.get('x-rate-limit-remaining'), 'a counted API answer carries the rate-limit headers');
      }
    }
    assert.equal(
      (await call(emu, '/companies/%zz', { key: null })).status,
      401,
      'no credential: 401 first, as for any path',
    );
    assert.equal(
      (await call(emu, `/companies/${encodeURIComponent(emu.companies.few)}`)).status,
      200,
      'well-formed escapes still decode',
    );
  });
});

describe('emulator: a JSON-body POST needs a JSON Content-Type', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 10 });
  });
  after(() => emu.close());

  const total = async (): Promise<number> => (await call<Page<Company>>(emu, '/companies')).json.totalResults;
  const json = JSON.stringify({ name: 'Typed Right Ltd' });

  it('refuses POST /companies with another or no Content-Type: 400, itemId Content-Type, nothing created', async () => {
    const before = await total();
    for (const contentType of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'application/json-patch',
      undefined,
    ]) {
      const r = await call<ValidationErrorBody>(emu, '/companies', { method: 'POST', rawBody: json, contentType });
      assert.equal(r.status, 400, String(contentType));
      assertErrorBody(r.json, 400);
      assert.deepEqual(
        r.json.validation.errors.map((e) => [e.itemId, e.validatorName]),
        [['Content-Type', 'BodyValidator']],
      );
    }
    assert.equal(await total(), before);
  });

  it('accepts the JSON media types, with parameters and in any case', async () => {
    for (const contentType of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'text/json',
      'application/vnd.api+json',
    ]) {
      const r = await call<Company>(emu, '/companies', { method: 'POST', rawBody: json, contentType });
      assert.equal(r.status, 200, contentType);
      assert.equal(r.json.name, 'Typed Right Ltd');
    }
  });

  it('applies to POST /apiKeys too; a POST with no body needs no Content-Type', async () => {
    const form = await call<ValidationErrorBody>(emu, '/apiKeys', {
      method: 'POST',
      rawBody: 'name=form',
      contentType: 'application/x-www-form-urlencoded',
    });
    assert.equal(form.status, 400);
    assert.equal(form.json.validation.errors[0].itemId, 'Content-Type');
    assert.equal((await call<ApiKeyDetails>(emu, '/apiKeys', { method: 'POST' })).status, 201);
    assert.equal(
      (await call(emu, `/companies/${emu.companies.notRequested}/data/queue/invoices`, { method: 'POST' })).status,
      200,
    );
  });
});
