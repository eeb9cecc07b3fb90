// Issue 30: every answer the client hands on is redacted where it arrives (answers.ts), whatever
// call made it, so no surface downstream (a push's tooltip, a sync's row, a company's name, the
// diagnostics entry of a Failed push) can hold the key. A page of records alone is handed on as
// parsed, and the tree's rows made from it are redacted instead.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { keptApiKeys } from '../../../src/api/apiKeys';
import { createRedactor, redactDeep, redactOwned } from '../../../src/api/redact';
import { base64, htmlNamed } from '../../support/keyEncodings';
import { replies, TestServer } from '../../support/httpDouble';
import { assertNoSecret, findSecret } from '../../support/secretScan';

const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const CID = 'c1';
/** The key as a server may echo it: whole, in the Basic header, as HTML. */
const ECHO = `${KEY} / Basic ${base64(`${KEY}:`)} / ${htmlNamed(KEY)}`;

const page = (results: unknown[], href: string) => ({
  results,
  pageNumber: 1,
  pageSize: 100,
  totalResults: results.length,
  _links: { self: { href }, current: { href }, next: { href: `${href}?page=2` } },
});
const push = {
  pushOperationKey: 'p-1',
  companyId: CID,
  dataConnectionKey: 'conn-1',
  dataType: 'invoices',
  status: 'Failed',
  requestedOnUtc: '2026-01-15T00:00:00Z',
  errorMessage: ECHO,
  validation: { errors: [{ itemId: KEY, message: ECHO }], warnings: [{ message: base64(KEY) }] },
  [KEY]: 'an object key',
};
const sync = {
  id: 's-1',
  dataType: 'invoices',
  status: 'FetchError',
  requested: '2026-01-15T00:00:00Z',
  errorMessage: ECHO,
};

type Call = [answer: unknown, call: (c: DataPlatformClient) => Promise<unknown>];

/** Each call of the client whose answer something shows, and an answer of its shape quoting the key. */
const CALLS: Record<string, Call> = {
  getCompany: [{ id: CID, name: ECHO }, (c) => c.getCompany(CID)],
  listCompanies: [page([{ id: CID, name: ECHO }], '/companies'), (c) => c.listCompanies()],
  'a next page of companies': [
    page([{ id: CID, name: ECHO }], '/companies'),
    (c) => c.companyPages()('/companies?page=2', {}),
  ],
  createCompany: [{ id: CID, name: 'Acme', description: ECHO }, (c) => c.createCompany({ name: 'Acme' })],
  pushRecord: [push, (c) => c.pushRecord(CID, 'conn-1', 'invoices', { a: 1 })],
  'pushes.update': [
    push,
    (c) => c.pushes.update({ companyId: CID, connectionId: 'conn-1' }, 'invoices', 'i-1', { a: 1 }),
  ],
  'pushes.delete': [push, (c) => c.pushes.delete({ companyId: CID, connectionId: 'conn-1' }, 'bills', 'b-1')],
  getPushOperation: [push, (c) => c.getPushOperation(CID, 'p-1')],
  listPushOperations: [page([push], '/companies/c1/push'), (c) => c.listPushOperations(CID)],
  'a next page of the push history': [
    page([push], '/companies/c1/push'),
    (c) => c.pushOperationPages(CID)('/companies/c1/push?page=2', {}),
  ],
  listPullOperations: [page([sync], '/companies/c1/data/history'), (c) => c.listPullOperations(CID)],
  'a next page of the sync history': [
    page([sync], '/companies/c1/data/history'),
    (c) => c.pullOperationPages(CID)('/companies/c1/data/history?page=2', {}),
  ],
  getPullOperation: [sync, (c) => c.getPullOperation(CID, 's-1')],
  queueSync: [sync, (c) => c.queueSync(CID, 'invoices')],
  getSyncSettings: [
    { settings: [{ dataType: 'invoices', fetchOnFirstLink: true, syncSchedule: 24, syncOrder: 0, note: ECHO }] },
    (c) => c.getSyncSettings(CID),
  ],
  getPushOptions: [
    {
      type: 'Object',
      displayName: 'Invoice',
      description: ECHO,
      properties: { note: { type: 'String', description: ECHO } },
    },
    (c) => c.getPushOptions(CID, 'conn-1', 'invoices'),
  ],
  listConnections: [
    page([{ id: 'conn-1', platformName: ECHO, status: 'Linked' }], '/companies/c1/connections'),
    (c) => c.listConnections(CID),
  ],
  getDataStatus: [{ invoices: { dataType: 'invoices', currentStatus: ECHO } }, (c) => c.getDataStatus(CID)],
  getRecord: [{ id: 'inv-1', note: ECHO }, (c) => c.getRecord('invoices', CID, 'inv-1')],
  getPage: [page([{ id: 'x', note: ECHO }], '/companies'), (c) => c.getPage('/companies?page=2', {})],
};

describe('answers: what of an answer the client hands on (issue 30)', () => {
  let server: TestServer;
  let client: DataPlatformClient;

  beforeEach(async () => {
    server = await TestServer.start();
    client = new DataPlatformClient({ baseUrl: server.url, apiKey: KEY });
  });
  afterEach(() => server.close());

  for (const [name, [answer, call]] of Object.entries(CALLS)) {
    it(`${name}: the answer arrives redacted`, async () => {
      server.reply(replies.json(200, answer));
      const value = await call(client);
      assert.match(JSON.stringify(value), /\*\*\*/, 'the echo was read, and redacted');
      assertNoSecret(KEY, { [name]: value });
    });
  }

  it('an answer nested 100,000 levels deep arrives redacted (the walk does not recurse)', async () => {
    const depth = 100_000;
    const deep = `{"id":"c1","name":"Acme","x":${'{"a":'.repeat(depth)}"${KEY}"${'}'.repeat(depth)}}`;
    server.reply(replies.text(200, deep, 'application/json'));
    const company = await client.getCompany(CID);
    let v: unknown = (company as unknown as { x: unknown }).x;
    for (let i = 0; i < depth; i++) v = (v as { a: unknown }).a;
    assert.equal(v, '***');
  });

  it('a page of records is handed on as parsed; the rows the tree keeps of it are redacted', async () => {
    const invoice = { id: 'inv-1', invoiceNumber: ECHO, customerRef: { id: '40', companyName: ECHO }, note: ECHO };
    server.reply(replies.json(200, page([invoice], '/companies/c1/data/invoices')));
    const listed = await client.listRecords('invoices', CID);
    assert.ok(findSecret(KEY, { listed }).length > 0, 'bulk: not redacted');
    server.reply(replies.json(200, page([invoice], '/companies/c1/data/invoices')));
    const rows = client.recordRows('invoices', CID);
    await rows.loadMore();
    assert.equal(rows.items.length, 1);
    assert.match(JSON.stringify(rows.items), /\*\*\*/);
    assertNoSecret(KEY, { rows: rows.items });
  });
});

describe('redactOwned: redactDeep in place, for an answer just parsed', () => {
  it('gives what redactDeep gives: strings, keys, a key repeated across objects, __proto__, lists in lists', () => {
    const redact = createRedactor(KEY);
    const text = JSON.stringify({
      results: [
        { id: 'a', [KEY]: ECHO, note: 'plain' },
        { id: 'b', [KEY]: 1, list: [[ECHO, 2, null, true], { x: base64(KEY) }] },
      ],
      name: 'short',
    }).replace('"name"', `"__proto__":{"v":"${KEY}"},"name"`);
    const owned = redactOwned(JSON.parse(text) as unknown, redact);
    assert.deepEqual(owned, redactDeep(JSON.parse(text) as unknown, redact));
    assert.equal(Object.getPrototypeOf(owned), Object.prototype);
    assertNoSecret(KEY, { owned });
  });
});

describe('keptApiKeys: what the client keeps of an API key answer (issue 30)', () => {
  const OTHER = 'sk_live_0ther_4b5c6d7e8f9a0b1c2d3e';
  const redact = createRedactor(KEY);

  it('keeps each key’s id, name, created date and the key as a string, nothing else', () => {
    const kept = keptApiKeys(
      {
        results: [
          {
            id: 'k1',
            name: 'Default',
            apiKey: KEY,
            createdDate: '2026-01-01',
            _links: { self: { href: `/k/${KEY}` } },
          },
          {
            id: 'k2',
            name: 'Other',
            apiKey: { value: OTHER },
            createdDate: '2026-01-02',
            secret: OTHER,
            list: [OTHER],
          },
          'not a key',
        ],
        _links: { next: { href: `/apiKeys?key=${OTHER}` } },
      },
      redact,
    );
    assert.deepEqual(kept, {
      results: [
        { id: 'k1', name: 'Default', createdDate: '2026-01-01', apiKey: KEY },
        { id: 'k2', name: 'Other', createdDate: '2026-01-02' },
        null,
      ],
    });
  });

  it('redacts a name holding the account’s key or a listed one, in any form; keeps a create answer’s key', () => {
    const kept = keptApiKeys(
      {
        results: [
          { id: 'k1', name: `copy of ${base64(KEY)}`, apiKey: KEY, createdDate: '' },
          { id: 'k2', name: `spare ${htmlNamed(OTHER)}`, apiKey: OTHER, createdDate: '' },
          { id: 'k3', name: `Basic ${base64(`${OTHER}:`)}`, createdDate: '' },
        ],
      },
      redact,
    ) as { results: { name: string }[] };
    assert.deepEqual(
      kept.results.map((k) => k.name),
      ['copy of ***', 'spare ***', 'Basic ***'],
    );
    const created = keptApiKeys({ id: 'k9', name: OTHER, apiKey: OTHER, createdDate: '', _links: { OTHER } }, redact);
    assert.deepEqual(created, { id: 'k9', name: '***', createdDate: '', apiKey: OTHER });
  });
});
