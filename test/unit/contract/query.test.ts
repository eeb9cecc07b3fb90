// The query schemas, the client's (src/query/schemas.ts, src/dataTypes/schemas.ts) and the
// emulator's (test/emulator/dataFields.ts, fields.ts), held to what Codat's contract lets a query
// filter on: each field they accept exists in the contract with that type, each scalar field the
// contract has is accepted, and the values offered for an enumeration are the contract's.
import * as assert from 'node:assert/strict';
import { DATA_TYPES } from '../../../src/dataTypes/catalog';
import { COMPANY_SCHEMA } from '../../../src/query/schemas';
import { CONTRACT, contractType } from '../../contract/contract';
import { type QueryFieldType, type QueryFields, contractFields, queryMismatches } from '../../contract/queryFields';
import { recordType } from '../../emulator/dataTypes';
import { COMPANY_FIELDS, INVOICE_FIELDS, type RecordFields } from '../../emulator/fields';

const contractOf = (type: string) => contractFields(contractType(type).record);
const COMPANY = contractFields(CONTRACT.companies.record);

function clientMismatches(): string[] {
  const out = DATA_TYPES.flatMap((spec) => queryMismatches(`client ${spec.id}`, spec.schema, contractOf(spec.id)));
  return [...out, ...queryMismatches('client companies', COMPANY_SCHEMA, COMPANY)];
}

function emulatorFields(fields: RecordFields): QueryFields {
  const types: Record<string, QueryFieldType> = {};
  for (const [field, type] of fields.types) types[field] = type === 'text' ? 'string' : type;
  return { fields: types };
}

function emulatorMismatches(): string[] {
  const out = DATA_TYPES.flatMap((spec) => {
    const fields = spec.id === 'invoices' ? INVOICE_FIELDS : recordType(spec.id)?.fields;
    assert.ok(fields, spec.id);
    // The emulator holds no list of enumeration values: only fields and types are compared.
    return queryMismatches(`emulator ${spec.id}`, emulatorFields(fields), contractOf(spec.id)).filter(
      (m) => !/offer/.test(m),
    );
  });
  return [...out, ...queryMismatches('emulator companies', emulatorFields(COMPANY_FIELDS), COMPANY)];
}

// The client's differences, for the client's side of the work to fix (src/ is not changed here):
// the test fails on a new one, and once one is fixed, until it is taken off this list.
const CLIENT_PENDING: string[] = [];

// The emulator's, each left on purpose (test/emulator/README.md says why): its records never carry
// these fields, so a filter on them could only ever match `!=`; the emulator answers 400 instead.
const EMULATOR_LEFT: string[] = [];

describe('Codat contract: query schemas', () => {
  it('the client accepts what the contract lets a query use, with its types and enumeration values', () => {
    assert.deepEqual(clientMismatches(), CLIENT_PENDING);
  });

  it("the emulator accepts the contract's fields with their types, but for the ones it leaves out", () => {
    assert.deepEqual(emulatorMismatches(), EMULATOR_LEFT);
  });

  it('finds a field the contract lacks, a wrong type, a refused field and a missing value', () => {
    const contract = contractOf('invoices');
    const query = {
      fields: {
        ...Object.fromEntries([...contract].map(([k, v]) => [k, v.type])),
        invoiceNo: 'string' as const,
        totalAmount: 'string' as const,
      },
      values: { status: ['Paid', 'Overdue'] },
    };
    delete (query.fields as Record<string, unknown>).note;
    assert.deepEqual(queryMismatches('x', query, contract), [
      'x: totalAmount is string, the contract says number',
      'x: invoiceNo is not in the contract',
      'x: note (string) is refused',
      'x: status does not offer Unknown, Draft, Submitted, PartiallyPaid, Void',
      'x: status offers Overdue, which the contract lacks',
    ]);
  });
});
