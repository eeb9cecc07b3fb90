// A response over the client's size limit is refused unread with one clear error, and is not
// retried: a server (or a proxy) sending an endless body cannot fill the extension's memory.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { MAX_RESPONSE_BYTES } from '../../../src/api/transportOptions';
import { replies, TestServer } from '../../support/httpDouble';

const KEY = 'sk_test_size_0123456789abcdef';

describe('response size limit', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await TestServer.start();
  });
  afterEach(() => server.close());

  const client = (maxResponseBytes?: number) =>
    new DataPlatformClient({
      baseUrl: server.url,
      apiKey: KEY,
      maxResponseBytes,
      sleep: () => Promise.resolve(),
      retry: { maxAttempts: 4 },
    });

  it('refuses a body over the limit with one clear error, without retrying', async () => {
    const big = {
      results: Array.from({ length: 200 }, (_, i) => ({ id: `c${i}`, name: 'x'.repeat(100), redirect: 'r' })),
      pageNumber: 1,
      pageSize: 200,
      totalResults: 200,
      _links: { self: { href: '/companies' }, current: { href: '/companies?page=1' } },
    };
    server.otherwise((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(big));
    });
    await assert.rejects(client(10_000).listCompanies(), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.kind, 'malformedResponse');
      assert.match(e.message, /^The response was larger than 10 KB and was not read; a smaller page size/);
      assert.equal(e.retryable, false);
      return true;
    });
    assert.equal(server.count, 1, 'asking again would bring the same body');
  });

  it('reads the same body under the default limit, which leaves room for a full page of 5000 invoices', async () => {
    server.reply(
      replies.json(200, {
        results: [{ id: 'c1', name: 'A', redirect: 'r' }],
        pageNumber: 1,
        pageSize: 100,
        totalResults: 1,
        _links: { self: { href: '/companies' }, current: { href: '/companies?page=1' } },
      }),
    );
    const page = await client().listCompanies();
    assert.equal(page.results.length, 1);
    assert.ok(MAX_RESPONSE_BYTES >= 32 * 1024 * 1024);
  });
});
