// Tax rates: the sales rates the invoices' line items already name (names.ts TAX_RATES, so every
// taxRateRef resolves), the purchase rates bills use, and an archived former rate where the
// country changed its rate. A tax rate's id is its code.
import { TAX_RATES } from '../names';
import { Random } from '../random';
import { type Books, Variants, stamps } from './books';

export interface TaxRateRef {
  id: string;
  name: string;
  effectiveTaxRate: number;
}

interface RateLine {
  id: string;
  name: string;
  rate: number;
  /** Components other than the one of the whole rate. */
  components?: readonly (readonly [string, number])[];
  archived?: boolean;
}

const PURCHASE_RATES: Record<string, readonly RateLine[]> = {
  GBP: [
    { id: 'INPUT2', name: '20% (VAT on Expenses)', rate: 20 },
    { id: 'RRINPUT', name: '5% (VAT on Expenses)', rate: 5 },
    { id: 'NONE', name: 'No VAT', rate: 0 },
    { id: 'OUTPUT', name: '17.5% (VAT on Income)', rate: 17.5, archived: true },
  ],
  USD: [],
  EUR: [
    { id: 'VST19', name: 'VSt 19%', rate: 19 },
    { id: 'VST7', name: 'VSt 7%', rate: 7 },
  ],
  AUD: [
    { id: 'INPUT', name: 'GST on Expenses', rate: 10 },
    { id: 'EXEMPTEXPENSES', name: 'GST Free Expenses', rate: 0 },
  ],
  CAD: [],
  NZD: [
    { id: 'INPUT2', name: 'GST on Expenses', rate: 15 },
    { id: 'NONE', name: 'No GST', rate: 0 },
    { id: 'OUTPUT', name: 'GST on Income (12.5%)', rate: 12.5, archived: true },
  ],
};

// Rates made of parts, as the platforms report them.
const COMPONENTS: Record<string, readonly (readonly [string, number])[]> = {
  'USD/TAX': [
    ['State Tax', 6],
    ['City Tax', 2],
  ],
  'CAD/HST': [
    ['GST', 5],
    ['PST ON', 8],
  ],
};

function ratesOf(currency: string): RateLine[] {
  const sales = (TAX_RATES[currency] ?? TAX_RATES.GBP).map((t) => ({
    ...t,
    components: COMPONENTS[`${currency}/${t.id}`],
  }));
  return [...sales, ...(PURCHASE_RATES[currency] ?? PURCHASE_RATES.GBP)];
}

/** The rates a bill's lines use: purchase rates where the country has them, else the sales ones. */
export function purchaseRates(books: Books): TaxRateRef[] {
  const own = (PURCHASE_RATES[books.currency] ?? []).filter((t) => !t.archived);
  const lines = own.length > 0 ? own : ratesOf(books.currency);
  return lines.map((t) => ({ id: t.id, name: t.name, effectiveTaxRate: t.rate }));
}

export function taxRateCount(books: Books): number {
  return books.invoices.count === 0 ? 0 : ratesOf(books.currency).length;
}

export function taxRateIndex(books: Books, id: string): number | undefined {
  if (books.invoices.count === 0) return undefined;
  const index = ratesOf(books.currency).findIndex((t) => t.id === id);
  return index >= 0 ? index : undefined;
}

export function taxRate(books: Books, index: number): object {
  const line = ratesOf(books.currency)[index];
  const r = Random.of(books.seed, books.companyId, 'taxRate', line.id);
  const parts = line.components ?? [[line.name, line.rate]];
  const v = new Variants(books, 'taxRates', line.id);
  return {
    id: line.id,
    name: line.name,
    code: line.id,
    effectiveTaxRate: line.rate,
    totalTaxRate: v.orNull(line.rate, 0.15),
    components: parts.map(([name, rate]) => ({ name, rate, isCompound: false })),
    status: v.orUnknown(line.archived ? 'Archived' : 'Active', 0.15),
    ...stamps(r, Date.UTC(2021, 2, 1) + r.int(0, 300) * 86_400_000, 0),
  };
}
