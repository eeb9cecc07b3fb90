// The shared type table of issue 14 (path segment, record name, queryable fields and their types,
// enumerations), written out by hand from the table both sides were built from. It belongs to
// neither side, so it imports nothing: the emulator's tests hold its records and 400s to it, and
// the extension's tests may hold its descriptions to it too.

export type FieldKind = 'text' | 'number' | 'date' | 'boolean';

export interface DataTypeSpec {
  segment: string;
  /** As in "Could not resolve property X on <recordName>". */
  recordName: string;
  /** Queryable fields beyond the common ones (id, metadata.isDeleted, modifiedDate, sourceModifiedDate). */
  fields: Readonly<Record<string, FieldKind>>;
  /** Text fields whose values come from a fixed set. */
  enums: Readonly<Record<string, readonly string[]>>;
}

export const COMMON_FIELDS: Readonly<Record<string, FieldKind>> = {
  id: 'text',
  'metadata.isDeleted': 'boolean',
  modifiedDate: 'date',
  sourceModifiedDate: 'date',
};

// Codat's contract (codatio/oas, Lending 3.0.0 for the accounting schemas, Sync for Payables 3.0.0
// for tax rates, Accounting 2.1.0 for items) adds `Unknown` to every status and type enumeration,
// and queryable fields the table lacked (marked below).
const NOTE_STATUSES = ['Draft', 'Submitted', 'Paid', 'Void', 'PartiallyPaid', 'Unknown'];
const PARTY_STATUSES = ['Active', 'Archived', 'Unknown'];
const PAYMENT_METHOD: Record<string, FieldKind> = { 'paymentMethodRef.id': 'text', 'paymentMethodRef.name': 'text' }; // contract
const ITEM_DETAIL = (side: string): Record<string, FieldKind> => ({
  [`${side}.description`]: 'text',
  [`${side}.accountRef.id`]: 'text',
  [`${side}.accountRef.name`]: 'text',
  [`${side}.taxRateRef.id`]: 'text',
  [`${side}.taxRateRef.name`]: 'text',
  [`${side}.taxRateRef.effectiveTaxRate`]: 'number',
}); // contract

const party = (nameField: string): Record<string, FieldKind> => ({
  [nameField]: 'text',
  contactName: 'text',
  emailAddress: 'text',
  phone: 'text',
  defaultCurrency: 'text',
  registrationNumber: 'text',
  taxNumber: 'text',
  status: 'text',
});

const creditNote: Record<string, FieldKind> = {
  issueDate: 'date',
  allocatedOnDate: 'date',
  currency: 'text',
  currencyRate: 'number',
  subTotal: 'number',
  totalTaxAmount: 'number',
  totalDiscount: 'number',
  totalAmount: 'number',
  remainingCredit: 'number',
  discountPercentage: 'number',
  status: 'text',
  note: 'text',
};

/** Every type but invoices, in the table's order. */
export const DATA_TYPE_SPECS: readonly DataTypeSpec[] = [
  {
    segment: 'bills',
    recordName: 'Bill',
    fields: {
      reference: 'text',
      'supplierRef.id': 'text',
      'supplierRef.supplierName': 'text',
      issueDate: 'date',
      dueDate: 'date',
      currency: 'text',
      currencyRate: 'number',
      subTotal: 'number',
      taxAmount: 'number',
      totalAmount: 'number',
      amountDue: 'number',
      status: 'text',
      note: 'text',
    },
    enums: { status: ['Open', 'PartiallyPaid', 'Paid', 'Void', 'Draft', 'Unknown'] },
  },
  { segment: 'customers', recordName: 'Customer', fields: party('customerName'), enums: { status: PARTY_STATUSES } },
  { segment: 'suppliers', recordName: 'Supplier', fields: party('supplierName'), enums: { status: PARTY_STATUSES } },
  {
    segment: 'payments',
    recordName: 'Payment',
    fields: {
      reference: 'text',
      'customerRef.id': 'text',
      'customerRef.companyName': 'text',
      'accountRef.id': 'text',
      'accountRef.name': 'text',
      date: 'date',
      currency: 'text',
      currencyRate: 'number',
      totalAmount: 'number',
      note: 'text',
      ...PAYMENT_METHOD,
    },
    enums: {},
  },
  {
    segment: 'billPayments',
    recordName: 'BillPayment',
    fields: {
      reference: 'text',
      'supplierRef.id': 'text',
      'supplierRef.supplierName': 'text',
      'accountRef.id': 'text',
      'accountRef.name': 'text',
      date: 'date',
      currency: 'text',
      currencyRate: 'number',
      totalAmount: 'number',
      note: 'text',
      ...PAYMENT_METHOD,
    },
    enums: {},
  },
  {
    segment: 'creditNotes',
    recordName: 'CreditNote',
    fields: {
      creditNoteNumber: 'text',
      'customerRef.id': 'text',
      'customerRef.companyName': 'text',
      ...creditNote,
      additionalTaxAmount: 'number',
      additionalTaxPercentage: 'number', // contract
    },
    enums: { status: NOTE_STATUSES },
  },
  {
    segment: 'accounts',
    recordName: 'Account',
    fields: {
      nominalCode: 'text',
      name: 'text',
      description: 'text',
      fullyQualifiedCategory: 'text',
      fullyQualifiedName: 'text',
      currency: 'text',
      currentBalance: 'number',
      type: 'text',
      status: 'text',
      isBankAccount: 'boolean',
    },
    enums: {
      type: ['Asset', 'Expense', 'Income', 'Liability', 'Equity', 'Unknown'],
      status: ['Active', 'Archived', 'Pending', 'Unknown'],
    },
  },
  {
    segment: 'journalEntries',
    recordName: 'JournalEntry',
    fields: {
      description: 'text',
      postedOn: 'date',
      createdOn: 'date',
      updatedOn: 'date',
      'journalRef.id': 'text',
      'recordRef.id': 'text',
      'recordRef.dataType': 'text',
      'journalRef.name': 'text', // contract
    },
    enums: {
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
  },
  {
    segment: 'taxRates',
    recordName: 'TaxRate',
    fields: { name: 'text', code: 'text', effectiveTaxRate: 'number', totalTaxRate: 'number', status: 'text' },
    enums: { status: ['Active', 'Archived', 'Unknown'] },
  },
  {
    segment: 'items',
    recordName: 'Item',
    fields: {
      code: 'text',
      name: 'text',
      type: 'text',
      itemStatus: 'text',
      isBillItem: 'boolean',
      isInvoiceItem: 'boolean',
      'billItem.unitPrice': 'number',
      'invoiceItem.unitPrice': 'number',
      ...ITEM_DETAIL('billItem'),
      ...ITEM_DETAIL('invoiceItem'),
    },
    enums: { type: ['Inventory', 'NonInventory', 'Service', 'Unknown'], itemStatus: ['Active', 'Archived', 'Unknown'] },
  },
  {
    segment: 'billCreditNotes',
    recordName: 'BillCreditNote',
    fields: {
      billCreditNoteNumber: 'text',
      'supplierRef.id': 'text',
      'supplierRef.supplierName': 'text',
      ...creditNote,
    },
    enums: { status: NOTE_STATUSES },
  },
];
