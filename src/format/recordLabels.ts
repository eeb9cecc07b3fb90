// How a record of any data type reads in the tree: label, description, icon and Markdown tooltip,
// computed from the presentation its type declares in src/dataTypes/catalog.ts. The one switch of
// tooltip row messages is here; everything per type is data in the catalog.
import type { DataRecord, Invoice } from '../api';
import type { DataTypeSpec } from '../dataTypes/catalog';
import {
  ROW_FORMATS,
  type DescriptionPart,
  type FieldRef,
  type RowKind,
  type ValueFormat,
} from '../dataTypes/rowFormats';
import { t } from '../l10n';
import { phoneNumbers } from '../dataTypes/rows';
import { getFieldValue } from '../query/values';
import { formatAmount, formatPercent } from '../util/amount';
import { escapeMarkdown } from './markdown';
import { statusIcon, recordStatusText } from './recordStatus';

type AnyRecord = DataRecord | Invoice;

/** The value at a path; a list only when `lists` (a phone list), else a list is no value. */
function valueAt(record: AnyRecord, path: string, lists = false): unknown {
  const keys = path.split('.');
  const parent = lists ? getFieldValue(record, keys.slice(0, -1)) : undefined;
  const listed =
    parent !== null && typeof parent === 'object'
      ? (parent as Record<string, unknown>)[keys[keys.length - 1]]
      : undefined;
  if (Array.isArray(listed))
    return Object.prototype.hasOwnProperty.call(parent, keys[keys.length - 1]) ? listed : undefined;
  const v = getFieldValue(record, keys);
  return typeof v === 'string' ? (v.trim() === '' ? undefined : v) : (v ?? undefined);
}

/** The first of the fields with a value. */
function firstValue(record: AnyRecord, ref: FieldRef | undefined, lists = false): unknown {
  if (ref === undefined) return undefined;
  for (const path of typeof ref === 'string' ? [ref] : ref) {
    const v = valueAt(record, path, lists);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** A value as the format shows it, or undefined when it is not of that format's kind. */
function formatted(format: ValueFormat, value: unknown, currency: unknown, locale?: string): string | undefined {
  switch (format) {
    case 'amount':
      return typeof value === 'number'
        ? formatAmount(value, typeof currency === 'string' ? currency : undefined, locale)
        : undefined;
    case 'percent':
      return typeof value === 'number' ? formatPercent(value, locale) : undefined;
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : undefined;
    case 'status':
      return typeof value === 'string' ? recordStatusText(value) : undefined;
    case 'text':
      return typeof value === 'string'
        ? value.trim()
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : undefined;
    case 'phones':
      return phoneNumbers(value);
  }
}

const currencyOf = (spec: DataTypeSpec, record: AnyRecord): unknown =>
  spec.currency ? valueAt(record, spec.currency) : undefined;

/** What the record's label is made of: the fields of one of its label choices, or who, when and
 * how much (`Acme Ltd · 2026-11-27 · 1,234.50 GBP`), or its id. */
function labelOf(spec: DataTypeSpec, record: AnyRecord): { text: string; summary?: true } {
  for (const fields of spec.label) {
    if (fields.length === 1 && fields[0] === 'id') {
      const parts = SUMMARY.map((part) => descriptionPart(spec, record, part)).filter((p): p is string => !!p);
      // One part alone says too little: the id is better.
      if (parts.length >= 2) return { text: parts.join(' · '), summary: true };
    }
    const text = fields
      .map((f) => formatted('text', valueAt(record, f), undefined))
      .filter((v): v is string => !!v)
      .join(' ');
    if (text) return { text };
  }
  return { text: record.id };
}

const SUMMARY = ['party', 'date', 'amount'] as const;

/** `INV-00042`, `4000 Sales`: the first of the type's label choices the record fills. Before the
 * bare id, a record of a type with a party, a date and an amount is named by them: an invoice a
 * platform has not numbered yet (a pushed draft) reads as whose, when and how much, not as a UUID. */
export function recordLabel(spec: DataTypeSpec, record: AnyRecord): string {
  return labelOf(spec, record).text;
}

function descriptionPart(
  spec: DataTypeSpec,
  record: AnyRecord,
  part: DescriptionPart,
  locale?: string,
): string | undefined {
  switch (part) {
    case 'party':
      return formatted('text', firstValue(record, spec.party), undefined);
    case 'kind':
      return formatted('text', firstValue(record, spec.kind), undefined);
    case 'amount':
      return formatted('amount', firstValue(record, spec.amount), currencyOf(spec, record), locale);
    case 'rate':
      return formatted('percent', firstValue(record, spec.rate), undefined, locale);
    case 'date':
      return formatted('date', firstValue(record, spec.date), undefined);
    case 'status':
      return formatted('status', firstValue(record, spec.status), undefined);
  }
}

const isDeleted = (record: AnyRecord): boolean => valueAt(record, 'metadata.isDeleted') === true;

/** `Acme Ltd · 1,234.50 GBP · Paid`; parts the record lacks are left out. */
export function recordDescription(spec: DataTypeSpec, record: AnyRecord, locale?: string): string {
  // Said once: what the label already says is not repeated beside it.
  const said: readonly DescriptionPart[] = labelOf(spec, record).summary ? SUMMARY : [];
  const parts = spec.description.filter((p) => !said.includes(p)).map((p) => descriptionPart(spec, record, p, locale));
  if (isDeleted(record)) parts.push(t('deleted'));
  return parts.filter((p): p is string => !!p).join(' · ');
}

/** Codicon and colour: the status's when the type has one, else the type's own. */
export function recordIcon(spec: DataTypeSpec, record: AnyRecord): { id: string; color?: string } {
  if (!spec.status) return { id: spec.icon };
  const status = valueAt(record, spec.status);
  return statusIcon(typeof status === 'string' ? status : '');
}

/** One tooltip row: a whole message per kind, the value already escaped. */
const ROW_MESSAGES: Record<RowKind, (value: string) => string> = {
  customer: (value) => t('Customer: {0}', value),
  supplier: (value) => t('Supplier: {0}', value),
  counterparty: (value) => t('Counterparty: {0}', value),
  contact: (value) => t('Contact: {0}', value),
  email: (value) => t('Email: {0}', value),
  phone: (value) => t('Phone: {0}', value),
  name: (value) => t('Name: {0}', value),
  code: (value) => t('Code: {0}', value),
  type: (value) => t('Type: {0}', value),
  category: (value) => t('Category: {0}', value),
  status: (value) => t('Status: {0}', value),
  invoicing: (value) => t('Invoicing: {0}', value),
  issued: (value) => t('Issued: {0}', value),
  due: (value) => t('Due: {0}', value),
  paidOn: (value) => t('Paid on: {0}', value),
  date: (value) => t('Date: {0}', value),
  posted: (value) => t('Posted: {0}', value),
  allocatedOn: (value) => t('Allocated on: {0}', value),
  received: (value) => t('Received: {0}', value),
  expectedDelivery: (value) => t('Expected delivery: {0}', value),
  amount: (value) => t('Amount: {0}', value),
  total: (value) => t('Total: {0}', value),
  tax: (value) => t('Tax: {0}', value),
  amountDue: (value) => t('Amount due: {0}', value),
  remainingCredit: (value) => t('Remaining credit: {0}', value),
  balance: (value) => t('Balance: {0}', value),
  availableBalance: (value) => t('Available balance: {0}', value),
  salePrice: (value) => t('Sale price: {0}', value),
  purchasePrice: (value) => t('Purchase price: {0}', value),
  taxRate: (value) => t('Tax rate: {0}', value),
  account: (value) => t('Account: {0}', value),
  from: (value) => t('From: {0}', value),
  to: (value) => t('To: {0}', value),
  institution: (value) => t('Institution: {0}', value),
  accountNumber: (value) => t('Account number: {0}', value),
  sortCode: (value) => t('Sort code: {0}', value),
  iban: (value) => t('IBAN: {0}', value),
  currency: (value) => t('Currency: {0}', value),
  registrationNumber: (value) => t('Registration number: {0}', value),
  taxNumber: (value) => t('Tax number: {0}', value),
  linkedRecord: (value) => t('Record type: {0}', value),
  reference: (value) => t('Reference: {0}', value),
  description: (value) => t('Description: {0}', value),
  note: (value) => t('Note: {0}', value),
  id: (value) => t('Id: {0}', value),
};

const rowMessage = (kind: RowKind, value: string): string => ROW_MESSAGES[kind](value);

/** The record's tooltip, in Markdown: its label, then each row the record has a value for. Every
 * server value is escaped before it goes into its message. */
export function recordTooltip(spec: DataTypeSpec, record: AnyRecord, locale?: string): string {
  const title = `**${escapeMarkdown(recordLabel(spec, record))}**`;
  const lines = [isDeleted(record) ? t('{0} (deleted)', title) : title, ''];
  const currency = currencyOf(spec, record);
  for (const [kind, ref] of spec.tooltip) {
    const format = ROW_FORMATS[kind];
    const v = formatted(format, firstValue(record, ref, format === 'phones'), currency, locale);
    if (v) lines.push(`${rowMessage(kind, escapeMarkdown(v))}  `);
  }
  return lines.join('\n');
}
