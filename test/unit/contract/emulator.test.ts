// Every kind of response the emulator gives, held to Codat's published contract
// (test/contract/codat.json, see scripts/contract.mjs) rather than to our own reading of it: each
// data type's pages and single records, companies, data status, pull operations, the paging
// envelope and the error bodies. And the other way round: a response changed to break the
// contract (a renamed field, a wrong enum value, a wrong status key) fails it.
import * as assert from 'node:assert/strict';
import { DATA_TYPE_IDS } from '../../../src/dataTypes/catalog';
import { CONTRACT, SCHEMAS, problems, type Schema } from '../../contract/contract';
import { DATA_TYPES, startEmulator, type RunningEmulator } from '../../emulator';
import { recordType } from '../../emulator/dataTypes';
import { ManualClock, call, listPaths, walk } from '../../emulator/testing';

type Rec = Record<string, unknown>;

/** Asserts `body` fits `schema`, naming what was checked and every problem. */
function fits(schema: Schema, body: unknown, what: string): void {
  const found = problems(schema, body);
  assert.deepEqual(found, [], `${what} breaks the contract:\n  ${found.slice(0, 20).join('\n  ')}`);
}

/** Top-level fields of a record schema with an enumeration, and the values it allows. */
function enumFields(schema: Schema): [string, unknown[]][] {
  return Object.entries(schema.properties as Record<string, Schema>)
    .filter(([, v]) => Array.isArray(v.enum))
    .map(([k, v]) => [k, v.enum as unknown[]]);
}

/** Top-level fields of a record schema that may be null. */
function nullableFields(schema: Schema): string[] {
  return Object.entries(schema.properties as Record<string, Schema>)
    .filter(([, v]) => Array.isArray(v.type) && v.type.includes('null'))
    .map(([k]) => k);
}

describe('Codat contract: the file', () => {
  it('names each document it was read from, its version and the commit', () => {
    assert.deepEqual(
      CONTRACT.sources.map((s) => `${s.title} ${s.version}`),
      [
        'Platform API 3.0.0',
        'Lending 3.0.0',
        'Sync for Payables 3.0.0',
        'Accounting API 2.1.0',
        'Accounting API (TypeScript SDK @codat/accounting 0.42.0) 3.0.0',
      ],
    );
    assert.match(CONTRACT.dataTypes.itemReceipts.source, /client-sdk-typescript/);
    for (const s of CONTRACT.sources) assert.match(s.commit, /^[0-9a-f]{40}$/, s.document);
  });

  it('has every data type the extension and the emulator know, with its list path and status key', () => {
    assert.deepEqual(Object.keys(CONTRACT.dataTypes).sort(), [...DATA_TYPE_IDS].sort());
    assert.deepEqual([...DATA_TYPES].sort(), [...DATA_TYPE_IDS].sort());
    for (const [id, t] of Object.entries(CONTRACT.dataTypes)) {
      const spec = recordType(id);
      const data =
        spec?.scope === 'connection'
          ? '/companies/{companyId}/connections/{connectionId}/data'
          : '/companies/{companyId}/data';
      const under = spec?.parent ? `${spec.parent.segment}/{${spec.parent.idName}}/` : '';
      assert.equal(t.listPath, `${data}/${under}${id}`);
      assert.equal(t.scope, spec?.scope, id);
      assert.equal(t.itemPath === null, spec?.getOne === false, id);
      assert.ok(CONTRACT.dataStatus.keys.includes(t.statusKey), `${id}: ${t.statusKey}`);
    }
    assert.equal(
      CONTRACT.dataTypes.accounts.statusKey,
      'chartOfAccounts',
      'the chart of accounts is listed at /accounts but keyed chartOfAccounts',
    );
  });

  it('documents one 409 for a data set not requested or still syncing, and the 402 texts', () => {
    assert.deepEqual(CONTRACT.error.byStatus['409'], {
      descriptions: ["The data type's dataset has not been requested or is still syncing."],
      texts: ['The data set has not been requested.'],
    });
    const payment = CONTRACT.error.byStatus['402'].texts;
    assert.ok(payment.some((t) => t.startsWith('You have exceeded the 50-company limit')));
    assert.ok(payment.some((t) => t.startsWith('Your Free account is older than 365 days and has expired')));
  });
});

describe('Codat contract: the emulator', function () {
  this.timeout(60000);
  let emu: RunningEmulator;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({ invoices: 600, companies: 30, now: clock.now });
  });
  after(async () => {
    await emu.close();
  });

  for (const type of DATA_TYPE_IDS) {
    it(`${type}: every page and record of the big and the small company, and single records`, async () => {
      for (const company of [emu.companies.many, emu.companies.few]) {
        const lists = await listPaths(emu, company, type);
        assert.ok(lists.length > 0, `${company} lists ${type}`);
        for (const list of lists) {
          const pages = await walk<Rec>(emu, `${list}?pageSize=250`);
          for (const page of pages) fits(SCHEMAS.page(type), page.json, `${list} page ${page.json.pageNumber}`);
          const records = pages.flatMap((p) => p.json.results);
          assert.ok(records.length > 0, `${list} has records`);
          if (CONTRACT.dataTypes[type].itemPath === null) continue;
          for (const record of records.filter((_, i) => i % 97 === 0)) {
            const one = await call<Rec>(emu, `${list}/${encodeURIComponent(String(record.id))}`);
            assert.equal(one.status, 200);
            fits(SCHEMAS.item(type), one.json, `${type} ${String(record.id)}`);
          }
        }
      }
    });
  }

  it('companies: every page, each company, a created company', async () => {
    const pages = await walk<Rec>(emu, '/companies?pageSize=7');
    assert.ok(pages.length > 1);
    for (const page of pages) fits(SCHEMAS.companies, page.json, `companies page ${page.json.pageNumber}`);
    for (const id of Object.values(emu.companies))
      fits(SCHEMAS.company, (await call(emu, `/companies/${id}`)).json, `company ${id}`);
    const created = await call(emu, '/companies', {
      method: 'POST',
      body: { name: 'Contract Test Ltd', description: 'made by a test' },
    });
    assert.equal(created.status, 200);
    fits(SCHEMAS.company, created.json, 'a created company');
  });

  it('sends what the contract allows beyond plain values: Unknown in every enum, nulls and absences', async () => {
    // Every company's records together: a few types have only a handful per company.
    const companies = (await walk<Rec>(emu, '/companies?pageSize=100'))
      .flatMap((p) => p.json.results)
      .map((c) => String(c.id));
    for (const type of DATA_TYPE_IDS) {
      const records: Rec[] = [];
      for (const company of companies) {
        for (const list of await listPaths(emu, company, type)) {
          const first = await call<{ results?: Rec[] }>(emu, `${list}?pageSize=5000`);
          records.push(...(first.json.results ?? []));
        }
      }
      const schema = SCHEMAS.record(type);
      const enums = enumFields(schema).filter(([field]) => !field.includes('.'));
      for (const [field] of enums)
        assert.ok(
          records.some((r) => r[field] === 'Unknown'),
          `${type}: some ${field} is Unknown`,
        );
      const nullable = nullableFields(schema).filter((f) => records.some((r) => r[f] !== undefined));
      const sentNull = nullable.filter((f) => records.some((r) => r[f] === null));
      assert.ok(sentNull.length > 0, `${type}: some nullable field (${nullable.join(', ')}) is sent as null`);
      for (const f of sentNull)
        assert.ok(
          records.filter((r) => r[f] === null).length < records.length / 2,
          `${type}: ${f} is null in a share only`,
        );
    }
  });

  it('data status and pull operations: each state', async () => {
    const { many, notRequested, syncing, unsupported } = emu.companies;
    const queued = await call<Rec>(emu, `/companies/${notRequested}/data/queue/invoices`, { method: 'POST' });
    fits(SCHEMAS.pullOperation, queued.json, 'a queued pull operation');
    clock.advance(10_000);
    fits(
      SCHEMAS.pullOperation,
      (await call(emu, `/companies/${notRequested}/data/history/${String(queued.json.id)}`)).json,
      'a completed pull operation',
    );
    for (const company of [many, notRequested, syncing, unsupported]) {
      const status = await call<Rec>(emu, `/companies/${company}/dataStatus`);
      assert.equal(status.status, 200);
      fits(SCHEMAS.dataStatus, status.json, `dataStatus of ${company}`);
    }
  });

  it('error bodies: 400, 401, 402, 403, 404, 405, 409, 429, 500, 503', async () => {
    const { many, notRequested, unsupported } = emu.companies;
    emu.faults.add({ kind: 'status', status: 429, path: '/fault429' });
    emu.faults.add({ kind: 'status', status: 503, path: '/fault503' });
    emu.faults.add({ kind: 'status', status: 500, path: '/fault500' });
    const cases: [number, string, Parameters<typeof call>[2]?][] = [
      [400, `/companies/${many}/data/invoices?query=nope%3D1`],
      [400, `/companies/${many}/data/bills?pageSize=0`],
      [400, '/companies', { method: 'POST', body: { name: '' } }],
      [401, '/companies', { key: null }],
      [402, '/companies', { key: emu.keys.expired }],
      [403, '/companies', { key: emu.keys.outdated }],
      [404, '/companies/00000000-0000-4000-8000-000000000000'],
      [404, `/companies/${unsupported}/data/invoices`],
      [404, `/companies/${many}/data/items/ITEM-999`],
      [405, '/companies', { method: 'DELETE' }],
      [409, `/companies/${notRequested}/data/bills`],
      [429, '/fault429'],
      [500, '/fault500'],
      [503, '/fault503'],
    ];
    for (const [status, path, options] of cases) {
      const reply = await call<Rec>(emu, path, options);
      assert.equal(reply.status, status, path);
      fits(SCHEMAS.error, reply.json, `${status} from ${path}`);
      assert.equal(reply.json.statusCode, status);
    }
    emu.faults.clear();
  });
});

describe('Codat contract: a response changed to break it fails', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 40, companies: 6 });
  });
  after(async () => {
    await emu.close();
  });

  const breaks = (schema: Schema, body: unknown, change: (copy: Rec) => void, expected: RegExp): void => {
    const copy = structuredClone(body) as Rec;
    change(copy);
    const found = problems(schema, copy);
    assert.ok(
      found.some((p) => expected.test(p)),
      `expected a problem matching ${String(expected)}, got ${JSON.stringify(found)}`,
    );
  };

  it('a renamed field, a wrong enum value, a wrong type, a missing required field, an extra null', async () => {
    const page = (await call<{ results: Rec[] }>(emu, `/companies/${emu.companies.few}/data/invoices`)).json;
    fits(SCHEMAS.page('invoices'), page, 'the unchanged page');
    const first = (copy: Rec): Rec => (copy.results as Rec[])[0];
    breaks(
      SCHEMAS.page('invoices'),
      page,
      (c) => {
        const r = first(c);
        r.invoiceNo = r.invoiceNumber;
        delete r.invoiceNumber;
      },
      /must NOT have additional properties \(invoiceNo\)/,
    );
    breaks(
      SCHEMAS.page('invoices'),
      page,
      (c) => {
        first(c).status = 'Overdue';
      },
      /\/results\/0\/status must be equal to one of the allowed values/,
    );
    breaks(
      SCHEMAS.page('invoices'),
      page,
      (c) => {
        first(c).totalAmount = '12.50';
      },
      /\/results\/0\/totalAmount must be number/,
    );
    breaks(
      SCHEMAS.page('invoices'),
      page,
      (c) => {
        delete first(c).issueDate;
      },
      /must have required property 'issueDate'/,
    );
    breaks(
      SCHEMAS.page('invoices'),
      page,
      (c) => {
        first(c).amountDue = null;
      },
      /\/results\/0\/amountDue must be number/,
    );
    breaks(
      SCHEMAS.page('invoices'),
      page,
      (c) => {
        first(c).issueDate = '15/01/2024';
      },
      /\/results\/0\/issueDate must match format "date-time"/,
    );
    breaks(
      SCHEMAS.page('invoices'),
      page,
      (c) => {
        delete (c._links as Rec).current;
      },
      /must have required property 'current'/,
    );
  });

  it('a wrong data status key, a wrong sync status', async () => {
    const status = (await call<Record<string, Rec>>(emu, `/companies/${emu.companies.few}/dataStatus`)).json;
    fits(SCHEMAS.dataStatus, { invoices: status.invoices }, 'the unchanged status of invoices');
    breaks(
      SCHEMAS.dataStatus,
      { invoices: status.invoices },
      (c) => {
        c.Invoices = c.invoices;
        delete c.invoices;
      },
      /additional properties \(Invoices\)/,
    );
    breaks(
      SCHEMAS.dataStatus,
      { invoices: status.invoices },
      (c) => {
        (c.invoices as Rec).currentStatus = 'Done';
      },
      /currentStatus must be equal to one of the allowed values/,
    );
    fits(SCHEMAS.dataStatus, { invoices: null }, 'a null status (every key is nullable)');
  });

  it('an error body with a field of the wrong type', async () => {
    const error = (await call<Rec>(emu, '/companies', { key: null })).json;
    fits(SCHEMAS.error, error, 'the unchanged 401');
    breaks(
      SCHEMAS.error,
      error,
      (c) => {
        c.statusCode = '401';
      },
      /\/statusCode must be integer/,
    );
    breaks(
      SCHEMAS.error,
      error,
      (c) => {
        c.message = c.error;
        delete c.error;
      },
      /additional properties \(message\)/,
    );
  });
});
