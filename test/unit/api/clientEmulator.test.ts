// The client against the real emulator: proves that the two halves of the foundation agree on
// the wire (links, encoding, error bodies, retries) — each side's own tests use their own doubles.
import * as assert from 'node:assert/strict';
import { DataPlatformClient, type ClientOptions } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import type { Company, Invoice } from '../../../src/api/models';
import type { RequestSummary } from '../../../src/api/transportOptions';
import { presentError } from '../../../src/format/labels';
import { rejectsWith } from '../../support/apiErrors';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { allInvoices, invoiceList, listInvoices } from '../../support/invoiceReads';

const INVOICES = 1234;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('client against the emulator', function () {
  let emu: RunningEmulator;
  let delays: number[];
  let summaries: RequestSummary[];

  // Waits cost no time, yet the client's clock moves by them, as if they had passed: the rate gate
  // reads the clock to know that a 429's wait is over.
  const client = (key = emu.keys.normal, over: Partial<ClientOptions> = {}) => {
    let slept = 0;
    return new DataPlatformClient({
      baseUrl: emu.url,
      apiKey: key,
      sleep: (ms) => {
        delays.push(ms);
        slept += ms;
        return Promise.resolve();
      },
      now: () => Date.now() + slept,
      onRequest: (s) => summaries.push(s),
      ...over,
    });
  };
  const apiRequests = () => emu.requests.entries();

  before(async () => {
    emu = await startEmulator({ invoices: INVOICES });
  });
  after(async () => emu.close());
  beforeEach(() => {
    emu.reset();
    delays = [];
    summaries = [];
  });

  describe('paging', () => {
    it('walks every company by following relative next links, with no duplicate and no gap', async () => {
      const first = await client().listCompanies({ pageSize: 25 });
      const all = await collect(client().allCompanies({ pageSize: 25 }));
      assert.equal(all.length, first.totalResults);
      assert.equal(new Set(all.map((c: Company) => c.id)).size, all.length);
      const pages = apiRequests().map((r) => r.query.page);
      assert.deepEqual(pages, [
        '1',
        ...Array.from({ length: Math.ceil(first.totalResults / 25) }, (_, i) => String(i + 1)),
      ]);
    });

    it('walks all invoices of the big company page by page to totalResults', async () => {
      const all = await collect(allInvoices(client(), emu.companies.many, { pageSize: 500 }));
      assert.equal(all.length, INVOICES);
      assert.equal(new Set(all.map((i: Invoice) => i.id)).size, INVOICES);
      assert.equal(apiRequests().length, Math.ceil(INVOICES / 500));
    });

    it('a PagedList loads exactly one more page per loadMore', async () => {
      const list = invoiceList(client(), emu.companies.many, { pageSize: 100 });
      await list.loadMore();
      await list.loadMore();
      assert.equal(list.items.length, 200);
      assert.equal(list.totalResults, INVOICES);
      assert.deepEqual(
        apiRequests().map((r) => r.query.page),
        ['1', '2'],
      );
    });
  });

  describe('queries', () => {
    it('a filter reaches the emulator intact and totalResults counts only the matches', async () => {
      const query = '{status=Paid||status=PartiallyPaid}&&totalAmount>100';
      const page = await listInvoices(client(), emu.companies.many, { pageSize: 5000, query });
      assert.ok(page.totalResults > 0 && page.totalResults < INVOICES, `totalResults ${page.totalResults}`);
      assert.equal(page.results.length, page.totalResults);
      for (const inv of page.results) {
        assert.ok(inv.status === 'Paid' || inv.status === 'PartiallyPaid');
        assert.ok(inv.totalAmount > 100);
      }
      assert.equal(apiRequests()[0].query.query, query);
    });

    it('follows links of a filtered, ordered listing with the query kept on every page', async () => {
      const all = await collect(
        allInvoices(client(), emu.companies.many, { pageSize: 50, query: 'status=Paid', orderBy: '-totalAmount' }),
      );
      assert.ok(all.length > 50, 'spans several pages');
      for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].totalAmount >= all[i].totalAmount);
      assert.ok(apiRequests().every((r) => r.query.query === 'status=Paid' && r.query.orderBy === '-totalAmount'));
    });

    it('refuses a malformed query before sending anything', async () => {
      const err = await rejectsWith(
        listInvoices(client(), emu.companies.many, { query: 'status=Paid&&' }),
        'invalidQuery',
      );
      assert.equal(err.attempts, 0);
      assert.equal(apiRequests().length, 0);
    });

    it('maps the emulator’s 400 for an unknown property to invalidQuery when sent', async () => {
      // The client only checks syntax for getPage hrefs; an unknown field reaches the server there.
      const err = await rejectsWith(
        client().getPage(`/companies/${emu.companies.few}/data/invoices?page=1&pageSize=10&query=nope%3D1`),
        'invalidQuery',
      );
      assert.equal(err.status, 400);
      assert.match(err.body?.error ?? '', /Could not resolve property nope on Invoice/);
    });
  });

  describe('errors of the well-known companies and accounts', () => {
    it('data set not requested → dataSetNotRequested', async () => {
      const err = await rejectsWith(listInvoices(client(), emu.companies.notRequested), 'dataSetNotRequested');
      assert.equal(err.status, 409);
      assert.ok(err.correlationId);
    });

    it('sync in progress → the one 409 Codat documents, read as running by the data status', async () => {
      const err = await rejectsWith(listInvoices(client(), emu.companies.syncing), 'dataSetNotRequested');
      const status = await client().getDataStatus(emu.companies.syncing);
      assert.equal(presentError(err, 0, 0, 'invoices', status.invoices).label, 'Invoices: sync in progress');
    });

    it('platform without invoices → datatypeNotSupported with the server’s sentence', async () => {
      const err = await rejectsWith(listInvoices(client(), emu.companies.unsupported), 'datatypeNotSupported');
      assert.match(err.message, /Datatype \[invoices\] not supported by platform\(s\) \[.+\]/);
    });

    it('unknown company → notFound', async () => {
      await rejectsWith(client().getCompany('00000000-0000-4000-8000-000000000000'), 'notFound');
    });

    it('unknown key → unauthorized, outdated key → forbidden, expired account → accountExpired', async () => {
      await rejectsWith(client('not-a-key').listCompanies(), 'unauthorized');
      await rejectsWith(client(emu.keys.outdated).listCompanies(), 'forbidden');
      const expired = await rejectsWith(client(emu.keys.expired).listCompanies(), 'accountExpired');
      assert.equal(expired.status, 402);
    });

    it('the 51st company on the Free trial → companyLimit with the validation entry', async () => {
      const err = await rejectsWith(client(emu.keys.freeTrial).createCompany({ name: 'One too many' }), 'companyLimit');
      assert.equal(err.body?.validation?.errors[0]?.itemId, 'Company');
      assert.equal(err.body?.validation?.errors[0]?.validatorName, 'CreateCompany');
    });

    it('creates a company with a sanitised name, then finds it by id', async () => {
      const created = await client().createCompany({ name: 'Acme <Ltd> #1', description: 'demo' });
      assert.equal(created.name, 'Acme Ltd 1');
      const fetched = await client().getCompany(created.id);
      assert.equal(fetched.id, created.id);
      assert.equal(fetched.description, 'demo');
    });

    it('the 11th API key → apiKeyLimit', async () => {
      const c = client();
      const existing = (await c.listApiKeys()).results.length;
      for (let i = existing; i < 10; i++) await c.createApiKey({ name: `key ${i}` });
      await rejectsWith(c.createApiKey({ name: 'eleventh' }), 'apiKeyLimit');
    });
  });

  describe('faults', () => {
    it('retries a 429 after the Retry-After the emulator sends, then succeeds', async () => {
      emu.faults.add({ kind: 'status', status: 429, retryAfter: 7, times: 2, path: '/companies' });
      const page = await client(emu.keys.normal, { random: () => 0.5 }).listCompanies();
      assert.ok(page.results.length > 0);
      assert.deepEqual(delays, [7250, 7500]); // Retry-After plus the jitter (random() = 0.5)
      assert.deepEqual(
        apiRequests().map((r) => r.status),
        [429, 429, 200],
      );
    });

    it('gives up on a 500 storm after the bounded attempts', async () => {
      emu.faults.add({ kind: 'status', status: 500, path: '/companies' });
      const err = await rejectsWith(client().listCompanies(), 'server');
      assert.equal(err.attempts, 4);
      assert.equal(apiRequests().length, 4);
    });

    it('never retries a POST that reached the server', async () => {
      emu.faults.add({ kind: 'status', status: 503, method: 'POST', times: 1 });
      await rejectsWith(client().createCompany({ name: 'Once only' }), 'unavailable');
      assert.equal(apiRequests().filter((r) => r.method === 'POST').length, 1);
    });

    it('retries a GET after a dropped connection', async () => {
      emu.faults.add({ kind: 'reset', path: '/companies', times: 1 });
      await client().listCompanies();
      assert.deepEqual(
        apiRequests().map((r) => r.status),
        [0, 200],
      );
    });

    it('reports an HTML error page, malformed and truncated JSON clearly', async () => {
      emu.faults.add({ kind: 'html', path: '/companies', times: 4 });
      const html = await rejectsWith(client().listCompanies(), 'server');
      assert.match(html.message, /HTML page/);
      emu.faults.clear();
      emu.faults.add({ kind: 'malformedJson', path: '/companies', times: 1 });
      await rejectsWith(client().listCompanies(), 'malformedResponse');
      emu.faults.add({ kind: 'truncatedJson', path: '/companies', times: 1 });
      await rejectsWith(client().listCompanies(), 'malformedResponse');
    });

    it('keeps loaded pages when a later page fails, and retry loads the same page', async () => {
      const list = invoiceList(client(emu.keys.normal, { retry: { maxAttempts: 1 } }), emu.companies.many, {
        pageSize: 100,
      });
      await list.loadMore();
      emu.faults.add({ kind: 'status', status: 429, retryAfter: 12, times: 1 });
      await rejectsWith(list.loadMore(), 'rateLimited');
      assert.equal(list.items.length, 100);
      const failed = list.lastError;
      assert.ok(failed instanceof ApiError);
      assert.equal(failed.retryAfterMs, 12000);
      await list.loadMore();
      assert.equal(list.items.length, 200);
      assert.deepEqual(
        apiRequests().map((r) => `${r.query.page}:${r.status}`),
        ['1:200', '2:429', '2:200'],
      );
    });
  });

  it('never lets the key reach the emulator’s log, the request summaries or error texts', async () => {
    const lines: string[] = [];
    const logged = await startEmulator({ invoices: 10, log: (l) => lines.push(l) });
    try {
      const key = logged.keys.normal;
      const c = new DataPlatformClient({ baseUrl: logged.url, apiKey: key, onRequest: (s) => summaries.push(s) });
      await c.listCompanies();
      const err = await listInvoices(c, logged.companies.notRequested).catch((e: unknown) => e);
      const texts = [...lines, JSON.stringify(summaries), JSON.stringify(err), String(err), (err as Error).stack ?? ''];
      const b64 = Buffer.from(key).toString('base64');
      for (const t of texts) {
        assert.ok(!t.includes(key) && !t.includes(b64), `key leaked into: ${t.slice(0, 200)}`);
      }
      assert.ok(lines.length >= 2);
    } finally {
      await logged.close();
    }
  });
});
