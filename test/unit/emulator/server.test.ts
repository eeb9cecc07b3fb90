import * as assert from 'node:assert/strict';
import type { Company, ErrorBody, Page } from '../../../src/api/models';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { basic, call, type ValidationErrorBody } from '../../emulator/testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function assertErrorBody(body: ErrorBody, status: number, service?: string): void {
  assert.equal(body.statusCode, status);
  assert.equal(typeof body.service, 'string');
  if (service) assert.equal(body.service, service);
  assert.equal(typeof body.error, 'string');
  assert.match(body.correlationId, UUID);
  assert.equal(typeof body.canBeRetried, 'string');
  assert.equal(typeof body.detailedErrorCode, 'number');
}

describe('emulator: authentication, routing and errors', () => {
  let emu: RunningEmulator;
  const lines: string[] = [];

  before(async () => {
    emu = await startEmulator({ invoices: 300, log: (l) => lines.push(l) });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('listens on a loopback URL and answers the normal key with 200 JSON', async () => {
    assert.match(emu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const r = await call(emu, '/companies');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
  });

  it('refuses a non-loopback host', async () => {
    await assert.rejects(startEmulator({ host: '0.0.0.0' }), /loopback/);
    await assert.rejects(startEmulator({ host: '192.168.1.10' }), /loopback/);
  });

  it('gives 401 "Unauthorized" for a missing, unknown or garbled key', async () => {
    for (const options of [
      { key: null },
      { key: 'not-a-key' },
      { authorization: 'Basic %%%not-base64' },
      { authorization: `Bearer ${emu.keys.normal}` },
      { authorization: basic(`${emu.keys.normal}:`) },
    ]) {
      const r = await call<ErrorBody>(emu, '/companies', options);
      assert.equal(r.status, 401, JSON.stringify(options));
      assertErrorBody(r.json, 401, 'PublicApi');
      assert.equal(r.json.error, 'Unauthorized');
    }
  });

  it('gives 403 everywhere for the outdated key', async () => {
    for (const path of ['/companies', `/companies/${emu.companies.few}`, '/apiKeys', '/nowhere']) {
      const r = await call<ErrorBody>(emu, path, { key: emu.keys.outdated });
      assert.equal(r.status, 403, path);
      assertErrorBody(r.json, 403, 'PublicApi');
      assert.equal(r.json.error, 'You are using an outdated API key or a key not associated with that resource.');
    }
  });

  it('gives 402 "Account expired" on every endpoint for the expired account', async () => {
    for (const [method, path] of [
      ['GET', '/companies'],
      ['POST', '/companies'],
      ['GET', '/apiKeys'],
      ['GET', '/nowhere'],
    ]) {
      const r = await call<ValidationErrorBody>(emu, path, {
        key: emu.keys.expired,
        method,
        body: method === 'POST' ? { name: 'X' } : undefined,
      });
      assert.equal(r.status, 402, path);
      assertErrorBody(r.json, 402);
      assert.equal(r.json.error, 'Payment Required');
      assert.equal(r.json.validation.errors.length, 1);
      assert.match(r.json.validation.errors[0].message, /^Account expired\. Learn more at https?:\/\//);
      assert.equal(r.json.validation.errors[0].itemId, undefined);
      assert.deepEqual(r.json.validation.warnings, []);
    }
  });

  it('gives 403 for a company of another account', async () => {
    const trialCompany = (await call<Page<Company>>(emu, '/companies?pageSize=1', { key: emu.keys.freeTrial })).json
      .results[0].id;
    for (const path of [
      `/companies/${trialCompany}`,
      `/companies/${trialCompany}/data/invoices`,
      `/companies/${trialCompany}/dataStatus`,
    ]) {
      const r = await call<ErrorBody>(emu, path);
      assert.equal(r.status, 403, path);
      assert.match(r.json.error, /not associated with that resource/);
    }
  });

  it('gives 404 with an error body for an unknown path or company', async () => {
    const r = await call<ErrorBody>(emu, '/invoices');
    assert.equal(r.status, 404);
    assertErrorBody(r.json, 404);
    const c = await call<ErrorBody>(emu, '/companies/00000000-0000-4000-8000-000000000000');
    assert.equal(c.status, 404);
    assert.equal(c.json.error, 'No company was found with ID 00000000-0000-4000-8000-000000000000');
  });

  it('gives 405 with Allow for a wrong method on a known path', async () => {
    const r = await call<ErrorBody>(emu, '/companies', { method: 'DELETE' });
    assert.equal(r.status, 405);
    assertErrorBody(r.json, 405);
    assert.equal(r.headers.get('allow'), 'GET, POST');
    const k = await call(emu, `/companies/${emu.companies.few}/data/invoices`, { method: 'POST', body: {} });
    assert.equal(k.status, 405);
  });

  it('gives every error response a fresh correlationId', async () => {
    const a = await call<ErrorBody>(emu, '/nowhere');
    const b = await call<ErrorBody>(emu, '/nowhere');
    assert.notEqual(a.json.correlationId, b.json.correlationId);
  });

  it('never writes the key into log lines', async () => {
    lines.length = 0;
    await call(emu, '/companies');
    await call(emu, '/companies', { key: emu.keys.outdated });
    await call(emu, '/companies', { key: 'wrong-key-123' });
    assert.equal(lines.length, 3);
    for (const line of lines) {
      for (const key of [...Object.values(emu.keys), 'wrong-key-123']) {
        assert.ok(!line.includes(key), line);
        assert.ok(!line.includes(Buffer.from(key).toString('base64')), line);
      }
    }
    assert.match(lines[0], /GET \/companies 200 .*account=normal/);
  });
});

describe('emulator: rate limit', () => {
  let emu: RunningEmulator;
  let clock = Date.UTC(2026, 0, 15, 12, 0, 0);

  before(async () => {
    emu = await startEmulator({ invoices: 10, rateLimit: { limit: 3, windowMs: 60_000 }, now: () => new Date(clock) });
  });
  after(() => emu.close());

  it('sends the rate-limit headers on successes and errors, and 429 with Retry-After past the limit', async () => {
    const first = await call(emu, '/companies');
    assert.equal(first.headers.get('x-rate-limit-limit'), '3');
    assert.equal(first.headers.get('x-rate-limit-remaining'), '2');
    assert.equal(first.headers.get('x-rate-limit-reset'), new Date(clock + 60_000).toUTCString());
    const error = await call(emu, '/nowhere');
    assert.equal(error.status, 404);
    assert.equal(error.headers.get('x-rate-limit-remaining'), '1');
    await call(emu, '/companies');
    clock += 15_000;
    const limited = await call<ErrorBody>(emu, '/companies');
    assert.equal(limited.status, 429);
    assertErrorBody(limited.json, 429, 'PublicApi');
    assert.equal(limited.json.error, 'You have made too many requests in a given amount of time; please retry later.');
    assert.equal(limited.headers.get('retry-after'), '45');
    assert.equal(limited.headers.get('x-rate-limit-remaining'), '0');
  });

  it('rounds the reset date up to the whole second, never before the window ends', async () => {
    clock += 60_000 + 400;
    const opened = await call(emu, '/companies');
    assert.equal(opened.headers.get('x-rate-limit-remaining'), '2');
    assert.equal(opened.headers.get('x-rate-limit-reset'), new Date(clock - 400 + 61_000).toUTCString());
    clock += 60_000 - 400;
  });

  it('counts per key, and opens a new window when the old one ends', async () => {
    const other = await call(emu, '/companies', { key: emu.keys.freeTrial });
    assert.equal(other.status, 200);
    clock += 60_000;
    const again = await call(emu, '/companies');
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('x-rate-limit-remaining'), '2');
  });
});

describe('emulator: determinism', () => {
  it('serves identical data from two instances with the same seed, different data with another seed', async () => {
    const [a, b, c] = await Promise.all([
      startEmulator({ seed: 7, invoices: 500 }),
      startEmulator({ seed: 7, invoices: 500 }),
      startEmulator({ seed: 8, invoices: 500 }),
    ]);
    try {
      assert.deepEqual(a.keys, b.keys);
      assert.deepEqual(a.companies, b.companies);
      const path = (e: RunningEmulator): string => `/companies/${e.companies.many}/data/invoices?page=3&pageSize=50`;
      const [pa, pb, pc] = await Promise.all([
        call(a, path(a)),
        call(b, path(b), { key: b.keys.normal }),
        call(c, path(c), { key: c.keys.normal }),
      ]);
      assert.equal(pa.text, pb.text);
      assert.notEqual(pa.text, pc.text);
      const ca = await call(a, '/companies?pageSize=200');
      const cb = await call(b, '/companies?pageSize=200');
      assert.equal(ca.text, cb.text);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});
