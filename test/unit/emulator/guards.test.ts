// The emulator runs on developers' machines: what any web page they open (or any local process)
// could do to it. Admin calls need the token and JSON; fault patterns, bodies and paths are bounded
// and read one way.
import * as assert from 'node:assert/strict';
import type { Company, ErrorBody, Page } from '../../../src/api/models';
import { ADMIN_TOKEN_HEADER, startEmulator, type FaultEntry, type RunningEmulator } from '../../emulator';
import { admin, call, callRaw, type ValidationErrorBody } from '../../emulator/testing';

const companyCount = async (emu: RunningEmulator): Promise<number> =>
  (await call<Page<Company>>(emu, '/companies?pageSize=1')).json.totalResults;

describe('emulator: the admin endpoints need the token and JSON', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 10 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const RULE = { kind: 'status', status: 503 };

  it('refuses every call but GET /info without the token (401) or with a wrong one (403), and changes nothing', async () => {
    emu.faults.add({ kind: 'html', path: '/apiKeys' });
    await call(emu, '/companies', { method: 'POST', body: { name: 'Kept Ltd' } });
    const count = await companyCount(emu);
    const calls: [string, string, object][] = [
      ['POST', '/faults', { body: RULE }],
      ['GET', '/faults', {}],
      ['DELETE', '/faults', {}],
      ['GET', '/faults/fault-1', {}],
      ['DELETE', '/faults/fault-1', {}],
      ['GET', '/requests', {}],
      ['DELETE', '/requests', {}],
      ['POST', '/reset', { contentType: 'application/json' }],
    ];
    for (const [method, path, options] of calls) {
      for (const [token, status] of [
        [undefined, 401],
        ['wrong', 403],
        [`${emu.adminToken}x`, 403],
        [emu.adminToken.toUpperCase(), 403],
      ] as const) {
        const headers: Record<string, string> = token === undefined ? {} : { [ADMIN_TOKEN_HEADER]: token };
        const r = await call<ErrorBody>(emu, `/_emulator${path}`, { key: null, method, headers, ...options });
        assert.equal(r.status, status, `${method} ${path} with ${token}`);
        assert.equal(r.json.statusCode, status);
        assert.ok(!r.text.includes('"results"'), 'reveals nothing');
      }
    }
    assert.deepEqual(
      emu.faults.list().map((f) => f.kind),
      ['html'],
    );
    assert.equal(emu.requests.entries().length, 2, 'the log was neither cleared nor reset');
    assert.equal(await companyCount(emu), count, 'no reset happened');
  });

  it('serves GET /_emulator/info without the token (the demo keys are public) and never serves the token', async () => {
    for (const path of ['/_emulator', '/_emulator/info']) {
      const r = await call<{ keys: { normal: string } }>(emu, path, { key: null });
      assert.equal(r.status, 200);
      assert.equal(r.json.keys.normal, emu.keys.normal);
      assert.ok(!r.text.includes(emu.adminToken));
    }
  });

  it('with the token, refuses a POST that is not application/json with 415 and changes nothing', async () => {
    const rule = JSON.stringify(RULE);
    for (const contentType of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/json',
      undefined,
    ]) {
      const faults = await admin<ErrorBody>(emu, '/faults', {
        method: 'POST',
        rawBody: rule,
        contentType: contentType ?? '',
      });
      assert.equal(faults.status, 415, String(contentType));
      assert.equal(faults.json.statusCode, 415);
      assert.equal(
        (await admin(emu, '/reset', { method: 'POST', contentType: contentType ?? '' })).status,
        415,
        String(contentType),
      );
    }
    assert.deepEqual(emu.faults.list(), []);
    for (const contentType of ['application/json', 'Application/JSON; charset=utf-8']) {
      assert.equal(
        (await admin(emu, '/faults', { method: 'POST', rawBody: rule, contentType })).status,
        201,
        contentType,
      );
    }
  });

  it('works with the token: adds, lists and removes rules, reads and clears the log, resets', async () => {
    const added = await admin<FaultEntry>(emu, '/faults', {
      method: 'POST',
      body: { ...RULE, path: '/apiKeys', times: 1 },
    });
    assert.equal(added.status, 201);
    assert.equal((await call(emu, '/apiKeys')).status, 503);
    assert.equal((await admin<{ results: unknown[] }>(emu, '/requests')).json.results.length, 1);
    assert.equal((await admin(emu, '/requests', { method: 'DELETE' })).status, 204);
    assert.equal((await admin(emu, '/reset', { method: 'POST' })).status, 204);
  });

  it('draws a fresh random token for each emulator', async () => {
    const other = await startEmulator({ invoices: 1 });
    try {
      assert.match(emu.adminToken, /^[0-9a-f]{48}$/);
      assert.notEqual(other.adminToken, emu.adminToken);
      assert.equal(
        (await call(other, '/_emulator/requests', { key: null, headers: { [ADMIN_TOKEN_HEADER]: emu.adminToken } }))
          .status,
        403,
      );
    } finally {
      await other.close();
    }
  });
});

describe("emulator: a fault rule's path pattern has a bounded cost", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 10 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const REFUSED = [
    '^/(a+)+$', // nested quantifiers: exponential backtracking
    '^/(?:a*)*b',
    '^/(a|a)*$', // a repeated alternation
    '^/((a)+)+',
    '^/(a{1,3}){2,}',
    '^/(a)\\1', // a backreference
    '^/(?<x>a)\\k<x>',
    '^/a?a?a?a?a?a?a?a?aaaaaaaa', // many adjacent quantifiers: polynomial (2^n with ?)
    '^/.*.*.*x',
    `^/${'a'.repeat(200)}`, // over 200 characters
  ];

  it('refuses costly patterns: 400 over HTTP, FaultRuleError in code, nothing added', async () => {
    for (const path of REFUSED) {
      const r = await admin<ErrorBody>(emu, '/faults', { method: 'POST', body: { kind: 'status', path } });
      assert.equal(r.status, 400, path);
      assert.match(r.json.error, /"path"/, path);
      assert.throws(() => emu.faults.add({ kind: 'status', path }), /"path"/, path);
    }
    assert.deepEqual(emu.faults.list(), []);
  });

  it('keeps the patterns tests use, and quantifier characters inside a class or escaped', async () => {
    for (const path of [
      '^/companies$',
      '^/companies/[^/]+/data/journalEntries/[^/]+$',
      '^/companies/[^/]+/data/(?:invoices|bills)$', // alternation in a group that does not repeat
      '^/(?:companies)+/[+*?{}]\\+\\*/x{2}(ab)?',
      `^/${'a'.repeat(198)}`,
    ]) {
      assert.doesNotThrow(() => emu.faults.add({ kind: 'status', path }), path);
    }
    emu.faults.clear();
    emu.faults.add({ kind: 'status', status: 503, path: '^/companies/[^/]+/data/(?:invoices|bills)$' });
    assert.equal((await call(emu, `/companies/${emu.companies.few}/data/bills`)).status, 503);
    assert.equal((await call(emu, `/companies/${emu.companies.few}/data/customers`)).status, 200);
  });

  it('matches patterns against paths of up to 1,024 characters only; substrings against any path', async () => {
    const long = `/companies/${'a'.repeat(1100)}`;
    emu.faults.add({ kind: 'status', status: 503, path: '^/companies/' });
    assert.equal((await call(emu, long)).status, 404, 'a path over 1,024 characters matches no pattern');
    assert.equal((await call(emu, `/companies/${'a'.repeat(1000)}`)).status, 503);
    emu.faults.clear();
    emu.faults.add({ kind: 'status', status: 503, path: '/companies/' });
    assert.equal((await call(emu, long)).status, 503);
  });
});

describe('emulator: request bodies and company fields are bounded', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 10 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const create = (body: object) => call<ValidationErrorBody>(emu, '/companies', { method: 'POST', body });

  it('refuses a 1 MB description, a long name and oversized tags with 400 naming the field, storing nothing', async () => {
    const before = await companyCount(emu);
    const cases: [object, string][] = [
      [{ name: 'Big Ltd', description: 'd'.repeat(999_000) }, 'description'],
      [{ name: 'Big Ltd', description: 'd'.repeat(4097) }, 'description'],
      [{ name: 'n'.repeat(201) }, 'name'],
      [{ name: 'Big Ltd', tags: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }, 'tags'],
      [{ name: 'Big Ltd', tags: { ['k'.repeat(201)]: 'v' } }, 'tags'],
      [{ name: 'Big Ltd', tags: { k: 'v'.repeat(1001) } }, 'tags'],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      assert.equal(r.status, 400, field);
      assert.equal(r.json.statusCode, 400);
      assert.deepEqual(
        r.json.validation.errors.map((e) => e.itemId),
        [field],
      );
      assert.match(r.json.error, /at most/);
    }
    assert.equal(await companyCount(emu), before);
  });

  it('accepts fields at the bounds', async () => {
    const tags = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${i}`.padEnd(200, 'k'), 'v'.repeat(1000)]));
    const r = await call<Company>(emu, '/companies', {
      method: 'POST',
      body: { name: 'n'.repeat(200), description: 'd'.repeat(4096), tags },
    });
    assert.equal(r.status, 200);
    assert.equal(r.json.description?.length, 4096);
  });

  it('answers a body over 1 MB with 413, on the API and the admin endpoints, storing nothing', async () => {
    const before = await companyCount(emu);
    const big = { name: 'Huge Ltd', description: 'd'.repeat(1_000_001) };
    const r = await create(big);
    assert.equal(r.status, 413);
    assert.equal(r.json.statusCode, 413);
    assert.equal(
      (await admin(emu, '/faults', { method: 'POST', body: { kind: 'status', path: 'p'.repeat(1_000_001) } })).status,
      413,
    );
    assert.equal(await companyCount(emu), before);
    assert.deepEqual(emu.faults.list(), []);
  });
});

describe('emulator: one reading of a path', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 10 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('matches data type names exactly, on reading and on queueing alike (404 for BILLS either way)', async () => {
    const few = emu.companies.few;
    for (const type of ['BILLS', 'Bills', 'Invoices', 'INVOICES', 'journalentries']) {
      assert.equal((await call(emu, `/companies/${few}/data/${type}`)).status, 404, `GET ${type}`);
      assert.equal((await call(emu, `/companies/${few}/data/${type}/any-id`)).status, 404, `GET ${type}/id`);
      assert.equal(
        (await call(emu, `/companies/${few}/data/queue/${type}`, { method: 'POST' })).status,
        404,
        `queue ${type}`,
      );
    }
    for (const type of ['bills', 'invoices', 'journalEntries']) {
      assert.equal((await call(emu, `/companies/${few}/data/${type}`)).status, 200, `GET ${type}`);
      assert.equal(
        (await call(emu, `/companies/${few}/data/queue/${type}`, { method: 'POST' })).status,
        200,
        `queue ${type}`,
      );
    }
    assert.equal(
      (await call(emu, `/Companies/${few}/DATA/bills`)).status,
      200,
      'other literal segments keep matching in any case',
    );
  });

  it('refuses dot segments (raw, percent-encoded, any case) with 400 on every route, never resolving them', async () => {
    const few = emu.companies.few;
    const paths = [
      '/companies/../apiKeys',
      '/companies/%2e%2e/apiKeys',
      '/companies/%2E%2E/apiKeys',
      '/companies/.%2e/apiKeys',
      '/./apiKeys',
      '/%2e/apiKeys',
      '/apiKeys/.',
      '/apiKeys/..',
      `/companies/${few}/data/invoices/../../dataStatus`,
    ];
    for (const path of paths) {
      const r = await callRaw<ErrorBody>(emu, 'GET', path);
      assert.equal(r.status, 400, path);
      assert.equal(r.json.statusCode, 400);
      assert.match(r.json.error, /dot segment/, path);
      assert.equal((await callRaw(emu, 'GET', path, {})).status, 401, `${path}: no key is still 401 first`);
    }
    const token = { [ADMIN_TOKEN_HEADER]: emu.adminToken };
    for (const path of [
      '/_emulator/faults/../requests',
      '/_emulator/faults/%2E%2E/requests',
      '/_emulator/./requests',
    ]) {
      const r = await callRaw<ErrorBody>(emu, 'GET', path, token);
      assert.equal(r.status, 400, path);
      assert.match(r.json.error, /dot segment/, path);
    }
    const logged = emu.requests.entries().map((e) => e.path);
    assert.ok(logged.includes('/companies/../apiKeys'), 'the log shows the path as sent');
  });

  it('decodes once: %252e%252e is an ordinary segment; a backslash is no separator', async () => {
    assert.equal((await callRaw(emu, 'GET', '/companies/%252e%252e/apiKeys')).status, 404);
    assert.equal((await callRaw(emu, 'GET', '/companies\\..\\apiKeys')).status, 404);
    assert.equal(
      (await callRaw(emu, 'GET', `/companies/${emu.companies.few}/`)).status,
      200,
      'one trailing slash is still ignored',
    );
    assert.equal((await callRaw(emu, 'GET', '/apiKeys?x=/../y')).status, 200, 'the query is not the path');
  });
});
