// Purchase orders (to the company's suppliers, lines from the purchases list), sales orders (from
// its customers, lines from the products the invoices sell) and item receipts, each of which
// acknowledges the goods of one purchase order, line by line. Amounts add up to the cent.
import { PRODUCTS, TAX_RATES, exchangeRate, personName } from '../names';
import { Random } from '../random';
import { type Books, DAY_MS, Variants, day, dayOfIndex, money, recordId, stamps } from './books';
import { accountRef } from './accounts';
import { address, email, phone } from './contacts';
import { billCount } from './counts';
import { customersOf } from '../invoices';
import { PURCHASES } from './items';
import { supplierCount, supplierRef } from './parties';
import { purchaseRates } from './taxRates';
import { trackingRefsOf } from './setup';

type Ref = { id: string; name: string };

export const purchaseOrderCount = (books: Books): number => Math.ceil(billCount(books.invoices.count) / 2);
export const salesOrderCount = (books: Books): number => {
  const n = books.invoices.count;
  return n === 0 ? 0 : Math.max(3, Math.min(2000, Math.ceil(n / 8)));
};
/** Three purchase orders in five have had goods received. */
export const itemReceiptCount = (books: Books): number => Math.floor((purchaseOrderCount(books) * 3) / 5);

interface OrderLine {
  description: string;
  unitCents: number;
  quantity: number;
  discountCents: number;
  rate: Ref & { effectiveTaxRate: number };
  account: Ref;
  item?: Ref;
  tracking?: Ref[];
}

const lineCents = (l: OrderLine): { sub: number; tax: number } => {
  const sub = l.unitCents * l.quantity - l.discountCents;
  return { sub, tax: Math.round((sub * l.rate.effectiveTaxRate) / 100) };
};

function lineOut(l: OrderLine): Record<string, unknown> {
  const { sub, tax } = lineCents(l);
  return {
    description: l.description,
    accountRef: l.account,
    ...(l.item ? { itemRef: l.item } : {}),
    unitAmount: money(l.unitCents),
    quantity: l.quantity,
    discountAmount: money(l.discountCents),
    discountPercentage:
      l.discountCents === 0 ? 0 : Math.round((l.discountCents * 10000) / (l.unitCents * l.quantity)) / 100,
    subTotal: money(sub),
    taxAmount: money(tax),
    taxRateRef: l.rate,
    totalAmount: money(sub + tax),
  };
}

function totals(lines: readonly OrderLine[]): Record<string, number> {
  let discount = 0;
  let sub = 0;
  let tax = 0;
  for (const l of lines) {
    const c = lineCents(l);
    discount += l.discountCents;
    sub += c.sub;
    tax += c.tax;
  }
  return {
    totalDiscount: money(discount),
    subTotal: money(sub),
    totalTaxAmount: money(tax),
    totalAmount: money(sub + tax),
  };
}

function shipTo(r: Random, books: Books): object {
  const name = personName(r);
  return {
    contact: { name, email: email(name, 'goods-in'), phone: phone(r, books.currency) },
    address: address(r, books.currency, 'Delivery'),
  };
}

type OrderStatus = 'Draft' | 'Open' | 'Closed' | 'Void';

interface PurchaseOrderFacts {
  id: string;
  number: string;
  supplier: { id: string; supplierName: string; currency: string };
  issueMs: number;
  status: OrderStatus;
  lines: OrderLine[];
  r: Random;
}

/** What a purchase order and its item receipt share. */
export function purchaseOrderFacts(books: Books, index: number): PurchaseOrderFacts {
  const r = Random.of(books.seed, books.companyId, 'purchaseOrders', index);
  const supplier = supplierRef(books, r.int(0, supplierCount(books) - 1));
  const issueMs = dayOfIndex(r, index, purchaseOrderCount(books));
  const rates = purchaseRates(books);
  const lines: OrderLine[] = [];
  for (let l = r.int(1, 4); l > 0; l--) {
    const [description, low, high, account, item] = r.pick(PURCHASES);
    const unitCents = r.int(low * 100, high * 100);
    const quantity = high > 500 ? 1 : r.int(1, 12);
    const discountCents = r.chance(0.15) ? Math.round((unitCents * quantity * r.int(2, 10)) / 100) : 0;
    const tracking = trackingRefsOf(r, books);
    const itemRef = item ? { id: item, name: description } : undefined;
    lines.push({
      description,
      unitCents,
      quantity,
      discountCents,
      rate: r.pick(rates),
      account: accountRef(account),
      item: itemRef,
      tracking,
    });
  }
  const status = r.weighted<OrderStatus>([
    ['Closed', 55],
    ['Open', 30],
    ['Draft', 10],
    ['Void', 5],
  ]);
  return {
    id: recordId(books, 'purchaseOrders', index),
    number: `PO-${String(index + 1).padStart(5, '0')}`,
    supplier,
    issueMs,
    status,
    lines,
    r,
  };
}

const rateOf = (books: Books, currency: string): number =>
  currency === books.currency ? 1 : exchangeRate(currency, books.currency);

export function purchaseOrder(books: Books, index: number): object {
  const po = purchaseOrderFacts(books, index);
  const { r } = po;
  const v = new Variants(books, 'purchaseOrders', index);
  const expectedMs = po.issueMs + r.int(3, 30) * DAY_MS;
  const delivered = po.status === 'Closed';
  return {
    id: po.id,
    purchaseOrderNumber: v.orNull(po.number),
    issueDate: day(po.issueMs),
    ...(r.chance(0.7) ? { paymentDueDate: day(po.issueMs + 30 * DAY_MS) } : v.missing('paymentDueDate')),
    expectedDeliveryDate: v.orNull(day(expectedMs), 0.1),
    ...(delivered ? { deliveryDate: day(expectedMs + r.int(-2, 5) * DAY_MS) } : v.missing('deliveryDate')),
    ...(r.chance(0.3)
      ? { note: r.pick(['Deliver to goods-in.', 'Urgent.', 'Call before delivery.']) }
      : v.missing('note')),
    shipTo: shipTo(r, books),
    supplierRef: { id: po.supplier.id, supplierName: po.supplier.supplierName },
    status: po.status === 'Open' ? v.orUnknown(po.status, 0.1) : po.status,
    currency: po.supplier.currency,
    currencyRate: v.orNull(rateOf(books, po.supplier.currency), 0.05),
    lineItems: po.lines.map((l) => ({ ...lineOut(l), ...(l.tracking ? { trackingCategoryRefs: l.tracking } : {}) })),
    ...totals(po.lines),
    ...stamps(r, po.issueMs),
  };
}

export function salesOrder(books: Books, index: number): object {
  const r = Random.of(books.seed, books.companyId, 'salesOrders', index);
  const customers = customersOf(books.invoices);
  const customer = customers[r.int(0, customers.length - 1)];
  const issueMs = dayOfIndex(r, index, salesOrderCount(books));
  const rates = TAX_RATES[books.currency] ?? TAX_RATES.GBP;
  const lines: OrderLine[] = [];
  for (let l = r.int(1, 5); l > 0; l--) {
    const p = r.int(0, PRODUCTS.length - 1);
    const [description, low, high] = PRODUCTS[p];
    const unitCents = r.int(low * 100, high * 100);
    const quantity = r.int(1, 10);
    const discountCents = r.chance(0.2) ? Math.round((unitCents * quantity * r.int(2, 15)) / 100) : 0;
    const rate = r.pick(rates);
    const taxRate = { id: rate.id, name: rate.name, effectiveTaxRate: rate.rate };
    lines.push({
      description,
      unitCents,
      quantity,
      discountCents,
      rate: taxRate,
      account: accountRef('200'),
      item: { id: `ITEM-${p + 1}`, name: description },
    });
  }
  const status = r.weighted<OrderStatus>([
    ['Closed', 50],
    ['Open', 35],
    ['Draft', 10],
    ['Void', 5],
  ]);
  const invoicing =
    status === 'Closed'
      ? 'Invoiced'
      : status === 'Open'
        ? r.pick(['NotInvoiced', 'PartiallyInvoiced'] as const)
        : 'NotInvoiced';
  const v = new Variants(books, 'salesOrders', index);
  return {
    id: recordId(books, 'salesOrders', index),
    salesOrderNumber: v.orNull(`SO-${String(index + 1).padStart(5, '0')}`),
    ...(r.chance(0.6)
      ? { customerPurchaseOrderNumber: `PO${r.int(1000, 99999)}` }
      : v.missing('customerPurchaseOrderNumber')),
    issueDate: day(issueMs),
    expectedDeliveryDate: v.orNull(day(issueMs + r.int(2, 21) * DAY_MS), 0.1),
    ...(r.chance(0.25) ? { note: r.pick(['Gift wrap.', 'Deliver after 10:00.', 'Repeat order.']) } : v.missing('note')),
    shipTo: shipTo(r, books),
    customerRef: { id: customer.id, companyName: v.orNull(customer.companyName, 0.05) },
    status: status === 'Open' ? v.orUnknown(status, 0.1) : status,
    invoicingStatus: v.orUnknown(invoicing, 0.08),
    currency: books.currency,
    currencyRate: 1,
    lineItems: lines.map(lineOut),
    ...totals(lines),
    ...stamps(r, issueMs),
  };
}

/** The purchase order item receipt `index` acknowledges: spread over all of them. */
export const receiptOrder = (books: Books, index: number): number =>
  Math.floor((index * purchaseOrderCount(books)) / Math.max(1, itemReceiptCount(books)));

export function itemReceipt(books: Books, index: number): object {
  const po = purchaseOrderFacts(books, receiptOrder(books, index));
  const r = Random.of(books.seed, books.companyId, 'itemReceipts', index);
  const v = new Variants(books, 'itemReceipts', index);
  const receivedMs = po.issueMs + r.int(2, 35) * DAY_MS;
  const lines = po.lines.map((l, k) => {
    // Most lines arrive in full; some short.
    const quantity = r.chance(0.85) ? l.quantity : r.int(1, l.quantity);
    const sub = l.unitCents * quantity;
    const total = sub + Math.round((sub * l.rate.effectiveTaxRate) / 100);
    return {
      accountRef: l.account,
      description: v.orNull(l.description, 0.05),
      ...(l.item ? { itemRef: l.item } : {}),
      lineNumber: String(k + 1),
      purchaseOrderLineRef: { dataType: 'purchaseOrders', id: po.id, lineNumber: String(k + 1) },
      quantity,
      subTotal: money(sub),
      totalAmount: money(total),
      unitAmount: money(l.unitCents),
      ...(r.chance(0.4) ? { unitOfMeasurement: r.pick(['each', 'box', 'hours', 'kg']) } : {}),
      _cents: [sub, total],
    };
  });
  const subCents = lines.reduce((s, l) => s + l._cents[0], 0);
  const totalCents = lines.reduce((s, l) => s + l._cents[1], 0);
  const status =
    po.status === 'Void'
      ? 'Void'
      : r.weighted([
          ['Received', 85],
          ['Draft', 10],
          ['Rejected', 5],
        ] as const);
  return {
    id: recordId(books, 'itemReceipts', index),
    reference: v.orNull(`GRN-${String(index + 1).padStart(5, '0')}`),
    receivedDate: v.orNull(day(receivedMs), 0.05),
    currency: po.supplier.currency,
    currencyRate: v.orNull(rateOf(books, po.supplier.currency), 0.05),
    status: v.orUnknown(status, 0.06),
    supplierRef: { id: po.supplier.id, supplierName: po.supplier.supplierName },
    purchaseOrderRefs: [{ id: po.id, purchaseOrderNumber: po.number }],
    lineItems: lines.map(({ _cents, ...line }) => line),
    subTotal: money(subCents),
    totalAmount: money(totalCents),
    ...(r.chance(0.2) ? { note: 'Checked by goods-in.' } : v.missing('note')),
    ...stamps(r, receivedMs),
  };
}
