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
    case 'trackingCategories':
      return t('Tracking categories');
    case 'journals':
      return t('Journals');
    case 'purchaseOrders':
      return t('Purchase orders');
    case 'salesOrders':
      return t('Sales orders');
    case 'paymentMethods':
      return t('Payment methods');
    case 'bankAccounts':
      return t('Bank accounts');
    case 'bankTransactions':
      return t('Bank transactions');
    case 'accountTransactions':
      return t('Account transactions');
    case 'transfers':
      return t('Transfers');
    case 'directCosts':
      return t('Direct costs');
    case 'directIncomes':
      return t('Direct incomes');
    case 'itemReceipts':
      return t('Item receipts');
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
    case 'trackingCategories':
      return one ? t('{0} tracking category', c) : t('{0} tracking categories', c);
    case 'journals':
      return one ? t('{0} journal', c) : t('{0} journals', c);
    case 'purchaseOrders':
      return one ? t('{0} purchase order', c) : t('{0} purchase orders', c);
    case 'salesOrders':
      return one ? t('{0} sales order', c) : t('{0} sales orders', c);
    case 'paymentMethods':
      return one ? t('{0} payment method', c) : t('{0} payment methods', c);
    case 'bankAccounts':
      return one ? t('{0} bank account', c) : t('{0} bank accounts', c);
    case 'bankTransactions':
      return one ? t('{0} bank transaction', c) : t('{0} bank transactions', c);
    case 'accountTransactions':
      return one ? t('{0} account transaction', c) : t('{0} account transactions', c);
    case 'transfers':
      return one ? t('{0} transfer', c) : t('{0} transfers', c);
    case 'directCosts':
      return one ? t('{0} direct cost', c) : t('{0} direct costs', c);
    case 'directIncomes':
      return one ? t('{0} direct income', c) : t('{0} direct incomes', c);
    case 'itemReceipts':
      return one ? t('{0} item receipt', c) : t('{0} item receipts', c);
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
    case 'trackingCategories':
      return t('No tracking categories');
    case 'journals':
      return t('No journals');
    case 'purchaseOrders':
      return t('No purchase orders');
    case 'salesOrders':
      return t('No sales orders');
    case 'paymentMethods':
      return t('No payment methods');
    case 'bankAccounts':
      return t('No bank accounts');
    case 'bankTransactions':
      return t('No bank transactions');
    case 'accountTransactions':
      return t('No account transactions');
    case 'transfers':
      return t('No transfers');
    case 'directCosts':
      return t('No direct costs');
    case 'directIncomes':
      return t('No direct incomes');
    case 'itemReceipts':
      return t('No item receipts');
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
    case 'trackingCategories':
      return t('{0} tracking categories', companyName);
    case 'journals':
      return t('{0} journals', companyName);
    case 'purchaseOrders':
      return t('{0} purchase orders', companyName);
    case 'salesOrders':
      return t('{0} sales orders', companyName);
    case 'paymentMethods':
      return t('{0} payment methods', companyName);
    case 'bankAccounts':
      return t('{0} bank accounts', companyName);
    case 'bankTransactions':
      return t('{0} bank transactions', companyName);
    case 'accountTransactions':
      return t('{0} account transactions', companyName);
    case 'transfers':
      return t('{0} transfers', companyName);
    case 'directCosts':
      return t('{0} direct costs', companyName);
    case 'directIncomes':
      return t('{0} direct incomes', companyName);
    case 'itemReceipts':
      return t('{0} item receipts', companyName);
  }
}
