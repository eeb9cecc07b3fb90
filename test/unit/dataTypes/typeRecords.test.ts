// How records of the types beyond the ledgers read in the tree (companyTypes.ts, connectionTypes.ts):
// label, description, icon and tooltip from their catalog entries, with Codat's field names.
import * as assert from 'node:assert/strict';
import type { DataRecord } from '../../../src/api/models';
import { dataType, type DataTypeId } from '../../../src/dataTypes/catalog';
import { recordDescription, recordIcon, recordLabel, recordTooltip } from '../../../src/format/recordLabels';

const read = (id: DataTypeId, record: DataRecord) => {
  const spec = dataType(id);
  return {
    label: recordLabel(spec, record),
    description: recordDescription(spec, record, 'en-GB'),
    icon: recordIcon(spec, record).id,
    tooltip: recordTooltip(spec, record, 'en-GB'),
  };
};

const hasRows = (tooltip: string, rows: readonly string[]) => {
  for (const row of rows) assert.ok(tooltip.includes(row), `${row} in ${tooltip}`);
};

describe('records of the types beyond the ledgers', () => {
  it('a purchase order: number, supplier · amount · status, its delivery date; Closed reads as done', () => {
    const order = read('purchaseOrders', {
      id: 'po-1',
      purchaseOrderNumber: 'PO-0007',
      supplierRef: { id: 's-1', supplierName: 'Paper Co' },
      issueDate: '2025-04-01T00:00:00',
      expectedDeliveryDate: '2025-04-10T00:00:00',
      paymentDueDate: '2025-05-01T00:00:00',
      currency: 'GBP',
      totalAmount: 480,
      totalTaxAmount: 80,
      status: 'Closed',
    });
    assert.deepEqual(
      [order.label, order.description, order.icon],
      ['PO-0007', 'Paper Co · 480.00 GBP · Closed', 'pass-filled'],
    );
    hasRows(order.tooltip, ['Expected delivery: 2025\\-04\\-10', 'Due: 2025\\-05\\-01', 'Tax: 80\\.00 GBP']);
  });

  it('a sales order says how far it is invoiced, in words', () => {
    const order = read('salesOrders', {
      id: 'so-1',
      salesOrderNumber: 'SO-12',
      customerRef: { id: 'c-1', companyName: 'Bloom & Co' },
      currency: 'EUR',
      totalAmount: 99.5,
      status: 'Open',
      invoicingStatus: 'PartiallyInvoiced',
    });
    assert.deepEqual([order.label, order.description], ['SO-12', 'Bloom & Co · 99.50 EUR · Open']);
    hasRows(order.tooltip, ['Invoicing: Partially invoiced', 'Customer: Bloom & Co']);
  });

  it('a bank account: its name, type · balance, and where it is held', () => {
    const account = read('bankAccounts', {
      id: 'ba-1',
      accountName: 'Business Current',
      accountType: 'Debit',
      nominalCode: '1200',
      institution: 'Northern Bank',
      accountNumber: '12345678',
      sortCode: '40-11-22',
      iBan: 'GB29NWBK60161331926819',
      balance: 2500.25,
      availableBalance: 2400,
      currency: 'GBP',
    });
    assert.deepEqual(
      [account.label, account.description, account.icon],
      ['Business Current', 'Debit · 2,500.25 GBP', 'library'],
    );
    hasRows(account.tooltip, [
      'Institution: Northern Bank',
      'Account number: 12345678',
      'Sort code: 40\\-11\\-22',
      'IBAN: GB29NWBK60161331926819',
      'Code: 1200',
      'Available balance: 2,400\\.00 GBP',
    ]);
    assert.equal(read('bankAccounts', { id: 'ba-2', nominalCode: '1210' }).label, '1210');
  });

  it('a bank transaction: its description, else its reference, else who, when and how much', () => {
    const line = {
      id: 'bt-1',
      counterparty: 'Tesco',
      clearedOnDate: '2025-02-03T00:00:00',
      amount: -12.4,
      balance: 987.6,
      transactionType: 'Pos',
    };
    const described = read('bankTransactions', { ...line, description: 'CARD PAYMENT', reference: 'REF 9' });
    assert.deepEqual(
      [described.label, described.description, described.icon],
      ['CARD PAYMENT', 'Tesco · -12.40 · 2025-02-03', 'arrow-both'],
    );
    hasRows(described.tooltip, ['Counterparty: Tesco', 'Reference: REF 9', 'Amount: \\-12\\.40', 'Type: Pos']);
    assert.equal(read('bankTransactions', { ...line, reference: 'REF 9' }).label, 'REF 9');
    const bare = read('bankTransactions', line);
    assert.equal(bare.label, 'Tesco · 2025-02-03 · -12.40');
    assert.equal(bare.description, '', 'the label says it all');
  });

  it('an account transaction is named by its note, else by its bank account, day and amount', () => {
    const tx = { id: 'at-1', bankAccountRef: { id: 'ba-1', name: 'Savings' }, date: '2025-03-04', currency: 'GBP' };
    const unnoted = read('accountTransactions', { ...tx, totalAmount: 50, status: 'Unreconciled' });
    assert.deepEqual(
      [unnoted.label, unnoted.description, unnoted.icon],
      ['Savings · 2025-03-04 · 50.00 GBP', 'Unreconciled', 'circle-large-outline'],
    );
    assert.equal(read('accountTransactions', { ...tx, note: 'Interest', status: 'Reconciled' }).icon, 'pass-filled');
  });

  it('a transfer: from one account to another, its amount in the currency it left in', () => {
    const transfer = read('transfers', {
      id: 'tr-1',
      description: 'To savings',
      date: '2025-05-06T00:00:00',
      from: { accountRef: { id: 'a-1', name: 'Current' }, currency: 'GBP', amount: 1000 },
      to: { accountRef: { id: 'a-2' }, currency: 'EUR', amount: 1160 },
    });
    assert.deepEqual([transfer.label, transfer.description], ['To savings', '1,000.00 GBP · 2025-05-06']);
    hasRows(transfer.tooltip, ['From: Current', 'To: a\\-2', 'Amount: 1,000\\.00 GBP']);
  });

  it('a direct cost or income: its reference, else its day and amount; item receipts by their supplier', () => {
    for (const type of ['directCosts', 'directIncomes'] as const) {
      const bare = read(type, { id: 'd-1', issueDate: '2025-01-09', totalAmount: 20, currency: 'USD', taxAmount: 2 });
      assert.equal(bare.label, '2025-01-09 · 20.00 USD', type);
      hasRows(bare.tooltip, ['Tax: 2\\.00 USD']);
      assert.equal(read(type, { id: 'd-2', reference: 'Petty cash' }).label, 'Petty cash');
    }
    const receipt = read('itemReceipts', {
      id: 'ir-1',
      reference: 'GRN-3',
      supplierRef: { id: 's-2', supplierName: 'Acme Supplies' },
      receivedDate: '2025-07-01',
      status: 'Received',
    });
    assert.deepEqual(
      [receipt.label, receipt.description, receipt.icon],
      ['GRN-3', 'Acme Supplies · Received', 'pass-filled'],
    );
    hasRows(receipt.tooltip, ['Received: 2025\\-07\\-01']);
    assert.equal(read('itemReceipts', { id: 'ir-2', status: 'Rejected' }).icon, 'error');
  });

  it('tracking categories, journals and payment methods by name, with their kind and status', () => {
    const category = read('trackingCategories', { id: 'tc-1', name: 'North', status: 'Active', parentId: 'tc-0' });
    assert.deepEqual([category.label, category.description, category.icon], ['North', 'Active', 'pass']);
    const journal = read('journals', { id: 'j-1', journalCode: 'SJ', type: 'Sales', status: 'Archived' });
    assert.deepEqual([journal.label, journal.description], ['SJ', 'Sales · Archived']);
    hasRows(journal.tooltip, ['Code: SJ']);
    const method = read('paymentMethods', { id: 'pm-1', name: 'Company card', type: 'CreditCard', status: 'Active' });
    assert.deepEqual([method.label, method.description], ['Company card', 'CreditCard · Active']);
  });
});
