import * as assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { Company, ErrorBody } from '../../../src/api/models';
import {
  startEmulator,
  type DemoKeys,
  type FaultEntry,
  type RunningEmulator,
  type WellKnownCompanies,
} from '../../emulator';
import { admin, basic, call } from '../../emulator/testing';

describe('emulator: faults', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ invoices: 50 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('status: a proper error body, 429 with Retry-After, rate-limit headers kept', async () => {
    emu.faults.add({ kind: 'status', status: 429, retryAfter: 7 });
    const r = await call<ErrorBody>(emu, '/companies');
    assert.equal(r.status, 429);
    assert.equal(r.json.statusCode, 429);
    assert.equal(r.json.error, 'You have made too many requests in a given amount of time; please retry later.');
    assert.match(r.json.correlationId, /^[0-9a-f-]{36}$/);
    assert.equal(r.headers.get('retry-after'), '7');
    assert.ok(r.headers.get('x-rate-limit-limit'));
    emu.faults.clear();
    emu.faults.add({ kind: 'status', status: 503, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' });
    const m = await call<ErrorBody>(emu, '/companies');
    assert.equal(m.status, 503);
    assert.match(m.json.error, /temporarily offline for maintenance/);
    assert.equal(m.headers.get('retry-after'), 'Wed, 21 Oct 2026 07:28:00 GMT');
    emu.faults.clear();
    emu.faults.add({ kind: 'status' });
    const d = await call<ErrorBody>(emu, '/companies');
    assert.equal(d.status, 500);
    assert.equal(d.json.error, 'There is a problem with our server. Please try again later.');
  });

  it("account: a rule for one account's keys leaves another account's requests alone", async () => {
    emu.faults.add({ kind: 'status', status: 401, account: 'freeTrial', path: '^/companies$' });
    assert.equal((await call(emu, '/companies', { key: emu.keys.freeTrial })).status, 401);
    assert.equal((await call(emu, '/companies')).status, 200, 'the normal account is untouched');
    assert.throws(() => emu.faults.add({ kind: 'status', account: '' } as never), /"account" must be an account name/);
  });

  it('status: a 429 without Retry-After when retryAfter is false, as a gateway may send it', async () => {
    emu.faults.add({ kind: 'status', status: 429, retryAfter: false });
    const r = await call<ErrorBody>(emu, '/companies');
    assert.equal(r.status, 429);
    assert.equal(r.headers.get('retry-after'), null);
    assert.ok(r.headers.get('x-rate-limit-reset'), 'the rate-limit headers stay');
    assert.throws(() => emu.faults.add({ kind: 'status', retryAfter: true } as never), /retryAfter/);
  });

  it('html: a gateway error page', async () => {
    emu.faults.add({ kind: 'html' });
    const r = await call(emu, '/companies');
    assert.equal(r.status, 502);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(r.text, /<title>502 Bad Gateway<\/title>/);
  });

  it("malformedJson, truncatedJson, emptyBody and textBody: bodies a client cannot parse as the API's JSON", async () => {
    emu.faults.add({ kind: 'malformedJson', times: 1 });
    const malformed = await call(emu, '/companies');
    assert.equal(malformed.status, 200);
    assert.match(malformed.headers.get('content-type') ?? '', /^application\/json/);
    assert.throws(() => JSON.parse(malformed.text));

    emu.faults.add({ kind: 'truncatedJson', times: 1 });
    const truncated = await call(emu, '/companies?pageSize=5');
    const whole = await call(emu, '/companies?pageSize=5');
    assert.equal(truncated.status, 200);
    assert.throws(() => JSON.parse(truncated.text));
    assert.ok(whole.text.startsWith(truncated.text) && truncated.text.length < whole.text.length);

    emu.faults.add({ kind: 'emptyBody', status: 500, times: 1 });
    const empty = await call(emu, '/companies');
    assert.equal(empty.status, 500);
    assert.equal(empty.text, '');

    emu.faults.add({ kind: 'textBody', times: 1 });
    const text = await call(emu, '/companies');
    assert.equal(text.status, 500);
    assert.match(text.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(text.text, /Internal Server Error/);
  });

  it('appliedThenGateway: the write is done, then a gateway’s 502 page stands in for its answer', async () => {
    emu.faults.add({ kind: 'appliedThenGateway', method: 'POST', path: '^/companies$', times: 1 });
    const r = await call(emu, '/companies', { method: 'POST', body: { name: 'Gateway Lost Ltd' } });
    assert.equal(r.status, 502);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(r.text, /502 Bad Gateway/);
    const list = await call<{ results: Company[] }>(
      emu,
      `/companies?query=${encodeURIComponent('name=Gateway Lost Ltd')}`,
    );
    assert.equal(list.json.results.length, 1, 'the company was created all the same');
    assert.equal(emu.requests.entries()[0].fault, 'appliedThenGateway');
  });

  it('reset: the connection closes with no answer', async () => {
    emu.faults.add({ kind: 'reset', times: 1 });
    await assert.rejects(fetch(`${emu.url}/companies`, { headers: { Authorization: basic(emu.keys.normal) } }));
    assert.equal((await call(emu, '/companies')).status, 200);
    assert.equal(emu.requests.entries()[0].status, 0);
    assert.equal(emu.requests.entries()[0].fault, 'reset');
  });

  it('latency: delays the matching request only', async () => {
    emu.faults.add({ kind: 'latency', latencyMs: 600, path: '/apiKeys' });
    const order: string[] = [];
    const slow = call(emu, '/apiKeys').then((r) => order.push(`slow ${r.status}`));
    const fast = call(emu, '/companies').then((r) => order.push(`fast ${r.status}`));
    await Promise.all([slow, fast]);
    assert.deepEqual(order, ['fast 200', 'slow 200']);
    assert.equal(emu.requests.entries().find((e) => e.path === '/apiKeys')?.fault, 'latency');
  });

  it('a request that arrived before the log was cleared is not logged when it is answered after', async () => {
    emu.faults.add({ kind: 'latency', latencyMs: 300, path: '/apiKeys' });
    const slow = call(emu, '/apiKeys');
    // Cleared while the emulator holds it (reset left the count at 0).
    while (emu.requests.maxInFlight === 0) await new Promise((r) => setTimeout(r, 5));
    emu.requests.clear();
    await call(emu, '/companies');
    assert.equal((await slow).status, 200);
    assert.deepEqual(
      emu.requests.entries().map((e) => e.path),
      ['/companies'],
    );
  });

  it('times: applies a rule that many times, then removes it', async () => {
    const id = emu.faults.add({ kind: 'status', status: 503, times: 2 });
    assert.equal(emu.faults.list()[0].id, id);
    assert.equal((await call(emu, '/companies')).status, 503);
    assert.equal((await call(emu, '/companies')).status, 503);
    assert.equal((await call(emu, '/companies')).status, 200);
    assert.deepEqual(emu.faults.list(), []);
  });

  it('rate: hits about that share of requests, the same ones for the same seed', async () => {
    const run = async (): Promise<number[]> => {
      emu.reset();
      emu.faults.add({ kind: 'status', status: 500, rate: 0.3 });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await call(emu, '/apiKeys')).status);
      return statuses;
    };
    const first = await run();
    const failures = first.filter((s) => s === 500).length;
    assert.ok(failures > 5 && failures < 35, `failures ${failures}`);
    assert.deepEqual(await run(), first);
    emu.reset();
    emu.faults.add({ kind: 'status', rate: 0 });
    assert.equal((await call(emu, '/apiKeys')).status, 200);
  });

  it('method and path: substring or ^regex; the first matching rule wins', async () => {
    emu.faults.add({ kind: 'status', status: 503, method: 'post', path: '/companies' });
    emu.faults.add({ kind: 'status', status: 500, path: '^/companies/[^/]+/data/invoices$' });
    emu.faults.add({ kind: 'status', status: 502, path: '/data/invoices' });
    assert.equal((await call(emu, '/companies')).status, 200);
    assert.equal((await call(emu, '/companies', { method: 'POST', body: { name: 'X' } })).status, 503);
    assert.equal((await call(emu, `/companies/${emu.companies.few}/data/invoices`)).status, 500);
    assert.equal(
      (await call(emu, `/companies/${emu.companies.few}/data/invoices?page=2`)).status,
      500,
      'the query string is not part of the path',
    );
    const list = await call(emu, `/companies/${emu.companies.few}/data/invoices`);
    assert.equal(list.status, 500);
    const inv = await call(emu, `/companies/${emu.companies.few}/data/invoices/abc`);
    assert.equal(inv.status, 502);
  });

  it('refuses invalid rules', () => {
    assert.throws(() => emu.faults.add({ kind: 'explode' } as never), /kind/);
    assert.throws(() => emu.faults.add({ kind: 'status', rate: 2 }), /rate/);
    assert.throws(() => emu.faults.add({ kind: 'status', times: 0 }), /times/);
    assert.throws(() => emu.faults.add({ kind: 'status', path: '^(' }), /regular expression/);
  });

  it('can be removed by id', async () => {
    const id = emu.faults.add({ kind: 'status' });
    assert.equal(emu.faults.remove(id), true);
    assert.equal(emu.faults.remove(id), false);
    assert.equal((await call(emu, '/companies')).status, 200);
  });
});

describe('emulator: admin endpoints and request log', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ invoices: 50 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('adds, lists, reads and deletes fault rules over HTTP with the admin token, without a key', async () => {
    const add = await admin<FaultEntry>(emu, '/faults', {
      method: 'POST',
      body: { kind: 'status', status: 503, path: '/companies', times: 3 },
    });
    assert.equal(add.status, 201);
    assert.equal(add.json.kind, 'status');
    assert.equal(add.json.times, 3);
    const id = add.json.id;
    assert.equal((await call(emu, '/companies')).status, 503);
    const list = await admin<{ results: FaultEntry[] }>(emu, '/faults');
    assert.equal(list.json.results.length, 1);
    assert.equal(list.json.results[0].applied, 1);
    assert.equal((await admin<FaultEntry>(emu, `/faults/${id}`)).json.id, id);
    assert.equal((await admin(emu, `/faults/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await admin(emu, `/faults/${id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await call(emu, '/companies')).status, 200);

    await admin(emu, '/faults', { method: 'POST', body: { kind: 'html' } });
    assert.equal((await admin(emu, '/faults', { method: 'DELETE' })).status, 204);
    assert.deepEqual(emu.faults.list(), []);
  });

  it('refuses an invalid rule over HTTP with 400', async () => {
    const r = await admin<ErrorBody>(emu, '/faults', { method: 'POST', body: { kind: 'status', status: 42 } });
    assert.equal(r.status, 400);
    assert.match(r.json.error, /status/);
    assert.equal((await admin(emu, '/faults', { method: 'POST', rawBody: 'nope' })).status, 400);
  });

  it('records API calls (not admin calls) with path, query, status, account and fault', async () => {
    await call(emu, `/companies?page=1&pageSize=5&query=${encodeURIComponent('name~a')}`);
    await call(emu, '/companies', { key: 'unknown' });
    emu.faults.add({ kind: 'status', status: 500, times: 1 });
    await call(emu, '/apiKeys');
    await admin(emu, '/faults');
    const entries = emu.requests.entries();
    assert.equal(entries.length, 3);
    assert.deepEqual(
      entries.map(({ method, path, query, status, account, fault }) => ({
        method,
        path,
        query,
        status,
        account,
        fault,
      })),
      [
        {
          method: 'GET',
          path: '/companies',
          query: { page: '1', pageSize: '5', query: 'name~a' },
          status: 200,
          account: 'normal',
          fault: undefined,
        },
        { method: 'GET', path: '/companies', query: {}, status: 401, account: undefined, fault: undefined },
        { method: 'GET', path: '/apiKeys', query: {}, status: 500, account: 'normal', fault: 'status' },
      ],
    );
    assert.ok(!Number.isNaN(Date.parse(entries[0].time)));
    const overHttp = await admin<{ results: unknown[] }>(emu, '/requests');
    assert.deepEqual(overHttp.json.results, entries);
    assert.equal((await admin(emu, '/requests', { method: 'DELETE' })).status, 204);
    assert.deepEqual(emu.requests.entries(), []);
  });

  it('records how many requests it was serving at once: one by one 1, together all of them', async () => {
    await call(emu, '/companies');
    await call(emu, '/companies');
    assert.deepEqual(
      emu.requests.entries().map((e) => e.inFlight),
      [1, 1],
    );
    assert.equal(emu.requests.maxInFlight, 1);
    emu.requests.clear();
    // Held long enough that all three have arrived before the first is answered.
    emu.faults.add({ kind: 'latency', latencyMs: 400 });
    await Promise.all([call(emu, '/companies'), call(emu, '/apiKeys'), call(emu, '/companies?page=2')]);
    assert.equal(emu.requests.maxInFlight, 3);
    assert.deepEqual(
      emu.requests
        .entries()
        .map((e) => e.inFlight)
        .sort(),
      [1, 2, 3],
    );
    emu.requests.clear();
    assert.equal(emu.requests.maxInFlight, 0, 'cleared with the log');
  });

  it('never records the key', async () => {
    await call(emu, '/companies');
    const text = JSON.stringify(emu.requests.entries());
    assert.ok(!text.includes(emu.keys.normal));
    assert.ok(!text.includes(basic(emu.keys.normal)));
  });

  it('POST /_emulator/reset restores the seeded state', async () => {
    const created = await call<Company>(emu, '/companies', { method: 'POST', body: { name: 'Temporary' } });
    emu.faults.add({ kind: 'status', path: '/apiKeys' });
    assert.equal((await admin(emu, '/reset', { method: 'POST' })).status, 204);
    assert.equal((await call(emu, `/companies/${created.json.id}`)).status, 404);
    assert.deepEqual(emu.faults.list(), []);
    assert.equal(emu.requests.entries().length, 1);
  });

  it('describes itself at GET /_emulator, to anyone', async () => {
    const r = await call<{ url: string; keys: DemoKeys; companies: WellKnownCompanies }>(emu, '/_emulator', {
      key: null,
    });
    assert.equal(r.json.url, emu.url);
    assert.deepEqual(r.json.keys, emu.keys);
    assert.deepEqual(r.json.companies, emu.companies);
  });
});

describe('emulator: lifecycle', () => {
  it('adds options.latencyMs to every API response', async () => {
    const [slow, fast] = await Promise.all([
      startEmulator({ invoices: 10, latencyMs: 600 }),
      startEmulator({ invoices: 10 }),
    ]);
    try {
      const order: string[] = [];
      await Promise.all([
        call(slow, '/companies').then((r) => order.push(`slow ${r.status}`)),
        call(fast, '/companies').then((r) => order.push(`fast ${r.status}`)),
      ]);
      assert.deepEqual(order, ['fast 200', 'slow 200']);
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  });

  it('close() ends kept-alive connections too', async () => {
    const emu = await startEmulator({ invoices: 10 });
    const agentRequest = new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        `${emu.url}/companies`,
        { headers: { Authorization: basic(emu.keys.normal), Connection: 'keep-alive' } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end();
    });
    await agentRequest;
    await emu.close();
    await assert.rejects(fetch(`${emu.url}/companies`));
  });
});
