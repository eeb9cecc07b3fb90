// The rows a record's tooltip may have and how each value is written: the vocabulary the catalog
// (catalog.ts) describes each data type in.
/** A field path, or paths tried in order: the first with a value is shown. */
export type FieldRef = string | readonly string[];

/** How a value is written: as sent, a day (`2025-12-30`), money in the record's currency, a
 * status word (translated when known), a percentage, phone numbers (text, or Codat's list of
 * `{number, type}`). */
export type ValueFormat = 'text' | 'date' | 'amount' | 'status' | 'percent' | 'phones';

/** The rows a tooltip may have; each is one whole message (`Customer: {0}`) in recordLabels.ts. */
export const ROW_FORMATS = {
  customer: 'text',
  supplier: 'text',
  counterparty: 'text',
  contact: 'text',
  email: 'text',
  phone: 'phones',
  name: 'text',
  code: 'text',
  type: 'text',
  category: 'text',
  status: 'status',
  invoicing: 'status',
  issued: 'date',
  due: 'date',
  paidOn: 'date',
  date: 'date',
  posted: 'date',
  allocatedOn: 'date',
  received: 'date',
  expectedDelivery: 'date',
  amount: 'amount',
  total: 'amount',
  tax: 'amount',
  amountDue: 'amount',
  remainingCredit: 'amount',
  balance: 'amount',
  availableBalance: 'amount',
  salePrice: 'amount',
  purchasePrice: 'amount',
  taxRate: 'percent',
  account: 'text',
  from: 'text',
  to: 'text',
  institution: 'text',
  accountNumber: 'text',
  sortCode: 'text',
  iban: 'text',
  currency: 'text',
  registrationNumber: 'text',
  taxNumber: 'text',
  linkedRecord: 'text',
  reference: 'text',
  description: 'text',
  note: 'text',
  id: 'text',
} as const satisfies Record<string, ValueFormat>;

export type RowKind = keyof typeof ROW_FORMATS;

/** What a record's description shows, in the order given, leaving out what the record lacks. */
export type DescriptionPart = 'party' | 'kind' | 'amount' | 'rate' | 'date' | 'status';
