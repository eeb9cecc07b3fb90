import * as assert from 'node:assert/strict';
import {
  COMPANY_SCHEMA,
  INVOICE_SCHEMA,
  completeQuery,
  parseQuery,
  type QueryCompletion,
  type QuerySchema,
} from '../../../src/query';
import { dataType } from '../../../src/dataTypes/catalog';

const labels = (text: string, cursor = text.length, schema: QuerySchema = INVOICE_SCHEMA): string[] =>
  completeQuery(text, cursor, schema).map((c) => c.label);

function take(text: string, label: string, cursor = text.length): QueryCompletion {
  const found = completeQuery(text, cursor, INVOICE_SCHEMA).find((c) => c.label === label);
  assert.ok(found, `"${label}" is offered after ${JSON.stringify(text.slice(0, cursor))}`);
  return found;
}

describe('filter completions', () => {
  it('offers every field of the record at the start, with its type', () => {
    const all = completeQuery('', 0, INVOICE_SCHEMA);
    assert.deepEqual(
      all.map((c) => c.label),
      Object.keys(INVOICE_SCHEMA.fields),
    );
    assert.ok(all.every((c) => c.kind === 'field'));
    assert.equal(all.find((c) => c.label === 'totalAmount')?.detail, 'number');
    assert.equal(all.find((c) => c.label === 'issueDate')?.detail, 'date (YYYY-MM-DD)');
    assert.deepEqual(labels('', 0, COMPANY_SCHEMA), Object.keys(COMPANY_SCHEMA.fields));
  });

  it('narrows a field being typed: prefix matches first, then those containing it', () => {
    assert.deepEqual(labels('st'), ['status', 'customerRef.id', 'customerRef.companyName']);
    assert.deepEqual(labels('amount'), ['amountDue', 'totalTaxAmount', 'totalAmount', 'additionalTaxAmount']);
    assert.deepEqual(
      labels('date'),
      ['dueDate', 'paidOnDate', 'issueDate', 'modifiedDate', 'sourceModifiedDate'].sort((a, b) => order(a) - order(b)),
    );
    assert.deepEqual(labels('custo'), ['customerRef.id', 'customerRef.companyName']);
    assert.deepEqual(labels('zzz'), []);
  });

  it('replaces the partial field and leaves the cursor after it', () => {
    const c = take('sta', 'status');
    assert.equal(c.text, 'status');
    assert.equal(c.cursor, 6);
  });

  it('offers the operators that suit the field type once the field is complete', () => {
    assert.deepEqual(labels('status'), ['=', '!=', '~']);
    assert.deepEqual(labels('status '), ['=', '!=', '~']);
    assert.deepEqual(labels('totalAmount '), ['=', '!=', '>', '<', '>=', '<=']);
    assert.deepEqual(labels('dueDate'), ['=', '!=', '>', '<', '>=', '<=']);
    assert.deepEqual(labels('metadata.isDeleted '), ['=', '!=']);
    assert.equal(take('totalAmount ', '>=').detail, 'greater than or equal to');
    assert.deepEqual(labels('nosuchfield '), []);
  });

  it('offers the known values of an enumerated field, and true/false for a boolean', () => {
    assert.deepEqual(labels('status='), ['Draft', 'Submitted', 'PartiallyPaid', 'Paid', 'Void', 'Unknown']);
    assert.deepEqual(labels('status = '), ['Draft', 'Submitted', 'PartiallyPaid', 'Paid', 'Void', 'Unknown']);
    assert.deepEqual(labels('status=pa'), ['PartiallyPaid', 'Paid']);
    assert.deepEqual(labels('metadata.isDeleted='), ['true', 'false']);
    assert.deepEqual(labels('totalAmount>'), [], 'a free number has no known values');
    assert.deepEqual(labels('note~'), [], 'free text has no known values');
    const c = take('status=Pa', 'Paid');
    assert.equal(c.text, 'status=Paid');
    assert.equal(c.cursor, 11);
  });

  it("offers a new type's dotted fields and its enumerations, as the contract names them", () => {
    const transactions = dataType('bankTransactions').schema;
    assert.deepEqual(labels('transactionType=D', undefined, transactions), [
      'Debit',
      'Div',
      'Dep',
      'DirectDep',
      'DirectDebit',
      'Credit',
    ]);
    assert.deepEqual(labels('reconciled=', undefined, transactions), ['true', 'false']);
    const orders = dataType('purchaseOrders').schema;
    assert.deepEqual(labels('shipTo.address.type=', undefined, orders), ['Unknown', 'Billing', 'Delivery']);
    assert.ok(labels('from.', undefined, dataType('transfers').schema).includes('from.accountRef.name'));
    assert.ok(!labels('', undefined, transactions).includes('metadata.isDeleted'), 'not in the contract');
  });

  it('offers connectives after a complete value, and the closing brace inside a group', () => {
    assert.deepEqual(labels('status=Paid'), ['&&', '||']);
    assert.equal(take('status=Paid', '&&').text, 'status=Paid && ');
    assert.equal(take('status=Paid ', '||').text, 'status=Paid || ');
    assert.deepEqual(labels('{status=Paid'), ['&&', '||', '}']);
    assert.deepEqual(labels('{status=Paid || status=Void}'), ['&&', '||']);
    assert.deepEqual(labels('totalAmount>100'), ['&&', '||']);
    assert.deepEqual(labels('status=Paid && '), Object.keys(INVOICE_SCHEMA.fields));
  });

  it('completes a half-typed connective', () => {
    const c = completeQuery('status=Paid &', 13, INVOICE_SCHEMA);
    assert.deepEqual(
      c.map((x) => x.text),
      ['status=Paid && '],
    );
    assert.deepEqual(labels('status=Paid|'), ['||']);
  });

  it('inserts at the cursor and keeps the text after it', () => {
    const text = ' && status=Paid';
    const c = completeQuery(text, 0, INVOICE_SCHEMA).find((x) => x.label === 'currency');
    assert.ok(c);
    assert.equal(c.text, 'currency && status=Paid');
    assert.equal(c.cursor, 'currency'.length);
    const mid = completeQuery('status=Paid && cu', 'status=Paid && cu'.length, INVOICE_SCHEMA).map((x) => x.text);
    assert.deepEqual(mid, [
      'status=Paid && customerRef.id',
      'status=Paid && customerRef.companyName',
      'status=Paid && currency',
      'status=Paid && currencyRate',
    ]);
  });

  it('offers nothing where the text before the cursor cannot be read', () => {
    assert.deepEqual(labels('status="Pa'), []);
    assert.deepEqual(labels('status==Paid'), []);
  });

  it('builds a whole valid query from completions alone', () => {
    // Each step takes a completion's text, as a user picking items would.
    let text = '';
    for (const label of ['status', '=', 'Paid', '&&']) text = take(text, label).text;
    assert.equal(text, 'status=Paid && ');
    text = `${text}{`;
    text = take(text, 'currency').text;
    text = take(text, '!=').text;
    text = `${text}GBP`;
    text = take(text, '}').text;
    assert.equal(text, 'status=Paid && {currency!=GBP}');
    assert.equal(parseQuery(text, INVOICE_SCHEMA).ok, true);
  });
});

function order(field: string): number {
  return Object.keys(INVOICE_SCHEMA.fields).indexOf(field);
}
