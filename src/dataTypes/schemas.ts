// Queryable fields of every accounting data type beyond invoices (whose schema stays in
// src/query/schemas.ts), from the shared type table (Codat's accounting data model). Dotted paths
// reach into nested objects; nothing inside an array is queryable. Every type also has the
// common fields: id, metadata.isDeleted, modifiedDate, sourceModifiedDate.
import type { FieldType, QuerySchema } from '../query/ast';

type Fields = Readonly<Record<string, FieldType>>;
type Values = Readonly<Record<string, readonly string[]>>;

/** `id` first, the type's own fields, then the fields every record carries; `values` are the known
 * values of its enumerations, offered as completions (never enforced: a server may add values). */
function schema(recordName: string, fields: Fields, values?: Values): QuerySchema {
  return {
    recordName,
    fields: { id: 'string', ...fields, 'metadata.isDeleted': 'boolean', modifiedDate: 'date', sourceModifiedDate: 'date' },
    ...(values ? { values } : {}),
  };
}

const ACTIVE_ARCHIVED = ['Active', 'Archived'];
const CREDIT_NOTE_STATUSES = ['Draft', 'Submitted', 'PartiallyPaid', 'Paid', 'Void'];

/** A party record: a customer or a supplier. */
const party = (nameField: string): Fields => ({
  [nameField]: 'string',
  contactName: 'string',
  emailAddress: 'string',
  phone: 'string',
  defaultCurrency: 'string',
  registrationNumber: 'string',
  taxNumber: 'string',
  status: 'string',
});

/** A payment, received (customerRef) or made (supplierRef). */
const payment = (ref: Fields): Fields => ({
  reference: 'string',
  ...ref,
  'accountRef.id': 'string',
  'accountRef.name': 'string',
  date: 'date',
  currency: 'string',
  currencyRate: 'number',
  totalAmount: 'number',
  note: 'string',
});

/** A credit note, to a customer or from a supplier. */
const creditNote = (numberField: string, ref: Fields): Fields => ({
  [numberField]: 'string',
  ...ref,
  issueDate: 'date',
  allocatedOnDate: 'date',
  currency: 'string',
  currencyRate: 'number',
  subTotal: 'number',
  totalTaxAmount: 'number',
  totalDiscount: 'number',
  totalAmount: 'number',
  remainingCredit: 'number',
  discountPercentage: 'number',
  status: 'string',
  note: 'string',
});

const CUSTOMER_REF: Fields = { 'customerRef.id': 'string', 'customerRef.companyName': 'string' };
const SUPPLIER_REF: Fields = { 'supplierRef.id': 'string', 'supplierRef.supplierName': 'string' };

export const BILL_SCHEMA = schema('Bill', {
  reference: 'string',
  ...SUPPLIER_REF,
  issueDate: 'date',
  dueDate: 'date',
  currency: 'string',
  currencyRate: 'number',
  subTotal: 'number',
  taxAmount: 'number',
  totalAmount: 'number',
  amountDue: 'number',
  status: 'string',
  note: 'string',
}, { status: ['Draft', 'Open', 'PartiallyPaid', 'Paid', 'Void'] });

export const CUSTOMER_SCHEMA = schema('Customer', party('customerName'), { status: ACTIVE_ARCHIVED });
export const SUPPLIER_SCHEMA = schema('Supplier', party('supplierName'), { status: ACTIVE_ARCHIVED });
export const PAYMENT_SCHEMA = schema('Payment', payment(CUSTOMER_REF));
export const BILL_PAYMENT_SCHEMA = schema('BillPayment', payment(SUPPLIER_REF));
export const CREDIT_NOTE_SCHEMA = schema('CreditNote', creditNote('creditNoteNumber', CUSTOMER_REF), { status: CREDIT_NOTE_STATUSES });
export const BILL_CREDIT_NOTE_SCHEMA = schema('BillCreditNote', creditNote('billCreditNoteNumber', SUPPLIER_REF), { status: CREDIT_NOTE_STATUSES });

export const ACCOUNT_SCHEMA = schema('Account', {
  nominalCode: 'string',
  name: 'string',
  description: 'string',
  fullyQualifiedCategory: 'string',
  fullyQualifiedName: 'string',
  currency: 'string',
  currentBalance: 'number',
  type: 'string',
  status: 'string',
  isBankAccount: 'boolean',
}, { type: ['Asset', 'Expense', 'Income', 'Liability', 'Equity'], status: ['Active', 'Archived', 'Pending'] });

export const JOURNAL_ENTRY_SCHEMA = schema('JournalEntry', {
  description: 'string',
  postedOn: 'date',
  createdOn: 'date',
  updatedOn: 'date',
  'journalRef.id': 'string',
  'recordRef.id': 'string',
  'recordRef.dataType': 'string',
});

export const TAX_RATE_SCHEMA = schema('TaxRate', {
  name: 'string',
  code: 'string',
  effectiveTaxRate: 'number',
  totalTaxRate: 'number',
  status: 'string',
}, { status: ACTIVE_ARCHIVED });

export const ITEM_SCHEMA = schema('Item', {
  code: 'string',
  name: 'string',
  type: 'string',
  itemStatus: 'string',
  isBillItem: 'boolean',
  isInvoiceItem: 'boolean',
  'billItem.unitPrice': 'number',
  'invoiceItem.unitPrice': 'number',
}, { type: ['Inventory', 'NonInventory', 'Service'], itemStatus: ACTIVE_ARCHIVED });
