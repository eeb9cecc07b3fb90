// How many records of each document type a company has, from its invoice count n: enough to be
// realistic next to the invoices, capped so the big company's other types stay moderate
// (hundreds to a few thousand) and a filter over a whole type stays small in memory.

const CAP = { bills: 5000, payments: 5000, creditNotes: 2000, journalEntries: 3000 };

// A company with any invoices has a handful of each document type at least, so every type has
// records to show.
const atLeast = (floor: number, n: number, value: number): number => (n === 0 ? 0 : Math.max(floor, value));

export const billCount = (n: number): number => atLeast(5, n, Math.min(CAP.bills, Math.ceil(n / 4)));
export const billCreditNoteCount = (n: number): number => Math.ceil(billCount(n) / 25);
/** One payment per five invoices (the paid invoice of each group of five). */
export const paymentCount = (n: number): number => Math.min(CAP.payments, Math.ceil(n / 5));
export const creditNoteCount = (n: number): number => atLeast(2, n, Math.min(CAP.creditNotes, Math.ceil(n / 25)));
export const journalEntryCount = (n: number): number => atLeast(5, n, Math.min(CAP.journalEntries, Math.ceil(n / 10)));

/**
 * The documents record `index` of `count` stands for among `of` others: a window [start, end),
 * never empty. When of ≥ count the windows split the documents; otherwise neighbours share one.
 */
export function windowOf(index: number, count: number, of: number): { start: number; end: number } {
  return {
    start: Math.floor((index * of) / count),
    end: Math.max(Math.floor(((index + 1) * of) / count), Math.floor((index * of) / count) + 1),
  };
}
