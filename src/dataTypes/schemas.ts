// Queryable fields of every accounting data type beyond invoices (whose schema stays in
// src/query/schemas.ts), from the shared type table, checked against Codat's contract (codatio/oas:
// Lending 3.0.0's accounting schemas, Sync for Payables 3.0.0's tax rates, Accounting 2.1.0's
// items), whose every status and type enumeration also has `Unknown`. Dotted paths
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
    fields: {
      id: 'string',
      ...fields,
      'metadata.isDeleted': 'boolean',
      modifiedDate: 'date',
      sourceModifiedDate: 'date',
    },
    ...(values ? { values } : {}),
  };
}

const ACTIVE_ARCHIVED = ['Active', 'Archived', 'Unknown'];
const CREDIT_NOTE_STATUSES = ['Draft', 'Submitted', 'PartiallyPaid', 'Paid', 'Void', 'Unknown'];

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
  'paymentMethodRef.id': 'string',
  'paymentMethodRef.name': 'string',
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

/** What an item is bought or sold with: its description, account and tax rate. */
const itemDetail = (side: string): Fields => ({
  [`${side}.description`]: 'string',
  [`${side}.accountRef.id`]: 'string',
  [`${side}.accountRef.name`]: 'string',
  [`${side}.taxRateRef.id`]: 'string',
  [`${side}.taxRateRef.name`]: 'string',
  [`${side}.taxRateRef.effectiveTaxRate`]: 'number',
});

const CUSTOMER_REF: Fields = { 'customerRef.id': 'string', 'customerRef.companyName': 'string' };
const SUPPLIER_REF: Fields = { 'supplierRef.id': 'string', 'supplierRef.supplierName': 'string' };

export const BILL_SCHEMA = schema(
  'Bill',
  {
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
  },
  { status: ['Draft', 'Open', 'PartiallyPaid', 'Paid', 'Void', 'Unknown'] },
);

export const CUSTOMER_SCHEMA = schema('Customer', party('customerName'), { status: ACTIVE_ARCHIVED });
export const SUPPLIER_SCHEMA = schema('Supplier', party('supplierName'), { status: ACTIVE_ARCHIVED });
export const PAYMENT_SCHEMA = schema('Payment', payment(CUSTOMER_REF));
export const BILL_PAYMENT_SCHEMA = schema('BillPayment', payment(SUPPLIER_REF));
export const CREDIT_NOTE_SCHEMA = schema(
  'CreditNote',
  { ...creditNote('creditNoteNumber', CUSTOMER_REF), additionalTaxAmount: 'number', additionalTaxPercentage: 'number' },
  { status: CREDIT_NOTE_STATUSES },
);
export const BILL_CREDIT_NOTE_SCHEMA = schema('BillCreditNote', creditNote('billCreditNoteNumber', SUPPLIER_REF), {
  status: CREDIT_NOTE_STATUSES,
});

export const ACCOUNT_SCHEMA = schema(
  'Account',
  {
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
  },
  {
    type: ['Asset', 'Expense', 'Income', 'Liability', 'Equity', 'Unknown'],
    status: ['Active', 'Archived', 'Pending', 'Unknown'],
  },
);

export const JOURNAL_ENTRY_SCHEMA = schema(
  'JournalEntry',
  {
    description: 'string',
    postedOn: 'date',
    createdOn: 'date',
    updatedOn: 'date',
    'journalRef.id': 'string',
    'recordRef.id': 'string',
    'recordRef.dataType': 'string',
    'journalRef.name': 'string',
  },
  {
    'recordRef.dataType': [
      'bankTransactions',
      'billCreditNotes',
      'billPayments',
      'bills',
      'creditNotes',
      'directCosts',
      'directIncomes',
      'invoices',
      'journalEntries',
      'payments',
      'transfers',
    ],
  },
);

export const TAX_RATE_SCHEMA = schema(
  'TaxRate',
  {
    name: 'string',
    code: 'string',
    effectiveTaxRate: 'number',
    totalTaxRate: 'number',
    status: 'string',
  },
  { status: ACTIVE_ARCHIVED },
);

export const ITEM_SCHEMA = schema(
  'Item',
  {
    code: 'string',
    name: 'string',
    type: 'string',
    itemStatus: 'string',
    isBillItem: 'boolean',
    isInvoiceItem: 'boolean',
    'billItem.unitPrice': 'number',
    'invoiceItem.unitPrice': 'number',
    ...itemDetail('billItem'),
    ...itemDetail('invoiceItem'),
  },
  { type: ['Inventory', 'NonInventory', 'Service', 'Unknown'], itemStatus: ACTIVE_ARCHIVED },
);

// STUB: helper `catalog` writes each new type's queryable fields from the contract.
export const TRACKING_CATEGORY_SCHEMA = schema('TrackingCategory', {});
export const JOURNAL_SCHEMA = schema('Journal', {});
export const PURCHASE_ORDER_SCHEMA = schema('PurchaseOrder', {});
export const SALES_ORDER_SCHEMA = schema('SalesOrder', {});
export const PAYMENT_METHOD_SCHEMA = schema('PaymentMethod', {});
export const BANK_ACCOUNT_SCHEMA = schema('BankAccount', {});
export const BANK_TRANSACTION_SCHEMA = schema('BankTransaction', {});
export const ACCOUNT_TRANSACTION_SCHEMA = schema('AccountTransaction', {});
export const TRANSFER_SCHEMA = schema('Transfer', {});
export const DIRECT_COST_SCHEMA = schema('DirectCost', {});
export const DIRECT_INCOME_SCHEMA = schema('DirectIncome', {});
export const ITEM_RECEIPT_SCHEMA = schema('ItemReceipt', {});
