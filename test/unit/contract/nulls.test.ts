// Codat's contract makes most optional fields nullable, lets them be absent, and has `Unknown` in
// every status and type enumeration. For every data type, a record with each optional field null,
// one with the objects themselves null, one with nothing but its id, and one of Unknowns go through
// everything that shows a record: tree label, description, icon and tooltip, the row the tree keeps,
// a CSV row, the JSON tab's name and query completions, without throwing and without "null",
// "undefined" or "NaN" in what a person reads.
import * as assert from 'node:assert/strict';
import type { Company, DataRecord } from '../../../src/api/models';
import { DATA_TYPES, type DataTypeSpec } from '../../../src/dataTypes/catalog';
import { rowMaker } from '../../../src/dataTypes/rows';
import { recordUriParts } from '../../../src/documents/recordUri';
import { recordFormat } from '../../../src/export/formats';
import { companyPlatforms, companyTooltip } from '../../../src/format/labels';
import { recordDescription, recordIcon, recordLabel, recordTooltip } from '../../../src/format/recordLabels';
import { completeQuery } from '../../../src/query/completions';

const BAD = /\bnull\b|\bundefined\b|\bNaN\b|\[object Object\]/;

/** Every path the type's presentation, schema and export name. */
function pathsOf(spec: DataTypeSpec): string[] {
  const refs = [
    spec.party,
    spec.kind,
    spec.amount,
    spec.currency,
    spec.rate,
    spec.date,
    spec.status,
    ...spec.tooltip.map(([, r]) => r),
  ];
  const flat = refs.flatMap((r) => (r === undefined ? [] : typeof r === 'string' ? [r] : [...r]));
  return [
    ...new Set([...Object.keys(spec.schema.fields), ...spec.label.flat(), ...flat, ...spec.exportColumns]),
  ].filter((p) => p !== 'id');
}

function put(record: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = record;
  for (const k of keys.slice(0, -1)) {
    if (typeof at[k] !== 'object' || at[k] === null) at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]] = value;
}

/** Each leaf null, inside its objects. */
function leafNulls(spec: DataTypeSpec): DataRecord {
  const record: Record<string, unknown> = { id: `${spec.id}-nulls` };
  for (const path of pathsOf(spec)) put(record, path, null);
  return record as DataRecord;
}

/** Each top-level field but the id null: `customerRef: null`, `metadata: null`. */
function objectNulls(spec: DataTypeSpec): DataRecord {
  const record: Record<string, unknown> = { id: `${spec.id}-objects` };
  for (const path of pathsOf(spec)) record[path.split('.')[0]] = null;
  return record as DataRecord;
}

/** Every enumeration at Unknown, its other fields null. */
function unknowns(spec: DataTypeSpec): DataRecord {
  const record = leafNulls(spec) as Record<string, unknown>;
  record.id = `${spec.id}-unknown`;
  for (const field of Object.keys(spec.schema.values ?? {})) put(record, field, 'Unknown');
  return record as DataRecord;
}

const variants = (spec: DataTypeSpec): [string, DataRecord][] => [
  ['every optional field null', leafNulls(spec)],
  ['its objects null', objectNulls(spec)],
  ['only its id', { id: `${spec.id}-bare` }],
  ['Unknowns', unknowns(spec)],
];

function shown(spec: DataTypeSpec, record: DataRecord): string[] {
  const row = rowMaker(spec)(record);
  const icon = recordIcon(spec, record);
  return [
    recordLabel(spec, record),
    recordDescription(spec, record, 'en-GB'),
    recordTooltip(spec, record, 'en-GB'),
    recordLabel(spec, row),
    recordDescription(spec, row, 'en-GB'),
    recordTooltip(spec, row, 'en-GB'),
    icon.id,
    recordUriParts(
      {
        accountId: 'a',
        companyId: 'c',
        dataType: spec.id,
        recordId: record.id,
        // The place a connection-scoped record (and one under a parent) is read at.
        ...(spec.scope === 'connection' ? { connectionId: 'cn' } : {}),
        ...(spec.parent ? { parentId: 'p' } : {}),
      },
      { companyName: 'Acme', recordLabel: recordLabel(spec, row) },
    ).path,
  ];
}

describe('contract: nulls, absent fields and Unknown in what shows a record', () => {
  for (const spec of DATA_TYPES) {
    for (const [what, record] of variants(spec)) {
      it(`${spec.id}, ${what}: label, description, icon, tooltip, row and JSON tab name`, () => {
        for (const text of shown(spec, record)) assert.doesNotMatch(text, BAD, text);
        assert.equal(recordLabel(spec, record), record.id, 'a record with no label fields is named by its id');
      });

      it(`${spec.id}, ${what}: a CSV row has an empty cell for a null, and keeps every column`, () => {
        const csv = recordFormat('csv', spec.id);
        const header = csv.head();
        const line = csv.record(record, 0);
        assert.equal(line.split(',').length, header.split(',').length, 'no column lost');
        assert.doesNotMatch(line, BAD, line);
        assert.deepEqual(
          JSON.parse(
            recordFormat('json', spec.id)
              .record(record, 0)
              .replace(/^[[,\s]+/, ''),
          ),
          record,
          'JSON keeps the nulls as nulls',
        );
      });
    }

    it(`${spec.id}: completions offer every field, and Unknown after a status or type's =`, () => {
      const fields = completeQuery('', 0, spec.schema).map((c) => c.label);
      assert.deepEqual(fields, Object.keys(spec.schema.fields));
      for (const [field, values] of Object.entries(spec.schema.values ?? {})) {
        const text = `${field}=`;
        const offered = completeQuery(text, text.length, spec.schema).map((c) => c.label);
        if (/(^|\.)(status|itemStatus|type)$/.test(field))
          assert.ok(offered.includes('Unknown'), `${field}: ${offered.join(' ')}`);
        assert.deepEqual(offered.filter((v) => values.includes(v)).sort(), [...values].sort());
      }
      for (const c of completeQuery('', 0, spec.schema)) assert.doesNotMatch(`${c.label} ${c.detail}`, BAD);
    });
  }

  it('shows Unknown in the status words and a question mark icon', () => {
    const spec = DATA_TYPES.find((s) => s.id === 'bills');
    assert.ok(spec);
    const record = { id: 'b1', reference: 'B-1', status: 'Unknown' } as DataRecord;
    assert.match(recordDescription(spec, record), /Unknown/);
    assert.match(recordTooltip(spec, record), /Status: Unknown/);
    assert.equal(recordIcon(spec, record).id, 'question');
  });
});

describe('contract: a contact phone is a list of {number, type}', () => {
  const customers = DATA_TYPES.find((s) => s.id === 'customers');
  const suppliers = DATA_TYPES.find((s) => s.id === 'suppliers');

  it('shows the numbers of a phone list, and a phone given as text as before', () => {
    assert.ok(customers && suppliers);
    for (const spec of [customers, suppliers]) {
      const list = {
        id: 'c1',
        phone: [
          { number: '+44 20 7946 0000', type: 'Primary' },
          { number: null, type: 'Fax' },
          { number: '07700 900000', type: 'Mobile' },
        ],
      } as unknown as DataRecord;
      for (const record of [list, rowMaker(spec)(list)]) {
        const tooltip = recordTooltip(spec, record);
        assert.match(tooltip, /Phone: \\?\+44 20 7946 0000, 07700 900000/, tooltip);
        assert.doesNotMatch(tooltip, BAD);
      }
      assert.match(recordTooltip(spec, { id: 'c2', phone: '01632 960000' }), /Phone: 01632 960000/);
      assert.doesNotMatch(recordTooltip(spec, { id: 'c3', phone: [] }), /Phone/);
      assert.doesNotMatch(recordTooltip(spec, { id: 'c4', phone: [{ number: null }] }), /Phone/);
    }
  });
});

describe('contract: a company with its nullable fields null', () => {
  const company = {
    id: 'c-1',
    name: 'Acme',
    description: null,
    lastSync: null,
    createdByUserName: null,
    referenceParentCompany: null,
  } as unknown as Company;

  it('shows no "null", "undefined" or "NaN" in its platforms and tooltip, and skips connections that name no platform', () => {
    const odd = {
      ...company,
      dataConnections: [null, {}, { platformName: null }, { platformName: 'Xero' }],
    } as unknown as Company;
    assert.deepEqual(companyPlatforms(odd), ['Xero']);
    assert.deepEqual(companyPlatforms({ ...company, dataConnections: null } as unknown as Company), []);
    for (const c of [company, odd]) assert.doesNotMatch(companyTooltip(c), BAD);
  });
});
