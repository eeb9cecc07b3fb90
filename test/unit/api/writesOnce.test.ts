// The connection, company and record writes over HTTP against a local stub server: each is sent once and
// never again, whatever happens to its answer (a PUT or a DELETE as a POST: HTTP calls them
// idempotent, the client does not repeat them), its lost answer surfaces as the same error a
// POST's does, it never waits in the rate gate, and what Copy as cURL builds is what went out.
import * as assert from 'node:assert/strict';
import { DataPlatformClient, type ClientOptions } from '../../../src/api/client';
import { ApiError, isApiError } from '../../../src/api/errors';
import type { TraceEntry } from '../../../src/api/transportOptions';
import { refusedPort, replies, TestServer, type Reply } from '../../support/httpDouble';

const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const NOW = Date.parse('2026-11-27T12:00:00Z');
const CONNECTION = {
  id: 'cx-1',
  integrationId: 'bf083d72-62c7-493e-aec9-81b4dbba7e2c',
  integrationKey: 'gbol',
  sourceId: '2a5c6c4d-9f8e-4b1a-8d3e-7f6a5b4c3d2e',
  platformName: 'Xero',
  linkUrl: 'https://link.codat.io/companies/co-1/connections/cx-1/start',
  status: 'PendingAuth',
  created: '2026-11-27T12:00:00Z',
  sourceType: 'Accounting',
};
const COMPANY = { id: 'co-1', name: 'Bank of Dave', created: '2026-11-27T12:00:00Z' };
const PUSH_OPERATION = {
  pushOperationKey: 'po-1',
  companyId: 'co-1',
  dataConnectionKey: 'cx-1',
  dataType: 'invoices',
  status: 'Pending',
  requestedOnUtc: '2026-11-27T12:00:00Z',
};
const PLACE = { companyId: 'co-1', connectionId: 'cx-1' };
const INVOICE = { id: 'inv-1', invoiceNumber: 'INV-1', totalAmount: 12 };

interface Write {
  name: string;
  method: string;
  /** The call, and what it would send built without sending. */
  call(c: DataPlatformClient): Promise<unknown>;
  built(c: DataPlatformClient): { method: string; url: string; body?: unknown };
  /** Its success as the API answers it. */
  answer: Reply;
  /** The body an error keeps for Copy as cURL (none for the platform credentials). */
  keepsBody: boolean;
  /** Answered with nothing (a 204, a bare 200), not a resource. */
  empty?: true;
}

const WRITES: readonly Write[] = [
  {
    name: 'create connection',
    method: 'POST',
    call: (c) => c.connections.create('co-1', 'gbol'),
    built: (c) => c.connections.createRequest('co-1', 'gbol'),
    answer: replies.json(200, CONNECTION),
    keepsBody: true,
  },
  {
    name: 'unlink connection',
    method: 'PATCH',
    call: (c) => c.connections.unlink('co-1', 'cx-1'),
    built: (c) => c.connections.unlinkRequest('co-1', 'cx-1'),
    answer: replies.json(200, { ...CONNECTION, status: 'Unlinked' }),
    keepsBody: true,
  },
  {
    name: 'delete connection',
    method: 'DELETE',
    call: (c) => c.connections.delete('co-1', 'cx-1'),
    built: (c) => c.connections.deleteRequest('co-1', 'cx-1'),
    answer: { status: 200 },
    keepsBody: true,
    empty: true,
  },
  {
    name: 'update authorization',
    method: 'PUT',
    call: (c) => c.connections.updateAuthorization('co-1', 'cx-1', { clientSecret: 's3cr3t-value' }),
    built: (c) => c.connections.updateAuthorizationRequest('co-1', 'cx-1', { clientSecret: 's3cr3t-value' }),
    answer: replies.json(200, { ...CONNECTION, status: 'Linked' }),
    keepsBody: false,
  },
  {
    name: 'edit company',
    method: 'PATCH',
    call: (c) => c.companies.update('co-1', { name: 'Bank of Dave', tags: { region: 'uk' } }),
    built: (c) => c.companies.updateRequest('co-1', { name: 'Bank of Dave', tags: { region: 'uk' } }),
    answer: replies.json(200, { ...COMPANY, tags: { region: 'uk' } }),
    keepsBody: true,
  },
  {
    name: 'delete company',
    method: 'DELETE',
    call: (c) => c.companies.delete('co-1'),
    built: (c) => c.companies.deleteRequest('co-1'),
    answer: { status: 204 },
    keepsBody: true,
    empty: true,
  },
  {
    name: 'create record (push)',
    method: 'POST',
    call: (c) => c.pushes.create(PLACE, 'invoices', INVOICE),
    built: (c) => c.pushes.createRequest(PLACE, 'invoices', INVOICE),
    answer: replies.json(200, PUSH_OPERATION),
    keepsBody: true,
  },
  {
    name: 'create bank transactions under their account',
    method: 'POST',
    call: (c) => c.pushes.create({ ...PLACE, parentId: 'ba-1' }, 'bankTransactions', { transactions: [] }),
    built: (c) => c.pushes.createRequest({ ...PLACE, parentId: 'ba-1' }, 'bankTransactions', { transactions: [] }),
    answer: replies.json(200, { ...PUSH_OPERATION, dataType: 'bankTransactions' }),
    keepsBody: true,
  },
  {
    name: 'update record',
    method: 'PUT',
    call: (c) => c.pushes.update(PLACE, 'invoices', 'inv-1', INVOICE, { forceUpdate: true }),
    built: (c) => c.pushes.updateRequest(PLACE, 'invoices', 'inv-1', INVOICE, { forceUpdate: true }),
    answer: replies.json(200, PUSH_OPERATION),
    keepsBody: true,
  },
  {
    name: 'delete record',
    method: 'DELETE',
    call: (c) => c.pushes.delete(PLACE, 'invoices', 'inv-1'),
    built: (c) => c.pushes.deleteRequest(PLACE, 'invoices', 'inv-1'),
    answer: replies.json(200, PUSH_OPERATION),
    keepsBody: true,
  },
];

/** What the server does with a write once it has the whole request. */
const FAULTS: ReadonlyArray<{ name: string; reply: () => Reply; timeoutMs?: number }> = [
  { name: 'the connection dropped', reply: () => replies.reset() },
  { name: 'no answer before the timeout', reply: () => replies.hang(), timeoutMs: 150 },
  { name: 'the body cut short', reply: () => replies.cutOff(200, '{"id":"cx-1","sta') },
  { name: '503', reply: () => replies.error(503, 'Unavailable') },
  { name: '500', reply: () => replies.error(500, 'Oops') },
  { name: "a gateway's 502 page", reply: () => replies.text(502, '<html>Bad gateway</html>', 'text/html') },
  { name: '429 with Retry-After', reply: () => replies.error(429, 'Slow down', {}, { 'Retry-After': '1' }) },
];

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  assert.fail('expected the write to fail');
}

describe('connection and company writes: sent once, never retried', function () {
  this.timeout(10_000);
  let server: TestServer;
  let delays: number[];

  const client = (over: Partial<ClientOptions> = {}) =>
    new DataPlatformClient({
      baseUrl: server.url,
      apiKey: KEY,
      sleep: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
      now: () => NOW,
      ...over,
    });

  beforeEach(async () => {
    server = await TestServer.start();
    delays = [];
  });
  afterEach(() => server.close());

  for (const fault of FAULTS) {
    it(`${fault.name}: each write arrives once and fails as a POST's lost answer does`, async () => {
      const c = client({ timeoutMs: fault.timeoutMs ?? 5_000 });
      // A POST (Create Company) under the same fault: the kind every write must end with.
      server.reply(fault.reply());
      const post = await failure(c.createCompany({ name: 'Acme' }));
      assert.equal(server.count, 1);
      for (const write of WRITES) {
        const sentBefore: number = server.count;
        // Nothing queued after the fault: a retry would be counted, answered 599.
        server.reply(fault.reply());
        const error = await failure(write.call(c));
        assert.equal(server.count - sentBefore, 1, `${write.name}: requests that arrived`);
        assert.equal(server.requests.at(-1)?.method, write.method);
        assert.equal(error.kind, post.kind, `${write.name}: ${error.message}`);
        assert.equal(error.code, post.code, write.name);
        assert.equal(error.attempts, 1, write.name);
      }
      assert.deepEqual(delays, [], 'no write waited for a retry');
    });
  }

  it('a refused connection (nothing arrived) is tried again, as for a POST', async () => {
    const port = await refusedPort();
    const c = new DataPlatformClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      sleep: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
      retry: { maxAttempts: 2 },
    });
    for (const write of WRITES) {
      delays = [];
      const error = await failure(write.call(c));
      assert.equal(error.kind, 'network', write.name);
      assert.equal(error.attempts, 2, `${write.name}: ${error.message}`);
      assert.equal(delays.length, 1, write.name);
    }
  });

  it('each write sends what Copy as cURL builds, and succeeds on its answer', async () => {
    const c = client();
    for (const write of WRITES) {
      server.reply(write.answer);
      const built = write.built(c);
      const sentBefore: number = server.count;
      const result = await write.call(c);
      assert.equal(server.count - sentBefore, 1);
      const got = server.requests.at(-1);
      assert.equal(`${got?.method} ${server.url}${got?.url}`, `${built.method} ${built.url}`, write.name);
      assert.equal(got?.body, built.body === undefined ? '' : JSON.stringify(built.body), write.name);
      if (built.body !== undefined) assert.equal(got?.headers['content-type'], 'application/json');
      if (write.empty) assert.equal(result, undefined, write.name);
      else assert.ok(result && typeof result === 'object', write.name);
    }
  });

  it('an error keeps the write as sent for Copy as cURL, but never the platform credentials', async () => {
    const c = client();
    for (const write of WRITES) {
      server.reply(replies.error(404, 'Not found'));
      const error = await failure(write.call(c));
      const built = write.built(c);
      if (!write.keepsBody) {
        assert.equal(error.request, undefined, write.name);
        assert.ok(!JSON.stringify(error.toJSON()).includes('s3cr3t-value'), write.name);
        continue;
      }
      const body = built.body === undefined ? {} : { body: JSON.stringify(built.body) };
      assert.deepEqual(error.request, { url: built.url, ...body }, write.name);
    }
  });

  it('a trace line shows the authorization sent by its field names only; other writes as sent', async () => {
    const traces: TraceEntry[] = [];
    const c = client({ onTrace: (t) => traces.push(t) });
    server.reply(replies.json(200, CONNECTION), replies.json(200, COMPANY));
    await c.connections.updateAuthorization('co-1', 'cx-1', { clientId: 'id-1', clientSecret: 's3cr3t-value' });
    await c.companies.update('co-1', { name: 'Bank of Dave' });
    assert.equal(server.requests[0].body, '{"clientId":"id-1","clientSecret":"s3cr3t-value"}', 'sent whole');
    assert.deepEqual(
      traces.map((t) => t.requestBody),
      ['{"clientId":"***","clientSecret":"***"}', '{"name":"Bank of Dave"}'],
    );
  });

  it('a malformed answer to a write is malformedResponse, after one request', async () => {
    const c = client();
    server.reply(replies.json(200, { id: 'cx-1' }), replies.json(200, { id: 'co-1' }));
    assert.equal((await failure(c.connections.unlink('co-1', 'cx-1'))).kind, 'malformedResponse');
    assert.equal((await failure(c.companies.update('co-1', { name: 'A' }))).kind, 'malformedResponse');
    assert.equal(server.count, 2);
  });

  it("a write's 429 closes the gate for GETs, as a POST's does; writes never wait in it", async () => {
    const c = client({ retry: { maxAttempts: 1 } });
    server.reply(replies.error(429, 'Slow down', {}, { 'Retry-After': '20' }), { status: 204 }, { status: 200 });
    assert.equal((await failure(c.companies.update('co-1', { name: 'A' }))).kind, 'rateLimited');
    await c.companies.delete('co-1');
    await c.connections.delete('co-1', 'cx-1');
    assert.deepEqual(delays, [], 'the writes went at once');
    server.reply(replies.json(200, CONNECTION));
    await c.connections.get('co-1', 'cx-1');
    assert.deepEqual(delays, [20_250], 'the GET waited what the 429 asked, plus jitter');
  });

  it('reads (a connection, an integration, a validation) are still retried', async () => {
    const c = client();
    server.reply(
      replies.error(503, 'Unavailable'),
      replies.json(200, CONNECTION),
      replies.error(502, 'Bad gateway'),
      replies.json(200, { key: 'gbol', name: 'Xero', enabled: true }),
      replies.reset(),
      replies.json(200, { errors: [{ ruleId: 'r', itemId: 'i', message: 'm', validatorName: 'v' }] }),
    );
    assert.equal((await c.connections.get('co-1', 'cx-1')).status, 'PendingAuth');
    assert.equal((await c.connections.getIntegration('gbol')).name, 'Xero');
    assert.equal((await c.connections.validation('co-1', 'ds-1')).errors?.[0].ruleId, 'r');
    assert.equal(server.count, 6);
    assert.deepEqual(
      server.requests.map((r) => `${r.method} ${r.url}`),
      [
        'GET /companies/co-1/connections/cx-1',
        'GET /companies/co-1/connections/cx-1',
        'GET /integrations/gbol',
        'GET /integrations/gbol',
        'GET /companies/co-1/sync/ds-1/validation',
        'GET /companies/co-1/sync/ds-1/validation',
      ],
    );
  });
});
