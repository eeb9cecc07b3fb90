// Bills: what suppliers charge the company, lines from the purchases list with the company's
// purchase tax rates. A bill's status has its own seeded stream, so bill payments can find the
// paid bill of a group without building the others.
import { exchangeRate } from '../names';
import { Random } from '../random';
import { type Books, DAY_MS, Variants, day, dayOfIndex, dueOf, money, recordId, stamps } from './books';
import { accountRef } from './accounts';
import { billCount } from './counts';
import type { DocLine, Ref } from './invoiceFacts';
import { PURCHASES } from './items';
import { supplierCount, supplierRef } from './parties';
import { trackingRefsOf } from './setup';
import { purchaseRates } from './taxRates';

export type BillStatus = 'Open' | 'PartiallyPaid' | 'Paid' | 'Void' | 'Draft';

const STATUS_WEIGHTS: readonly (readonly [BillStatus, number])[] = [
  ['Paid', 50],
  ['PartiallyPaid', 10],
  ['Open', 25],
  ['Draft', 8],
  ['Void', 7],
];

export const isPaid = (status: string): boolean => status === 'Paid' || status === 'PartiallyPaid';

export function billStatus(books: Books, index: number): BillStatus {
  return Random.of(books.seed, books.companyId, 'bill-status', index).weighted(STATUS_WEIGHTS);
}

/** The first paid document of a window (at most 8 looked at), or undefined. */
export function firstPaid(
  window: { start: number; end: number },
  paid: (index: number) => boolean,
): number | undefined {
  for (let i = window.start; i < Math.min(window.end, window.start + 8); i++) if (paid(i)) return i;
  return undefined;
}

// Which bills are paid: a scan of the cheap status stream, kept for a few companies.
const paidCache = new Map<string, Int32Array>();

/** The indexes of the paid and partly paid bills, in order: bill payment k pays the k-th. */
export function paidBills(books: Books): Int32Array {
  const n = books.invoices.count;
  const key = `${books.seed}/${books.companyId}/${n}`;
  let paid = paidCache.get(key);
  if (!paid) {
    const list: number[] = [];
    for (let i = 0; i < billCount(n); i++) if (isPaid(billStatus(books, i))) list.push(i);
    paid = Int32Array.from(list);
    if (paidCache.size >= 32) paidCache.delete(paidCache.keys().next().value as string);
    paidCache.set(key, paid);
  }
  return paid;
}

/** One bill payment per paid or partly paid bill. */
export function billPaymentCount(books: Books): number {
  return paidBills(books).length;
}

interface BillLine {
  description: string;
  unitAmount: number;
  quantity: number;
  subTotal: number;
  taxAmount: number;
  totalAmount: number;
  accountRef: Ref;
  taxRateRef: Ref & { effectiveTaxRate: number };
  itemRef?: Ref;
}

export interface Bill {
  id: string;
  reference: string;
  supplierRef: { id: string; supplierName: string };
  issueDate: string;
  dueDate: string;
  currency: string;
  currencyRate: number;
  lineItems: BillLine[];
  status: BillStatus;
  subTotal: number;
  taxAmount: number;
  totalAmount: number;
  amountDue: number;
  note?: string;
  paymentAllocations?: object[];
}

/** 1–4 lines from the purchases list; amounts add up to the cent. */
function billLines(
  r: Random,
  books: Books,
): { lines: BillLine[]; docLines: DocLine[]; subCents: number; taxCents: number } {
  const rates = purchaseRates(books);
  const lines: BillLine[] = [];
  const docLines: DocLine[] = [];
  let subCents = 0;
  let taxCents = 0;
  for (let l = r.int(1, 4); l > 0; l--) {
    const [description, low, high, account, item] = r.pick(PURCHASES);
    const unitCents = r.int(low * 100, high * 100);
    const quantity = high > 500 ? 1 : r.int(1, 6);
    const rate = r.pick(rates);
    const sub = unitCents * quantity;
    const tax = Math.round((sub * rate.effectiveTaxRate) / 100);
    const itemRef = item ? { id: item, name: description } : undefined;
    lines.push({
      description,
      unitAmount: money(unitCents),
      quantity,
      subTotal: money(sub),
      taxAmount: money(tax),
      totalAmount: money(sub + tax),
      accountRef: accountRef(account),
      taxRateRef: rate,
      ...(itemRef ? { itemRef } : {}),
    });
    docLines.push({
      description,
      unitCents,
      quantity,
      ratePercent: rate.effectiveTaxRate,
      accountRef: accountRef(account),
      taxRateRef: { id: rate.id, name: rate.name },
      ...(itemRef ? { itemRef } : {}),
    });
    subCents += sub;
    taxCents += tax;
  }
  return { lines, docLines, subCents, taxCents };
}

const NOTES = [
  'Paid by direct debit.',
  'Monthly charge.',
  'Quote ref Q-{n}.',
  'Disputed line resolved, see e-mail.',
  'Delivery to main office.',
];

/** Bill `index`, with the lines in cents for the documents built from it. */
export function billWithLines(books: Books, index: number): { bill: Bill; docLines: DocLine[]; issueMs: number } {
  const r = Random.of(books.seed, books.companyId, 'bills', index);
  const supplier = supplierRef(books, r.int(0, supplierCount(books) - 1));
  const issueMs = dayOfIndex(r, index, billCount(books.invoices.count));
  const status = billStatus(books, index);
  const { lines, docLines, subCents, taxCents } = billLines(r, books);
  const totalCents = subCents + taxCents;
  const dueCents = dueOf(r, status, totalCents);
  const currencyRate = supplier.currency === books.currency ? 1 : exchangeRate(supplier.currency, books.currency);
  const bill: Bill = {
    id: recordId(books, 'bills', index),
    reference: `${r.pick(['INV', 'SI', 'BILL', 'CHG'])}-${r.int(1000, 999999)}`,
    supplierRef: { id: supplier.id, supplierName: supplier.supplierName },
    issueDate: day(issueMs),
    dueDate: day(issueMs + r.pick([14, 30, 30, 30, 45, 60]) * DAY_MS),
    currency: supplier.currency,
    currencyRate,
    lineItems: lines,
    status,
    subTotal: money(subCents),
    taxAmount: money(taxCents),
    totalAmount: money(totalCents),
    amountDue: money(dueCents),
  };
  if (r.chance(0.3)) bill.note = r.pick(NOTES).replace('{n}', String(r.int(100, 9999)));
  if (isPaid(status))
    bill.paymentAllocations = [allocation(books, index, bill, issueMs + r.int(3, 50) * DAY_MS, totalCents - dueCents)];
  return { bill: { ...bill, ...stamps(r, issueMs) }, docLines, issueMs };
}

/** The bill payment that paid the bill: the k-th paid bill is paid by bill payment k. */
function allocation(books: Books, index: number, bill: Bill, paidMs: number, paidCents: number): object {
  const paid = paidBills(books);
  let lo = 0;
  let hi = paid.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (paid[mid] < index) lo = mid + 1;
    else hi = mid;
  }
  const { currency, currencyRate } = bill;
  return {
    payment: {
      id: recordId(books, 'billPayments', lo),
      currency,
      currencyRate,
      paidOnDate: day(paidMs),
      totalAmount: money(paidCents),
    },
    allocation: { currency, currencyRate, allocatedOnDate: day(paidMs), totalAmount: money(paidCents) },
  };
}

/** Bill `index` as served: what other records rely on (amounts, paid status, supplier) stays plain. */
export function bill(books: Books, index: number): object {
  const b = billWithLines(books, index).bill;
  const v = new Variants(books, 'bills', index);
  const unpaid = b.status === 'Open' || b.status === 'Draft';
  // Tracking drawn from a stream of its own, so the rest of the bill stays as it was.
  const t = Random.of(books.seed, books.companyId, 'bill-tracking', index);
  const lineItems = b.lineItems.map((line) => {
    const refs = trackingRefsOf(t, books);
    return refs ? { ...line, trackingCategoryRefs: refs } : line;
  });
  return {
    ...b,
    lineItems,
    reference: v.orNull(b.reference),
    status: unpaid ? v.orUnknown(b.status, 0.1) : b.status,
    ...(b.note === undefined ? v.missing('note') : {}),
  };
}
