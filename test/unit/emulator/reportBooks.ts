// What the reports should say, worked out here from the records the emulator lists (never from its
// report code), by the rules its README gives: posted documents (not Draft or Void, not deleted),
// amounts in base cents = round(round(amount × 100) × currencyRate) (the paid part: all of the total
// when nothing is due, none when nothing is paid), income and expenses from `subTotal`, the paid part (total − amountDue) moving on the invoice's `paidOnDate` (Paid), the
// bill's payment allocation date, or else the issue date.
import { type RunningEmulator } from '../../emulator';
import { walk } from '../../emulator/testing';

type Rec = Record<string, unknown>;

export interface BookDoc {
  issueMonth: number;
  issueDay: number;
  paidMonth: number;
  paidDay: number;
  currency: string;
  partyId: string;
  /** Base cents. */
  sub: number;
  total: number;
  due: number;
  /** Cents of the document's own currency. */
  dueCents: number;
  paidCents: number;
}

const DAY_MS = 86_400_000;
const obj = (v: unknown): Rec => (v !== null && typeof v === 'object' ? (v as Rec) : {});
const cents = (v: unknown): number => Math.round((typeof v === 'number' ? v : 0) * 100);

export const monthOf = (date: string): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
export const dayOf = (date: string): number => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS;

export function posted(r: Rec): boolean {
  return r.status !== 'Draft' && r.status !== 'Void' && obj(r.metadata).isDeleted !== true;
}

function paidDate(r: Rec, kind: 'invoice' | 'bill'): string {
  if (kind === 'invoice')
    return r.status === 'Paid' && typeof r.paidOnDate === 'string' ? r.paidOnDate : String(r.issueDate);
  const allocations = Array.isArray(r.paymentAllocations) ? r.paymentAllocations : [];
  const date = obj(obj(allocations[0]).allocation).allocatedOnDate;
  return typeof date === 'string' ? date : String(r.issueDate);
}

export function bookDoc(r: Rec, kind: 'invoice' | 'bill'): BookDoc {
  const rate = typeof r.currencyRate === 'number' ? r.currencyRate : 1;
  const base = (c: number): number => Math.round(c * rate);
  const subCents = cents(r.subTotal);
  const taxCents = cents(kind === 'invoice' ? r.totalTaxAmount : r.taxAmount);
  const dueCents = cents(r.amountDue);
  const sub = base(subCents);
  const total = sub + base(taxCents);
  const paidCents = subCents + taxCents - dueCents;
  const paidBase = paidCents === 0 ? 0 : dueCents === 0 ? total : base(paidCents);
  const paid = paidDate(r, kind);
  const party = obj(kind === 'invoice' ? r.customerRef : r.supplierRef);
  return {
    issueMonth: monthOf(String(r.issueDate)),
    issueDay: dayOf(String(r.issueDate)),
    paidMonth: monthOf(paid),
    paidDay: dayOf(paid),
    currency: String(r.currency),
    partyId: String(party.id),
    sub,
    total,
    due: total - paidBase,
    dueCents,
    paidCents,
  };
}

/** Every record of a company's list, all pages. */
export async function listed(emu: RunningEmulator, path: string): Promise<Rec[]> {
  return (await walk<Rec>(emu, `${path}?pageSize=5000`)).flatMap((p) => p.json.results);
}

/** The company's posted invoices and bills as the reports should read them. */
export async function bookOf(
  emu: RunningEmulator,
  companyId: string,
): Promise<{ invoices: BookDoc[]; bills: BookDoc[] }> {
  const invoices = await listed(emu, `/companies/${companyId}/data/invoices`);
  const bills = await listed(emu, `/companies/${companyId}/data/bills`);
  return {
    invoices: invoices.filter(posted).map((r) => bookDoc(r, 'invoice')),
    bills: bills.filter(posted).map((r) => bookDoc(r, 'bill')),
  };
}

export const sumOf = (docs: readonly BookDoc[], pick: (d: BookDoc) => number): number =>
  docs.reduce((s, d) => s + pick(d), 0);

/** `YYYY-MM` of a month number, for messages. */
export const monthText = (m: number): string => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;

export const toCents = (value: number): number => Math.round(value * 100);

export interface Line {
  accountId: string | null;
  name: string | null;
  value: number;
  items: Line[] | null;
}

/** Every line of a tree whose value is not the sum of its items, to the cent (none when it adds up). */
export function unbalanced(line: Line, path = ''): string[] {
  const here = `${path}/${line.name ?? ''}`;
  const items = line.items ?? [];
  const own =
    items.length > 0 && toCents(line.value) !== sumOf2(items)
      ? [`${here}: ${line.value} ≠ ${sumOf2(items) / 100}`]
      : [];
  return [...own, ...items.flatMap((i) => unbalanced(i, here))];
}

const sumOf2 = (items: readonly Line[]): number => items.reduce((s, l) => s + toCents(l.value), 0);
