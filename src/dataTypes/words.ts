// The words of each data type that translators need as whole sentences: its title ("Bills"), a
// count ("1 bill", "12 bills"), an empty list ("No bills") and an export's file name ("Acme Ltd
// bills"; in English the same text as a count, so one message, as invoices always had). One literal
// t() call per message, so scripts/l10n.mjs extracts them all; one row per type, so a type's words
// cost the bundle its messages and little more. Every other message names a type by its title
// after a colon ("Bills: not synced yet"), which reads right in any language.
import { formatCount } from '../util/amount';
import { t } from '../l10n';
import type { DataTypeId } from './catalog';

/** Title, one, many (also an export's file name: `{0}` is then the company's name), none. */
type Words = readonly [() => string, (n: string) => string, (n: string) => string, () => string];

const WORDS: Readonly<Record<DataTypeId, Words>> = {
  invoices: [() => t('Invoices'), (c) => t('{0} invoice', c), (c) => t('{0} invoices', c), () => t('No invoices')],
  bills: [() => t('Bills'), (c) => t('{0} bill', c), (c) => t('{0} bills', c), () => t('No bills')],
  customers: [() => t('Customers'), (c) => t('{0} customer', c), (c) => t('{0} customers', c), () => t('No customers')],
  suppliers: [() => t('Suppliers'), (c) => t('{0} supplier', c), (c) => t('{0} suppliers', c), () => t('No suppliers')],
  payments: [() => t('Payments'), (c) => t('{0} payment', c), (c) => t('{0} payments', c), () => t('No payments')],
  billPayments: [
    () => t('Bill payments'),
    (c) => t('{0} bill payment', c),
    (c) => t('{0} bill payments', c),
    () => t('No bill payments'),
  ],
  creditNotes: [
    () => t('Credit notes'),
    (c) => t('{0} credit note', c),
    (c) => t('{0} credit notes', c),
    () => t('No credit notes'),
  ],
  billCreditNotes: [
    () => t('Bill credit notes'),
    (c) => t('{0} bill credit note', c),
    (c) => t('{0} bill credit notes', c),
    () => t('No bill credit notes'),
  ],
  accounts: [() => t('Accounts'), (c) => t('{0} account', c), (c) => t('{0} accounts', c), () => t('No accounts')],
  journalEntries: [
    () => t('Journal entries'),
    (c) => t('{0} journal entry', c),
    (c) => t('{0} journal entries', c),
    () => t('No journal entries'),
  ],
  taxRates: [() => t('Tax rates'), (c) => t('{0} tax rate', c), (c) => t('{0} tax rates', c), () => t('No tax rates')],
  items: [() => t('Items'), (c) => t('{0} item', c), (c) => t('{0} items', c), () => t('No items')],
  trackingCategories: [
    () => t('Tracking categories'),
    (c) => t('{0} tracking category', c),
    (c) => t('{0} tracking categories', c),
    () => t('No tracking categories'),
  ],
  journals: [() => t('Journals'), (c) => t('{0} journal', c), (c) => t('{0} journals', c), () => t('No journals')],
  purchaseOrders: [
    () => t('Purchase orders'),
    (c) => t('{0} purchase order', c),
    (c) => t('{0} purchase orders', c),
    () => t('No purchase orders'),
  ],
  salesOrders: [
    () => t('Sales orders'),
    (c) => t('{0} sales order', c),
    (c) => t('{0} sales orders', c),
    () => t('No sales orders'),
  ],
  paymentMethods: [
    () => t('Payment methods'),
    (c) => t('{0} payment method', c),
    (c) => t('{0} payment methods', c),
    () => t('No payment methods'),
  ],
  bankAccounts: [
    () => t('Bank accounts'),
    (c) => t('{0} bank account', c),
    (c) => t('{0} bank accounts', c),
    () => t('No bank accounts'),
  ],
  bankTransactions: [
    () => t('Bank transactions'),
    (c) => t('{0} bank transaction', c),
    (c) => t('{0} bank transactions', c),
    () => t('No bank transactions'),
  ],
  accountTransactions: [
    () => t('Account transactions'),
    (c) => t('{0} account transaction', c),
    (c) => t('{0} account transactions', c),
    () => t('No account transactions'),
  ],
  transfers: [() => t('Transfers'), (c) => t('{0} transfer', c), (c) => t('{0} transfers', c), () => t('No transfers')],
  directCosts: [
    () => t('Direct costs'),
    (c) => t('{0} direct cost', c),
    (c) => t('{0} direct costs', c),
    () => t('No direct costs'),
  ],
  directIncomes: [
    () => t('Direct incomes'),
    (c) => t('{0} direct income', c),
    (c) => t('{0} direct incomes', c),
    () => t('No direct incomes'),
  ],
  itemReceipts: [
    () => t('Item receipts'),
    (c) => t('{0} item receipt', c),
    (c) => t('{0} item receipts', c),
    () => t('No item receipts'),
  ],
};

export function typeTitle(id: DataTypeId): string {
  return WORDS[id][0]();
}

/** `12,345 invoices` / `1 invoice`. */
export function typeCount(id: DataTypeId, n: number, locale?: string): string {
  return WORDS[id][n === 1 ? 1 : 2](formatCount(n, locale));
}

/** Shown under a loaded, empty list. */
export function typeEmpty(id: DataTypeId): string {
  return WORDS[id][3]();
}

/** An export's file name before its extension: `Acme Ltd invoices`, `Acme Ltd bills`. */
export function typeFileName(id: DataTypeId, companyName: string): string {
  return WORDS[id][2](companyName);
}
