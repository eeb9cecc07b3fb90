// What the reports read of one invoice or bill, as the company serves it (generated, pushed, updated):
// its dates, status, amounts in cents of its own currency and in the company's base currency, and
// its lines' accounts. Only the served records' own fields are read, so a test can recompute every
// report figure from the records the emulator lists.
//
// The rules (README, "Reports"):
// - A document counts when it is posted: status neither Draft nor Void, and `metadata.isDeleted` not true.
// - Base currency: each amount in cents of the document's currency times its `currencyRate` (base
//   units per document unit), rounded to the cent: base(x) = round(round(x × 100) × currencyRate).
// - Income and expenses are the documents' `subTotal` (net of tax, after discounts); tax is
//   `totalTaxAmount` (invoices) or `taxAmount` (bills); the total is subTotal + tax. The paid part
//   (total − amountDue) in base cents is base(paid), all of the base total when nothing is due and
//   none when nothing is paid; what is due in base cents is the rest.
// - What is paid (total − `amountDue`) is received or paid out on the invoice's `paidOnDate`, the
//   bill's payment allocation date (its bill payment's date), or else (a part payment with no date
//   on the record) on the issue date.

type Json = Record<string, unknown>;

export const DAY_MS = 86_400_000;

export interface Party {
  id: string;
  name: string;
}

export interface DocLine {
  accountId: string;
  accountName: string;
  /** The line's share of the document's subTotal, in base cents (the last line takes the rounding). */
  baseCents: number;
}

export interface Doc {
  /** Day number (days since 1970-01-01) of the issue date. */
  issueDay: number;
  /** Day number the paid part moved (see above). */
  paidDay: number;
  currency: string;
  party: Party;
  dueCents: number;
  paidCents: number;
  base: { sub: number; tax: number; due: number; paid: number };
  lines: DocLine[];
}

const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const text = (v: unknown, fallback: string): string => (typeof v === 'string' && v !== '' ? v : fallback);
export const cents = (v: unknown): number => Math.round(num(v) * 100);

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
// Documents share a few thousand dates: each text is parsed once (bounded, as a long run may push many).
const days = new Map<string, number | undefined>();

/** The day number of a `YYYY-MM-DD…` date, or undefined when it is not one. */
export function dayOf(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  if (days.has(v)) return days.get(v);
  const m = DATE.exec(v);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  const day = Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : undefined;
  if (days.size >= 100_000) days.clear();
  days.set(v, day);
  return day;
}

const months = new Map<number, number>();

/** Month number (year × 12 + month − 1) of a day number. */
export function monthOfDay(day: number): number {
  let month = months.get(day);
  if (month === undefined) {
    const d = new Date(day * DAY_MS);
    month = d.getUTCFullYear() * 12 + d.getUTCMonth();
    if (months.size >= 100_000) months.clear();
    months.set(day, month);
  }
  return month;
}

export function isPosted(record: Json): boolean {
  const status = record.status;
  return status !== 'Draft' && status !== 'Void' && obj(record.metadata).isDeleted !== true;
}

export type DocKind = 'invoice' | 'bill';

const DEFAULT_ACCOUNT: Record<DocKind, Party> = {
  invoice: { id: '200', name: 'Sales' },
  bill: { id: '429', name: 'General Expenses' },
};

/** The lines' subTotals in base cents, the last line taking what rounding leaves, so they sum to `subBase`. */
function linesOf(record: Json, kind: DocKind, rate: number, subBase: number): DocLine[] {
  const raw = Array.isArray(record.lineItems) ? record.lineItems.map(obj) : [];
  const lines: DocLine[] = raw.map((l) => {
    const ref = obj(l.accountRef);
    return {
      accountId: text(ref.id, DEFAULT_ACCOUNT[kind].id),
      accountName: text(ref.name, text(ref.id, DEFAULT_ACCOUNT[kind].name)),
      baseCents: Math.round(cents(l.subTotal) * rate),
    };
  });
  if (lines.length === 0) {
    const { id, name } = DEFAULT_ACCOUNT[kind];
    return [{ accountId: id, accountName: name, baseCents: subBase }];
  }
  const rest = lines.slice(0, -1).reduce((s, l) => s + l.baseCents, 0);
  lines[lines.length - 1].baseCents = subBase - rest;
  return lines;
}

/** The day the paid part of the document moved. */
function paidDayOf(record: Json, kind: DocKind, issueDay: number): number {
  if (kind === 'invoice') return (record.status === 'Paid' ? dayOf(record.paidOnDate) : undefined) ?? issueDay;
  const allocations = Array.isArray(record.paymentAllocations) ? record.paymentAllocations : [];
  return dayOf(obj(obj(allocations[0]).allocation).allocatedOnDate) ?? issueDay;
}

/** A posted document as the reports read it; undefined when it is not posted or has no issue date. */
export function readDoc(record: Json, kind: DocKind, baseCurrency: string): Doc | undefined {
  const issueDay = dayOf(record.issueDate);
  if (issueDay === undefined || !isPosted(record)) return undefined;
  const rate = typeof record.currencyRate === 'number' && record.currencyRate > 0 ? record.currencyRate : 1;
  const subCents = cents(record.subTotal);
  const taxCents = cents(kind === 'invoice' ? record.totalTaxAmount : record.taxAmount);
  const totalCents = subCents + taxCents;
  const dueCents = Math.min(totalCents, cents(record.amountDue));
  const toBase = (c: number): number => Math.round(c * rate);
  const sub = toBase(subCents);
  const tax = toBase(taxCents);
  // Rounded once, so a document all paid owes nothing and one not paid has paid nothing.
  const paidCents = totalCents - dueCents;
  const paid = paidCents === 0 ? 0 : dueCents === 0 ? sub + tax : toBase(paidCents);
  const ref = obj(kind === 'invoice' ? record.customerRef : record.supplierRef);
  const partyName = kind === 'invoice' ? ref.companyName : ref.supplierName;
  return {
    issueDay,
    paidDay: paidDayOf(record, kind, issueDay),
    currency: text(record.currency, baseCurrency),
    party: { id: text(ref.id, 'unknown'), name: text(partyName, text(ref.id, 'Unknown')) },
    dueCents,
    paidCents,
    base: { sub, tax, due: sub + tax - paid, paid },
    lines: linesOf(record, kind, rate, sub),
  };
}
