// The data type catalog against the shared type table (test/corpus/dataTypes.ts, written by hand
// from the table both the extension and the emulator were built from, so a typo in the catalog
// cannot vouch for itself), its words, and how records of each type read.
import * as assert from 'node:assert/strict';
import type { DataRecord } from '../../../src/api/models';
import {
  DATA_TYPE_IDS,
  DATA_TYPES,
  dataType,
  idParameter,
  type DataTypeId,
  type DataTypeSpec,
} from '../../../src/dataTypes/catalog';
import { ROW_FORMATS } from '../../../src/dataTypes/rowFormats';
import { typeCount, typeEmpty, typeTitle } from '../../../src/dataTypes/words';
import { recordDescription, recordIcon, recordLabel, recordTooltip } from '../../../src/format/recordLabels';
import { queryNodeLabel } from '../../../src/format/queryMessages';
import { dataTypeColumns } from '../../../src/export/columns';
import {
  exportedMessage,
  exportFileName,
  exportingTitle,
  exportProgressMessage,
} from '../../../src/format/exportMessages';
import { parseOrderBy, parseQuery, type FieldType } from '../../../src/query';
import { COMMON_FIELDS, DATA_TYPE_SPECS, type FieldKind } from '../../corpus/dataTypes';
import { CONTRACT } from '../../contract/contract';

const KIND: Record<FieldType, FieldKind> = { string: 'text', number: 'number', date: 'date', boolean: 'boolean' };
const kinds = (fields: Readonly<Record<string, FieldType>>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, KIND[v]]));
const sorted = (values: Readonly<Record<string, readonly string[]>> = {}) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [...v].sort()]));

/** Every field path a type's presentation names. */
function presentationFields(spec: DataTypeSpec): string[] {
  const refs = [
    spec.party,
    spec.kind,
    spec.amount,
    spec.currency,
    spec.rate,
    spec.date,
    spec.status,
    ...spec.tooltip.map(([, ref]) => ref),
  ];
  return [...spec.label.flat(), ...refs.flatMap((r) => (r === undefined ? [] : typeof r === 'string' ? [r] : r))];
}

describe('data type catalog', () => {
  it("lists every type of the table and of Codat's contract once, invoices first, and at least those the issues ask for", () => {
    assert.deepEqual(
      DATA_TYPES.map((d) => d.id),
      [...DATA_TYPE_IDS],
    );
    assert.equal(DATA_TYPES[0].id, 'invoices');
    for (const table of DATA_TYPE_SPECS) assert.ok(DATA_TYPE_IDS.includes(table.segment as DataTypeId), table.segment);
    // The types after the table's are held to the contract alone (test/unit/contract/query.test.ts).
    assert.deepEqual([...DATA_TYPE_IDS].sort(), Object.keys(CONTRACT.dataTypes).sort());
    for (const required of [
      'invoices',
      'bills',
      'customers',
      'suppliers',
      'payments',
      'billPayments',
      'creditNotes',
      'accounts',
      'journalEntries',
      'taxRates',
      'trackingCategories',
      'journals',
      'accountTransactions',
      'transfers',
      'directCosts',
      'directIncomes',
      'purchaseOrders',
      'salesOrders',
      'paymentMethods',
      'itemReceipts',
      'bankAccounts',
      'bankTransactions',
    ]) {
      assert.ok(DATA_TYPE_IDS.includes(required as DataTypeId), required);
    }
  });

  for (const table of DATA_TYPE_SPECS) {
    it(`${table.segment}: the record name ${table.recordName}, exactly the queryable fields of the table, typed, and its enumerations`, () => {
      const { schema } = dataType(table.segment as DataTypeId);
      assert.equal(schema.recordName, table.recordName);
      assert.deepEqual(kinds(schema.fields), { ...COMMON_FIELDS, ...table.fields });
      assert.deepEqual(sorted(schema.values), sorted(table.enums));
    });
  }

  it("offers Unknown, a value of every status and type enumeration in Codat's contract", () => {
    for (const d of DATA_TYPES) {
      for (const [field, values] of Object.entries(d.schema.values ?? {})) {
        if (/(^|\.)(status|itemStatus|type)$/.test(field)) assert.ok(values.includes('Unknown'), `${d.id}.${field}`);
      }
    }
    for (const field of ['discountPercentage', 'additionalTaxAmount', 'additionalTaxPercentage'])
      assert.equal(dataType('invoices').schema.fields[field], 'number', field);
  });

  it('offers only text fields as enumerations', () => {
    for (const d of DATA_TYPES)
      for (const field of Object.keys(d.schema.values ?? {}))
        assert.equal(d.schema.fields[field], 'string', `${d.id}.${field}`);
  });

  it('invoices keep the schema they had', () => {
    assert.equal(dataType('invoices').schema.recordName, 'Invoice');
    assert.equal(dataType('invoices').schema.fields.paidOnDate, 'date');
  });

  for (const spec of DATA_TYPES) {
    it(`${spec.id}: its example filter is valid, an unknown field is refused naming the ${spec.schema.recordName}, and its presentation names only its fields`, () => {
      assert.ok(parseQuery(spec.example, spec.schema).ok, spec.example);
      const unknown = parseQuery('colour=red', spec.schema);
      assert.ok(!unknown.ok);
      assert.equal(unknown.error.message, `Unknown field "colour" on ${spec.schema.recordName}`);
      assert.ok(parseOrderBy('-modifiedDate', spec.schema).ok, 'the common fields order every type');
      for (const field of presentationFields(spec))
        assert.ok(field in spec.schema.fields, `${spec.id}: ${field} is a field of ${spec.schema.recordName}`);
      assert.match(spec.icon, /^[a-z-]+$/);
      for (const [kind] of spec.tooltip) assert.ok(kind in ROW_FORMATS);
    });
  }

  it('names a record id parameter after the record', () => {
    assert.deepEqual(DATA_TYPES.map(idParameter), [
      'invoiceId',
      'billId',
      'customerId',
      'supplierId',
      'paymentId',
      'billPaymentId',
      'creditNoteId',
      'billCreditNoteId',
      'accountId',
      'journalEntryId',
      'taxRateId',
      'itemId',
      'trackingCategoryId',
      'journalId',
      'purchaseOrderId',
      'salesOrderId',
      'paymentMethodId',
      'bankAccountId',
      'bankTransactionId',
      'accountTransactionId',
      'transferId',
      'directCostId',
      'directIncomeId',
      'itemReceiptId',
    ]);
  });
});

describe('data type words', () => {
  it('gives every type a title, both counts and an empty list, each its own sentence', () => {
    const all = DATA_TYPES.flatMap((d) => [
      typeTitle(d.id),
      typeCount(d.id, 1, 'en-GB'),
      typeCount(d.id, 2345, 'en-GB'),
      typeEmpty(d.id),
    ]);
    assert.equal(new Set(all).size, all.length, 'no two the same');
    assert.equal(typeTitle('journalEntries'), 'Journal entries');
    assert.equal(typeCount('journalEntries', 1, 'en-GB'), '1 journal entry');
    assert.equal(typeCount('journalEntries', 2345, 'en-GB'), '2,345 journal entries');
    assert.equal(typeEmpty('billCreditNotes'), 'No bill credit notes');
  });

  it('labels a query node with its type unless it is of invoices', () => {
    assert.equal(queryNodeLabel('status=Paid', 12, 'bills', 'en-GB'), 'Bills: status=Paid — 12 bills');
    assert.equal(queryNodeLabel('status=Paid', undefined, 'bills'), 'Bills: status=Paid');
    assert.equal(queryNodeLabel('status=Paid', 1, 'invoices', 'en-GB'), 'status=Paid — 1 invoice');
  });
});

describe('export of every type', () => {
  it("gives invoices the CSV columns they always had, then the fields Codat's contract lets a query filter on", () => {
    assert.deepEqual(dataTypeColumns('invoices'), [
      'id',
      'invoiceNumber',
      'customerRef.id',
      'customerRef.companyName',
      'issueDate',
      'dueDate',
      'paidOnDate',
      'currency',
      'currencyRate',
      'subTotal',
      'totalTaxAmount',
      'totalAmount',
      'amountDue',
      'totalDiscount',
      'status',
      'note',
      'metadata.isDeleted',
      'modifiedDate',
      'sourceModifiedDate',
      'discountPercentage',
      'additionalTaxAmount',
      'additionalTaxPercentage',
      'lineItems',
    ]);
  });

  it('gives every type its queryable fields, then what its rows must keep, each column once', () => {
    for (const spec of DATA_TYPES) {
      const columns = dataTypeColumns(spec.id);
      assert.deepEqual(
        columns.slice(0, Object.keys(spec.schema.fields).length),
        Object.keys(spec.schema.fields),
        spec.id,
      );
      assert.equal(new Set(columns).size, columns.length, spec.id);
    }
    assert.deepEqual(dataTypeColumns('journalEntries').slice(-1), ['journalLines']);
    assert.ok(dataTypeColumns('journalEntries').includes('journalRef.name'), 'now a queryable field');
  });

  it('names files, progress and outcomes by the type', () => {
    assert.equal(
      exportFileName({ items: 'bills', companyName: 'Acme Ltd', query: 'status=Open' }, 'csv'),
      'Acme Ltd bills (status=Open).csv',
    );
    assert.equal(
      exportFileName({ items: 'journalEntries', companyName: 'Acme Ltd' }, 'jsonl'),
      'Acme Ltd journal entries.jsonl',
    );
    assert.equal(
      exportFileName({ items: 'invoices', companyName: 'Acme Ltd' }, 'json'),
      'Acme Ltd invoices.json',
      'invoices as before',
    );
    assert.equal(exportProgressMessage('taxRates', 1, 2, 'en'), '1 / 2 tax rates');
    assert.equal(exportProgressMessage('invoices', 12000, 25000, 'en'), '12,000 / 25,000 invoices');
    assert.equal(exportingTitle('billPayments', 'a.csv'), 'Bill payments: exporting to a.csv');
    assert.equal(exportedMessage('accounts', 1, 'a.csv'), 'Exported 1 account to a.csv.');
  });
});

describe('records of every type in the tree', () => {
  const read = (id: DataTypeId, record: DataRecord) => {
    const spec = dataType(id);
    return {
      label: recordLabel(spec, record),
      description: recordDescription(spec, record, 'en-GB'),
      icon: recordIcon(spec, record).id,
      tooltip: recordTooltip(spec, record, 'en-GB'),
    };
  };

  it('a bill: reference, supplier · amount · status, its dates and amounts in the tooltip', () => {
    const bill = read('bills', {
      id: 'b-1',
      reference: 'BILL-0042',
      supplierRef: { id: 's-1', supplierName: 'Acme Supplies Ltd' },
      issueDate: '2025-03-01T00:00:00',
      dueDate: '2025-03-31T00:00:00',
      currency: 'GBP',
      totalAmount: 1200,
      taxAmount: 200,
      amountDue: 1200,
      status: 'Open',
    });
    assert.equal(bill.label, 'BILL-0042');
    assert.equal(bill.description, 'Acme Supplies Ltd · 1,200.00 GBP · Open');
    assert.equal(bill.icon, 'circle-large-outline');
    for (const row of [
      'Supplier: Acme Supplies Ltd',
      'Issued: 2025\\-03\\-01',
      'Due: 2025\\-03\\-31',
      'Tax: 200\\.00 GBP',
      'Amount due: 1,200\\.00 GBP',
      'Id: b\\-1',
    ]) {
      assert.ok(bill.tooltip.includes(row), `${row} in ${bill.tooltip}`);
    }
  });

  it('an invoice without a number: named by its customer, day and amount, not its UUID (issue 31)', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const pushed = { id, customerRef: { id: '40', companyName: 'Acme Ltd' }, issueDate: '2026-11-27T00:00:00' };
    const unnumbered = read('invoices', {
      ...pushed,
      totalAmount: 1234.5,
      currency: 'GBP',
      status: 'Draft',
    });
    assert.equal(unnumbered.label, 'Acme Ltd · 2026-11-27 · 1,234.50 GBP');
    assert.equal(unnumbered.description, 'Draft', 'not said twice');
    assert.equal(read('invoices', { ...pushed, invoiceNumber: ' ' }).label, 'Acme Ltd · 2026-11-27');
    assert.equal(read('invoices', { id, totalAmount: 5 }).label, id, 'one part alone says too little');
    assert.equal(read('invoices', { ...pushed, invoiceNumber: 'INV-7' }).label, 'INV-7');
    const bill = {
      id: 'b-9',
      supplierRef: { id: 's', supplierName: 'Paper Co' },
      issueDate: '2026-01-02',
      totalAmount: 9,
    };
    assert.equal(read('bills', bill as DataRecord).label, 'Paper Co · 2026-01-02 · 9.00');
  });

  it('an account: nominal code and name, type · balance · status', () => {
    const account = read('accounts', {
      id: 'a-1',
      nominalCode: '4000',
      name: 'Sales',
      type: 'Income',
      currentBalance: -5234.5,
      currency: 'GBP',
      status: 'Active',
    });
    assert.equal(account.label, '4000 Sales');
    assert.equal(account.description, 'Income · -5,234.50 GBP · Active');
    assert.equal(account.icon, 'pass');
    assert.equal(read('accounts', { id: 'a-2', name: 'Bank' }).label, 'Bank', 'the code left out when missing');
    assert.equal(read('accounts', { id: 'a-3' }).label, 'a-3', 'the id when nothing else');
  });

  it('a tax rate as a percentage, a customer by its name and contact, a journal entry by its day', () => {
    const rate = read('taxRates', { id: 't-1', name: 'Standard', code: 'S', effectiveTaxRate: 20, status: 'Active' });
    assert.equal(rate.description, 'S · 20% · Active');
    assert.ok(rate.tooltip.includes('Tax rate: 20%'));
    const customer = read('customers', {
      id: 'c-1',
      customerName: 'Bloom & Co',
      contactName: 'Ann Lee',
      emailAddress: 'ann@bloom.example',
      status: 'Archived',
    });
    assert.equal(customer.label, 'Bloom & Co');
    assert.equal(customer.description, 'Ann Lee · Archived');
    assert.ok(customer.tooltip.includes('Email: ann@bloom\\.example'));
    const entry = read('journalEntries', {
      id: 'j-1',
      description: 'Month end accruals',
      postedOn: '2025-06-30T00:00:00',
      recordRef: { id: 'x', dataType: 'invoices' },
    });
    assert.deepEqual(
      [entry.label, entry.description, entry.icon],
      ['Month end accruals', '2025-06-30 · invoices', 'list-ordered'],
    );
  });

  it('marks a deleted record, leaves out what a record lacks, and escapes server text', () => {
    const item = read('items', {
      id: 'i-1',
      name: '**Widget** [x](http://evil)',
      metadata: { isDeleted: true },
      invoiceItem: { unitPrice: 9.5 },
    });
    assert.equal(item.description, 'deleted');
    assert.ok(item.tooltip.startsWith('**\\*\\*Widget\\*\\* \\[x\\]\\(http://evil\\)** (deleted)'), item.tooltip);
    assert.ok(item.tooltip.includes('Sale price: 9\\.50'));
    assert.ok(!item.tooltip.includes('Purchase price'));
    assert.equal(item.icon, 'question', 'items have a status field: a missing status is unknown');
    const payment = read('payments', {
      id: 'p-1',
      totalAmount: 10,
      currency: 'EUR',
      date: '2025-01-02',
      customerRef: { id: 'cust-9' },
    });
    assert.equal(payment.label, 'cust-9 · 2025-01-02 · 10.00 EUR', 'the customer id when the name is missing');
    assert.equal(payment.description, '', 'the label says it all');
    assert.equal(payment.icon, 'credit-card');
  });
});
