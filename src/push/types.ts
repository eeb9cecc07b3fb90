// The writes the extension offers on each data type: the catalog's `writes` (what the Accounting
// API lets one create, update and delete), nothing listed by hand. A connection's own options
// decide what each push takes.
import type { WriteKind } from '../api';
import { DATA_TYPES, dataType, isDataTypeId, type DataTypeId } from '../dataTypes/catalog';
import { t } from '../l10n';

/** Whether the contract lets one `kind` a record of `type`. */
export function canWrite(type: string, kind: WriteKind): type is DataTypeId {
  return isDataTypeId(type) && dataType(type).writes?.[kind] === true;
}

/** The types one can create (push), in the catalog's order. */
export const PUSH_TYPES: readonly DataTypeId[] = DATA_TYPES.filter((s) => s.writes?.create === true).map((s) => s.id);

export type PushType = DataTypeId;

export function isPushType(type: string): type is PushType {
  return canWrite(type, 'create');
}

/** The title of a new draft of the type: `New invoice`. One whole message per type, for translators. */
export function draftTitle(type: DataTypeId): string {
  switch (type) {
    case 'invoices':
      return t('New invoice');
    case 'bills':
      return t('New bill');
    case 'customers':
      return t('New customer');
    case 'suppliers':
      return t('New supplier');
    case 'payments':
      return t('New payment');
    case 'billPayments':
      return t('New bill payment');
    case 'creditNotes':
      return t('New credit note');
    case 'billCreditNotes':
      return t('New bill credit note');
    case 'accounts':
      return t('New account');
    case 'journalEntries':
      return t('New journal entry');
    case 'taxRates':
      return t('New tax rate');
    case 'items':
      return t('New item');
    case 'trackingCategories':
      return t('New tracking category');
    case 'journals':
      return t('New journal');
    case 'purchaseOrders':
      return t('New purchase order');
    case 'salesOrders':
      return t('New sales order');
    case 'paymentMethods':
      return t('New payment method');
    case 'bankAccounts':
      return t('New bank account');
    case 'bankTransactions':
      return t('New bank transactions');
    case 'accountTransactions':
      return t('New account transaction');
    case 'transfers':
      return t('New transfer');
    case 'directCosts':
      return t('New direct cost');
    case 'directIncomes':
      return t('New direct income');
    case 'itemReceipts':
      return t('New item receipt');
  }
}

/** The draft's text as the record to send: JSON, an object, its `$schema` line dropped. */
export function draftBody(text: string): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: t('the record must be a JSON object') };
  const { $schema: _schema, ...body } = value as Record<string, unknown>;
  return { ok: true, body };
}

/**
 * The record as read, as the body of its update: kept whole but for `metadata`. The contract's PUT
 * body is the record's own schema (its id, dates and references included), and its
 * `sourceModifiedDate` is what the platform compares with its own last change before taking the
 * update (forceUpdate's description), so dropping it would skip that check; a field the push options
 * do not take is ignored by the API with a warning. `metadata` is Codat's own flag about the record
 * (`isDeleted`, marked x-internal in the contract), not a field of it.
 */
export function updateDraftBody(record: Record<string, unknown>): Record<string, unknown> {
  const { metadata: _metadata, $schema: _schema, ...body } = record;
  return body;
}
