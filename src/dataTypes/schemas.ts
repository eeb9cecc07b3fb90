// Queryable fields of every accounting data type beyond invoices (whose schema stays in
// src/query/schemas.ts), from the shared type table, checked against Codat's contract (codatio/oas:
// Lending 3.0.0's accounting schemas, Sync for Payables 3.0.0's tax rates, Accounting 2.1.0's
// items and the types after them; item receipts from Codat's TypeScript SDK of Accounting 3.0.0),
// whose every status and type enumeration also has `Unknown`. Dotted paths reach into nested
// objects; nothing inside an array is queryable. Every type also has the common fields: id,
// metadata.isDeleted (but where the contract's record has no `metadata`), modifiedDate,
// sourceModifiedDate.
import type { FieldType, QuerySchema } from '../query/ast';

type Fields = Readonly<Record<string, FieldType>>;
type Values = Readonly<Record<string, readonly string[]>>;

/** `id` first, the type's own fields, then the fields every record carries; `values` are the known
 * values of its enumerations, offered as completions (never enforced: a server may add values). */
function schema(recordName: string, fields: Fields, values?: Values, metadata = true): QuerySchema {
  return {
    recordName,
    fields: {
      id: 'string',
      ...fields,
      ...(metadata ? { 'metadata.isDeleted': 'boolean' } : {}),
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

const ORDER_STATUSES = ['Unknown', 'Draft', 'Open', 'Closed', 'Void'];

/** Fields of one type, named in one text: `of('number', 'amount balance')`. */
const of = (type: FieldType, names: string): Fields => Object.fromEntries(names.split(' ').map((n) => [n, type]));

/** Each of `names` under `prefix`: `under('a', 'b c')` → `a.b a.c`. */
const under = (prefix: string, names: string): string => names.replace(/\S+/g, `${prefix}.$&`);

/** Where an order goes: a contact and an address. */
const SHIP_TO: Fields = of(
  'string',
  `${under('shipTo.contact', 'name email phone')} ${under('shipTo.address', 'type line1 line2 city region country postalCode')}`,
);

/** A purchase order or a sales order: its money, status and where it goes. */
const order = (numberField: string, ref: Fields, dates: string): Fields => ({
  [numberField]: 'string',
  ...of('date', `issueDate ${dates}`),
  note: 'string',
  ...SHIP_TO,
  ...ref,
  ...of('string', 'status currency'),
  ...of('number', 'currencyRate totalDiscount subTotal totalTaxAmount totalAmount'),
});

/** A direct cost or a direct income: money paid or received at once, with its contact. */
const direct: Fields = {
  ...of('string', 'reference note contactRef.id contactRef.dataType currency'),
  issueDate: 'date',
  ...of('number', 'currencyRate subTotal taxAmount totalAmount'),
};

/** One side of a transfer: its account and amount. */
const transferSide = (side: string): Fields => ({
  ...of('string', under(side, 'accountRef.id accountRef.name currency')),
  [`${side}.amount`]: 'number',
});

const ADDRESS_TYPES = { 'shipTo.address.type': ['Unknown', 'Billing', 'Delivery'] };

export const TRACKING_CATEGORY_SCHEMA = schema(
  'TrackingCategory',
  { ...of('string', 'name status parentId'), hasChildren: 'boolean' },
  { status: ACTIVE_ARCHIVED },
  false,
);
export const JOURNAL_SCHEMA = schema(
  'Journal',
  { ...of('string', 'journalCode name type parentId status'), hasChildren: 'boolean', createdOn: 'date' },
  { status: ACTIVE_ARCHIVED },
);
export const PURCHASE_ORDER_SCHEMA = schema(
  'PurchaseOrder',
  order('purchaseOrderNumber', SUPPLIER_REF, 'paymentDueDate expectedDeliveryDate deliveryDate'),
  { status: ORDER_STATUSES, ...ADDRESS_TYPES },
);
export const SALES_ORDER_SCHEMA = schema(
  'SalesOrder',
  {
    ...order('salesOrderNumber', CUSTOMER_REF, 'expectedDeliveryDate'),
    ...of('string', 'customerPurchaseOrderNumber invoicingStatus'),
  },
  {
    status: ORDER_STATUSES,
    invoicingStatus: ['Unknown', 'PartiallyInvoiced', 'Invoiced', 'NotInvoiced'],
    ...ADDRESS_TYPES,
  },
);
export const PAYMENT_METHOD_SCHEMA = schema('PaymentMethod', of('string', 'name type status'), {
  type: ['Unknown', 'Cash', 'Check', 'CreditCard', 'DebitCard', 'BankTransfer', 'Other'],
  status: ACTIVE_ARCHIVED,
});
export const BANK_ACCOUNT_SCHEMA = schema(
  'BankAccount',
  {
    ...of('string', 'accountName accountType nominalCode sortCode accountNumber iBan currency institution'),
    ...of('number', 'balance availableBalance overdraftLimit'),
  },
  { accountType: ['Unknown', 'Credit', 'Debit'] },
);
const BANK_TRANSACTION_TYPES = [
  ...['Unknown', 'Credit', 'Debit', 'Int', 'Div', 'Fee', 'SerChg', 'Dep', 'Atm', 'Pos', 'Xfer', 'Check'],
  ...['Payment', 'Cash', 'DirectDep', 'DirectDebit', 'RepeatPmt', 'Other'],
];
export const BANK_TRANSACTION_SCHEMA = schema(
  'BankTransaction',
  {
    ...of('string', 'accountId description counterparty reference transactionType'),
    clearedOnDate: 'date',
    reconciled: 'boolean',
    ...of('number', 'amount balance'),
  },
  { transactionType: BANK_TRANSACTION_TYPES },
  false,
);
export const ACCOUNT_TRANSACTION_SCHEMA = schema(
  'AccountTransaction',
  {
    ...of('string', 'transactionId note bankAccountRef.id bankAccountRef.name status currency'),
    date: 'date',
    ...of('number', 'currencyRate totalAmount'),
  },
  { status: ['Unknown', 'Unreconciled', 'Reconciled', 'Void'] },
);
export const TRANSFER_SCHEMA = schema('Transfer', {
  ...of('string', 'description contactRef.id contactRef.dataType'),
  date: 'date',
  ...transferSide('from'),
  ...transferSide('to'),
});
export const DIRECT_COST_SCHEMA = schema('DirectCost', direct);
export const DIRECT_INCOME_SCHEMA = schema('DirectIncome', direct);
export const ITEM_RECEIPT_SCHEMA = schema(
  'ItemReceipt',
  {
    ...of('string', 'reference currency status note'),
    ...SUPPLIER_REF,
    receivedDate: 'date',
    ...of('number', 'currencyRate subTotal totalAmount'),
  },
  { status: ['Unknown', 'Draft', 'Received', 'Rejected', 'Void'] },
);
