// Lazy, seeded invoices. Invoice i of a company is a pure function of (seed, company id, i, count),
// so a page of the 25,000-invoice company builds only that page's records (filters and sorts read
// the columns of invoiceColumns.ts instead).
import type { Invoice, InvoiceLineItem, InvoiceStatus } from './wire';
import { FOREIGN_CURRENCIES, INCOME_ACCOUNTS, NOTES, PRODUCTS, TAX_RATES, companyName, exchangeRate } from './names';
import { Random, hash32, hashFrom, hashPrefix } from './random';

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

/** What every invoice of one company shares, computed once per company. */
interface CompanyInvoices {
  customers: readonly Customer[];
  /** The part of an invoice id shared by all invoices of the company; the tail is the index. */
  idPrefix: string;
  /** The hash state after (seed, company id): each invoice's stream adds only its index. */
  hashPrefix: number;
  /** The same for the draw of which invoices send a null note, apart so the rest stays as it was. */
  nullsPrefix: number;
}

/** A tax rate of the company's country, with the reference its lines carry. */
interface TaxRate {
  rate: number;
  ref: Ref;
}

/** A source's company data, plus what depends on its base currency. */
interface SourceInvoices extends CompanyInvoices {
  foreignCurrencies: readonly string[];
  taxRates: readonly TaxRate[];
}

const companyCache = new Map<string, CompanyInvoices>();
// A page asks for thousands of invoices of one source object: a lookup by identity, not by a key
// string built per invoice.
const sourceCache = new WeakMap<InvoiceSource, SourceInvoices>();

function companyInvoices(source: InvoiceSource): CompanyInvoices {
  const key = `${source.seed}/${source.companyId}`;
  let company = companyCache.get(key);
  if (!company) {
    const r = Random.of(source.seed, source.companyId, 'customers');
    const n = r.int(8, 60);
    const customers: Customer[] = [];
    for (let i = 0; i < n; i++)
      customers.push({
        id: String(r.int(1, 9) * 10 + i * 100 + r.int(0, 9)),
        companyName: companyName(r, source.currency),
      });
    const h = hash32(source.seed, source.companyId, 'invoice-ids').toString(16).padStart(8, '0');
    const g = hash32(source.seed, source.companyId, 'invoice-ids-2').toString(16).padStart(8, '0');
    const idPrefix = `${h}-${g.slice(0, 4)}-4${g.slice(4, 7)}-a${h.slice(0, 3)}-`;
    company = {
      customers,
      idPrefix,
      hashPrefix: hashPrefix(source.seed, source.companyId),
      nullsPrefix: hashPrefix(source.seed, source.companyId, 'nulls'),
    };
    companyCache.set(key, company);
  }
  return company;
}

/** The company's customers, the pool its invoices draw `customerRef` from. */
export function customersOf(source: InvoiceSource): readonly Customer[] {
  return companyInvoices(source).customers;
}

function sourceInvoices(source: InvoiceSource): SourceInvoices {
  let data = sourceCache.get(source);
  if (!data) {
    data = {
      ...companyInvoices(source),
      foreignCurrencies: FOREIGN_CURRENCIES.filter((c) => c !== source.currency),
      taxRates: (TAX_RATES[source.currency] ?? TAX_RATES.GBP).map((t) => ({ rate: t.rate, ref: ref(t.id, t.name) })),
    };
    sourceCache.set(source, data);
  }
  return data;
}

export function invoiceId(source: InvoiceSource, index: number): string {
  return sourceInvoices(source).idPrefix + index.toString(16).padStart(12, '0');
}

/** The index an invoice id stands for, or undefined when it is not one of this company's. */
export function invoiceIndex(source: InvoiceSource, id: string): number | undefined {
  if (source.records) {
    const index = source.records.findIndex((r) => (r as { id?: unknown }).id === id);
    return index >= 0 ? index : undefined;
  }
  const prefix = sourceInvoices(source).idPrefix;
  if (id.length !== prefix.length + 12 || !id.toLowerCase().startsWith(prefix)) return undefined;
  const tail = id.slice(prefix.length);
  if (!/^[0-9a-fA-F]{12}$/.test(tail)) return undefined;
  const index = parseInt(tail, 16);
  return index < source.count ? index : undefined;
}

// Formatting dates is a large share of generating an invoice; days and times of day repeat, so
// their text is kept.
const dayNames = new Map<number, string>();
const dayStarts = new Map<number, string>();
const timesOfDay: string[] = [];

function dayName(ms: number): string {
  const dayNumber = Math.floor(ms / DAY_MS);
  let name = dayNames.get(dayNumber);
  if (!name) {
    name = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    dayNames.set(dayNumber, name);
  }
  return name;
}

/** `YYYY-MM-DDT00:00:00` of the day `ms` falls on. */
function day(ms: number): string {
  const dayNumber = Math.floor(ms / DAY_MS);
  let text = dayStarts.get(dayNumber);
  if (!text) {
    text = `${dayName(ms)}T00:00:00`;
    dayStarts.set(dayNumber, text);
  }
  return text;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:MM:SSZ`. */
function instant(ms: number): string {
  const s = Math.floor((ms % DAY_MS) / 1000);
  let time = timesOfDay[s];
  if (time === undefined) {
    time = `T${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}Z`;
    timesOfDay[s] = time;
  }
  return dayName(ms) + time;
}

const STATUS_WEIGHTS: readonly (readonly [InvoiceStatus, number])[] = [
  ['Paid', 44],
  ['Submitted', 20],
  ['PartiallyPaid', 10],
  ['Draft', 10],
  ['Void', 8],
  ['Unknown', 8],
];
const PAYMENT_TERMS_DAYS = [7, 14, 30, 30, 30, 45, 60] as const;
const DISCOUNT_PERCENTS = [5, 10, 15] as const;

type Ref = Readonly<{ id: string; name: string }>;
// The references of a line (account, tax rate, item) come from short fixed lists: one frozen
// object each, shared by every line that names it, instead of three new objects per line.
const ref = (id: string, name: string): Ref => Object.freeze({ id, name });
const ACCOUNT_REFS = INCOME_ACCOUNTS.map((a) => ref(a.id, a.name));
const ITEM_REFS = PRODUCTS.map(([description], i) => ref(`ITEM-${i + 1}`, description));

const money = (cents: number): number => cents / 100;

interface Lines {
  lineItems: InvoiceLineItem[];
  subCents: number;
  taxCents: number;
  discountCents: number;
}

/** 1–5 lines whose amounts add up to the cent; draws from `r` in a fixed order, so the seed decides. */
function lineItemsOf(r: Random, rates: readonly TaxRate[]): Lines {
  const lineItems: InvoiceLineItem[] = [];
  let subCents = 0;
  let taxCents = 0;
  let discountCents = 0;
  const lines = r.int(1, 5);
  for (let l = 0; l < lines; l++) {
    // Draws the index r.pick(PRODUCTS) would, so the item needs no search by name.
    const product = r.index(PRODUCTS.length);
    const [description, low, high] = PRODUCTS[product];
    const unitCents = r.int(low * 100, high * 100);
    const quantity = r.chance(0.2) ? r.int(1, 16) / 2 : r.int(1, 10);
    const gross = Math.round(unitCents * quantity);
    const discount = r.chance(0.15) ? Math.round((gross * r.pick(DISCOUNT_PERCENTS)) / 100) : 0;
    const sub = gross - discount;
    const taxRate = r.pick(rates);
    const tax = Math.round((sub * taxRate.rate) / 100);
    const accountRef = r.pick(ACCOUNT_REFS);
    lineItems.push({
      description,
      unitAmount: money(unitCents),
      quantity,
      discountAmount: money(discount),
      subTotal: money(sub),
      taxAmount: money(tax),
      totalAmount: money(sub + tax),
      accountRef,
      taxRateRef: taxRate.ref,
      itemRef: ITEM_REFS[product],
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
  const shared = sourceInvoices(source);
  const r = new Random(hashFrom(shared.hashPrefix, index));
  const customer = r.pick(shared.customers);

  // Invoice numbers and issue dates rise together, as in real books.
  const dayOffset = Math.min(SPAN_DAYS - 1, Math.floor((index * SPAN_DAYS) / Math.max(1, source.count)) + r.int(0, 2));
  const issueMs = FIRST_DAY + dayOffset * DAY_MS;
  const dueMs = issueMs + r.pick(PAYMENT_TERMS_DAYS) * DAY_MS;
  const status = r.weighted(STATUS_WEIGHTS);

  const foreign = r.chance(0.15);
  const currency = foreign ? r.pick(shared.foreignCurrencies) : source.currency;

  const { lineItems, subCents, taxCents, discountCents } = lineItemsOf(r, shared.taxRates);
  const totalCents = subCents + taxCents;
  let dueCents = totalCents;
  if (status === 'Paid' || status === 'Void') dueCents = 0;
  else if (status === 'PartiallyPaid') dueCents = totalCents - Math.round((totalCents * r.int(10, 90)) / 100);

  const modifiedMs = issueMs + r.int(0, 90) * DAY_MS + r.int(0, DAY_MS / 1000 - 1) * 1000;
  const paidOnDate = status === 'Paid' ? day(issueMs + r.int(1, 75) * DAY_MS) : undefined;
  const id = shared.idPrefix + index.toString(16).padStart(12, '0');
  const invoiceNumber = `INV-${String(index + 1).padStart(5, '0')}`;
  const customerRef = { id: customer.id, companyName: customer.companyName };
  const issueDate = day(issueMs);
  const dueDate = day(dueMs);
  const currencyRate = foreign ? exchangeRate(currency, source.currency) : 1;
  const subTotal = money(subCents);
  const totalTaxAmount = money(taxCents);
  const totalAmount = money(totalCents);
  const amountDue = money(dueCents);
  const totalDiscount = money(discountCents);
  // Field order follows the reference's record, so documents read naturally. Two literals, not a
  // spread of the optional paidOnDate: an object with a spread inside is built by a slow runtime
  // path, which made generating a page a fifth slower (node --cpu-prof).
  // prettier-ignore
  const invoice: Invoice = paidOnDate === undefined
    ? { id, invoiceNumber, customerRef, issueDate, dueDate, currency, currencyRate, lineItems,
        subTotal, totalTaxAmount, totalAmount, amountDue, totalDiscount, status }
    : { id, invoiceNumber, customerRef, issueDate, dueDate, paidOnDate, currency, currencyRate,
        lineItems, subTotal, totalTaxAmount, totalAmount, amountDue, totalDiscount, status };
  if (r.chance(0.4)) invoice.note = r.pick(NOTES).replace('{n}', String(r.int(1000, 99999)));
  // The contract's note is nullable: one invoice in five without a note sends null.
  else if (hashFrom(shared.nullsPrefix, index) % 5 === 0) invoice.note = null;
  invoice.metadata = { isDeleted: r.chance(0.03) };
  invoice.modifiedDate = instant(modifiedMs);
  invoice.sourceModifiedDate = instant(modifiedMs - r.int(1, 600) * 1000);
  return invoice;
}
