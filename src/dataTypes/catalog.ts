// The one table of the company data types the extension shows: for each, its path segment, its
// name in `GET /dataStatus` and `POST /data/queue/{dataType}` where Codat's differs, its query schema,
// and how a record is presented, as data: which fields label it, describe it and fill its
// tooltip. No per-type code exists beyond this table and the words in ./words.ts; adding a type
// is adding a row here, its words there, and its records to the emulator (test/emulator).
// Plain data: no vscode, no l10n (the row kinds' messages are in src/format/recordLabels.ts).
import type { QuerySchema } from '../query/ast';
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
  TRACKING_CATEGORY_SCHEMA,
  JOURNAL_SCHEMA,
  PURCHASE_ORDER_SCHEMA,
  SALES_ORDER_SCHEMA,
  PAYMENT_METHOD_SCHEMA,
  BANK_ACCOUNT_SCHEMA,
  BANK_TRANSACTION_SCHEMA,
  ACCOUNT_TRANSACTION_SCHEMA,
  TRANSFER_SCHEMA,
  DIRECT_COST_SCHEMA,
  DIRECT_INCOME_SCHEMA,
  ITEM_RECEIPT_SCHEMA,
} from './schemas';
import type { DescriptionPart, FieldRef, RowKind } from './rowFormats';

export const DATA_TYPE_IDS = [
  'invoices',
  'bills',
  'customers',
  'suppliers',
  'payments',
  'billPayments',
  'creditNotes',
  'billCreditNotes',
  'accounts',
  'journalEntries',
  'taxRates',
  'items',
  'trackingCategories',
  'journals',
  'purchaseOrders',
  'salesOrders',
  'paymentMethods',
  'bankAccounts',
  'bankTransactions',
  'accountTransactions',
  'transfers',
  'directCosts',
  'directIncomes',
  'itemReceipts',
] as const;

export type DataTypeId = (typeof DATA_TYPE_IDS)[number];

export interface DataTypeSpec {
  /** The path segment: `/companies/{id}/data/{segment}`. */
  readonly id: DataTypeId;
  /** Its key in `GET /dataStatus` and name in `POST /data/queue/{dataType}` (Codat's `DataStatus.
   * dataType`), where that is not the path segment: see syncName. */
  readonly syncName?: string;
  /** Queryable fields, checked before a filter or orderBy is sent; its recordName is the API's. */
  readonly schema: QuerySchema;
  /** A filter shown as an example where one is typed (valid for the schema: a unit test checks). */
  readonly example: string;
  /** Codicon of the type's node, and of its records that have no status. */
  readonly icon: string;
  /** Choices tried in order; a choice's fields are joined by a space (an account: `4000 Sales`). */
  readonly label: readonly (readonly string[])[];
  /** Who the record is with: the customer or supplier. */
  readonly party?: FieldRef;
  /** A category shown as sent (an account's or an item's type). */
  readonly kind?: FieldRef;
  /** The amount shown in the description, in the currency of `currency`. */
  readonly amount?: string;
  readonly currency?: string;
  readonly rate?: string;
  readonly date?: string;
  /** Its value picks the record's icon and is shown as a status word. */
  readonly status?: string;
  readonly description: readonly DescriptionPart[];
  /** The tooltip's rows after the record's label, each shown when the record has a value. */
  readonly tooltip: readonly (readonly [RowKind, FieldRef])[];
  /** A CSV export's columns after the queryable fields: fields that are not queryable, and the
   * lists (and objects) a row keeps whole as one JSON column, so a row loses nothing. */
  readonly exportColumns: readonly string[];
  /** Its records' attachments (read per connection); `upload` is the push path's last segment the
   * contract gives the type, `delete` whether the contract lets one delete one. */
  readonly attachments?: { readonly upload?: 'attachment' | 'attachments'; readonly delete?: boolean };
  /** Whether a record has a PDF (`GET /companies/{id}/data/{type}/{recordId}/pdf`). */
  readonly pdf?: boolean;
  /** Where the contract serves the records: absent, the company's (`/companies/{id}/data/{type}`);
   * `connection`, one data connection's (`/companies/{id}/connections/{connectionId}/data/{type}`),
   * so the tree shows the type under each connection, not in the company's Data folder. */
  readonly scope?: 'connection';
  /** A type listed under one record of another type (bank transactions under their bank account:
   * `…/connections/{connectionId}/data/bankAccounts/{accountId}/bankTransactions`): that type, and
   * the name its id has in the path. Such a type is listed under the parent's record only. */
  readonly parent?: { readonly type: DataTypeId; readonly idName: string };
  /** False when the contract has no GET of one record (bank transactions): its JSON is the record
   * as listed, found by an `id=` query on its list. */
  readonly getOne?: false;
  /** The writes the contract (Accounting API 2.1.0) has for the type, each answered with a push
   * operation: create `POST …/connections/{connectionId}/push/{type}` (options at
   * `…/options/{syncName}`), update `PUT …/push/{type}/{id}`, delete `DELETE …/push/{type}/{id}`. */
  readonly writes?: { readonly create?: boolean; readonly update?: boolean; readonly delete?: boolean };
}

const CUSTOMER = ['customerRef.companyName', 'customerRef.id'];
const SUPPLIER = ['supplierRef.supplierName', 'supplierRef.id'];
const MONEY = { currency: 'currency', amount: 'totalAmount' } as const;

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
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'trackingCategories',
    schema: TRACKING_CATEGORY_SCHEMA,
    icon: 'symbol-namespace',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'journals',
    writes: { create: true },
    schema: JOURNAL_SCHEMA,
    icon: 'notebook',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'purchaseOrders',
    writes: { create: true, update: true },
    schema: PURCHASE_ORDER_SCHEMA,
    icon: 'package',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'salesOrders',
    schema: SALES_ORDER_SCHEMA,
    icon: 'checklist',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'paymentMethods',
    schema: PAYMENT_METHOD_SCHEMA,
    icon: 'symbol-method',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'bankAccounts',
    scope: 'connection',
    writes: { create: true, update: true },
    schema: BANK_ACCOUNT_SCHEMA,
    icon: 'account',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'bankTransactions',
    scope: 'connection',
    parent: { type: 'bankAccounts', idName: 'accountId' },
    getOne: false,
    writes: { create: true },
    schema: BANK_TRANSACTION_SCHEMA,
    icon: 'arrow-both',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'accountTransactions',
    scope: 'connection',
    schema: ACCOUNT_TRANSACTION_SCHEMA,
    icon: 'list-flat',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'transfers',
    scope: 'connection',
    writes: { create: true },
    schema: TRANSFER_SCHEMA,
    icon: 'arrow-right',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'directCosts',
    scope: 'connection',
    writes: { create: true },
    schema: DIRECT_COST_SCHEMA,
    icon: 'dash',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
    attachments: { upload: 'attachment' },
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'directIncomes',
    scope: 'connection',
    writes: { create: true },
    schema: DIRECT_INCOME_SCHEMA,
    icon: 'add',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
    attachments: { upload: 'attachment' },
  },
  {
    // STUB: helper `catalog` fills label, description, tooltip, example and export columns.
    id: 'itemReceipts',
    scope: 'connection',
    schema: ITEM_RECEIPT_SCHEMA,
    icon: 'inbox',
    label: [['id']],
    description: [],
    tooltip: [['id', 'id']],
    example: 'id!=null',
    exportColumns: [],
  },
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
