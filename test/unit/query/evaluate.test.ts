import * as assert from 'node:assert/strict';
import type { Invoice } from '../../../src/api/models';
import {
  INVOICE_SCHEMA,
  formatQuery,
  getFieldValue,
  parseOrderBy,
  parseQuery,
  type FieldType,
  type QueryExpr,
} from '../../../src/query';
import { compareByField, evaluateQuery } from '../../support/queryOracle';

const INVOICES: Invoice[] = [
  {
    id: '1',
    invoiceNumber: 'INV-001',
    customerRef: { id: '61', companyName: 'Acme Ltd' },
    issueDate: '2025-03-04T00:00:00Z',
    dueDate: '2025-04-03T00:00:00Z',
    paidOnDate: '2025-03-20T00:00:00Z',
    currency: 'GBP',
    totalTaxAmount: 20.08,
    totalAmount: 120.5,
    amountDue: 0,
    status: 'Paid',
    note: 'Thanks',
    metadata: { isDeleted: false },
    modifiedDate: '2025-03-05T10:30:00Z',
  },
  {
    id: '2',
    invoiceNumber: 'INV-002',
    customerRef: { id: '62', companyName: 'Beta & Sons' },
    issueDate: '2025-03-10T00:00:00Z',
    currency: 'USD',
    totalTaxAmount: 0,
    totalAmount: 40,
    amountDue: 40,
    status: 'Submitted',
    metadata: { isDeleted: true },
  },
  {
    id: '3',
    invoiceNumber: 'inv-003',
    issueDate: '2025-02-28T00:00:00Z',
    currency: 'GBP',
    totalTaxAmount: 0,
    totalAmount: 1000,
    amountDue: 500,
    status: 'PartiallyPaid',
    note: 'Call "Bob" re: R&D',
  },
  {
    id: '4',
    invoiceNumber: 'INV-004',
    // Written with an offset: its date part is 2025-03-04, its instant 14:45Z.
    issueDate: '2025-03-04T15:45:00+01:00',
    currency: 'EUR',
    lineItems: [{ unitAmount: 700, quantity: 1 }],
    totalTaxAmount: 0,
    totalAmount: 0,
    amountDue: 0,
    status: 'Void',
  },
];

function ids(query: string): string[] {
  const r = parseQuery(query, INVOICE_SCHEMA);
  if (!r.ok) assert.fail(`${query}: ${r.error.message}`);
  return INVOICES.filter((inv) => evaluateQuery(r.ast, inv, INVOICE_SCHEMA)).map((inv) => inv.id);
}

describe('query evaluation', () => {
  const cases: [string, string[]][] = [
    // Strings: case-insensitive equality and containment.
    ['status=Paid', ['1']],
    ['status=paid', ['1']],
    ['status=PAID', ['1']],
    ['status!=paid', ['2', '3', '4']],
    ['status=Pai', []],
    ['status~PAID', ['1', '3']],
    ['customerRef.companyName~acme', ['1']],
    ['customerRef.companyName~"&"', ['2']],
    ['customerRef.companyName="beta & sons"', ['2']],
    ['note~"\\"bob\\""', ['3']],
    ['note~"r&d"', ['3']],
    ['invoiceNumber=INV-003', ['3']],
    ['currency=gbp||currency=eur', ['1', '3', '4']],
    // A missing value matches only `!=`.
    ['customerRef.id=61', ['1']],
    ['customerRef.id!=61', ['2', '3', '4']],
    ['note~t', ['1']],
    // Numbers compare as numbers, not text.
    ['totalAmount>100', ['1', '3']],
    ['totalAmount>=120.5', ['1', '3']],
    ['totalAmount<=40', ['2', '4']],
    ['totalAmount<40', ['4']],
    ['totalAmount=40.0', ['2']],
    ['totalAmount!=40', ['1', '3', '4']],
    ['totalAmount>-1', ['1', '2', '3', '4']],
    ['amountDue>0&&totalAmount<1000', ['2']],
    ['currencyRate=1', []],
    ['currencyRate!=1', ['1', '2', '3', '4']],
    // Precedence: `&&` before `||`, braces override.
    ['status=Void||status=Paid&&amountDue>0', ['4']],
    ['{status=Void||status=Paid}&&amountDue>0', []],
    ['status=Paid&&amountDue=0||status=Submitted', ['1', '2']],
    ['{totalAmount>100||totalAmount<50}&&status!=paid', ['2', '3', '4']],
    // A day compares with the date part of the record's value.
    ['issueDate=2025-03-04', ['1', '4']],
    ['issueDate!=2025-03-04', ['2', '3']],
    ['issueDate>2025-03-04', ['2']],
    ['issueDate>=2025-03-04', ['1', '2', '4']],
    ['issueDate<2025-03-04', ['3']],
    ['issueDate<=2025-03-04', ['1', '3', '4']],
    ['issueDate>2025-02-28&&issueDate<2025-03-10', ['1', '4']],
    // A date-time compares as an instant, zones applied.
    ['issueDate>2025-03-04T14:00:00Z', ['2', '4']],
    ['issueDate<2025-03-04T14:50:00Z', ['1', '3', '4']],
    ['issueDate=2025-03-04T15:45:00+01:00', ['4']],
    ['modifiedDate>2025-03-05T10:00:00Z', ['1']],
    ['modifiedDate<2025-03-05T12:00:00+01:00', ['1']],
    ['modifiedDate<2025-03-05T11:00:00+02:00', []],
    ['paidOnDate<2030-01-01', ['1']],
    ['paidOnDate!=2025-01-01', ['1', '2', '3', '4']],
    // Booleans; absent metadata is a missing value.
    ['metadata.isDeleted=true', ['2']],
    ['metadata.isDeleted=TRUE', ['2']],
    ['metadata.isDeleted=false', ['1']],
    ['metadata.isDeleted!=true', ['1', '3', '4']],
  ];
  for (const [query, expected] of cases) {
    it(`${query} selects [${expected.join(', ')}]`, () => assert.deepEqual(ids(query), expected));
  }

  it('agrees with itself after formatting and re-parsing random trees', () => {
    // Deterministic generator: the same trees every run.
    let seed = 42;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const leaves = [
      'status=paid',
      'totalAmount>50',
      'issueDate<=2025-03-04',
      'metadata.isDeleted!=true',
      'note~"&"',
      'currency=GBP',
    ];
    const gen = (depth: number): string => {
      if (depth === 0 || rand(3) === 0) return leaves[rand(leaves.length)];
      const parts = Array.from({ length: 2 + rand(2) }, () => gen(depth - 1));
      const text = parts.join(rand(2) ? '&&' : '||');
      return rand(2) ? `{${text}}` : text;
    };
    for (let i = 0; i < 200; i++) {
      const text = gen(3);
      const a = parseQuery(text, INVOICE_SCHEMA);
      if (!a.ok) assert.fail(`${text}: ${a.error.message}`);
      const b = parseQuery(formatQuery(a.ast), INVOICE_SCHEMA);
      if (!b.ok) assert.fail(`${formatQuery(a.ast)}: ${b.error.message}`);
      for (const inv of INVOICES) {
        assert.equal(evaluateQuery(b.ast, inv, INVOICE_SCHEMA), evaluateQuery(a.ast, inv, INVOICE_SCHEMA), text);
      }
    }
  });

  it('refuses trees that the schema would not have accepted', () => {
    const node = (path: string[], operator: '=' | '>' | '~', value: string): QueryExpr => ({
      kind: 'comparison',
      path,
      operator,
      value,
      start: 0,
      end: 0,
    });
    assert.throws(
      () => evaluateQuery(node(['foo'], '=', '1'), INVOICES[0], INVOICE_SCHEMA),
      /Unknown field "foo" on Invoice/,
    );
    assert.throws(
      () => evaluateQuery(node(['totalAmount'], '=', 'abc'), INVOICES[0], INVOICE_SCHEMA),
      /Expected a number/,
    );
    assert.throws(() => evaluateQuery(node(['status'], '>', 'a'), INVOICES[0], INVOICE_SCHEMA), /does not apply/);
    assert.throws(
      () => evaluateQuery(node(['totalAmount'], '~', '1'), INVOICES[0], INVOICE_SCHEMA),
      /applies only to text/,
    );
  });
});

describe('getFieldValue', () => {
  const record = { a: { b: { c: 1 }, n: null, list: [{ x: 1 }] }, s: 'text' };

  it('follows dotted paths', () => {
    assert.equal(getFieldValue(record, ['a', 'b', 'c']), 1);
    assert.equal(getFieldValue(record, ['s']), 'text');
    assert.deepEqual(getFieldValue(record, ['a', 'b']), { c: 1 });
  });

  it('gives undefined for missing, null-crossing, primitive-crossing and array paths', () => {
    assert.equal(getFieldValue(record, ['a', 'x']), undefined);
    assert.equal(getFieldValue(record, ['a', 'n', 'x']), undefined);
    assert.equal(getFieldValue(record, ['s', 'length']), undefined);
    assert.equal(getFieldValue(record, ['a', 'list']), undefined);
    assert.equal(getFieldValue(record, ['a', 'list', '0', 'x']), undefined);
    assert.equal(getFieldValue(INVOICES[3], ['lineItems', 'unitAmount']), undefined);
    assert.equal(getFieldValue(null, ['a']), undefined);
    assert.equal(getFieldValue('text', ['length']), undefined);
  });

  it('never reads inherited properties', () => {
    assert.equal(getFieldValue(record, ['constructor']), undefined);
    assert.equal(getFieldValue(record, ['toString']), undefined);
    assert.equal(getFieldValue(record, ['__proto__']), undefined);
  });
});

describe('compareByField', () => {
  function sorted(records: unknown[], orderBy: string, type: FieldType): unknown[] {
    const o = parseOrderBy(orderBy);
    if (!o.ok) assert.fail(o.error.message);
    return [...records].sort((a, b) => compareByField(a, b, o.path, type, o.descending));
  }
  const idsOf = (records: unknown[]): string[] => (records as Invoice[]).map((r) => r.id);

  it('orders numbers numerically', () => {
    assert.deepEqual(idsOf(sorted(INVOICES, 'totalAmount', 'number')), ['4', '2', '1', '3']);
    assert.deepEqual(idsOf(sorted(INVOICES, '-totalAmount', 'number')), ['3', '1', '2', '4']);
  });

  it('orders dates as instants, not as text', () => {
    // Invoice 4 is 2025-03-04T14:45Z, before 14:50Z although "15:45" sorts after "14:50" as text.
    const extra = { id: '5', issueDate: '2025-03-04T14:50:00Z' };
    assert.deepEqual(idsOf(sorted([...INVOICES, extra], 'issueDate', 'date')), ['3', '1', '4', '5', '2']);
    assert.deepEqual(idsOf(sorted([...INVOICES, extra], '-issueDate', 'date')), ['2', '5', '4', '1', '3']);
  });

  it('orders strings case-insensitively, ties broken by exact text', () => {
    const records = [
      { id: 'a', s: 'banana' },
      { id: 'b', s: 'Apple' },
      { id: 'c', s: 'apple' },
      { id: 'd', s: 'Cherry' },
    ];
    assert.deepEqual(idsOf(sorted(records, 's', 'string')), ['b', 'c', 'a', 'd']);
    assert.deepEqual(idsOf(sorted(records, '-s', 'string')), ['d', 'a', 'c', 'b']);
    assert.deepEqual(idsOf(sorted([...records].reverse(), 's', 'string')), ['b', 'c', 'a', 'd']);
  });

  it('orders booleans false before true', () => {
    assert.deepEqual(idsOf(sorted(INVOICES, 'metadata.isDeleted', 'boolean')), ['1', '2', '3', '4']);
    assert.deepEqual(idsOf(sorted(INVOICES, '-metadata.isDeleted', 'boolean')), ['2', '1', '3', '4']);
  });

  it('puts missing values last in both directions', () => {
    assert.deepEqual(idsOf(sorted(INVOICES, 'customerRef.companyName', 'string')), ['1', '2', '3', '4']);
    assert.deepEqual(idsOf(sorted(INVOICES, '-customerRef.companyName', 'string')), ['2', '1', '3', '4']);
    assert.deepEqual(idsOf(sorted(INVOICES, '-paidOnDate', 'date')), ['1', '2', '3', '4']);
    assert.equal(compareByField({}, {}, ['x'], 'number'), 0);
  });
});
