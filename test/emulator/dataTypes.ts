// Every data type the emulator serves besides invoices (which keep their own faster path in
// invoices.ts, invoiceColumns.ts and listing.ts): its path segment (also its dataStatus key and
// queue name), queryable fields, the noun of its 404, how many records a company has and how
// record i is built and found; for the types the contract serves per data connection, that scope,
// and for bank transactions the bank account they are listed under (connectionData.ts serves
// those). Adding a type is one row here and a generator in records/.
import {
  ACCOUNT_FIELDS,
  BILL_CREDIT_NOTE_FIELDS,
  BILL_FIELDS,
  BILL_PAYMENT_FIELDS,
  CREDIT_NOTE_FIELDS,
  CUSTOMER_FIELDS,
  ITEM_FIELDS,
  JOURNAL_ENTRY_FIELDS,
  PAYMENT_FIELDS,
  SUPPLIER_FIELDS,
  TAX_RATE_FIELDS,
} from './dataFields';
import {
  ACCOUNT_TRANSACTION_FIELDS,
  BANK_ACCOUNT_FIELDS,
  BANK_TRANSACTION_FIELDS,
  DIRECT_COST_FIELDS,
  DIRECT_INCOME_FIELDS,
  ITEM_RECEIPT_FIELDS,
  JOURNAL_FIELDS,
  PAYMENT_METHOD_FIELDS,
  PURCHASE_ORDER_FIELDS,
  SALES_ORDER_FIELDS,
  TRACKING_CATEGORY_FIELDS,
  TRANSFER_FIELDS,
} from './accountingFields';
import type { RecordFields } from './fields';
import {
  accountTransaction,
  accountTransactionCount,
  bankAccount,
  bankAccountCount,
  bankAccountIndex,
  bankTransaction,
  bankTransactionCount,
  transactionStarts,
  transfer,
  transferCount,
} from './records/banking';
import { directCost, directCostCount, directIncome, directIncomeCount } from './records/direct';
import {
  itemReceipt,
  itemReceiptCount,
  purchaseOrder,
  purchaseOrderCount,
  salesOrder,
  salesOrderCount,
} from './records/orders';
import {
  journal,
  journalCount,
  journalIndex,
  paymentMethod,
  paymentMethodCount,
  paymentMethodIndex,
  trackingCategory,
  trackingCategoryCount,
  trackingCategoryIndex,
  trackingCategoryTree,
} from './records/setup';
import { account, accountCount, accountIndex } from './records/accounts';
import { bill, billPaymentCount } from './records/bills';
import { type Books, recordIndex } from './records/books';
import { billCount, billCreditNoteCount, creditNoteCount, journalEntryCount } from './records/counts';
import { billCreditNote, creditNote } from './records/creditNotes';
import { item, itemCount, itemIndex } from './records/items';
import { journalEntry } from './records/journals';
import { customer, customerCount, customerIndex, supplier, supplierCount, supplierIndex } from './records/parties';
import { billPayment, payment, paymentTotal } from './records/payments';
import { taxRate, taxRateCount, taxRateIndex } from './records/taxRates';

export type { Books } from './records/books';

export interface DataType {
  segment: string;
  fields: RecordFields;
  /** As in "No bill was found with ID …". */
  noun: string;
  count(books: Books): number;
  record(books: Books, index: number): object;
  /** The index of the record with this id, or undefined when the company has none. */
  indexOf(books: Books, id: string): number | undefined;
  /** Changes when records change without the count changing (an update push): lists are cached by it. */
  revision?: string;
  /** Served per data connection: `/companies/{id}/connections/{connectionId}/data/{segment}`. */
  scope?: 'connection';
  /** Listed under one record of another type (`…/data/{segment}/{idName}/…`): that type, and which of
   * this type's records (one numbering for the company) are under its record `parentIndex`. */
  parent?: {
    segment: string;
    idName: string;
    range(books: Books, parentIndex: number): { start: number; end: number };
  };
  /** False where the contract has no GET of one record (bank transactions). */
  getOne?: false;
  /** What GET of one record answers where it is more than the list's record (a tracking category's tree). */
  one?(books: Books, index: number): object;
  /** What the listing caches know the list by, where it is a part of the type's records (childrenOf). */
  listKey?: string;
}

/** A type whose ids carry the index (records/books.ts recordId). */
function indexed(
  segment: string,
  fields: RecordFields,
  noun: string,
  count: (books: Books) => number,
  record: DataType['record'],
): DataType {
  return {
    segment,
    fields,
    noun,
    count,
    record,
    indexOf: (books, id) => recordIndex(books, segment, id, count(books)),
  };
}

const ofInvoices =
  (f: (n: number) => number) =>
  (books: Books): number =>
    f(books.invoices.count);

/** Rows of the types served per data connection. */
const connection = (type: DataType): DataType => ({ ...type, scope: 'connection' });

/** In the contract's order (Accounting API 2.1.0; item receipts from 3.0.0). */
const ACCOUNTING_TYPES: readonly DataType[] = [
  {
    segment: 'trackingCategories',
    fields: TRACKING_CATEGORY_FIELDS,
    noun: 'tracking category',
    count: trackingCategoryCount,
    record: trackingCategory,
    indexOf: trackingCategoryIndex,
    one: trackingCategoryTree,
  },
  {
    segment: 'journals',
    fields: JOURNAL_FIELDS,
    noun: 'journal',
    count: journalCount,
    record: journal,
    indexOf: journalIndex,
  },
  indexed('purchaseOrders', PURCHASE_ORDER_FIELDS, 'purchase order', purchaseOrderCount, purchaseOrder),
  indexed('salesOrders', SALES_ORDER_FIELDS, 'sales order', salesOrderCount, salesOrder),
  {
    segment: 'paymentMethods',
    fields: PAYMENT_METHOD_FIELDS,
    noun: 'payment method',
    count: paymentMethodCount,
    record: paymentMethod,
    indexOf: paymentMethodIndex,
  },
  connection({
    segment: 'bankAccounts',
    fields: BANK_ACCOUNT_FIELDS,
    noun: 'bank account',
    count: bankAccountCount,
    record: bankAccount,
    indexOf: bankAccountIndex,
  }),
  {
    ...indexed('bankTransactions', BANK_TRANSACTION_FIELDS, 'bank transaction', bankTransactionCount, bankTransaction),
    scope: 'connection',
    getOne: false,
    parent: {
      segment: 'bankAccounts',
      idName: 'accountId',
      range: (books, k) => {
        const starts = transactionStarts(books);
        return { start: starts[k], end: starts[k + 1] };
      },
    },
  },
  connection(
    indexed(
      'accountTransactions',
      ACCOUNT_TRANSACTION_FIELDS,
      'account transaction',
      accountTransactionCount,
      accountTransaction,
    ),
  ),
  connection(indexed('transfers', TRANSFER_FIELDS, 'transfer', transferCount, transfer)),
  connection(indexed('directCosts', DIRECT_COST_FIELDS, 'direct cost', directCostCount, directCost)),
  connection(indexed('directIncomes', DIRECT_INCOME_FIELDS, 'direct income', directIncomeCount, directIncome)),
  connection(indexed('itemReceipts', ITEM_RECEIPT_FIELDS, 'item receipt', itemReceiptCount, itemReceipt)),
];

/** In the order of the shared type table, which is also the order of dataStatus. */
export const RECORD_TYPES: readonly DataType[] = [
  indexed('bills', BILL_FIELDS, 'bill', ofInvoices(billCount), bill),
  {
    segment: 'customers',
    fields: CUSTOMER_FIELDS,
    noun: 'customer',
    count: customerCount,
    record: customer,
    indexOf: customerIndex,
  },
  {
    segment: 'suppliers',
    fields: SUPPLIER_FIELDS,
    noun: 'supplier',
    count: supplierCount,
    record: supplier,
    indexOf: supplierIndex,
  },
  indexed('payments', PAYMENT_FIELDS, 'payment', paymentTotal, payment),
  indexed('billPayments', BILL_PAYMENT_FIELDS, 'bill payment', billPaymentCount, billPayment),
  indexed('creditNotes', CREDIT_NOTE_FIELDS, 'credit note', ofInvoices(creditNoteCount), creditNote),
  {
    segment: 'accounts',
    fields: ACCOUNT_FIELDS,
    noun: 'account',
    count: accountCount,
    record: account,
    indexOf: accountIndex,
  },
  indexed('journalEntries', JOURNAL_ENTRY_FIELDS, 'journal entry', ofInvoices(journalEntryCount), journalEntry),
  {
    segment: 'taxRates',
    fields: TAX_RATE_FIELDS,
    noun: 'tax rate',
    count: taxRateCount,
    record: taxRate,
    indexOf: taxRateIndex,
  },
  { segment: 'items', fields: ITEM_FIELDS, noun: 'item', count: itemCount, record: item, indexOf: itemIndex },
  indexed(
    'billCreditNotes',
    BILL_CREDIT_NOTE_FIELDS,
    'bill credit note',
    ofInvoices(billCreditNoteCount),
    billCreditNote,
  ),
  ...ACCOUNTING_TYPES,
];

/** The records of `type` under its parent's record `parentIndex`, as a type of their own (ids and
 * records as the whole type has them). */
export function childrenOf(type: DataType, books: Books, parentIndex: number): DataType {
  const { start, end } = (type.parent as NonNullable<DataType['parent']>).range(books, parentIndex);
  return {
    ...type,
    listKey: `${type.segment}@${parentIndex}`,
    count: () => end - start,
    record: (b, i) => type.record(b, start + i),
    indexOf: (b, id) => {
      const index = type.indexOf(b, id);
      return index !== undefined && index >= start && index < end ? index - start : undefined;
    },
  };
}

/** Every data type, invoices first: the keys of dataStatus and the names `POST /data/queue/{dataType}` takes. */
export const DATA_TYPES: readonly string[] = ['invoices', ...RECORD_TYPES.map((t) => t.segment)];

export function recordType(segment: string): DataType | undefined {
  return RECORD_TYPES.find((t) => t.segment === segment);
}
