// Every data type of the catalog through the real client against the real emulator, data-driven
// (a type added to the catalog is walked here without a line more): all its pages, a filter and an
// order, one record by id, the type's schema checked before sending, and the data set states.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import type { DataRecord } from '../../../src/api/models';
import type { PlaceArg } from '../../../src/api/requests';
import { DATA_TYPES, dataType, syncName, type DataTypeSpec } from '../../../src/dataTypes/catalog';
import { presentError } from '../../../src/format/labels';
import { statusOfType } from '../../../src/tree/dataStatus';
import { parseOrderBy, parseQuery } from '../../../src/query';
import { compareByField, evaluateQuery } from '../../support/queryOracle';
import { exportList, type ExportSink } from '../../../src/export/exportList';
import { recordFormat } from '../../../src/export/formats';
import { rejectsWith } from '../../support/apiErrors';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { call, dataPlace } from '../../emulator/testing';
import { asExported, dataTypeColumnTypes, readExport } from '../../support/csv';
import { recordList } from '../../support/invoiceReads';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('every data type through the client against the emulator', function () {
  let emu: RunningEmulator;
  let client: DataPlatformClient;
  /** Each type's records of the big company, walked once by the first test of the type. */
  const walked = new Map<string, DataRecord[]>();
  const requests = () => emu.requests.entries();

  before(async () => {
    emu = await startEmulator({ invoices: 400 });
    client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });
  });
  after(async () => emu.close());
  beforeEach(() => emu.requests.clear());

  /** Where each type of a company is read: the company, or its first connection (and first bank account). */
  const places = new Map<string, PlaceArg>();
  const at = (spec: DataTypeSpec, companyId = emu.companies.many): PlaceArg =>
    places.get(`${companyId}/${spec.id}`) ?? companyId;
  const listPath = (spec: DataTypeSpec): string => {
    const place = at(spec);
    if (typeof place === 'string') return `/companies/${place}/data/${spec.id}`;
    const under = spec.parent ? `${spec.parent.type}/${place.parentId}/` : '';
    return `/companies/${place.companyId}/connections/${place.connectionId}/data/${under}${spec.id}`;
  };
  before(async () => {
    const { many, notRequested, syncing, unsupported } = emu.companies;
    for (const spec of DATA_TYPES)
      for (const company of [many, notRequested, syncing, unsupported])
        places.set(`${company}/${spec.id}`, await dataPlace(emu, company, spec.id));
  });

  const all = (spec: DataTypeSpec): DataRecord[] => {
    const records = walked.get(spec.id);
    assert.ok(records, `${spec.id} walked first`);
    return records;
  };

  for (const spec of DATA_TYPES) {
    describe(spec.id, () => {
      it('walks every page to totalResults, each record once, and a PagedList loads the same in order', async () => {
        const { totalResults } = await client.listRecords(spec.id, at(spec), { pageSize: 1 });
        assert.ok(totalResults > 1, `the big company has ${spec.id} (${totalResults})`);
        // Three pages or so, the last one short when the total does not divide.
        const pageSize = Math.ceil(totalResults / 3);
        emu.requests.clear();
        const records = await collect(client.allRecords(spec.id, at(spec), { pageSize }));
        assert.equal(records.length, totalResults);
        assert.equal(new Set(records.map((r) => r.id)).size, records.length, 'no record twice');
        const pages = Math.ceil(totalResults / pageSize);
        assert.deepEqual(
          requests().map((r) => [r.path, r.query.page]),
          Array.from({ length: pages }, (_, i) => [listPath(spec), String(i + 1)]),
        );
        walked.set(spec.id, records);

        const list = recordList(client, spec.id, at(spec), { pageSize });
        await list.loadAll({ concurrency: 4 });
        assert.deepEqual(
          list.items.map((r) => r.id),
          records.map((r) => r.id),
        );
      });

      it(`filters by its example (${spec.example}) exactly as the filter language selects, and orders by -modifiedDate`, async () => {
        const parsed = parseQuery(spec.example, spec.schema);
        assert.ok(parsed.ok);
        const expected = all(spec).filter((r) => evaluateQuery(parsed.ast, r, spec.schema));
        assert.ok(
          expected.length > 0 && expected.length < all(spec).length,
          `the example selects some ${spec.id}, not all (${expected.length})`,
        );
        const filtered = await collect(client.allRecords(spec.id, at(spec), { query: spec.example, pageSize: 7 }));
        assert.deepEqual(filtered.map((r) => r.id).sort(), expected.map((r) => r.id).sort());
        assert.ok(
          requests().every((r) => r.query.query === spec.example),
          'every page asked with the filter',
        );

        const order = parseOrderBy('-modifiedDate', spec.schema);
        assert.ok(order.ok);
        const ordered = await collect(
          client.allRecords(spec.id, at(spec), {
            query: spec.example,
            orderBy: '-modifiedDate',
            pageSize: 7,
          }),
        );
        const compare = (a: DataRecord, b: DataRecord) =>
          compareByField(a, b, order.field.split('.'), spec.schema.fields[order.field], order.descending);
        for (let i = 1; i < ordered.length; i++)
          assert.ok(compare(ordered[i - 1], ordered[i]) <= 0, `${ordered[i - 1].id} before ${ordered[i].id}`);
        assert.equal(ordered.length, expected.length);
      });

      it('exports every record as CSV and JSON Lines, a CSV row losing nothing of the record', async () => {
        for (const format of ['csv', 'jsonl'] as const) {
          const writes: string[] = [];
          const sink: ExportSink = { write: (text) => Promise.resolve(void writes.push(text)) };
          const load = client.recordPages(spec.id, at(spec), { pageSize: Math.ceil(all(spec).length / 2) });
          const result = await exportList({ load, concurrency: 2 }, recordFormat(format, spec.id), sink);
          assert.equal(result.written, all(spec).length);
          assert.deepEqual(
            readExport(writes.join(''), format, dataTypeColumnTypes(spec)),
            asExported(all(spec), format, dataTypeColumnTypes(spec)),
            format,
          );
        }
      });

      it('gets one record by id as listed, and a missing id is a 404', async () => {
        const listed = all(spec).at(-1) as DataRecord;
        const got = await client.getRecord(spec.id, at(spec), listed.id);
        // A tracking category read alone is its tree: the record as listed and its sub-categories.
        if (spec.id === 'trackingCategories') assert.ok(Array.isArray(got.subCategories));
        const { subCategories: _tree, ...record } = got;
        assert.deepEqual(spec.id === 'trackingCategories' ? record : got, listed);
        await rejectsWith(client.getRecord(spec.id, at(spec), 'no-such-record'), 'notFound');
      });

      it(`refuses an unknown field before sending, naming the ${spec.schema.recordName} as the API does`, async () => {
        const refused = await rejectsWith(
          client.listRecords(spec.id, at(spec), { query: 'colour=red' }),
          'invalidQuery',
        );
        assert.match(refused.message, new RegExp(`Unknown field "colour" on ${spec.schema.recordName}`));
        await rejectsWith(client.listRecords(spec.id, at(spec), { orderBy: 'colour' }), 'invalidQuery');
        assert.deepEqual(requests(), [], 'nothing sent');
        // The API's own words for the same filter name the same record.
        const raw = await call<{ error: string }>(emu, `${listPath(spec)}?query=colour%3Dred`);
        assert.equal(raw.status, 400);
        assert.match(raw.json.error, new RegExp(`Could not resolve property colour on ${spec.schema.recordName}$`));
      });

      it('is 409 until requested, 409 while syncing (told apart by the data status), and 404 on a platform without it', async () => {
        const notRequested = await rejectsWith(
          client.listRecords(spec.id, at(spec, emu.companies.notRequested)),
          'dataSetNotRequested',
        );
        assert.equal(
          presentError(
            notRequested,
            0,
            0,
            spec.id,
            statusOfType(await client.getDataStatus(emu.companies.notRequested), spec.id),
          ).queueSync,
          true,
        );
        // The syncing company has no connection: a type served per connection has nowhere to be read there.
        if (spec.scope === 'connection')
          await rejectsWith(client.listRecords(spec.id, at(spec, emu.companies.syncing)), 'notFound');
        else {
          const syncing = await rejectsWith(client.listRecords(spec.id, emu.companies.syncing), 'dataSetNotRequested');
          const running = presentError(
            syncing,
            0,
            0,
            spec.id,
            statusOfType(await client.getDataStatus(emu.companies.syncing), spec.id),
          );
          assert.deepEqual([running.queueSync, running.waiting], [false, true], 'the data status says the sync runs');
        }
        const unsupported = await rejectsWith(
          client.listRecords(spec.id, at(spec, emu.companies.unsupported)),
          'datatypeNotSupported',
        );
        assert.match(unsupported.message, /Xero/);
      });
    });
  }

  // After the types' own tests (mocha runs a suite's tests before its nested suites'), which need
  // the never-requested company untouched.
  describe('data sets', () => {
    it('queues a sync of one type, which dataStatus then reports for that type alone', async () => {
      const before = await client.getDataStatus(emu.companies.notRequested);
      assert.deepEqual(Object.keys(before), []);
      const op = await client.queueSync(emu.companies.notRequested, 'bills');
      assert.equal(op.dataType, 'bills');
      assert.deepEqual(Object.keys(await client.getDataStatus(emu.companies.notRequested)), ['bills']);
      // The chart of accounts by Codat's name, as the Queue sync command sends it.
      const accounts = await client.queueSync(emu.companies.notRequested, syncName(dataType('accounts')));
      assert.equal(accounts.dataType, 'chartOfAccounts');
      const after = await client.getDataStatus(emu.companies.notRequested);
      assert.deepEqual(Object.keys(after), ['bills', 'chartOfAccounts']);
      assert.equal(statusOfType(after, 'accounts')?.currentStatus, 'Fetching');
      const many = await client.getDataStatus(emu.companies.many);
      assert.deepEqual(
        Object.keys(many).sort(),
        DATA_TYPES.map(syncName).sort(),
        "the big company has every type, under Codat's keys",
      );
      for (const spec of DATA_TYPES) assert.equal(statusOfType(many, spec.id)?.currentStatus, 'Complete', spec.id);
    });
  });
});
