// The one table of the company data types the extension shows: for each, its path segment, its
// name in `GET /dataStatus` and `POST /data/queue/{dataType}` where Codat's differs, its query schema,
// and how a record is presented, as data: which fields label it, describe it and fill its
// tooltip. No per-type code exists beyond this table and the words in ./words.ts; adding a type
// is adding a row here (a type beyond the ledgers' in companyTypes.ts, one the contract serves per
// connection in connectionTypes.ts), its words there, and its records to the emulator (test/emulator).
// Plain data: no vscode, no l10n (the row kinds' messages are in src/format/recordLabels.ts).
import { INVOICE_SCHEMA } from '../query/schemas';
import {
  ACCOUNT_SCHEMA,
  BILL_CREDIT_NOTE_SCHEMA,
  BILL_PAYMENT_SCHEMA,
  BILL_SCHEMA,
  CREDIT_NOTE_SCHEMA,
  CUSTOMER_SCHEMA,
  ITEM_SCHEMA,
  JOURNAL_ENTRY_SCHEMA,
  PAYMENT_SCHEMA,
  SUPPLIER_SCHEMA,
  TAX_RATE_SCHEMA,
} from './schemas';
import { COMPANY_TYPES } from './companyTypes';
import { CONNECTION_TYPES } from './connectionTypes';
import { CUSTOMER, MONEY, SUPPLIER, type DataTypeId, type DataTypeSpec } from './spec';

export { DATA_TYPE_IDS, type DataTypeId, type DataTypeSpec } from './spec';

export const DATA_TYPES: readonly DataTypeSpec[] = [
  {
    id: 'invoices',
    writes: { create: true, update: true, delete: true },
    schema: INVOICE_SCHEMA,
    icon: 'files',
    label: [['invoiceNumber'], ['id']],
    party: CUSTOMER,
    ...MONEY,
    date: 'issueDate',
    status: 'status',
    description: ['party', 'amount', 'status'],
    tooltip: [
      ['customer', CUSTOMER],
      ['status', 'status'],
      ['issued', 'issueDate'],
      ['due', 'dueDate'],
      ['paidOn', 'paidOnDate'],
      ['total', 'totalAmount'],
      ['tax', 'totalTaxAmount'],
      ['amountDue', 'amountDue'],
      ['note', 'note'],
      ['id', 'id'],
    ],
    example: 'status=Paid && totalAmount>1000',
    exportColumns: ['lineItems'],
    attachments: { upload: 'attachment' },
    pdf: true,
  },
  {
    id: 'bills',
    writes: { create: true, update: true, delete: true },
    schema: BILL_SCHEMA,
    icon: 'note',
    label: [['reference'], ['id']],
    party: SUPPLIER,
    ...MONEY,
    date: 'issueDate',
    status: 'status',
    description: ['party', 'amount', 'status'],
    tooltip: [
      ['supplier', SUPPLIER],
      ['status', 'status'],
      ['issued', 'issueDate'],
      ['due', 'dueDate'],
      ['total', 'totalAmount'],
      ['tax', 'taxAmount'],
      ['amountDue', 'amountDue'],
      ['note', 'note'],
      ['id', 'id'],
    ],
    example: 'status=Open && amountDue>0',
    exportColumns: ['lineItems', 'paymentAllocations'],
    attachments: { upload: 'attachments', delete: true },
  },
  {
    id: 'customers',
    writes: { create: true, update: true },
    schema: CUSTOMER_SCHEMA,
    icon: 'person',
    label: [['customerName'], ['id']],
    party: 'contactName',
    status: 'status',
    description: ['party', 'status'],
    tooltip: [
      ['contact', 'contactName'],
      ['email', 'emailAddress'],
      ['phone', 'phone'],
      ['currency', 'defaultCurrency'],
      ['registrationNumber', 'registrationNumber'],
      ['taxNumber', 'taxNumber'],
      ['status', 'status'],
      ['id', 'id'],
    ],
    example: 'status=Active',
    exportColumns: ['addresses', 'contacts'],
    attachments: {},
  },
  {
    id: 'suppliers',
    writes: { create: true, update: true },
    schema: SUPPLIER_SCHEMA,
    icon: 'briefcase',
    label: [['supplierName'], ['id']],
    party: 'contactName',
    status: 'status',
    description: ['party', 'status'],
    tooltip: [
      ['contact', 'contactName'],
      ['email', 'emailAddress'],
      ['phone', 'phone'],
      ['currency', 'defaultCurrency'],
      ['registrationNumber', 'registrationNumber'],
      ['taxNumber', 'taxNumber'],
      ['status', 'status'],
      ['id', 'id'],
    ],
    example: 'defaultCurrency=USD',
    exportColumns: ['addresses'],
    attachments: {},
  },
  {
    id: 'payments',
    writes: { create: true },
    schema: PAYMENT_SCHEMA,
    icon: 'credit-card',
    label: [['reference'], ['id']],
    party: CUSTOMER,
    ...MONEY,
    date: 'date',
    description: ['party', 'amount', 'date'],
    tooltip: [
      ['customer', CUSTOMER],
      ['date', 'date'],
      ['total', 'totalAmount'],
      ['account', ['accountRef.name', 'accountRef.id']],
      ['note', 'note'],
      ['id', 'id'],
    ],
    example: 'totalAmount>500',
    exportColumns: ['lines'],
  },
  {
    id: 'billPayments',
    writes: { create: true, delete: true },
    schema: BILL_PAYMENT_SCHEMA,
    icon: 'arrow-swap',
    label: [['reference'], ['id']],
    party: SUPPLIER,
    ...MONEY,
    date: 'date',
    description: ['party', 'amount', 'date'],
    tooltip: [
      ['supplier', SUPPLIER],
      ['date', 'date'],
      ['total', 'totalAmount'],
      ['account', ['accountRef.name', 'accountRef.id']],
      ['note', 'note'],
      ['id', 'id'],
    ],
    example: 'date>2025-01-01',
    exportColumns: ['lines'],
  },
  {
    id: 'creditNotes',
    writes: { create: true, update: true },
    schema: CREDIT_NOTE_SCHEMA,
    icon: 'reply',
    label: [['creditNoteNumber'], ['id']],
    party: CUSTOMER,
    ...MONEY,
    date: 'issueDate',
    status: 'status',
    description: ['party', 'amount', 'status'],
    tooltip: [
      ['customer', CUSTOMER],
      ['status', 'status'],
      ['issued', 'issueDate'],
      ['allocatedOn', 'allocatedOnDate'],
      ['total', 'totalAmount'],
      ['tax', 'totalTaxAmount'],
      ['remainingCredit', 'remainingCredit'],
      ['note', 'note'],
      ['id', 'id'],
    ],
    example: 'remainingCredit>0',
    exportColumns: ['lineItems', 'paymentAllocations'],
  },
  {
    id: 'billCreditNotes',
    writes: { create: true, update: true },
    schema: BILL_CREDIT_NOTE_SCHEMA,
    icon: 'discard',
    label: [['billCreditNoteNumber'], ['id']],
    party: SUPPLIER,
    ...MONEY,
    date: 'issueDate',
    status: 'status',
    description: ['party', 'amount', 'status'],
    tooltip: [
      ['supplier', SUPPLIER],
      ['status', 'status'],
      ['issued', 'issueDate'],
      ['allocatedOn', 'allocatedOnDate'],
      ['total', 'totalAmount'],
      ['tax', 'totalTaxAmount'],
      ['remainingCredit', 'remainingCredit'],
      ['note', 'note'],
      ['id', 'id'],
    ],
    example: 'status=Paid',
    exportColumns: ['lineItems'],
  },
  {
    id: 'accounts',
    writes: { create: true },
    syncName: 'chartOfAccounts',
    schema: ACCOUNT_SCHEMA,
    icon: 'book',
    label: [['nominalCode', 'name'], ['fullyQualifiedName'], ['id']],
    kind: 'type',
    currency: 'currency',
    amount: 'currentBalance',
    status: 'status',
    description: ['kind', 'amount', 'status'],
    tooltip: [
      ['name', 'name'],
      ['type', 'type'],
      ['category', 'fullyQualifiedCategory'],
      ['balance', 'currentBalance'],
      ['currency', 'currency'],
      ['description', 'description'],
      ['status', 'status'],
      ['id', 'id'],
    ],
    example: 'type=Income && status=Active',
    exportColumns: ['validDatatypeLinks'],
  },
  {
    id: 'journalEntries',
    writes: { create: true, delete: true },
    schema: JOURNAL_ENTRY_SCHEMA,
    icon: 'list-ordered',
    label: [['description'], ['id']],
    kind: 'recordRef.dataType',
    date: 'postedOn',
    description: ['date', 'kind'],
    tooltip: [
      ['posted', 'postedOn'],
      ['description', 'description'],
      ['linkedRecord', ['recordRef.dataType']],
      ['id', 'id'],
    ],
    example: 'postedOn>2025-06-30',
    exportColumns: ['journalLines'],
  },
  {
    id: 'taxRates',
    schema: TAX_RATE_SCHEMA,
    icon: 'law',
    label: [['name'], ['code'], ['id']],
    kind: 'code',
    rate: 'effectiveTaxRate',
    status: 'status',
    description: ['kind', 'rate', 'status'],
    tooltip: [
      ['code', 'code'],
      ['taxRate', 'effectiveTaxRate'],
      ['status', 'status'],
      ['id', 'id'],
    ],
    example: 'effectiveTaxRate>0',
    exportColumns: ['components'],
  },
  {
    id: 'items',
    writes: { create: true },
    schema: ITEM_SCHEMA,
    icon: 'tag',
    label: [['name'], ['code'], ['id']],
    kind: 'type',
    status: 'itemStatus',
    description: ['kind', 'status'],
    tooltip: [
      ['code', 'code'],
      ['type', 'type'],
      ['salePrice', 'invoiceItem.unitPrice'],
      ['purchasePrice', 'billItem.unitPrice'],
      ['status', 'itemStatus'],
      ['id', 'id'],
    ],
    example: 'isInvoiceItem=true',
    exportColumns: [],
  },
  ...COMPANY_TYPES,
  ...CONNECTION_TYPES,
];

const BY_ID = new Map<string, DataTypeSpec>(DATA_TYPES.map((d) => [d.id, d]));

export function isDataTypeId(value: unknown): value is DataTypeId {
  return typeof value === 'string' && BY_ID.has(value);
}

export function dataType(id: DataTypeId): DataTypeSpec {
  const spec = BY_ID.get(id);
  if (!spec) throw new Error(`unknown data type ${id}`);
  return spec;
}

/** The type's name in `GET /dataStatus` and `POST /data/queue/{dataType}`: Codat's, which is the
 * path segment for every type but the chart of accounts (`accounts` → `chartOfAccounts`). */
export function syncName(spec: DataTypeSpec): string {
  return spec.syncName ?? spec.id;
}

/** The keys a type's status may be under in `GET /dataStatus`, Codat's first: a server that follows
 * our seed spec may key it by the path segment instead. */
export function statusKeys(spec: DataTypeSpec): readonly string[] {
  return spec.syncName !== undefined ? [spec.syncName, spec.id] : [spec.id];
}

/** The name of a record's id in a path template and in errors: `invoiceId`, `journalEntryId`. */
export function idParameter(spec: DataTypeSpec): string {
  const name = spec.schema.recordName;
  return `${name.charAt(0).toLowerCase()}${name.slice(1)}Id`;
}
