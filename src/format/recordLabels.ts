// How a record of any data type reads in the tree: label, description, icon and Markdown tooltip,
// computed from the presentation its type declares in src/dataTypes/catalog.ts. The one switch of
// tooltip row messages is here; everything per type is data in the catalog.
import type { DataRecord, Invoice } from '../api';
import { ROW_FORMATS, type DataTypeSpec, type DescriptionPart, type FieldRef, type RowKind, type ValueFormat } from '../dataTypes/catalog';
import { t } from '../l10n';
import { phoneNumbers } from '../dataTypes/rows';
import { getFieldValue } from '../query/values';
import { formatAmount, formatPercent } from './amount';
import { escapeMarkdown } from './markdown';
import { statusIcon, recordStatusText } from './recordStatus';

type AnyRecord = DataRecord | Invoice;

/** The value at a path; a list only when `lists` (a phone list), else a list is no value. */
function valueAt(record: AnyRecord, path: string, lists = false): unknown {
  const keys = path.split('.');
  const parent = lists ? getFieldValue(record, keys.slice(0, -1)) : undefined;
  const listed = parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[keys[keys.length - 1]] : undefined;
  if (Array.isArray(listed)) return Object.prototype.hasOwnProperty.call(parent, keys[keys.length - 1]) ? listed : undefined;
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
      return typeof value === 'number' ? formatAmount(value, typeof currency === 'string' ? currency : undefined, locale) : undefined;
    case 'percent':
      return typeof value === 'number' ? formatPercent(value, locale) : undefined;
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : undefined;
    case 'status':
      return typeof value === 'string' ? recordStatusText(value) : undefined;
    case 'text':
      return typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    case 'phones':
      return phoneNumbers(value);
  }
}

const currencyOf = (spec: DataTypeSpec, record: AnyRecord): unknown => (spec.currency ? valueAt(record, spec.currency) : undefined);

/** `INV-00042`, `4000 Sales`: the first of the type's label choices the record fills, else its id. */
export function recordLabel(spec: DataTypeSpec, record: AnyRecord): string {
  for (const fields of spec.label) {
    const text = fields.map((f) => formatted('text', valueAt(record, f), undefined)).filter((v): v is string => !!v).join(' ');
    if (text) return text;
  }
  return record.id;
}

function descriptionPart(spec: DataTypeSpec, record: AnyRecord, part: DescriptionPart, locale?: string): string | undefined {
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
  const parts = spec.description.map((p) => descriptionPart(spec, record, p, locale));
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
function rowMessage(kind: RowKind, value: string): string {
  switch (kind) {
    case 'customer': return t('Customer: {0}', value);
    case 'supplier': return t('Supplier: {0}', value);
    case 'contact': return t('Contact: {0}', value);
    case 'email': return t('Email: {0}', value);
    case 'phone': return t('Phone: {0}', value);
    case 'name': return t('Name: {0}', value);
    case 'code': return t('Code: {0}', value);
    case 'type': return t('Type: {0}', value);
    case 'category': return t('Category: {0}', value);
    case 'status': return t('Status: {0}', value);
    case 'issued': return t('Issued: {0}', value);
    case 'due': return t('Due: {0}', value);
    case 'paidOn': return t('Paid on: {0}', value);
    case 'date': return t('Date: {0}', value);
    case 'posted': return t('Posted: {0}', value);
    case 'allocatedOn': return t('Allocated on: {0}', value);
    case 'total': return t('Total: {0}', value);
    case 'tax': return t('Tax: {0}', value);
    case 'amountDue': return t('Amount due: {0}', value);
    case 'remainingCredit': return t('Remaining credit: {0}', value);
    case 'balance': return t('Balance: {0}', value);
    case 'salePrice': return t('Sale price: {0}', value);
    case 'purchasePrice': return t('Purchase price: {0}', value);
    case 'taxRate': return t('Tax rate: {0}', value);
    case 'account': return t('Account: {0}', value);
    case 'currency': return t('Currency: {0}', value);
    case 'registrationNumber': return t('Registration number: {0}', value);
    case 'taxNumber': return t('Tax number: {0}', value);
    case 'linkedRecord': return t('Record type: {0}', value);
    case 'description': return t('Description: {0}', value);
    case 'note': return t('Note: {0}', value);
    case 'id': return t('Id: {0}', value);
  }
}

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
