// What the catalog (catalog.ts) says of each data type: the ids, and the facts and presentation of
// a type. Its own file so that the files of entries (catalog.ts, companyTypes.ts,
// connectionTypes.ts) share it without importing one another.
import type { QuerySchema } from '../query/ast';
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

export const CUSTOMER = ['customerRef.companyName', 'customerRef.id'];
export const SUPPLIER = ['supplierRef.supplierName', 'supplierRef.id'];
export const MONEY = { currency: 'currency', amount: 'totalAmount' } as const;
