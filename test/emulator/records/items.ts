// Items: the products the invoices' line items already name (`ITEM-1`… from names.ts PRODUCTS,
// so every itemRef resolves), some of them also bought, and a few bought only. Bills' lines name
// these too. An item's id is `ITEM-n`.
import { PRODUCTS, TAX_RATES } from '../names';
import { Random } from '../random';
import { type Books, Variants, stamps } from './books';
import { accountRef } from './accounts';
import { purchaseRates } from './taxRates';

type ItemType = 'Inventory' | 'NonInventory' | 'Service';

/** What bills buy: [description, low, high price, expense account, item id if it is an item]. */
export const PURCHASES: readonly (readonly [string, number, number, string, string?])[] = [
  ['Office supplies', 2, 45, '453', 'ITEM-9'],
  ['Printer paper and toner', 20, 180, '461', 'ITEM-13'],
  ['Courier and freight', 8, 120, '425', 'ITEM-14'],
  ['Software subscription', 10, 400, '485', 'ITEM-15'],
  ['Electricity', 80, 900, '445'],
  ['Office rent', 800, 6000, '469'],
  ['Telephone and broadband', 30, 250, '489'],
  ['Accountancy fees', 250, 2500, '412'],
  ['Cleaning service', 60, 400, '408', 'ITEM-16'],
  ['Stock purchases', 100, 5000, '300', 'ITEM-17'],
  ['Hardware kit', 10, 450, '310', 'ITEM-5'],
  ['Travel and accommodation', 40, 1200, '493'],
  ['Insurance premium', 100, 2000, '433'],
  ['Catering', 8, 35, '420', 'ITEM-12'],
  ['Contractor hours', 40, 120, '310', 'ITEM-18'],
];

const SALES_TYPES: readonly ItemType[] = [
  'Service',
  'Service',
  'NonInventory',
  'Service',
  'Inventory',
  'Service',
  'Service',
  'Service',
  'NonInventory',
  'Service',
  'Service',
  'NonInventory',
];

const BOUGHT_ONLY: readonly (readonly [string, ItemType])[] = [
  ['Printer paper and toner', 'NonInventory'],
  ['Courier and freight', 'Service'],
  ['Software subscription', 'Service'],
  ['Cleaning service', 'Service'],
  ['Stock purchases', 'Inventory'],
  ['Contractor hours', 'Service'],
];

const ITEM_COUNT = PRODUCTS.length + BOUGHT_ONLY.length;

export function itemCount(books: Books): number {
  return books.invoices.count === 0 ? 0 : ITEM_COUNT;
}

export function itemIndex(books: Books, id: string): number | undefined {
  const match = /^ITEM-([1-9]\d*)$/.exec(id);
  const index = match ? Number(match[1]) - 1 : -1;
  return index >= 0 && index < itemCount(books) ? index : undefined;
}

/** `CH-01` from "Consulting hours", item 1. */
function codeOf(name: string, index: number): string {
  const initials = name
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase())
    .join('')
    .slice(0, 3);
  return `${initials}-${String(index + 1).padStart(2, '0')}`;
}

export function item(books: Books, index: number): object {
  const id = `ITEM-${index + 1}`;
  const r = Random.of(books.seed, books.companyId, 'item', index);
  const sold = index < PRODUCTS.length;
  const [name, type] = sold ? [PRODUCTS[index][0], SALES_TYPES[index]] : BOUGHT_ONLY[index - PRODUCTS.length];
  const purchase = PURCHASES.find((p) => p[4] === id);
  const salesRate = (TAX_RATES[books.currency] ?? TAX_RATES.GBP)[0];
  const buyRate = purchaseRates(books)[0];
  // Xero reports every item's status as Unknown (Codat's Item schema says so): a share here.
  const v = new Variants(books, 'items', index);
  const itemStatus = v.orUnknown(r.chance(0.1) ? 'Archived' : 'Active', 0.15);
  const record: Record<string, unknown> = {
    id,
    name,
    code: v.orNull(codeOf(name, index), 0.1),
    itemStatus,
    type: v.orUnknown(type, 0.06),
    isBillItem: purchase !== undefined,
    isInvoiceItem: sold,
  };
  if (purchase) {
    const unitPrice = Math.round((purchase[1] + purchase[2]) * 50) / 100;
    record.billItem = {
      description: v.orNull(purchase[0], 0.1),
      unitPrice,
      accountRef: accountRef(purchase[3]),
      taxRateRef: { id: buyRate.id, name: buyRate.name },
    };
  }
  if (sold) {
    const [, low, high] = PRODUCTS[index];
    record.invoiceItem = {
      description: name,
      unitPrice: Math.round((low + high) * 50) / 100,
      accountRef: accountRef('200'),
      taxRateRef: { id: salesRate.id, name: salesRate.name },
    };
  }
  return { ...record, ...stamps(r, Date.UTC(2021, 2, 1) + r.int(0, 300) * 86_400_000, 0) };
}
