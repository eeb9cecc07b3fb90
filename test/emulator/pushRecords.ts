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

// The names each type with lines gives its sums (the platform works them out from the lines).
const SUMS: Partial<Record<PushDataType, { tax: string; due?: string; discount?: string; credit?: string }>> = {
  invoices: { tax: 'totalTaxAmount', due: 'amountDue', discount: 'totalDiscount' },
  bills: { tax: 'taxAmount', due: 'amountDue' },
  creditNotes: { tax: 'totalTaxAmount', discount: 'totalDiscount', credit: 'remainingCredit' },
  billCreditNotes: { tax: 'totalTaxAmount', discount: 'totalDiscount', credit: 'remainingCredit' },
  purchaseOrders: { tax: 'totalTaxAmount', discount: 'totalDiscount' },
  directCosts: { tax: 'taxAmount' },
  directIncomes: { tax: 'taxAmount' },
};

/** A record with lines: its sums. Drafts and open or submitted documents: nothing is paid or used yet. */
function summed(type: PushDataType, record: Json): void {
  const names = SUMS[type];
  if (!names) return;
  const { sub, tax, discount } = totals(record);
  Object.assign(record, { subTotal: money(sub), [names.tax]: money(tax), totalAmount: money(sub + tax) });
  if (names.due) record[names.due] = money(sub + tax);
  if (names.discount) record[names.discount] = money(discount);
  if (names.credit) Object.assign(record, { [names.credit]: money(sub + tax), discountPercentage: 0 });
}

/** What the platform works out when it creates the record: totals, defaults. */
function completed(type: PushDataType, record: Json, baseCurrency: string): Json {
  if (type === 'customers' || type === 'suppliers') {
    record.status ??= 'Active';
    record.defaultCurrency ??= baseCurrency;
    return record;
  }
  if (type === 'accounts') {
    const category = typeof record.fullyQualifiedCategory === 'string' ? record.fullyQualifiedCategory : '';
    const kind = category.split('.')[0];
    record.type ??= ['Asset', 'Expense', 'Income', 'Liability', 'Equity'].includes(kind) ? kind : 'Unknown';
    Object.assign(record, { status: record.status ?? 'Active', isBankAccount: false });
    record.currency ??= baseCurrency;
    return record;
  }
  if (type === 'items') {
    record.itemStatus ??= 'Active';
    return record;
  }
  if (SUMS[type] || type === 'payments' || type === 'billPayments') {
    record.currency ??= baseCurrency;
    if (record.currency === baseCurrency) record.currencyRate ??= 1;
  }
  summed(type, record);
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

/** Bank transactions a push created: each line a record of its account (the line's own id kept,
 * else a new one), as the list serves them (no metadata, as the contract's line has none). */
export function transactionRecords(pushed: Json, newId: (line: number) => string, at: string): Json[] {
  const lines = (pushed.transactions as Json[] | undefined) ?? [];
  return lines.map((line, i) => ({
    id: typeof line.id === 'string' && line.id !== '' ? line.id : newId(i),
    accountId: pushed.accountId,
    ...Object.fromEntries(Object.entries(line).filter(([name]) => name !== 'id')),
    modifiedDate: at,
    sourceModifiedDate: at,
  }));
}

/** An updated record before its time comes: the pushed fields replace those the options name (an
 * optional field left out is gone, as a PUT replaces); what else the record carries (its id,
 * metadata, what a push cannot set) stays; totals are worked out again. An invoice sent without a
 * number keeps its own. */
export function updatedRecord(
  type: PushDataType,
  current: Json,
  pushed: Json,
  named: readonly string[],
  baseCurrency: string,
): Json {
  const kept = Object.fromEntries(Object.entries(current).filter(([name]) => !named.includes(name)));
  const next: Json = { ...kept, ...pushedData(type, pushed, baseCurrency), id: current.id };
  const given = pushed.invoiceNumber;
  if (type === 'invoices' && (typeof given !== 'string' || given.trim() === '') && current.invoiceNumber !== undefined)
    next.invoiceNumber = current.invoiceNumber;
  return next;
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
