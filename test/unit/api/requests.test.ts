// The client's request builders (what "Copy as cURL" copies) against what the client sends and
// what the emulator receives: one source of truth, so a copied URL is the request, byte for byte.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import type { PreparedRequest } from '../../../src/api/requests';
import type { RequestSummary } from '../../../src/api/transportOptions';
import { DATA_TYPES } from '../../../src/dataTypes/catalog';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { dataPlace } from '../../emulator/testing';
import { recordList } from '../../support/invoiceReads';

describe('client request builders', function () {
  this.timeout(20_000);
  let emu: RunningEmulator;
  /** `GET /path?query` of every API request, as the emulator's server read it off the wire. */
  let received: string[];
  let sent: RequestSummary[];
  const client = () =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, onRequest: (s) => sent.push(s) });

  before(async () => {
    received = [];
    emu = await startEmulator({ invoices: 300, log: (line) => received.push(line) });
  });
  after(async () => emu.close());
  beforeEach(() => {
    emu.reset();
    received.length = 0;
    sent = [];
  });

  /** Builds nothing on the wire, then makes the call: the one request sent is the one built. */
  async function sameAsSent(build: () => PreparedRequest, call: () => Promise<unknown>): Promise<PreparedRequest> {
    const request = build();
    assert.equal(received.length, 0, 'building sends nothing');
    assert.ok(request.url.startsWith(`${emu.url}/`), request.url);
    await call();
    const relative = request.url.slice(emu.url.length);
    assert.deepEqual(
      sent.map((s) => `${s.method} ${s.path}`),
      [`${request.method} ${relative}`],
      'the client sent the built path',
    );
    assert.equal(received.length, 1);
    assert.ok(
      received[0].startsWith(`${request.method} ${relative} `),
      `the emulator received ${received[0]}, built ${relative}`,
    );
    return request;
  }

  it('a company', async () => {
    const c = client();
    const request = await sameAsSent(
      () => c.companyRequest(emu.companies.many),
      () => c.getCompany(emu.companies.many),
    );
    assert.deepEqual(request, { method: 'GET', url: `${emu.url}/companies/${emu.companies.many}` });
  });

  it('the companies list: page 1 with the page size, the query encoded as sent', async () => {
    const c = client();
    const params = { pageSize: 7, query: 'name~"& Co / 100%"', orderBy: '-name' };
    const request = await sameAsSent(
      () => c.companiesRequest(params),
      () => c.listCompanies(params),
    );
    assert.match(request.url, /\/companies\?page=1&pageSize=7&query=name~%22%26%20Co%20%2F%20100%25%22&orderBy=-name$/);
  });

  for (const spec of DATA_TYPES) {
    it(`a list of ${spec.id}: pageSize, query and orderBy`, async () => {
      const c = client();
      const params = { pageSize: 3, query: 'id!="a b&c"', orderBy: '-modifiedDate' };
      // The company, or for a type served per connection its connection (and a bank account).
      const place = await dataPlace(emu, emu.companies.many, spec.id);
      received.length = 0;
      const request = await sameAsSent(
        () => c.recordsRequest(spec.id, place, params),
        () => c.listRecords(spec.id, place, params),
      );
      assert.ok(
        request.url.includes(
          `/data/${spec.parent ? `${spec.parent.type}/${typeof place === 'string' ? '' : place.parentId}/` : ''}${spec.id}?page=1&pageSize=3&query=id%21%3D%22a%20b%26c%22&orderBy=-modifiedDate`,
        ),
        request.url,
      );
    });
  }

  it('the first page of a list node is the builder’s request', async () => {
    const c = client();
    const params = { pageSize: 4, query: 'status=Paid', orderBy: 'issueDate' };
    await sameAsSent(
      () => c.recordsRequest('invoices', emu.companies.many, params),
      () => recordList(c, 'invoices', emu.companies.many, params).loadMore(),
    );
  });

  it('a record by id, its id encoded as one segment', async () => {
    const c = client();
    const [first] = (await c.listRecords('bills', emu.companies.many, { pageSize: 1 })).results;
    sent = [];
    received.length = 0;
    const request = await sameAsSent(
      () => c.recordRequest('bills', emu.companies.many, first.id),
      () => c.getRecord('bills', emu.companies.many, first.id),
    );
    assert.equal(request.url, `${emu.url}/companies/${emu.companies.many}/data/bills/${encodeURIComponent(first.id)}`);
    assert.equal(
      c.recordRequest('invoices', 'c 1', 'INV?1#2').url,
      `${emu.url}/companies/c%201/data/invoices/INV%3F1%232`,
    );
  });

  it('a bank transaction by id: its list asked for the id, one record a page, as the call sends it', async () => {
    const c = client();
    const place = await dataPlace(emu, emu.companies.many, 'bankTransactions');
    assert.ok(typeof place !== 'string');
    const [last] = (await c.listRecords('bankTransactions', place, { pageSize: 1, orderBy: '-id' })).results;
    sent = [];
    received.length = 0;
    const request = await sameAsSent(
      () => c.recordRequest('bankTransactions', place, last.id),
      () => c.getRecord('bankTransactions', place, last.id),
    );
    const list = `/companies/${place.companyId}/connections/${place.connectionId}/data/bankAccounts/${place.parentId}/bankTransactions`;
    assert.equal(request.url, `${emu.url}${list}?page=1&pageSize=1&query=${encodeURIComponent(`id=${last.id}`)}`);
  });

  it('refuses what the call refuses, and sends nothing', () => {
    const c = client();
    assert.throws(
      () => c.recordsRequest('invoices', emu.companies.many, { query: 'status=' }),
      (e) => e instanceof ApiError && e.kind === 'invalidQuery' && e.attempts === 0,
    );
    assert.throws(
      () => c.recordRequest('invoices', emu.companies.many, '..'),
      (e) => e instanceof ApiError && e.kind === 'invalidParameter',
    );
    assert.throws(
      () => c.companiesRequest({ pageSize: 0 }),
      (e) => e instanceof ApiError && e.kind === 'invalidParameter',
    );
    assert.equal(received.length, 0);
  });
});
