// What payments, credit notes and journal entries need of an invoice, read from the invoice the
// company serves (generated, or given through the `invoiceRecords` option, which may lack any
// field: then a fallback from the company's own pools stands in).
import { generateInvoice } from '../invoices';
import { PRODUCTS, TAX_RATES } from '../names';
import { type Books, FIRST_DAY, cents } from './books';

export interface Ref {
  id: string;
  name: string;
}

/** A line of a document, in cents, as credit notes copy it. */
export interface DocLine {
  description: string;
  unitCents: number;
  quantity: number;
  ratePercent: number;
  accountRef: Ref;
  taxRateRef: Ref;
  itemRef?: Ref;
}

export interface InvoiceFacts {
  id: string;
  number: string;
  customerRef: { id: string; companyName: string };
  currency: string;
  currencyRate: number;
  issueMs: number;
  paidOnMs?: number;
  totalCents: number;
  subCents: number;
  dueCents: number;
  status: string;
  lines: DocLine[];
}

type Json = Record<string, unknown>;

const text = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

function dateMs(v: unknown): number | undefined {
  const ms = typeof v === 'string' ? Date.parse(v.length === 19 ? `${v}Z` : v) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

function lineOf(v: unknown, books: Books): DocLine {
  const l = obj(v);
  const rates = TAX_RATES[books.currency] ?? TAX_RATES.GBP;
  const taxRef = obj(l.taxRateRef);
  const rate = rates.find((t) => t.id === taxRef.id) ?? rates[0];
  const account = obj(l.accountRef);
  const item = obj(l.itemRef);
  const description = text(l.description, PRODUCTS[0][0]);
  return {
    description,
    unitCents: cents(num(l.unitAmount, PRODUCTS[0][1])),
    quantity: num(l.quantity, 1),
    ratePercent: rate.rate,
    accountRef: { id: text(account.id, '200'), name: text(account.name, 'Sales') },
    taxRateRef: { id: rate.id, name: rate.name },
    ...(typeof item.id === 'string' ? { itemRef: { id: item.id, name: text(item.name, description) } } : {}),
  };
}

/** Invoice `index` of the company, as its documents see it. */
export function invoiceFacts(books: Books, index: number): InvoiceFacts {
  const inv = generateInvoice(books.invoices, index) as unknown as Json;
  const customer = obj(inv.customerRef);
  const totalCents = cents(num(inv.totalAmount, 0));
  const lines =
    Array.isArray(inv.lineItems) && inv.lineItems.length > 0
      ? inv.lineItems.map((l) => lineOf(l, books))
      : [lineOf({}, books)];
  const paidOnMs = dateMs(inv.paidOnDate);
  return {
    id: text(inv.id, `invoice-${index}`),
    number: text(inv.invoiceNumber, `INV-${index + 1}`),
    customerRef: { id: text(customer.id, 'unknown'), companyName: text(customer.companyName, 'Unknown customer') },
    currency: text(inv.currency, books.currency),
    currencyRate: num(inv.currencyRate, 1),
    issueMs: dateMs(inv.issueDate) ?? FIRST_DAY,
    ...(paidOnMs === undefined ? {} : { paidOnMs }),
    totalCents,
    subCents: cents(num(inv.subTotal, num(inv.totalAmount, 0) - num(inv.totalTaxAmount, 0))),
    dueCents: cents(num(inv.amountDue, num(inv.totalAmount, 0))),
    status: text(inv.status, 'Unknown'),
    lines,
  };
}
