// Credit notes (to customers, each against an invoice) and bill credit notes (from suppliers,
// each against a bill): credit note k refunds part of one line of the document of its group,
// in the document's currency, a few weeks after it. Paid means fully applied, PartiallyPaid
// partly; remainingCredit is what is left to apply (none when Void).
import { Random } from '../random';
import { type Books, DAY_MS, Variants, day, dueOf, money, recordId, stamps } from './books';
import { billCount, billCreditNoteCount, creditNoteCount, paymentCount, windowOf } from './counts';
import { type DocLine, type InvoiceFacts, invoiceFacts } from './invoiceFacts';
import { billWithLines } from './bills';

type NoteStatus = 'Draft' | 'Submitted' | 'Paid' | 'Void' | 'PartiallyPaid' | 'Unknown';

const STATUS_WEIGHTS: readonly (readonly [NoteStatus, number])[] = [
  ['Paid', 35],
  ['PartiallyPaid', 10],
  ['Submitted', 30],
  ['Draft', 15],
  ['Void', 10],
];

interface NoteBody {
  totalAmount: number;
  totalDiscount: number;
  subTotal: number;
  totalTaxAmount: number;
  discountPercentage: number;
  remainingCredit: number;
  status: NoteStatus;
  issueDate: string;
  allocatedOnDate?: string;
  currency: string;
  currencyRate: number;
  lineItems: object[];
}

/** The amounts of a note refunding part of one of `lines`; `appliedCents` is how much of it was used. */
function noteBody(
  r: Random,
  lines: readonly DocLine[],
  fromMs: number,
  currency: string,
  currencyRate: number,
): { body: NoteBody; issueMs: number; appliedCents: number } {
  const line = r.pick(lines);
  const quantity = Math.max(1, Math.min(Math.floor(line.quantity), r.int(1, 3)));
  const discountPercentage = r.weighted([
    [0, 70],
    [5, 15],
    [10, 15],
  ] as const);
  const gross = Math.round(line.unitCents * quantity);
  const discount = Math.round((gross * discountPercentage) / 100);
  const sub = gross - discount;
  const tax = Math.round((sub * line.ratePercent) / 100);
  const status = r.weighted(STATUS_WEIGHTS);
  // dueOf gives what is left: nothing when Paid or Void, part when PartiallyPaid.
  const remaining = dueOf(r, status, sub + tax);
  const issueMs = fromMs + r.int(3, 60) * DAY_MS;
  const appliedCents = status === 'Void' ? 0 : sub + tax - remaining;
  const body: NoteBody = {
    totalAmount: money(sub + tax),
    totalDiscount: money(discount),
    subTotal: money(sub),
    totalTaxAmount: money(tax),
    discountPercentage,
    remainingCredit: money(remaining),
    status,
    issueDate: day(issueMs),
    currency,
    currencyRate,
    lineItems: [
      {
        description: `Credit: ${line.description}`,
        unitAmount: money(line.unitCents),
        quantity,
        discountAmount: money(discount),
        discountPercentage,
        subTotal: money(sub),
        taxAmount: money(tax),
        totalAmount: money(sub + tax),
        accountRef: line.accountRef,
        taxRateRef: line.taxRateRef,
        ...(line.itemRef ? { itemRef: line.itemRef } : {}),
      },
    ],
  };
  if (appliedCents > 0) body.allocatedOnDate = day(issueMs + r.int(0, 30) * DAY_MS);
  return { body, issueMs, appliedCents };
}

/** What a note sends beyond its plain values (Variants): an unapplied note's status may be Unknown. */
function variantsOf(v: Variants, body: NoteBody, note: string | undefined): object {
  const unapplied = body.status === 'Draft' || body.status === 'Submitted';
  return {
    status: unapplied ? v.orUnknown(body.status, 0.1) : body.status,
    ...(note === undefined ? v.missing('note') : { note }),
  };
}

const NOTES = [
  'Goods returned.',
  'Price adjustment agreed.',
  'Service credit.',
  'Duplicate charge.',
  'Goodwill gesture.',
];

/** Credit note `index` before it is served: its invoice, its amounts, and its stream after them. */
function noteOf(
  books: Books,
  index: number,
): { r: Random; inv: InvoiceFacts; body: NoteBody; issueMs: number; appliedCents: number } {
  const n = books.invoices.count;
  const r = Random.of(books.seed, books.companyId, 'creditNotes', index);
  const inv = invoiceFacts(books, windowOf(index, creditNoteCount(n), n).start);
  return { r, inv, ...noteBody(r, inv.lines, inv.issueMs, inv.currency, inv.currencyRate) };
}

// Which credit notes were applied: a scan of the notes, kept for a few companies.
const appliedCache = new Map<string, Int32Array>();

/** The indexes of the credit notes applied to their invoice, in order: the k-th is applied by the
 * payment after the company's cash payments plus k (payments.ts), as Codat models it. */
export function appliedCreditNotes(books: Books): Int32Array {
  const n = books.invoices.count;
  const key = `${books.seed}/${books.companyId}/${n}`;
  let applied = appliedCache.get(key);
  if (!applied) {
    const list: number[] = [];
    for (let i = 0; i < creditNoteCount(n); i++) if (noteOf(books, i).appliedCents > 0) list.push(i);
    applied = Int32Array.from(list);
    if (appliedCache.size >= 32) appliedCache.delete(appliedCache.keys().next().value as string);
    appliedCache.set(key, applied);
  }
  return applied;
}

/** What the payment applying credit note `index` to its invoice says. */
export function creditApplication(
  books: Books,
  index: number,
): { noteId: string; invoice: InvoiceFacts; appliedCents: number; date: string } {
  const { inv, body, appliedCents } = noteOf(books, index);
  return {
    noteId: recordId(books, 'creditNotes', index),
    invoice: inv,
    appliedCents,
    date: body.allocatedOnDate ?? day(inv.issueMs),
  };
}

export function creditNote(books: Books, index: number): object {
  const { r, inv, body, issueMs, appliedCents } = noteOf(books, index);
  const { currency, currencyRate, allocatedOnDate } = body;
  const position = appliedCreditNotes(books).indexOf(index);
  const paymentId = recordId(books, 'payments', paymentCount(books.invoices.count) + position);
  const applied =
    allocatedOnDate === undefined
      ? {}
      : {
          paymentAllocations: [
            {
              payment: {
                id: paymentId,
                note: `Credit applied to ${inv.number}`,
                currency,
                currencyRate,
                paidOnDate: allocatedOnDate,
                totalAmount: money(appliedCents),
              },
              allocation: { currency, currencyRate, allocatedOnDate, totalAmount: money(appliedCents) },
            },
          ],
        };
  const v = new Variants(books, 'creditNotes', index);
  return {
    id: recordId(books, 'creditNotes', index),
    creditNoteNumber: v.orNull(`CN-${String(index + 1).padStart(5, '0')}`),
    customerRef: inv.customerRef,
    ...body,
    ...applied,
    ...variantsOf(v, body, r.chance(0.4) ? r.pick(NOTES) : undefined),
    ...stamps(r, issueMs),
  };
}

export function billCreditNote(books: Books, index: number): object {
  const r = Random.of(books.seed, books.companyId, 'billCreditNotes', index);
  const bills = billCount(books.invoices.count);
  const {
    bill,
    docLines,
    issueMs: billMs,
  } = billWithLines(books, windowOf(index, billCreditNoteCount(books.invoices.count), bills).start);
  const { body, issueMs } = noteBody(r, docLines, billMs, bill.currency, bill.currencyRate);
  const v = new Variants(books, 'billCreditNotes', index);
  return {
    id: recordId(books, 'billCreditNotes', index),
    billCreditNoteNumber: v.orNull(`SCN-${r.int(1000, 99999)}`),
    supplierRef: bill.supplierRef,
    ...body,
    ...(body.allocatedOnDate === undefined ? v.missing('allocatedOnDate') : {}),
    ...variantsOf(v, body, r.chance(0.4) ? `${r.pick(NOTES)} Against ${bill.reference}.` : undefined),
    ...stamps(r, issueMs),
  };
}
