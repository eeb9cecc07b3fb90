// Push options (`GET /companies/{id}/connections/{connectionId}/options/{dataType}`, bank
// transactions' under their account): for each data type the emulator takes pushes of, the tree of
// fields a push may send, which are required, their types and allowed values. Written by hand
// from Codat's contract (the Accounting API's records and create bodies and its per-platform
// option examples, Xero's the model for what is required; pushOptions/*.ts), not read from it:
// the unit tests hold every field, type and allowed value here to the contract's schemas. The
// same tree for every platform: the emulator's choice. pushValidation.ts checks a push (a create
// or an update) against it.
import {
  bankAccountOptions,
  bankTransactionOptions,
  directCostOptions,
  directIncomeOptions,
  transferOptions,
} from './pushOptions/banking';
import { accountOptions, itemOptions, journalEntryOptions, journalOptions } from './pushOptions/ledger';
import { billCreditNoteOptions, billOptions, billPaymentOptions, purchaseOrderOptions } from './pushOptions/purchases';
import {
  creditNoteOptions,
  customerOptions,
  invoiceOptions,
  paymentOptions,
  supplierOptions,
} from './pushOptions/sales';
import type { PushDataType } from './pushTypes';
import type { PushOptionProperty } from './wire';

export { PUSH_DATA_TYPES, type PushDataType, isPushDataType } from './pushTypes';

const BUILDERS: Record<PushDataType, () => PushOptionProperty> = {
  invoices: invoiceOptions,
  bills: billOptions,
  customers: customerOptions,
  suppliers: supplierOptions,
  payments: paymentOptions,
  accounts: accountOptions,
  bankAccounts: bankAccountOptions,
  bankTransactions: bankTransactionOptions,
  billCreditNotes: billCreditNoteOptions,
  billPayments: billPaymentOptions,
  creditNotes: creditNoteOptions,
  directCosts: directCostOptions,
  directIncomes: directIncomeOptions,
  items: itemOptions,
  journalEntries: journalEntryOptions,
  journals: journalOptions,
  purchaseOrders: purchaseOrderOptions,
  transfers: transferOptions,
};

/** A fresh copy of a type's push options (callers may change what they get). */
export function pushOptionsOf(type: PushDataType): PushOptionProperty {
  return BUILDERS[type]();
}
