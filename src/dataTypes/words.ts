// The words of each data type that translators need as whole sentences: its title ("Bills"), a
// count ("1 bill", "12 bills"), an empty list ("No bills") and an export's file name ("Acme Ltd
// bills"; in English the same text as a count, so one message, as invoices always had). One literal t() call per message,
// so scripts/l10n.mjs extracts them all. Every other message names a type by its title after a
// colon ("Bills: not synced yet"), which reads right in any language.
import { formatCount } from '../util/amount';
import { t } from '../l10n';
import type { DataTypeId } from './catalog';

export function typeTitle(id: DataTypeId): string {
  switch (id) {
    case 'invoices':
      return t('Invoices');
    case 'bills':
      return t('Bills');
    case 'customers':
      return t('Customers');
    case 'suppliers':
      return t('Suppliers');
    case 'payments':
      return t('Payments');
    case 'billPayments':
      return t('Bill payments');
    case 'creditNotes':
      return t('Credit notes');
    case 'billCreditNotes':
      return t('Bill credit notes');
    case 'accounts':
      return t('Accounts');
    case 'journalEntries':
      return t('Journal entries');
    case 'taxRates':
      return t('Tax rates');
    case 'items':
      return t('Items');
  }
}

/** `12,345 invoices` / `1 invoice`. */
export function typeCount(id: DataTypeId, n: number, locale?: string): string {
  const c = formatCount(n, locale);
  const one = n === 1;
  switch (id) {
    case 'invoices':
      return one ? t('{0} invoice', c) : t('{0} invoices', c);
    case 'bills':
      return one ? t('{0} bill', c) : t('{0} bills', c);
    case 'customers':
      return one ? t('{0} customer', c) : t('{0} customers', c);
    case 'suppliers':
      return one ? t('{0} supplier', c) : t('{0} suppliers', c);
    case 'payments':
      return one ? t('{0} payment', c) : t('{0} payments', c);
    case 'billPayments':
      return one ? t('{0} bill payment', c) : t('{0} bill payments', c);
    case 'creditNotes':
      return one ? t('{0} credit note', c) : t('{0} credit notes', c);
    case 'billCreditNotes':
      return one ? t('{0} bill credit note', c) : t('{0} bill credit notes', c);
    case 'accounts':
      return one ? t('{0} account', c) : t('{0} accounts', c);
    case 'journalEntries':
      return one ? t('{0} journal entry', c) : t('{0} journal entries', c);
    case 'taxRates':
      return one ? t('{0} tax rate', c) : t('{0} tax rates', c);
    case 'items':
      return one ? t('{0} item', c) : t('{0} items', c);
  }
}

/** Shown under a loaded, empty list. */
export function typeEmpty(id: DataTypeId): string {
  switch (id) {
    case 'invoices':
      return t('No invoices');
    case 'bills':
      return t('No bills');
    case 'customers':
      return t('No customers');
    case 'suppliers':
      return t('No suppliers');
    case 'payments':
      return t('No payments');
    case 'billPayments':
      return t('No bill payments');
    case 'creditNotes':
      return t('No credit notes');
    case 'billCreditNotes':
      return t('No bill credit notes');
    case 'accounts':
      return t('No accounts');
    case 'journalEntries':
      return t('No journal entries');
    case 'taxRates':
      return t('No tax rates');
    case 'items':
      return t('No items');
  }
}

/** An export's file name before its extension: `Acme Ltd invoices`, `Acme Ltd bills`. */
export function typeFileName(id: DataTypeId, companyName: string): string {
  switch (id) {
    case 'invoices':
      return t('{0} invoices', companyName);
    case 'bills':
      return t('{0} bills', companyName);
    case 'customers':
      return t('{0} customers', companyName);
    case 'suppliers':
      return t('{0} suppliers', companyName);
    case 'payments':
      return t('{0} payments', companyName);
    case 'billPayments':
      return t('{0} bill payments', companyName);
    case 'creditNotes':
      return t('{0} credit notes', companyName);
    case 'billCreditNotes':
      return t('{0} bill credit notes', companyName);
    case 'accounts':
      return t('{0} accounts', companyName);
    case 'journalEntries':
      return t('{0} journal entries', companyName);
    case 'taxRates':
      return t('{0} tax rates', companyName);
    case 'items':
      return t('{0} items', companyName);
  }
}
