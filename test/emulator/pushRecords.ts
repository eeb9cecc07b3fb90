// Records a successful push creates, and how they join the company's data: after the generated
// records of their type, in the order they were created, in lists, filters, sorts and single reads
// alike (a type is wrapped so its count and records include them).
import type { DataType } from './dataTypes';
import { INVOICE_FIELDS } from './fields';
import { type InvoiceSource, generateInvoice, invoiceIndex } from './invoices';
import type { PushDataType } from './pushOptions';

type Json = Record<string, unknown>;

const cents = (v: unknown): number => (typeof v === 'number' ? Math.round(v * 100) : 0);
const money = (c: number): number => c / 100;

/** Each line's subTotal and totalAmount, and the record's sums, to the cent. */
function totals(record: Json): { sub: number; tax: number; discount: number } {
  const sums = { sub: 0, tax: 0, discount: 0 };
  for (const line of (record.lineItems as Json[] | undefined) ?? []) {
    const discount = cents(line.discountAmount);
    const sub = Math.round(cents(line.unitAmount) * Number(line.quantity)) - discount;
    const tax = cents(line.taxAmount);
    Object.assign(line, { subTotal: money(sub), totalAmount: money(sub + tax) });
    sums.sub += sub;
    sums.tax += tax;
    sums.discount += discount;
  }
  return sums;
}

/** What the platform works out when it creates the record: totals, defaults. */
function completed(type: PushDataType, record: Json, baseCurrency: string): Json {
  if (type === 'invoices' || type === 'bills') {
    record.currency ??= baseCurrency;
    if (record.currency === baseCurrency) record.currencyRate ??= 1;
    const { sub, tax, discount } = totals(record);
    // Drafts and open or submitted documents: nothing is paid yet.
    if (type === 'invoices') {
      Object.assign(record, { subTotal: money(sub), totalTaxAmount: money(tax), totalAmount: money(sub + tax) });
      Object.assign(record, { amountDue: money(sub + tax), totalDiscount: money(discount) });
    } else {
      Object.assign(record, { subTotal: money(sub), taxAmount: money(tax), totalAmount: money(sub + tax) });
      record.amountDue = money(sub + tax);
    }
  } else if (type === 'customers' || type === 'suppliers') {
    record.status ??= 'Active';
    record.defaultCurrency ??= baseCurrency;
  } else if (record.currency === baseCurrency) {
    record.currencyRate ??= 1;
  }
  return record;
}

/** The record as the platform takes it: the pushed fields, totals and defaults worked out (no id yet). */
export function pushedData(type: PushDataType, pushed: Json, baseCurrency: string): Json {
  return completed(type, structuredClone(pushed), baseCurrency);
}

/** The record a successful push creates: its new id, the record as taken, what every record carries.
 * An invoice sent without a number gets the company's next one (`number`, in the generated
 * invoices' `INV-00042` series), as accounting platforms number the invoices they create. */
export function createdRecord(
  type: PushDataType,
  pushed: Json,
  id: string,
  baseCurrency: string,
  at: string,
  number: number,
): Json {
  const record: Json = { id, ...pushedData(type, pushed, baseCurrency) };
  const given = record.invoiceNumber;
  if (type === 'invoices' && (typeof given !== 'string' || given.trim() === ''))
    record.invoiceNumber = `INV-${String(number).padStart(5, '0')}`;
  return { ...record, metadata: { isDeleted: false }, modifiedDate: at, sourceModifiedDate: at };
}

/** The invoices of a source as a data type, so pushed invoices join them through the generic listing. */
export function invoiceType(source: InvoiceSource): DataType {
  return {
    segment: 'invoices',
    fields: INVOICE_FIELDS,
    noun: 'invoice',
    count: () => source.count,
    record: (_books, index) => generateInvoice(source, index),
    indexOf: (_books, id) => invoiceIndex(source, id),
  };
}

/** The type with the pushed records after its own (copies are served, so a client cannot change them). */
export function withPushed(type: DataType, pushed: readonly object[]): DataType {
  // The type's own count, once per request (a request builds its Books once).
  const counts = new WeakMap<object, number>();
  const own = (books: Parameters<DataType['count']>[0]): number => {
    let n = counts.get(books);
    if (n === undefined) counts.set(books, (n = type.count(books)));
    return n;
  };
  return {
    ...type,
    count: (books) => own(books) + pushed.length,
    record: (books, index) => {
      const n = own(books);
      return index < n ? type.record(books, index) : structuredClone(pushed[index - n]);
    },
    indexOf: (books, id) => {
      const j = pushed.findIndex((r) => (r as { id?: unknown }).id === id);
      return j >= 0 ? own(books) + j : type.indexOf(books, id);
    },
  };
}
