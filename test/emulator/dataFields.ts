// The queryable fields of every data type besides invoices (the shared type table of issue 14):
// dotted paths into nested objects, nothing inside arrays. Every record also has the common
// `id`, `metadata.isDeleted`, `modifiedDate` and `sourceModifiedDate`.
import type { FieldType, RecordFields } from './fields';

const text: FieldType = 'text';
const number: FieldType = 'number';
const date: FieldType = 'date';
const boolean: FieldType = 'boolean';

function fieldsOf(name: string, own: Record<string, FieldType>): RecordFields {
  return {
    name,
    types: new Map<string, FieldType>([
      ['id', text],
      ...Object.entries(own),
      ['metadata.isDeleted', boolean],
      ['modifiedDate', date],
      ['sourceModifiedDate', date],
    ]),
  };
}

const party = {
  contactName: text,
  emailAddress: text,
  phone: text,
  defaultCurrency: text,
  registrationNumber: text,
  taxNumber: text,
  status: text,
};

const creditNote = {
  issueDate: date,
  allocatedOnDate: date,
  currency: text,
  currencyRate: number,
  subTotal: number,
  totalTaxAmount: number,
  totalDiscount: number,
  totalAmount: number,
  remainingCredit: number,
  discountPercentage: number,
  status: text,
  note: text,
};

// Fields Codat's contract lets a query filter on (codatio/oas: Lending 3.0.0, Accounting 2.1.0).
const itemDetail = (side: string): Record<string, FieldType> => ({
  [`${side}.description`]: text,
  [`${side}.accountRef.id`]: text,
  [`${side}.accountRef.name`]: text,
  [`${side}.taxRateRef.id`]: text,
  [`${side}.taxRateRef.name`]: text,
  [`${side}.taxRateRef.effectiveTaxRate`]: number,
});

export const BILL_FIELDS = fieldsOf('Bill', {
  reference: text,
  'supplierRef.id': text,
  'supplierRef.supplierName': text,
  issueDate: date,
  dueDate: date,
  currency: text,
  currencyRate: number,
  subTotal: number,
  taxAmount: number,
  totalAmount: number,
  amountDue: number,
  status: text,
  note: text,
});

export const CUSTOMER_FIELDS = fieldsOf('Customer', { customerName: text, ...party });

export const SUPPLIER_FIELDS = fieldsOf('Supplier', { supplierName: text, ...party });

export const PAYMENT_FIELDS = fieldsOf('Payment', {
  reference: text,
  'customerRef.id': text,
  'customerRef.companyName': text,
  'accountRef.id': text,
  'accountRef.name': text,
  date,
  currency: text,
  currencyRate: number,
  totalAmount: number,
  note: text,
  'paymentMethodRef.id': text,
  'paymentMethodRef.name': text,
});

export const BILL_PAYMENT_FIELDS = fieldsOf('BillPayment', {
  reference: text,
  'supplierRef.id': text,
  'supplierRef.supplierName': text,
  'accountRef.id': text,
  'accountRef.name': text,
  date,
  currency: text,
  currencyRate: number,
  totalAmount: number,
  note: text,
  'paymentMethodRef.id': text,
  'paymentMethodRef.name': text,
});

export const CREDIT_NOTE_FIELDS = fieldsOf('CreditNote', {
  creditNoteNumber: text,
  'customerRef.id': text,
  'customerRef.companyName': text,
  ...creditNote,
  additionalTaxAmount: number,
  additionalTaxPercentage: number,
});

export const ACCOUNT_FIELDS = fieldsOf('Account', {
  nominalCode: text,
  name: text,
  description: text,
  fullyQualifiedCategory: text,
  fullyQualifiedName: text,
  currency: text,
  currentBalance: number,
  type: text,
  status: text,
  isBankAccount: boolean,
});

export const JOURNAL_ENTRY_FIELDS = fieldsOf('JournalEntry', {
  description: text,
  postedOn: date,
  createdOn: date,
  updatedOn: date,
  'journalRef.id': text,
  'recordRef.id': text,
  'recordRef.dataType': text,
  'journalRef.name': text,
});

export const TAX_RATE_FIELDS = fieldsOf('TaxRate', {
  name: text,
  code: text,
  effectiveTaxRate: number,
  totalTaxRate: number,
  status: text,
});

export const ITEM_FIELDS = fieldsOf('Item', {
  code: text,
  name: text,
  type: text,
  itemStatus: text,
  isBillItem: boolean,
  isInvoiceItem: boolean,
  'billItem.unitPrice': number,
  'invoiceItem.unitPrice': number,
  ...itemDetail('billItem'),
  ...itemDetail('invoiceItem'),
});

export const BILL_CREDIT_NOTE_FIELDS = fieldsOf('BillCreditNote', {
  billCreditNoteNumber: text,
  'supplierRef.id': text,
  'supplierRef.supplierName': text,
  ...creditNote,
});
