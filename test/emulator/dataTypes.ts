// Every data type the emulator serves besides invoices (which keep their own faster path in
// invoices.ts, invoiceColumns.ts and listing.ts): its path segment (also its dataStatus key and
// queue name), queryable fields, the noun of its 404, how many records a company has and how
// record i is built and found. Adding a type is one row here and a generator in records/.
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
import type { RecordFields } from './fields';
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
];

/** Every data type, invoices first: the keys of dataStatus and the names `POST /data/queue/{dataType}` takes. */
export const DATA_TYPES: readonly string[] = ['invoices', ...RECORD_TYPES.map((t) => t.segment)];

export function recordType(segment: string): DataType | undefined {
  return RECORD_TYPES.find((t) => t.segment === segment);
}
