// The queryable fields of the data types of Accounting API 2.1.0 beyond the first twelve (and item
// receipts, from the SDK of 3.0.0): every scalar field of the contract's record reachable through
// objects (dotted paths, nothing inside arrays), as dataFields.ts has them for the others. Written
// out whole: some of these records have no `metadata` (tracking categories, bank transactions).
import type { FieldType, RecordFields } from './fields';

const text: FieldType = 'text';
const number: FieldType = 'number';
const date: FieldType = 'date';
const boolean: FieldType = 'boolean';

const fieldsOf = (name: string, own: Record<string, FieldType>): RecordFields => ({
  name,
  types: new Map<string, FieldType>(Object.entries(own)),
});

export const TRACKING_CATEGORY_FIELDS = fieldsOf('TrackingCategory', {
  id: text,
  name: text,
  status: text,
  parentId: text,
  hasChildren: boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});

export const JOURNAL_FIELDS = fieldsOf('Journal', {
  id: text,
  journalCode: text,
  name: text,
  type: text,
  parentId: text,
  hasChildren: boolean,
  createdOn: date,
  status: text,
  'metadata.isDeleted': boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});

export const PURCHASE_ORDER_FIELDS = fieldsOf('PurchaseOrder', {
  id: text,
  purchaseOrderNumber: text,
  issueDate: date,
  paymentDueDate: date,
  expectedDeliveryDate: date,
  deliveryDate: date,
  note: text,
  'shipTo.contact.name': text,
  'shipTo.contact.email': text,
  'shipTo.contact.phone': text,
  'shipTo.address.type': text,
  'shipTo.address.line1': text,
  'shipTo.address.line2': text,
  'shipTo.address.city': text,
  'shipTo.address.region': text,
  'shipTo.address.country': text,
  'shipTo.address.postalCode': text,
  'supplierRef.id': text,
  'supplierRef.supplierName': text,
  status: text,
  currency: text,
  currencyRate: number,
  totalDiscount: number,
  subTotal: number,
  totalTaxAmount: number,
  totalAmount: number,
  'metadata.isDeleted': boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});

export const SALES_ORDER_FIELDS = fieldsOf('SalesOrder', {
  id: text,
  salesOrderNumber: text,
  customerPurchaseOrderNumber: text,
  issueDate: date,
  expectedDeliveryDate: date,
  note: text,
  'shipTo.contact.name': text,
  'shipTo.contact.email': text,
  'shipTo.contact.phone': text,
  'shipTo.address.type': text,
  'shipTo.address.line1': text,
  'shipTo.address.line2': text,
  'shipTo.address.city': text,
  'shipTo.address.region': text,
  'shipTo.address.country': text,
  'shipTo.address.postalCode': text,
  'customerRef.id': text,
  'customerRef.companyName': text,
  status: text,
  invoicingStatus: text,
  currency: text,
  currencyRate: number,
  totalDiscount: number,
  subTotal: number,
  totalTaxAmount: number,
  totalAmount: number,
  'metadata.isDeleted': boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});

export const PAYMENT_METHOD_FIELDS = fieldsOf('PaymentMethod', {
  id: text,
  name: text,
  type: text,
  status: text,
  'metadata.isDeleted': boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});

export const BANK_ACCOUNT_FIELDS = fieldsOf('BankAccount', {
  id: text,
  accountName: text,
  accountType: text,
  nominalCode: text,
  sortCode: text,
  accountNumber: text,
  iBan: text,
  currency: text,
  balance: number,
  institution: text,
  availableBalance: number,
  overdraftLimit: number,
  'metadata.isDeleted': boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});

export const BANK_TRANSACTION_FIELDS = fieldsOf('BankTransaction', {
  accountId: text,
  id: text,
  clearedOnDate: date,
  description: text,
  counterparty: text,
  reference: text,
  reconciled: boolean,
  amount: number,
  balance: number,
  transactionType: text,
  modifiedDate: date,
  sourceModifiedDate: date,
});

export const ACCOUNT_TRANSACTION_FIELDS = fieldsOf('AccountTransaction', {
  id: text,
  transactionId: text,
  note: text,
  'bankAccountRef.id': text,
  'bankAccountRef.name': text,
  date: date,
  status: text,
  currency: text,
  currencyRate: number,
  totalAmount: number,
  'metadata.isDeleted': boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});

export const TRANSFER_FIELDS = fieldsOf('Transfer', {
  id: text,
  description: text,
  'contactRef.id': text,
  'contactRef.dataType': text,
  date: date,
  'from.accountRef.id': text,
  'from.accountRef.name': text,
  'from.currency': text,
  'from.amount': number,
  'to.accountRef.id': text,
  'to.accountRef.name': text,
  'to.currency': text,
  'to.amount': number,
  'metadata.isDeleted': boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});

/** A direct cost and a direct income have the same fields. */
const directFields = (name: string) =>
  fieldsOf(name, {
    id: text,
    reference: text,
    note: text,
    'contactRef.id': text,
    'contactRef.dataType': text,
    issueDate: date,
    currency: text,
    currencyRate: number,
    subTotal: number,
    taxAmount: number,
    totalAmount: number,
    'metadata.isDeleted': boolean,
    modifiedDate: date,
    sourceModifiedDate: date,
  });

export const DIRECT_COST_FIELDS = directFields('DirectCost');
export const DIRECT_INCOME_FIELDS = directFields('DirectIncome');

export const ITEM_RECEIPT_FIELDS = fieldsOf('ItemReceipt', {
  id: text,
  reference: text,
  receivedDate: date,
  currency: text,
  currencyRate: number,
  status: text,
  'supplierRef.id': text,
  'supplierRef.supplierName': text,
  subTotal: number,
  totalAmount: number,
  note: text,
  'metadata.isDeleted': boolean,
  modifiedDate: date,
  sourceModifiedDate: date,
});
