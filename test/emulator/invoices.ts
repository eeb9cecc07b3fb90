// Lazy, seeded invoices. Invoice i of a company is a pure function of (seed, company id, i, count),
// so a page of the 25,000-invoice company builds only that page's records (filters and sorts read
// the columns of invoiceColumns.ts instead).
import type { Invoice, InvoiceLineItem, InvoiceStatus } from './wire';
import { FOREIGN_CURRENCIES, INCOME_ACCOUNTS, NOTES, PRODUCTS, TAX_RATES, companyName, exchangeRate } from './names';
import { Random, hash32 } from './random';

/** Where a company's invoices come from. */
export interface InvoiceSource {
  seed: number;
  companyId: string;
  count: number;
  /** The company's base currency; most invoices are in it. */
  currency: string;
  /** Records served as given instead of generated ones (the `invoiceRecords` option). */
  records?: readonly object[];
}

// Issue dates spread over four fixed years, so the data never depends on the clock.
const FIRST_DAY = Date.UTC(2022, 0, 3);
const SPAN_DAYS = 4 * 365;
const DAY_MS = 86_400_000;

let generated = 0;

/** How many full invoice records were built since the process started (tests take deltas). */
export function invoicesGenerated(): number {
  return generated;
}

interface Customer {
  id: string;
  companyName: string;
}

const customerCache = new Map<string, Customer[]>();

export function customersOf(source: InvoiceSource): Customer[] {
  const key = `${source.seed}/${source.companyId}`;
  let list = customerCache.get(key);
  if (!list) {
    const r = Random.of(source.seed, source.companyId, 'customers');
    const n = r.int(8, 60);
    list = [];
    for (let i = 0; i < n; i++) list.push({ id: String(r.int(1, 9) * 10 + i * 100 + r.int(0, 9)), companyName: companyName(r, source.currency) });
    customerCache.set(key, list);
  }
  return list;
}

const prefixCache = new Map<string, string>();

/** The part of an invoice id shared by all invoices of one company; the tail is the index. */
function idPrefix(source: InvoiceSource): string {
  const key = `${source.seed}/${source.companyId}`;
  const cached = prefixCache.get(key);
  if (cached) return cached;
  const h = hash32(source.seed, source.companyId, 'invoice-ids').toString(16).padStart(8, '0');
  const g = hash32(source.seed, source.companyId, 'invoice-ids-2').toString(16).padStart(8, '0');
  const prefix = `${h}-${g.slice(0, 4)}-4${g.slice(4, 7)}-a${h.slice(0, 3)}-`;
  prefixCache.set(key, prefix);
  return prefix;
}

export function invoiceId(source: InvoiceSource, index: number): string {
  return idPrefix(source) + index.toString(16).padStart(12, '0');
}

/** The index an invoice id stands for, or undefined when it is not one of this company's. */
export function invoiceIndex(source: InvoiceSource, id: string): number | undefined {
  if (source.records) {
    const index = source.records.findIndex((r) => (r as { id?: unknown }).id === id);
    return index >= 0 ? index : undefined;
  }
  const prefix = idPrefix(source);
  if (id.length !== prefix.length + 12 || !id.toLowerCase().startsWith(prefix)) return undefined;
  const tail = id.slice(prefix.length);
  if (!/^[0-9a-fA-F]{12}$/.test(tail)) return undefined;
  const index = parseInt(tail, 16);
  return index < source.count ? index : undefined;
}

// Formatting dates is a large share of generating an invoice; days repeat, so keep them.
const dayNames = new Map<number, string>();

function dayName(ms: number): string {
  const dayNumber = Math.floor(ms / DAY_MS);
  let name = dayNames.get(dayNumber);
  if (!name) {
    name = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    dayNames.set(dayNumber, name);
  }
  return name;
}

function day(ms: number): string {
  return `${dayName(ms)}T00:00:00`;
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

function instant(ms: number): string {
  const s = Math.floor((ms % DAY_MS) / 1000);
  return `${dayName(ms)}T${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}Z`;
}

const STATUS_WEIGHTS: readonly (readonly [InvoiceStatus, number])[] = [
  ['Paid', 44], ['Submitted', 20], ['PartiallyPaid', 10], ['Draft', 10], ['Void', 8], ['Unknown', 8],
];

const money = (cents: number): number => cents / 100;

interface Lines {
  lineItems: InvoiceLineItem[];
  subCents: number;
  taxCents: number;
  discountCents: number;
}

/** 1–5 lines whose amounts add up to the cent; draws from `r` in a fixed order, so the seed decides. */
function lineItemsOf(r: Random, rates: readonly { id: string; name: string; rate: number }[]): Lines {
  const lineItems: InvoiceLineItem[] = [];
  let subCents = 0;
  let taxCents = 0;
  let discountCents = 0;
  const lines = r.int(1, 5);
  for (let l = 0; l < lines; l++) {
    const [description, low, high] = r.pick(PRODUCTS);
    const unitCents = r.int(low * 100, high * 100);
    const quantity = r.chance(0.2) ? r.int(1, 16) / 2 : r.int(1, 10);
    const gross = Math.round(unitCents * quantity);
    const discount = r.chance(0.15) ? Math.round((gross * r.pick([5, 10, 15])) / 100) : 0;
    const sub = gross - discount;
    const taxRate = r.pick(rates);
    const tax = Math.round((sub * taxRate.rate) / 100);
    const account = r.pick(INCOME_ACCOUNTS);
    lineItems.push({
      description,
      unitAmount: money(unitCents),
      quantity,
      discountAmount: money(discount),
      subTotal: money(sub),
      taxAmount: money(tax),
      totalAmount: money(sub + tax),
      accountRef: { id: account.id, name: account.name },
      taxRateRef: { id: taxRate.id, name: taxRate.name },
      itemRef: { id: `ITEM-${PRODUCTS.findIndex((p) => p[0] === description) + 1}`, name: description },
    });
    subCents += sub;
    taxCents += tax;
    discountCents += discount;
  }
  return { lineItems, subCents, taxCents, discountCents };
}

export function generateInvoice(source: InvoiceSource, index: number): Invoice {
  generated++;
  if (source.records) return structuredClone(source.records[index]) as Invoice;
  const r = Random.of(source.seed, source.companyId, index);
  const customer = r.pick(customersOf(source));

  // Invoice numbers and issue dates rise together, as in real books.
  const dayOffset = Math.min(SPAN_DAYS - 1, Math.floor((index * SPAN_DAYS) / Math.max(1, source.count)) + r.int(0, 2));
  const issueMs = FIRST_DAY + dayOffset * DAY_MS;
  const dueMs = issueMs + r.pick([7, 14, 30, 30, 30, 45, 60]) * DAY_MS;
  const status = r.weighted(STATUS_WEIGHTS);

  const foreign = r.chance(0.15);
  const currency = foreign ? r.pick(FOREIGN_CURRENCIES.filter((c) => c !== source.currency)) : source.currency;
  const rates = TAX_RATES[source.currency] ?? TAX_RATES.GBP;

  const { lineItems, subCents, taxCents, discountCents } = lineItemsOf(r, rates);
  const totalCents = subCents + taxCents;
  let dueCents = totalCents;
  if (status === 'Paid' || status === 'Void') dueCents = 0;
  else if (status === 'PartiallyPaid') dueCents = totalCents - Math.round((totalCents * r.int(10, 90)) / 100);

  const modifiedMs = issueMs + r.int(0, 90) * DAY_MS + r.int(0, DAY_MS / 1000 - 1) * 1000;
  const paidOnDate = status === 'Paid' ? day(issueMs + r.int(1, 75) * DAY_MS) : undefined;
  // Field order follows the reference's record, so documents read naturally.
  const invoice: Invoice = {
    id: invoiceId(source, index),
    invoiceNumber: `INV-${String(index + 1).padStart(5, '0')}`,
    customerRef: { id: customer.id, companyName: customer.companyName },
    issueDate: day(issueMs),
    dueDate: day(dueMs),
    ...(paidOnDate ? { paidOnDate } : {}),
    currency,
    currencyRate: foreign ? exchangeRate(currency, source.currency) : 1,
    lineItems,
    subTotal: money(subCents),
    totalTaxAmount: money(taxCents),
    totalAmount: money(totalCents),
    amountDue: money(dueCents),
    totalDiscount: money(discountCents),
    status,
  };
  if (r.chance(0.4)) invoice.note = r.pick(NOTES).replace('{n}', String(r.int(1000, 99999)));
  invoice.metadata = { isDeleted: r.chance(0.03) };
  invoice.modifiedDate = instant(modifiedMs);
  invoice.sourceModifiedDate = instant(modifiedMs - r.int(1, 600) * 1000);
  return invoice;
}
