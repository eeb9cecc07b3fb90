// Issue 12, finding 4: an id or a `_links` href must never move a request to another path, and an
// id or server text must never add lines to the invoice document. Driven through the real client
// against a local server that records what reaches it.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import type { Invoice } from '../../../src/api/models';
import type { DataTypeId } from '../../../src/dataTypes/catalog';
import { parseRecordUri } from '../../../src/documents/recordUri';
import { errorText, noConnectionText } from '../../../src/documents/json';
import { replies, TestServer } from '../../support/httpDouble';
import { getInvoice, listInvoices } from '../../support/invoiceReads';

const KEY = 'sk_test_0123456789abcdef';
const invoice: Invoice = {
  id: 'x',
  issueDate: '2025-01-01',
  totalTaxAmount: 0,
  totalAmount: 10,
  amountDue: 10,
  status: 'Submitted',
};
const page = {
  results: [],
  pageNumber: 1,
  pageSize: 100,
  totalResults: 0,
  _links: { self: { href: '/companies' }, current: { href: '/companies' } },
};

function refusedBeforeSending(e: unknown): boolean {
  assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
  assert.equal(e.kind, 'invalidParameter', e.message);
  assert.equal(e.attempts, 0);
  return true;
}

describe('path safety (issue 12, finding 4)', () => {
  let server: TestServer;
  const client = () =>
    new DataPlatformClient({ baseUrl: server.url, apiKey: KEY, sleep: () => Promise.resolve(), random: () => 0 });

  beforeEach(async () => {
    server = await TestServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  describe('ids', () => {
    const BAD = [
      '.',
      '..',
      '',
      ' ',
      'a/b',
      '../companies',
      'a\\b',
      '..\\x',
      'line\nbreak',
      'tab\there',
      'nul\u0000',
      'del\u007f',
      'c1\u0085',
      'ls\u2028',
      '\ud800',
    ];
    const calls: Array<[string, (c: DataPlatformClient, id: string) => Promise<unknown>]> = [
      ['getCompany', (c, id) => c.getCompany(id)],
      ['getInvoice (company)', (c, id) => getInvoice(c, id, 'x')],
      ['getInvoice (invoice)', (c, id) => getInvoice(c, 'c1', id)],
      ['listInvoices', (c, id) => listInvoices(c, id)],
      ['getRecord of journal entries (company)', (c, id) => c.getRecord('journalEntries', id, 'x')],
      ['getRecord of journal entries (record)', (c, id) => c.getRecord('journalEntries', 'c1', id)],
      ['listRecords of bills', (c, id) => c.listRecords('bills', id)],
      ['listRecords (dataType)', (c, id) => c.listRecords(id as DataTypeId, 'c1')],
      ['getRecord (dataType)', (c, id) => c.getRecord(id as DataTypeId, 'c1', 'x')],
      ['getDataStatus', (c, id) => c.getDataStatus(id)],
      ['queueSync (company)', (c, id) => c.queueSync(id, 'invoices')],
      ['queueSync (dataType)', (c, id) => c.queueSync('c1', id)],
      ['deleteApiKey', (c, id) => c.deleteApiKey(id)],
    ];
    for (const [name, call] of calls) {
      it(`${name} refuses ${BAD.length} unsafe ids with invalidParameter, sending nothing`, async () => {
        for (const id of BAD) await assert.rejects(call(client(), id), refusedBeforeSending, JSON.stringify(id));
        assert.equal(server.count, 0);
      });
    }

    it("getInvoice('..', 'x') no longer requests /data/invoices/x", async () => {
      server.reply(replies.json(200, invoice));
      await assert.rejects(getInvoice(client(), '..', 'x'), (e: unknown) => {
        refusedBeforeSending(e);
        assert.match((e as ApiError).message, /companyId must not be \. or \.\./);
        return true;
      });
      assert.equal(server.count, 0);
    });

    it('still sends real-looking ids, each as one encoded segment', async () => {
      const ids = [
        '0f6a3e2c-1d1b-4c1e-9a53-6d1f0f1b2c3d',
        '1043',
        'INV-0042',
        'INV 42',
        '...',
        '.hidden',
        'a..b',
        '%2e%2e',
        'Ünïcödé',
        '😀',
      ];
      server.reply(...ids.map(() => replies.json(200, invoice)));
      for (const id of ids) await getInvoice(client(), 'c1', id);
      assert.deepEqual(
        server.requests.map((r) => r.url),
        ids.map((id) => `/companies/c1/data/invoices/${encodeURIComponent(id)}`),
      );
    });
  });

  describe('`_links` hrefs: every form of a dot segment is refused alike', () => {
    const tails = [
      '/companies/../apiKeys',
      '/companies/%2e%2e/apiKeys',
      '/companies/%2E./apiKeys',
      '/companies/.%2e/apiKeys',
      '/companies/./x',
      '/companies/%2e/x',
      '/companies/a%2F..%2FapiKeys',
      '/companies/a%5C..%5CapiKeys',
      '/companies/..',
    ];
    for (const tail of tails) {
      it(`refuses ${tail} relative and absolute on the same host, sending nothing`, async () => {
        await assert.rejects(client().getPage(tail), refusedBeforeSending);
        await assert.rejects(client().getPage(`${server.url}${tail}`), refusedBeforeSending);
        assert.equal(server.count, 0);
      });
    }

    it('refuses a dot segment that would climb out of a base path prefix', async () => {
      const c = new DataPlatformClient({ baseUrl: `${server.url}/v1`, apiKey: KEY });
      await assert.rejects(c.getPage(`${server.url}/v1/../admin`), refusedBeforeSending);
      await assert.rejects(c.getPage('/../admin'), refusedBeforeSending);
      assert.equal(server.count, 0);
    });

    it('still follows hrefs with dots that are not segments, relative and absolute', async () => {
      server.reply(replies.json(200, page), replies.json(200, page));
      await client().getPage('/companies/a..b/x?query=name%3D..');
      await client().getPage(`${server.url}/companies/.x?page=2`);
      assert.deepEqual(
        server.requests.map((r) => r.url),
        ['/companies/a..b/x?query=name%3D..', '/companies/.x?page=2'],
      );
    });
  });

  describe('the invoice document', () => {
    const lines = (text: string) => text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/);

    it('a crafted dataplatform: URI with a `..` id gives a document explaining the refusal, not a request', async () => {
      const ref = parseRecordUri({ path: '/Acme/invoices/x.json', query: 'companyId=..&invoiceId=x&account=a' });
      assert.deepEqual(ref, { companyId: '..', dataType: 'invoices', recordId: 'x', accountId: 'a' });
      assert.ok(ref);
      const error = await client()
        .getRecord(ref.dataType, ref.companyId, ref.recordId)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.equal(server.count, 0);
      assert.ok(error instanceof ApiError && refusedBeforeSending(error));
      const text = errorText(ref, error);
      assert.match(text, /^\/\/ Invoices: could not load x of company \.\.\.$/m);
      assert.match(text, /companyId must not be \. or \.\./);
    });

    it('an id or server text cannot add lines: one line per field, controls shown escaped', () => {
      const ref = {
        companyId: 'c1\u2028// forged',
        dataType: 'invoices' as const,
        recordId: 'i1\n// Paid in full\r\n{"forged": true}',
        accountId: 'a',
      };
      const text = errorText(ref, { status: 500, message: 'bad\nthing\u0085happened\u0000', correlationId: 'c\nid' });
      assert.equal(lines(text).length, 5, text);
      assert.ok(
        lines(text)
          .slice(0, 4)
          .every((l) => l.startsWith('// ')),
        text,
      );
      assert.match(text, /i1\\n\/\/ Paid in full\\r\\n\{"forged": true\}/);
      assert.match(text, /c1\\u2028\/\/ forged/);
      assert.match(text, /500: bad\\nthing\\u0085happened\\u0000$/m);
      assert.match(text, /^\/\/ correlationId: c\\nid$/m);
      // eslint-disable-next-line no-control-regex -- asserting no control character survived
      assert.doesNotMatch(text.replace(/\n/g, ''), /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      assert.equal(lines(noConnectionText(ref)).length, 3);
    });
  });
});
