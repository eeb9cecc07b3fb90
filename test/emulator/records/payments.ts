// Payments (from customers, against invoices) and bill payments (to suppliers, against bills).
// Payment k stands for the k-th group of invoices and pays the first paid or partly paid invoice
// of it: what was paid (total − amount due), on the invoice's paid-on date. A group with no paid
// invoice gives a payment on account. Bill payment k pays the k-th paid bill (bills.ts). A link
// amount is negative: it reduces what the invoice or bill still owes.
import { Random } from '../random';
import { type Books, DAY_MS, Variants, day, money, recordId, stamps } from './books';
import { bankAccounts } from './accounts';
import { billWithLines, firstPaid, isPaid, paidBills } from './bills';
import { paymentCount, windowOf } from './counts';
import { appliedCreditNotes, creditApplication } from './creditNotes';
import { invoiceFacts } from './invoiceFacts';

const REFERENCES = ['BACS', 'Bank transfer', 'Card', 'Cheque', 'Direct debit', 'Remittance'];

interface Line {
  amount: number;
  allocatedOnDate: string;
  links: object[];
}

function lineOf(amountCents: number, dateMs: number, link: object): Line {
  return { amount: money(amountCents), allocatedOnDate: day(dateMs), links: [link] };
}

/** Cash payments (one per group of invoices), then one payment per applied credit note. */
export function paymentTotal(books: Books): number {
  return paymentCount(books.invoices.count) + (books.invoices.count === 0 ? 0 : appliedCreditNotes(books).length);
}

/** Applying a credit note moves no money: a line of 0 linking the invoice (paid by the credit)
 * and the credit note (used up by as much), as Codat's Payment describes it. */
function creditPayment(books: Books, index: number, noteIndex: number): object {
  const r = Random.of(books.seed, books.companyId, 'payments', index);
  const { noteId, invoice, appliedCents, date } = creditApplication(books, noteIndex);
  const { currencyRate } = invoice;
  return {
    id: recordId(books, 'payments', index),
    customerRef: invoice.customerRef,
    totalAmount: 0,
    currency: invoice.currency,
    currencyRate,
    date,
    note: `Credit applied to ${invoice.number}`,
    lines: [
      {
        amount: 0,
        allocatedOnDate: date,
        links: [
          { type: 'Invoice', id: invoice.id, amount: -money(appliedCents), currencyRate },
          { type: 'CreditNote', id: noteId, amount: money(appliedCents), currencyRate },
        ],
      },
    ],
    ...stamps(r, Date.parse(`${date}Z`)),
  };
}

export function payment(books: Books, index: number): object {
  const n = books.invoices.count;
  const cash = paymentCount(n);
  if (index >= cash) return creditPayment(books, index, appliedCreditNotes(books)[index - cash]);
  const r = Random.of(books.seed, books.companyId, 'payments', index);
  const window = windowOf(index, paymentCount(n), n);
  const paidIndex = firstPaid(window, (i) => isPaid(invoiceFacts(books, i).status));
  const inv = invoiceFacts(books, paidIndex ?? window.start);
  const bank = r.pick(bankAccounts(books));
  const v = new Variants(books, 'payments', index);
  let amountCents: number;
  let dateMs: number;
  let line: Line;
  if (paidIndex !== undefined) {
    amountCents = inv.totalCents - inv.dueCents;
    dateMs = inv.paidOnMs ?? inv.issueMs + r.int(5, 45) * DAY_MS;
    line = lineOf(amountCents, dateMs, {
      type: 'Invoice',
      id: inv.id,
      amount: -money(amountCents),
      currencyRate: inv.currencyRate,
    });
  } else {
    // Nothing in the group is paid: money received on account, not yet allocated to an invoice.
    amountCents = Math.max(100, Math.round((inv.totalCents * r.int(20, 100)) / 100));
    dateMs = inv.issueMs + r.int(1, 30) * DAY_MS;
    line = lineOf(amountCents, dateMs, {
      type: 'PaymentOnAccount',
      amount: -money(amountCents),
      currencyRate: inv.currencyRate,
    });
  }
  return {
    id: recordId(books, 'payments', index),
    customerRef: inv.customerRef,
    accountRef: bank,
    totalAmount: money(amountCents),
    currency: inv.currency,
    currencyRate: inv.currencyRate,
    date: day(dateMs),
    ...(r.chance(0.3) ? { note: `Payment for ${inv.number}` } : v.missing('note')),
    reference: v.orNull(`${r.pick(REFERENCES)} ${r.int(100000, 999999)}`),
    lines: [line],
    ...stamps(r, dateMs),
  };
}

export function billPayment(books: Books, index: number): object {
  const r = Random.of(books.seed, books.companyId, 'billPayments', index);
  const { bill } = billWithLines(books, paidBills(books)[index]);
  const paid = bill.paymentAllocations?.[0] as { allocation: { allocatedOnDate: string; totalAmount: number } };
  const amount = paid.allocation.totalAmount;
  const dateMs = Date.parse(`${paid.allocation.allocatedOnDate}Z`);
  const v = new Variants(books, 'billPayments', index);
  return {
    id: recordId(books, 'billPayments', index),
    supplierRef: bill.supplierRef,
    accountRef: r.pick(bankAccounts(books)),
    totalAmount: amount,
    currency: bill.currency,
    currencyRate: bill.currencyRate,
    date: paid.allocation.allocatedOnDate,
    ...(r.chance(0.3) ? { note: `Payment of ${bill.reference}` } : v.missing('note')),
    reference: v.orNull(`${r.pick(REFERENCES)} ${r.int(100000, 999999)}`),
    lines: [
      {
        amount,
        allocatedOnDate: paid.allocation.allocatedOnDate,
        links: [{ type: 'Bill', id: bill.id, amount: -amount, currencyRate: bill.currencyRate }],
      },
    ],
    ...stamps(r, dateMs),
  };
}
