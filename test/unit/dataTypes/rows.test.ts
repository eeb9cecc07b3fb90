// What the tree keeps of a record (src/dataTypes/rows.ts), for every type of the catalog against
// the emulator: the row shows exactly what the whole record shows (label, description, icon,
// tooltip), holds nothing else, and is what `recordRows` (the tree's list) keeps.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import type { DataRecord } from '../../../src/api/models';
import { DATA_TYPES, dataType, type DataTypeSpec } from '../../../src/dataTypes/catalog';
import { rowFields, rowMaker } from '../../../src/dataTypes/rows';
import { recordDescription, recordIcon, recordLabel, recordTooltip } from '../../../src/format/recordLabels';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { dataPlace } from '../../emulator/testing';

/** Every path to a value that is not an object, in a record. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
}

const shown = (spec: DataTypeSpec, r: DataRecord) => [
  recordLabel(spec, r),
  recordDescription(spec, r, 'en-GB'),
  recordIcon(spec, r),
  recordTooltip(spec, r, 'en-GB'),
];

describe("the tree's record rows", () => {
  let emu: RunningEmulator;
  let client: DataPlatformClient;

  before(async () => {
    emu = await startEmulator({ invoices: 300 });
    client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });
  });
  after(async () => emu.close());

  for (const spec of DATA_TYPES) {
    it(`${spec.id}: a Load all keeps rows that show what the records show and hold nothing else`, async () => {
      const place = await dataPlace(emu, emu.companies.many, spec.id);
      const records: DataRecord[] = [];
      for await (const r of client.allRecords(spec.id, place, { pageSize: 200 })) records.push(r);
      const list = client.recordRows(spec.id, place, { pageSize: 50 });
      const rows = await list.loadAll({ concurrency: 4 });
      assert.equal(rows.length, records.length);
      const fields = new Set(rowFields(spec));
      let dropped = 0;
      rows.forEach((row, i) => {
        assert.equal(row.id, records[i].id);
        assert.deepEqual(shown(spec, row), shown(spec, records[i]), `${spec.id} ${row.id}`);
        for (const path of leafPaths(row)) assert.ok(fields.has(path), `${spec.id} ${row.id}: ${path} is not shown`);
        dropped += leafPaths(records[i]).length - leafPaths(row).length;
      });
      assert.ok(dropped > 0, `${spec.id}: rows are smaller than records`);
    });
  }

  it('keeps a deleted mark, no list, and an object as an empty one, so the row shows what the record shows', () => {
    const spec = dataType('invoices');
    const record: DataRecord = {
      id: 'i1',
      invoiceNumber: ['INV-1'],
      customerRef: { id: 'c1', companyName: { name: 'Acme' } },
      status: 'Paid',
      totalAmount: 12.5,
      currency: 'GBP',
      metadata: { isDeleted: true, source: 'x' },
      lineItems: [{ description: 'big' }],
    };
    const row = rowMaker(spec)(record);
    assert.deepEqual(row, {
      id: 'i1',
      customerRef: { companyName: {}, id: 'c1' },
      status: 'Paid',
      totalAmount: 12.5,
      currency: 'GBP',
      metadata: { isDeleted: true },
    });
    assert.deepEqual(shown(spec, row), shown(spec, record));
    assert.match(recordDescription(spec, row, 'en-GB'), /deleted/);
  });
});
