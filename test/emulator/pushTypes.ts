// The types the Accounting API (2.1.0) lets one write, and how: each is created (`POST
// …/connections/{connectionId}/push/{segment}`), some updated (`PUT …/push/{segment}/{id}`), some
// deleted (`DELETE …/push/{segment}/{id}`). Its options and its push operations' `dataType` go by
// its Codat name, the path segment but for the chart of accounts; bank transactions are pushed
// under their bank account (`…/push/bankAccounts/{accountId}/bankTransactions`).
import type { RecordPlace } from './recordChanges';

/** The types a push is taken for, by their path segment (also the key of their records). */
export const PUSH_DATA_TYPES = [
  'invoices',
  'bills',
  'customers',
  'suppliers',
  'payments',
  'accounts',
  'bankAccounts',
  'bankTransactions',
  'billCreditNotes',
  'billPayments',
  'creditNotes',
  'directCosts',
  'directIncomes',
  'items',
  'journalEntries',
  'journals',
  'purchaseOrders',
  'transfers',
] as const;
export type PushDataType = (typeof PUSH_DATA_TYPES)[number];

export function isPushDataType(name: string): name is PushDataType {
  return (PUSH_DATA_TYPES as readonly string[]).includes(name);
}

/** The types the contract lets one update (`PUT …/push/{type}/{id}`, `forceUpdate`, `timeoutInMinutes`). */
export const UPDATE_TYPES: readonly PushDataType[] = [
  'bankAccounts',
  'billCreditNotes',
  'bills',
  'creditNotes',
  'customers',
  'invoices',
  'purchaseOrders',
  'suppliers',
];

/** The types the contract lets one delete (`DELETE …/push/{type}/{id}`, answered with a push operation). */
export const DELETE_TYPES: readonly PushDataType[] = ['billPayments', 'bills', 'invoices', 'journalEntries'];

/** A type's Codat name: its options' path segment, its push operations' `dataType`. */
export function pushName(type: PushDataType): string {
  return type === 'accounts' ? 'chartOfAccounts' : type;
}

/** The type whose options go by this name, if any. */
export function typeOfPushName(name: string): PushDataType | undefined {
  return PUSH_DATA_TYPES.find((t) => pushName(t) === name);
}

const NOUNS: Partial<Record<PushDataType, string>> = {
  bankAccounts: 'bank account',
  bankTransactions: 'bank transaction',
  billCreditNotes: 'bill credit note',
  billPayments: 'bill payment',
  creditNotes: 'credit note',
  directCosts: 'direct cost',
  directIncomes: 'direct income',
  journalEntries: 'journal entry',
  purchaseOrders: 'purchase order',
};

/** As in "No bill was found with ID …". */
export function nounOf(type: PushDataType): string {
  return NOUNS[type] ?? type.replace(/ies$/, 'y').replace(/s$/, '');
}

/** Where a type's created records are kept: the company's books (each of its connections serves
 * them, connectionData.ts), bank transactions under the account they were pushed to. */
export function placeOf(type: PushDataType, companyId: string, parentId?: string): RecordPlace {
  return type === 'bankTransactions' && parentId !== undefined ? { companyId, parentId } : { companyId };
}
