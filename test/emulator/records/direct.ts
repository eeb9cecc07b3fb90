// Direct costs (spending paid at once, by card or from the bank: no bill) and direct incomes (money
// taken at once: no invoice). Each is paid in full from one of the chart's bank accounts on its
// issue date, so its one payment allocation is its total. Lines name the accounts, items, tax
// rates and tracking categories the company has.
import { PRODUCTS, TAX_RATES } from '../names';
import { Random } from '../random';
import { type Books, Variants, day, dayOfIndex, money, recordId, stamps } from './books';
import { accountRef, bankAccounts } from './accounts';
import { PURCHASES } from './items';
import { customersOf } from '../invoices';
import { supplierCount, supplierRef } from './parties';
import { purchaseRates } from './taxRates';
import { trackingRefsOf } from './setup';

export const directCostCount = (books: Books): number => {
  const n = books.invoices.count;
  return n === 0 ? 0 : Math.max(4, Math.min(2000, Math.ceil(n / 10)));
};
export const directIncomeCount = (books: Books): number => {
  const n = books.invoices.count;
  return n === 0 ? 0 : Math.max(3, Math.min(1000, Math.ceil(n / 20)));
};

interface Line {
  out: Record<string, unknown>;
  sub: number;
  tax: number;
}

function line(
  r: Random,
  books: Books,
  [description, low, high]: readonly [string, number, number],
  rate: { id: string; name: string; effectiveTaxRate: number },
  extra: Record<string, unknown>,
): Line {
  const unitCents = r.int(low * 100, Math.min(high, 800) * 100);
  const quantity = r.int(1, 3);
  const sub = unitCents * quantity;
  const tax = Math.round((sub * rate.effectiveTaxRate) / 100);
  const tracking = trackingRefsOf(r, books);
  return {
    sub,
    tax,
    out: {
      description,
      unitAmount: money(unitCents),
      quantity,
      discountAmount: 0,
      discountPercentage: 0,
      subTotal: money(sub),
      taxAmount: money(tax),
      totalAmount: money(sub + tax),
      taxRateRef: rate,
      ...extra,
      ...(tracking ? { trackingCategoryRefs: tracking } : {}),
    },
  };
}

function paid(r: Random, books: Books, lines: Line[], dateMs: number, kind: string, index: number): object {
  const sub = lines.reduce((s, l) => s + l.sub, 0);
  const tax = lines.reduce((s, l) => s + l.tax, 0);
  const bank = r.pick(bankAccounts(books).filter((a) => a.id !== '092'));
  const total = money(sub + tax);
  const date = day(dateMs);
  const v = new Variants(books, kind, index);
  return {
    currency: books.currency,
    currencyRate: v.orNull(1, 0.08),
    lineItems: lines.map((l) => l.out),
    paymentAllocations: [
      {
        payment: {
          id: recordId(books, `${kind}-payment`, index),
          ...(r.chance(0.3) ? { note: 'Paid at the till.' } : {}),
          reference: v.orNull(`${kind === 'directCosts' ? 'CARD' : 'TILL'}-${r.int(10000, 99999)}`, 0.2),
          accountRef: bank,
          currency: books.currency,
          currencyRate: 1,
          paidOnDate: date,
          totalAmount: total,
        },
        allocation: { currency: books.currency, currencyRate: 1, allocatedOnDate: date, totalAmount: total },
      },
    ],
    subTotal: money(sub),
    taxAmount: money(tax),
    totalAmount: total,
  };
}

export function directCost(books: Books, index: number): object {
  const r = Random.of(books.seed, books.companyId, 'directCosts', index);
  const v = new Variants(books, 'directCosts', index);
  const dateMs = dayOfIndex(r, index, directCostCount(books));
  const rates = purchaseRates(books);
  const lines: Line[] = [];
  for (let l = r.int(1, 3); l > 0; l--) {
    const [description, low, high, account, item] = r.pick(PURCHASES);
    const extra: Record<string, unknown> = { accountRef: accountRef(account) };
    if (item) extra.itemRef = { id: item, name: description };
    lines.push(line(r, books, [description, low, high], r.pick(rates), extra));
  }
  const supplier = r.chance(0.8) ? supplierRef(books, r.int(0, supplierCount(books) - 1)) : undefined;
  return {
    id: recordId(books, 'directCosts', index),
    reference: v.orNull(`DC-${String(index + 1).padStart(5, '0')}`),
    ...(r.chance(0.3)
      ? { note: r.pick(['Receipt attached.', 'Paid by company card.', 'Petty cash.']) }
      : v.missing('note')),
    ...(supplier ? { contactRef: { id: supplier.id, dataType: 'suppliers' } } : {}),
    issueDate: day(dateMs),
    ...paid(r, books, lines, dateMs, 'directCosts', index),
    ...stamps(r, dateMs),
  };
}

export function directIncome(books: Books, index: number): object {
  const r = Random.of(books.seed, books.companyId, 'directIncomes', index);
  const v = new Variants(books, 'directIncomes', index);
  const dateMs = dayOfIndex(r, index, directIncomeCount(books));
  const rates = (TAX_RATES[books.currency] ?? TAX_RATES.GBP).map((t) => ({
    id: t.id,
    name: t.name,
    effectiveTaxRate: t.rate,
  }));
  const lines: Line[] = [];
  for (let l = r.int(1, 3); l > 0; l--) {
    const p = r.int(0, PRODUCTS.length - 1);
    const product = PRODUCTS[p];
    const extra = {
      accountRef: accountRef(r.pick(['200', '260', '270'])),
      itemRef: { id: `ITEM-${p + 1}`, name: product[0] },
    };
    lines.push(line(r, books, product, r.pick(rates), extra));
  }
  const customers = customersOf(books.invoices);
  const customer = r.chance(0.6) ? customers[r.int(0, customers.length - 1)] : undefined;
  return {
    id: recordId(books, 'directIncomes', index),
    reference: v.orNull(`DI-${String(index + 1).padStart(5, '0')}`),
    ...(r.chance(0.25)
      ? { note: r.pick(['Cash sale.', 'Card terminal takings.', 'Sold at the counter.']) }
      : v.missing('note')),
    ...(customer ? { contactRef: { id: customer.id, dataType: 'customers' } } : {}),
    issueDate: day(dateMs),
    ...paid(r, books, lines, dateMs, 'directIncomes', index),
    ...stamps(r, dateMs),
  };
}
