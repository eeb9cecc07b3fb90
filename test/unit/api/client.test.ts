import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { DataPlatformClient, type ClientOptions } from '../../../src/api/client';
import { ApiError, type ApiErrorKind } from '../../../src/api/errors';
import type { Company, Invoice } from '../../../src/api/models';
import type { RateLimitInfo } from '../../../src/api/rateLimit';
import type { RequestSummary, TraceEntry } from '../../../src/api/transportOptions';
import { encodeQueryValue } from '../../../src/query';
import { pagedList, refusedPort, replies, TestServer } from '../../support/httpDouble';
import { allInvoices, getInvoice, invoiceList, listInvoices } from '../../support/invoiceReads';

const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const KEY_B64 = Buffer.from(KEY).toString('base64');
const NOW = Date.parse('2025-03-01T12:00:00Z');
const CID = '0f6a3e2c-1d1b-4c1e-9a53-6d1f0f1b2c3d';

const company = (id: string, name = `Company ${id}`): Company => ({ id, name, redirect: `https://link.example/${id}` });
const invoice = (id: string): Invoice => ({
  id,
  issueDate: '2025-01-01',
  totalTaxAmount: 0,
  totalAmount: 10,
  amountDue: 10,
  status: 'Submitted',
});
const envelope = <T>(results: T[], href = '/companies') => ({
  results,
  pageNumber: 1,
  pageSize: 100,
  totalResults: results.length,
  _links: { self: { href }, current: { href: `${href}?page=1&pageSize=100` } },
});

function isKind(kind: ApiErrorKind) {
  return (e: unknown): boolean => {
    assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
    assert.equal(e.kind, kind, e.message);
    return true;
  };
}

describe('DataPlatformClient over HTTP', () => {
  let server: TestServer;
  let delays: number[];
  let summaries: RequestSummary[];
  let traces: TraceEntry[];
  // A fake clock that only a sleep moves: a retry's wait is seen to have passed, as it would have.
  let clock: number;

  function client(over: Partial<ClientOptions> = {}): DataPlatformClient {
    return new DataPlatformClient({
      baseUrl: server.url,
      apiKey: KEY,
      sleep: (ms) => {
        delays.push(ms);
        clock += ms;
        return Promise.resolve();
      },
      random: () => 0.5,
      now: () => clock,
      onRequest: (s) => summaries.push(s),
      onTrace: (t) => traces.push(t),
      ...over,
    });
  }

  beforeEach(async () => {
    server = await TestServer.start();
    delays = [];
    clock = NOW;
    summaries = [];
    traces = [];
  });

  afterEach(async () => {
    await server.close();
  });

  describe('requests', () => {
    it('sends Authorization: Basic base64(key) — the key alone, no user prefix', async () => {
      server.reply(replies.json(200, envelope([company('a')])));
      await client().listCompanies();
      assert.equal(server.requests[0].headers.authorization, `Basic ${KEY_B64}`);
      assert.equal(Buffer.from(KEY_B64, 'base64').toString(), KEY);
      assert.equal(server.requests[0].headers.accept, 'application/json');
    });

    it('writes page and pageSize always, and query and orderBy encoded as the API writes its links', async () => {
      server.reply(replies.json(200, envelope([])), replies.json(200, envelope([], '/companies/c1/data/invoices')));
      await client().listCompanies();
      const query = '{totalAmount>100||totalAmount<50}&&status!=Paid';
      await listInvoices(client(), 'c1', { page: 2, pageSize: 50, query, orderBy: ' -issueDate ' });
      assert.equal(server.requests[0].url, '/companies?page=1&pageSize=100');
      assert.equal(
        server.requests[1].url,
        `/companies/c1/data/invoices?page=2&pageSize=50&query=${encodeQueryValue(query)}&orderBy=-issueDate`,
      );
      assert.equal(new URL(server.requests[1].url, server.url).searchParams.get('query'), query);
    });

    it('leaves out a blank query and orderBy', async () => {
      server.reply(replies.json(200, envelope([])));
      await client().listCompanies({ query: '  ', orderBy: '' });
      assert.equal(server.requests[0].url, '/companies?page=1&pageSize=100');
    });

    it('encodes ids as one path segment', async () => {
      server.reply(replies.json(200, invoice('x')));
      await getInvoice(client(), 'a&b c', 'inv?1#2');
      assert.equal(server.requests[0].url, '/companies/a%26b%20c/data/invoices/inv%3F1%232');
    });

    it('normalises a trailing slash and keeps a base path prefix', async () => {
      server.reply(replies.json(200, company('a')));
      const c = client({ baseUrl: `${server.url}/v1//` });
      assert.equal(c.baseUrl, `${server.url}/v1`);
      await c.getCompany('a');
      assert.equal(server.requests[0].url, '/v1/companies/a');
    });

    it('defaults to https://api.codat.io', () => {
      assert.equal(new DataPlatformClient({ apiKey: KEY }).baseUrl, 'https://api.codat.io');
      assert.equal(
        new DataPlatformClient({ apiKey: KEY, baseUrl: 'https://api.codat.io/' }).baseUrl,
        'https://api.codat.io',
      );
    });

    it('refuses base URLs that would leak the key', () => {
      assert.throws(
        () => new DataPlatformClient({ apiKey: KEY, baseUrl: 'http://api.example.com' }),
        isKind('invalidParameter'),
      );
      assert.throws(
        () => new DataPlatformClient({ apiKey: KEY, baseUrl: 'https://user:secret@api.example.com' }),
        (e: unknown) => {
          assert.ok(e instanceof ApiError && !e.message.includes('secret'));
          return true;
        },
      );
      assert.throws(
        () => new DataPlatformClient({ apiKey: KEY, baseUrl: 'ftp://api.example.com' }),
        isKind('invalidParameter'),
      );
      assert.doesNotThrow(() => new DataPlatformClient({ apiKey: KEY, baseUrl: 'http://localhost:3000' }));
      assert.doesNotThrow(() => new DataPlatformClient({ apiKey: KEY, baseUrl: 'http://[::1]:3000' }));
    });

    it('creates a company with a JSON body and no null fields', async () => {
      server.reply(replies.json(200, company('n', 'Acme')));
      const created = await client().createCompany({ name: 'Acme', description: 'Test' });
      assert.equal(created.name, 'Acme');
      assert.equal(server.requests[0].method, 'POST');
      assert.equal(server.requests[0].url, '/companies');
      assert.match(String(server.requests[0].headers['content-type']), /^application\/json/);
      assert.deepEqual(JSON.parse(server.requests[0].body), { name: 'Acme', description: 'Test' });
    });

    it('covers the other endpoints', async () => {
      const status = { invoices: { dataType: 'invoices', currentStatus: 'Complete' } };
      const pull = {
        id: 'p1',
        companyId: 'c',
        dataType: 'invoices',
        status: 'Queued',
        requested: '2025-01-01T00:00:00Z',
        progress: 0,
        isCompleted: false,
        isErrored: false,
      };
      const key = { id: 'k1', name: 'ci', apiKey: 'other-key-value-123', createdDate: '2025-01-01T00:00:00Z' };
      server.reply(
        replies.json(200, status),
        replies.json(200, pull),
        replies.json(200, { results: [key] }),
        replies.json(201, key),
        { status: 204 },
      );
      const c = client();
      assert.deepEqual(await c.getDataStatus('c'), status);
      assert.equal((await c.queueSync('c', 'invoices')).id, 'p1');
      assert.equal((await c.listApiKeys()).results[0].id, 'k1');
      assert.equal((await c.createApiKey({ name: 'ci' })).id, 'k1');
      assert.equal(await c.deleteApiKey('k1'), undefined);
      assert.deepEqual(
        server.requests.map((r) => `${r.method} ${r.url}`),
        [
          'GET /companies/c/dataStatus',
          'POST /companies/c/data/queue/invoices',
          'GET /apiKeys',
          'POST /apiKeys',
          'DELETE /apiKeys/k1',
        ],
      );
      assert.deepEqual(JSON.parse(server.requests[3].body), { name: 'ci' });
    });
  });

  describe('validation sends nothing', () => {
    const cases: [string, (c: DataPlatformClient) => Promise<unknown>, ApiErrorKind, string][] = [
      ['pageSize 0', (c) => c.listCompanies({ pageSize: 0 }), 'invalidParameter', 'pageSize'],
      ['pageSize 5001', (c) => listInvoices(c, 'c', { pageSize: 5001 }), 'invalidParameter', 'pageSize'],
      ['pageSize 1.5', (c) => c.listCompanies({ pageSize: 1.5 }), 'invalidParameter', 'pageSize'],
      ['page 0', (c) => c.listCompanies({ page: 0 }), 'invalidParameter', 'page'],
      ['page NaN', (c) => c.listCompanies({ page: Number.NaN }), 'invalidParameter', 'page'],
      ['unknown query field', (c) => listInvoices(c, 'c', { query: 'foo=1' }), 'invalidQuery', 'query'],
      ['malformed query', (c) => listInvoices(c, 'c', { query: 'status=Paid&&' }), 'invalidQuery', 'query'],
      [
        'query over 2048 characters',
        (c) => listInvoices(c, 'c', { query: `note=${'x'.repeat(2050)}` }),
        'invalidQuery',
        'query',
      ],
      [
        'company field in an invoice query',
        (c) => c.listCompanies({ query: 'totalAmount>5' }),
        'invalidQuery',
        'query',
      ],
      ['bad orderBy', (c) => listInvoices(c, 'c', { orderBy: 'nope' }), 'invalidQuery', 'orderBy'],
      ['empty company id', (c) => c.getCompany(''), 'invalidParameter', 'companyId'],
      ['blank company id for invoices', (c) => listInvoices(c, '  '), 'invalidParameter', 'companyId'],
      ['empty invoice id', (c) => getInvoice(c, 'c', ''), 'invalidParameter', 'invoiceId'],
      ['empty company name', (c) => c.createCompany({ name: '   ' }), 'invalidParameter', 'name'],
      ['API key name over 50', (c) => c.createApiKey({ name: 'n'.repeat(51) }), 'invalidParameter', 'name'],
      ['empty data type', (c) => c.queueSync('c', ''), 'invalidParameter', 'dataType'],
      ['empty API key id', (c) => c.deleteApiKey(''), 'invalidParameter', 'apiKeyId'],
    ];
    for (const [name, call, kind, parameter] of cases) {
      it(name, async () => {
        await assert.rejects(call(client()), (e: unknown) => {
          isKind(kind)(e);
          const err = e as ApiError;
          assert.equal(err.validation?.parameter, parameter);
          assert.equal(err.attempts, 0);
          return true;
        });
        assert.equal(server.count, 0);
        assert.equal(summaries.length, 0);
      });
    }

    it('points at the offending part of a query', async () => {
      await assert.rejects(listInvoices(client(), 'c', { query: 'status=Paid&&nope>3' }), (e: unknown) => {
        const v = (e as ApiError).validation;
        assert.equal(v?.code, 'unknownField');
        assert.equal(v?.start, 13);
        assert.equal(v?.end, 17);
        return true;
      });
    });
  });

  describe('status codes', () => {
    const table: [number, string, ApiErrorKind][] = [
      [400, 'Error parsing query - Malformed query.', 'invalidQuery'],
      [400, 'Invalid value for parameter pageSize', 'badRequest'],
      [401, 'Unauthorized', 'unauthorized'],
      [402, 'CompanyValidationException: Company limit exceeded', 'companyLimit'],
      [402, 'SyncSettingsValidationException: Sync schedule not allowed', 'syncScheduleNotAllowed'],
      [402, 'Payment Required', 'accountExpired'],
      [403, 'You are using an outdated API key or a key not associated with that resource.', 'forbidden'],
      [404, 'No company was found with ID c', 'notFound'],
      [404, 'Datatype [invoices] not supported by platform(s) [Xero]', 'datatypeNotSupported'],
      [405, 'Method not allowed', 'methodNotAllowed'],
      [409, 'The data set has not been requested.', 'dataSetNotRequested'],
      [429, 'You have made too many requests in a given amount of time; please retry later.', 'rateLimited'],
      [500, 'There is a problem with our server. Please try again later.', 'server'],
      [503, 'Temporarily offline for maintenance. Please try again later.', 'unavailable'],
    ];
    for (const [status, error, kind] of table) {
      it(`${status} "${error.slice(0, 40)}" → ${kind}`, async () => {
        server.reply(replies.error(status, error));
        await assert.rejects(listInvoices(client({ retry: { maxAttempts: 1 } }), 'c'), (e: unknown) => {
          isKind(kind)(e);
          const err = e as ApiError;
          assert.equal(err.status, status);
          assert.equal(err.correlationId, CID);
          assert.equal(err.body?.error, error);
          assert.equal(err.method, 'GET');
          assert.equal(err.path, '/companies/c/data/invoices?page=1&pageSize=100');
          return true;
        });
      });
    }

    it('409 on POST /apiKeys → apiKeyLimit', async () => {
      server.reply(replies.error(409, 'Too many keys'));
      await assert.rejects(client().createApiKey(), isKind('apiKeyLimit'));
    });

    it('does not follow redirects (the key would travel with them)', async () => {
      const other = await TestServer.start();
      try {
        server.reply(replies.redirect(`${other.url}/companies`));
        await assert.rejects(client().listCompanies(), isKind('unexpectedStatus'));
        assert.equal(other.count, 0);
      } finally {
        await other.close();
      }
    });
  });

  describe('malformed success bodies', () => {
    const bodies: [string, Parameters<TestServer['reply']>[0], RegExp][] = [
      [
        'an HTML login page',
        replies.text(200, '<!DOCTYPE html><html><head><title>Sign in</title></head></html>', 'text/html'),
        /HTML page instead of JSON \(200\)/,
      ],
      [
        'truncated JSON',
        replies.text(200, '{"results":[{"id":"a","name":"A"},{"id":', 'application/json'),
        /malformed or truncated JSON/,
      ],
      ['an empty body', replies.text(200, '', 'application/json'), /empty body/],
      [
        'JSON of another shape',
        replies.json(200, { companies: [] }),
        /unexpected shape \(expected a page of companies\)/,
      ],
      ['results that are not companies', replies.json(200, envelope([{ nope: 1 }])), /unexpected shape/],
      ['plain text', replies.text(200, 'OK'), /text instead of JSON/],
    ];
    for (const [name, reply, message] of bodies) {
      it(`${name} → malformedResponse, not retried`, async () => {
        server.reply(reply);
        await assert.rejects(client().listCompanies(), (e: unknown) => {
          isKind('malformedResponse')(e);
          assert.match((e as ApiError).message, message);
          return true;
        });
        assert.equal(server.count, 1);
      });
    }

    it('a 200 error page from a 502 gateway, cut mid-body, is a network error', async () => {
      server.reply(replies.cutOff(200, '{"results":[{"id":"a"'), replies.json(200, envelope([company('a')])));
      const page = await client().listCompanies();
      assert.equal(page.results.length, 1);
      assert.equal(server.count, 2);
      assert.equal(summaries[0].errorKind, 'network');
    });

    it('an HTML 502 from a gateway says so', async () => {
      server.reply(
        replies.text(
          502,
          '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>',
          'text/html',
        ),
      );
      await assert.rejects(client({ retry: { maxAttempts: 1 } }).listCompanies(), (e: unknown) => {
        isKind('server')(e);
        assert.equal((e as ApiError).message, 'Server returned an HTML page instead of JSON (502)');
        return true;
      });
    });
  });

  describe('paging over HTTP', () => {
    it('follows relative _links.next to the end, no duplicate and no gap, under a base path', async () => {
      const all = Array.from({ length: 23 }, (_, i) => invoice(`inv${i}`));
      server.otherwise(pagedList(all, '/v1'));
      const c = client({ baseUrl: `${server.url}/v1` });
      const seen: string[] = [];
      for await (const inv of allInvoices(c, 'c1', { pageSize: 5 })) seen.push(inv.id);
      assert.deepEqual(
        seen,
        all.map((i) => i.id),
      );
      assert.deepEqual(
        server.requests.map((r) => r.url),
        [1, 2, 3, 4, 5].map((p) => `/v1/companies/c1/data/invoices?page=${p}&pageSize=5`),
      );
    });

    it('pages() yields every page; getPage follows one href', async () => {
      const all = Array.from({ length: 5 }, (_, i) => company(`c${i}`));
      server.otherwise(pagedList(all));
      const c = client();
      const first = await c.listCompanies({ pageSize: 2 });
      const numbers: number[] = [];
      for await (const p of c.pages(first)) numbers.push(p.pageNumber);
      assert.deepEqual(numbers, [1, 2, 3]);
      const again = await c.getPage<Company>('/companies?page=3&pageSize=2');
      assert.deepEqual(
        again.results.map((x) => x.id),
        ['c4'],
      );
    });

    it('allCompanies walks every page', async () => {
      const all = Array.from({ length: 7 }, (_, i) => company(`c${i}`));
      server.otherwise(pagedList(all));
      const seen: string[] = [];
      for await (const co of client().allCompanies({ pageSize: 3 })) seen.push(co.id);
      assert.deepEqual(
        seen,
        all.map((x) => x.id),
      );
    });

    it('a PagedList from the client loads page by page', async () => {
      const all = Array.from({ length: 5 }, (_, i) => invoice(`i${i}`));
      server.otherwise(pagedList(all));
      const list = invoiceList(client(), 'c1', { pageSize: 2 });
      await list.loadMore();
      assert.equal(list.items.length, 2);
      await list.loadAll();
      assert.deepEqual(
        list.items.map((i) => i.id),
        all.map((i) => i.id),
      );
      assert.equal(list.totalResults, 5);
    });

    it('accepts an absolute href under the base URL', async () => {
      server.reply(replies.json(200, envelope([company('a')])));
      await client().getPage(`${server.url}/companies?page=2&pageSize=1`);
      assert.equal(server.requests[0].url, '/companies?page=2&pageSize=1');
    });

    for (const href of [
      'http://evil.example/companies?page=2',
      '//evil.example/companies',
      'https://127.0.0.1:1/companies',
      'companies?page=2',
      '/companies/../apiKeys',
      '/a/%2e%2e/b',
      '',
      '/companies\\x',
    ]) {
      it(`refuses to follow ${JSON.stringify(href)}, sending nothing`, async () => {
        await assert.rejects(client().getPage(href), isKind('invalidParameter'));
        assert.equal(server.count, 0);
      });
    }
  });

  describe('retries', () => {
    it('retries a GET on 503 with backoff, then succeeds', async () => {
      server.reply(
        replies.error(503, 'Maintenance'),
        replies.error(500, 'Oops'),
        replies.json(200, envelope([company('a')])),
      );
      const page = await client().listCompanies();
      assert.equal(page.results[0].id, 'a');
      assert.equal(server.count, 3);
      assert.deepEqual(delays, [750, 1000]); // the 500 ms floor plus full jitter at random() = 0.5 of 500, 1000
      assert.deepEqual(
        summaries.map((s) => [s.attempt, s.status, s.errorKind]),
        [
          [1, 503, 'unavailable'],
          [2, 500, 'server'],
          [3, 200, undefined],
        ],
      );
    });

    it('honours Retry-After in seconds', async () => {
      server.reply(replies.error(429, 'Slow down', {}, { 'Retry-After': '2' }), replies.json(200, envelope([])));
      await client().listCompanies();
      assert.deepEqual(delays, [2250]); // what it asked, plus the jitter
    });

    it('honours Retry-After as an HTTP date', async () => {
      server.reply(
        replies.error(429, 'Slow down', {}, { 'Retry-After': new Date(NOW + 7000).toUTCString() }),
        replies.json(200, envelope([])),
      );
      await client().listCompanies();
      assert.deepEqual(delays, [7250]);
    });

    it('honours X-Rate-Limit-Reset when a 429 has no Retry-After', async () => {
      server.reply(
        replies.error(
          429,
          'Slow down',
          {},
          { 'X-Rate-Limit-Reset': new Date(NOW + 4000).toUTCString(), 'X-Rate-Limit-Remaining': '0' },
        ),
        replies.json(200, envelope([])),
      );
      await client().listCompanies();
      assert.deepEqual(delays, [4250]);
    });

    it('stops at the attempt bound and reports the attempts made', async () => {
      for (let i = 0; i < 6; i++) server.reply(replies.error(503, 'Maintenance'));
      await assert.rejects(client().listCompanies(), (e: unknown) => {
        isKind('unavailable')(e);
        assert.equal((e as ApiError).attempts, 4);
        return true;
      });
      assert.equal(server.count, 4);
      assert.equal(delays.length, 3);
    });

    it('gives up at once when the server asks for longer than the cap, saying when to retry', async () => {
      server.reply(replies.error(429, 'Slow down', {}, { 'Retry-After': '45' }));
      await assert.rejects(client().listCompanies(), (e: unknown) => {
        isKind('rateLimited')(e);
        const err = e as ApiError;
        assert.equal(err.retryAfterMs, 45_000);
        assert.equal(err.message, 'Rate limited — retry in 45 s');
        assert.equal(err.attempts, 1);
        return true;
      });
      assert.equal(server.count, 1);
      assert.deepEqual(delays, []);
    });

    it('respects a smaller cap from the options', async () => {
      server.reply(replies.error(429, 'Slow down', {}, { 'Retry-After': '5' }));
      await assert.rejects(client({ retry: { maxWaitMs: 1000 } }).listCompanies(), isKind('rateLimited'));
      assert.equal(server.count, 1);
    });

    it('never retries a POST answered 503 (server counts requests)', async () => {
      server.reply(replies.error(503, 'Maintenance'), replies.json(200, company('a')));
      await assert.rejects(client().createCompany({ name: 'Acme' }), isKind('unavailable'));
      assert.equal(server.count, 1);
      assert.deepEqual(delays, []);
    });

    it('never retries a POST whose connection was reset (it may have been processed)', async () => {
      const pull = {
        id: 'p1',
        companyId: 'c',
        dataType: 'invoices',
        status: 'Queued',
        requested: '2025-01-01T00:00:00Z',
        progress: 0,
        isCompleted: false,
        isErrored: false,
      };
      server.reply(replies.reset(), replies.json(200, pull));
      await assert.rejects(client().queueSync('c', 'invoices'), isKind('network'));
      assert.equal(server.count, 1);
      assert.deepEqual(delays, []);
    });

    it('retries a POST whose connection was refused (it never reached a server)', async () => {
      const port = await refusedPort();
      await assert.rejects(
        client({ baseUrl: `http://127.0.0.1:${port}` }).createCompany({ name: 'Acme' }),
        (e: unknown) => {
          isKind('network')(e);
          const err = e as ApiError;
          assert.equal(err.code, 'ECONNREFUSED');
          assert.equal(err.attempts, 4);
          assert.match(err.message, /Could not connect to 127\.0\.0\.1:\d+ \(connection refused\)/);
          return true;
        },
      );
      assert.equal(delays.length, 3);
    });

    it('retries a GET after a connection reset', async () => {
      server.reply(replies.reset(), replies.json(200, envelope([company('a')])));
      const page = await client().listCompanies();
      assert.equal(page.results.length, 1);
      assert.equal(server.count, 2);
      assert.equal(summaries[0].errorKind, 'network');
    });

    it('retries DELETE (idempotent) on 502', async () => {
      server.reply(replies.text(502, 'Bad Gateway'), { status: 204 });
      await client().deleteApiKey('k1');
      assert.equal(server.count, 2);
    });
  });

  describe('rate gate (GETs share what the server said about the budget)', () => {
    const rate = (remaining: number, resetInMs: number) => ({
      'X-Rate-Limit-Limit': '100',
      'X-Rate-Limit-Remaining': String(remaining),
      'X-Rate-Limit-Reset': new Date(NOW + resetInMs).toUTCString(),
    });

    it('after a 429 the next GET waits what it asked (plus jitter) before going; a POST is never held back', async () => {
      server.reply(
        replies.error(429, 'Slow down', {}, { 'Retry-After': '20' }),
        replies.json(200, company('a')),
        replies.json(200, envelope([])),
      );
      const c = client({ retry: { maxAttempts: 1 } });
      await assert.rejects(c.listCompanies(), isKind('rateLimited'));
      await c.createCompany({ name: 'Acme' });
      assert.deepEqual(delays, [], 'the POST went at once');
      await c.listCompanies();
      assert.deepEqual(delays, [20_250]);
      assert.deepEqual(
        server.requests.map((r) => r.method),
        ['GET', 'POST', 'GET'],
      );
    });

    it('a GET waiting in the closed gate is cancelled at once and sends nothing', async () => {
      server.reply(replies.error(429, 'Slow down', {}, { 'Retry-After': '20' }));
      const controller = new AbortController();
      const c = client({
        retry: { maxAttempts: 1 },
        sleep: (_ms, signal) =>
          new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error))),
      });
      await assert.rejects(c.listCompanies(), isKind('rateLimited'));
      const waiting = c.listCompanies({}, { signal: controller.signal });
      setImmediate(() => controller.abort());
      await assert.rejects(waiting, (e: unknown) => {
        isKind('cancelled')(e);
        assert.equal((e as ApiError).attempts, 0);
        return true;
      });
      assert.equal(server.count, 1);
    });

    it('when the headers say none is left, the next GET waits for the reset; a POST does not', async () => {
      const seen: unknown[] = [];
      server.reply(
        replies.json(200, envelope([]), rate(0, 3_000)),
        replies.json(200, company('a')),
        replies.json(200, envelope([])),
      );
      const c = client({ onGate: (e) => seen.push(e) });
      await c.listCompanies();
      await c.createCompany({ name: 'Acme' });
      assert.deepEqual(delays, []);
      await c.listCompanies();
      assert.deepEqual(delays, [3_250], 'the reset, plus jitter');
      assert.deepEqual(seen, [{ kind: 'waitingForReset', waitMs: 3_000 }]);
    });

    it('when few are left, spaces the GETs over the time to the reset', async () => {
      const seen: unknown[] = [];
      server.reply(
        replies.json(200, envelope([]), rate(5, 10_000)),
        replies.json(200, envelope([]), rate(4, 10_000)),
        replies.json(200, envelope([])),
      );
      const c = client({ onGate: (e) => seen.push(e) });
      await c.listCompanies();
      await c.listCompanies(); // the first of the paced: goes at once, the next 2 s (10 s / 5) later
      await c.listCompanies();
      assert.deepEqual(delays, [2_000]);
      assert.deepEqual(seen, [{ kind: 'spacing', remaining: 5, limit: 100, resetInMs: 10_000, intervalMs: 2_000 }]);
    });
  });

  describe('cancellation and timeouts', () => {
    it('an aborted signal sends nothing', async () => {
      const c = new AbortController();
      c.abort();
      await assert.rejects(client().listCompanies({}, { signal: c.signal }), (e: unknown) => {
        isKind('cancelled')(e);
        assert.equal((e as ApiError).attempts, 0);
        return true;
      });
      assert.equal(server.count, 0);
    });

    it('aborting during a request stops it with kind cancelled', async () => {
      const c = new AbortController();
      server.reply(() => c.abort());
      await assert.rejects(client().listCompanies({}, { signal: c.signal }), isKind('cancelled'));
      assert.equal(server.count, 1);
      assert.equal(summaries[0].errorKind, 'cancelled');
    });

    it('aborting during a backoff wait stops at once, even if the sleep ignores the signal', async () => {
      const c = new AbortController();
      server.reply(replies.error(503, 'Maintenance'));
      const cl = client({
        sleep: () => {
          setImmediate(() => c.abort());
          return new Promise<void>(() => undefined);
        },
      });
      await assert.rejects(cl.listCompanies({}, { signal: c.signal }), (e: unknown) => {
        isKind('cancelled')(e);
        assert.equal((e as ApiError).attempts, 1);
        return true;
      });
      assert.equal(server.count, 1);
    });

    it('a request that outlasts its timeout fails with kind timeout and is not retried', async () => {
      server.reply(replies.hang());
      await assert.rejects(client({ timeoutMs: 50 }).listCompanies(), (e: unknown) => {
        isKind('timeout')(e);
        assert.equal((e as ApiError).message, 'Request timed out after 50 ms');
        assert.equal((e as ApiError).retryable, true);
        assert.equal((e as ApiError).attempts, 1, 'not retried');
        return true;
      });
      // On a loaded machine the 50 ms may pass before the server has even counted the request.
      assert.ok(server.count <= 1, `${server.count} requests`);
    });

    it('a per-call timeout overrides the client default; a slow body within it is fine', async () => {
      server.reply({ ...replies.json(200, envelope([company('a')])), delayMs: 30 });
      const page = await client({ timeoutMs: 5 }).listCompanies({}, { timeoutMs: 10_000 });
      assert.equal(page.results.length, 1);
    });

    it('a timeout given as a function is read for each request (a setting changed meanwhile)', async () => {
      let seconds = 10;
      const cl = client({ timeoutMs: () => seconds * 1000 });
      server.reply({ ...replies.json(200, envelope([company('a')])), delayMs: 30 });
      assert.equal((await cl.listCompanies()).results.length, 1);
      seconds = 0.02;
      server.reply(replies.hang());
      await assert.rejects(cl.listCompanies(), (e: unknown) => {
        isKind('timeout')(e);
        assert.equal((e as ApiError).message, 'Request timed out after 20 ms');
        return true;
      });
    });

    it('a body that trickles past the timeout times out too', async () => {
      server.reply((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"results":[');
      });
      await assert.rejects(client({ timeoutMs: 50 }).listCompanies(), isKind('timeout'));
    });
  });

  describe('rate-limit headers', () => {
    it('keeps those of the last response and tells the listener', async () => {
      const seen: RateLimitInfo[] = [];
      const reset = '2025-03-01T12:01:00Z';
      server.reply(
        replies.json(200, envelope([]), {
          'X-Rate-Limit-Limit': '100',
          'X-Rate-Limit-Remaining': '99',
          'X-Rate-Limit-Reset': reset,
        }),
        replies.json(200, envelope([]), {
          'X-Rate-Limit-Limit': '100',
          'X-Rate-Limit-Remaining': '98',
          'X-Rate-Limit-Reset': reset,
        }),
      );
      const c = client({ onRateLimit: (i) => seen.push(i) });
      assert.equal(c.rateLimit, undefined);
      await c.listCompanies();
      await c.listCompanies();
      assert.deepEqual(c.rateLimit, {
        limit: 100,
        remaining: 98,
        resetAt: Date.parse(reset),
        resetRaw: reset,
        observedAt: NOW,
      });
      assert.deepEqual(
        seen.map((s) => s.remaining),
        [99, 98],
      );
    });
  });

  describe('logging hooks', () => {
    it('report one summary per attempt with correlation id and no headers', async () => {
      server.reply(replies.error(404, 'No company was found with ID c'));
      await assert.rejects(client().getCompany('c'));
      assert.deepEqual(summaries, [
        {
          method: 'GET',
          path: '/companies/c',
          status: 404,
          durationMs: 0,
          attempt: 1,
          correlationId: CID,
          errorKind: 'notFound',
        },
      ]);
    });

    it('trace bodies, with apiKey fields blanked', async () => {
      server.reply(
        replies.json(200, { results: [{ id: 'k1', apiKey: 'another-secret-key-0001', createdDate: '2025-01-01' }] }),
      );
      await client().listApiKeys();
      assert.equal(traces.length, 1);
      assert.equal(traces[0].status, 200);
      assert.ok(traces[0].responseBody?.includes('"apiKey":"***"'));
      assert.ok(!traces[0].responseBody?.includes('another-secret-key-0001'));
    });

    it('a throwing hook does not break the request', async () => {
      server.reply(replies.json(200, envelope([])));
      const c = client({
        onRequest: () => {
          throw new Error('log broke');
        },
      });
      await c.listCompanies();
    });
  });

  describe('the key never leaks', () => {
    function assertClean(label: string, text: string | undefined): void {
      if (text === undefined) return;
      assert.ok(!text.includes(KEY), `${label} contains the key: ${text}`);
      assert.ok(!text.includes(KEY_B64), `${label} contains the Base64 key: ${text}`);
    }

    const echoes: [string, () => Parameters<TestServer['reply']>[0]][] = [
      [
        'a JSON error echoing the key',
        () => replies.error(401, `Key ${KEY} rejected; Authorization: Basic ${KEY_B64}`),
      ],
      [
        'an HTML page echoing the headers',
        () =>
          replies.text(
            500,
            `<html><title>Error</title><body>Authorization: Basic ${KEY_B64}</body></html>`,
            'text/html',
          ),
      ],
      ['a success body echoing the key', () => replies.json(200, { echo: `Basic ${KEY_B64}`, key: KEY })],
      ['a connection reset', () => replies.reset()],
      ['a timeout', () => replies.hang()],
    ];
    for (const [name, reply] of echoes) {
      it(`not after ${name}`, async () => {
        server.reply(reply());
        const c = client({ timeoutMs: 100, retry: { maxAttempts: 1 } });
        let caught: unknown;
        try {
          await c.listCompanies();
        } catch (e) {
          caught = e;
        }
        assert.ok(caught instanceof ApiError);
        assertClean('message', caught.message);
        assertClean('String()', String(caught));
        assertClean('stack', caught.stack);
        assertClean('toJSON()', JSON.stringify(caught));
        assertClean('rawBody', caught.rawBody);
        assertClean(
          'keys of the error',
          JSON.stringify(
            Object.getOwnPropertyNames(caught).map((k) => String((caught as unknown as Record<string, unknown>)[k])),
          ),
        );
        assertClean('onRequest', JSON.stringify(summaries));
        assertClean('onTrace', JSON.stringify(traces));
        assert.equal((caught as { cause?: unknown }).cause, undefined);
      });
    }

    it('not when the client object itself is logged', () => {
      const c = client();
      assertClean('util.inspect(client)', inspect(c, { depth: Infinity, showHidden: true }));
      assertClean('JSON.stringify(client)', JSON.stringify(c));
    });

    it('not in a network error message (the key is only in a header)', async () => {
      const port = await refusedPort();
      await assert.rejects(
        client({ baseUrl: `http://127.0.0.1:${port}`, retry: { maxAttempts: 1 } }).getCompany(KEY),
        (e: unknown) => {
          const err = e as ApiError;
          assertClean('message', err.message);
          assertClean('path', err.path);
          assertClean('toJSON()', JSON.stringify(err));
          return true;
        },
      );
      assertClean('onRequest', JSON.stringify(summaries));
    });
  });
});
