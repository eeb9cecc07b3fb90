// Reading exported CSV back in tests, independently of src/export: a strict RFC 4180 parser (rows
// end in CRLF, a quoted field's quotes are doubled) and the reverse of the flattening, so an
// exported file can be compared with the API's records field by field.
import type { DataTypeSpec } from '../../src/dataTypes/catalog';

/** The last column of every CSV export: what no other column holds, as one JSON object. Named
 * here, not imported, so the reader stays independent of src/export. */
const OTHER_FIELDS = 'otherFields';

/** One field from `at`: its text and where it ends (at the delimiter, the CR or the text's end). */
function field(text: string, at: number, plain: RegExp): { value: string; end: number } {
  if (text[at] !== '"') {
    plain.lastIndex = at;
    const value = plain.exec(text)?.[0] ?? '';
    const end = at + value.length;
    if (text[end] === '"') throw new Error(`a quote inside an unquoted field at ${end}`);
    return { value, end };
  }
  let value = '';
  let i = at + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) throw new Error('unterminated quoted field');
    value += text.slice(i, q);
    if (text[q + 1] !== '"') return { value, end: q + 1 };
    value += '"';
    i = q + 2;
  }
}

/** The rows of a CSV text; fails on anything RFC 4180 does not allow (a bare LF, a stray quote).
 * `delimiter` is `,` unless the export chose `;` or a tab. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const plain = new RegExp(`[^${delimiter === '\t' ? '\\t' : delimiter}\\r\\n"]*`, 'y');
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    const { value, end } = field(text, i, plain);
    row.push(value);
    if (text[end] === delimiter) {
      i = end + 1;
    } else if (text.startsWith('\r\n', end)) {
      rows.push(row);
      row = [];
      i = end + 2;
    } else {
      throw new Error(
        `expected ${JSON.stringify(delimiter)} or CRLF at ${end}, found ${JSON.stringify(text.slice(end, end + 10))}`,
      );
    }
  }
  if (row.length > 0) throw new Error('the last row has no CRLF');
  return rows;
}

/** A CSV export's columns, and how each column's text turns back into the record's value. */
export interface ColumnTypes {
  header: readonly string[];
  numbers: readonly string[];
  booleans: readonly string[];
  json: readonly string[];
}

export const INVOICE_TYPES: ColumnTypes = {
  header: [
    'id',
    'invoiceNumber',
    'customerRef.id',
    'customerRef.companyName',
    'issueDate',
    'dueDate',
    'paidOnDate',
    'currency',
    'currencyRate',
    'subTotal',
    'totalTaxAmount',
    'totalAmount',
    'amountDue',
    'totalDiscount',
    'status',
    'note',
    'metadata.isDeleted',
    'modifiedDate',
    'sourceModifiedDate',
    'discountPercentage',
    'additionalTaxAmount',
    'additionalTaxPercentage',
    'lineItems',
    'otherFields',
  ],
  numbers: [
    'currencyRate',
    'subTotal',
    'totalTaxAmount',
    'totalAmount',
    'amountDue',
    'totalDiscount',
    'discountPercentage',
    'additionalTaxAmount',
    'additionalTaxPercentage',
  ],
  booleans: ['metadata.isDeleted'],
  json: ['lineItems'],
};

export const COMPANY_TYPES: ColumnTypes = {
  header: [
    'id',
    'name',
    'description',
    'redirect',
    'created',
    'lastSync',
    'createdByUserName',
    'products',
    'tags',
    'dataConnections',
    'otherFields',
  ],
  numbers: [],
  booleans: [],
  json: ['products', 'tags', 'dataConnections'],
};

/** The columns of a data type's CSV export, from its catalog entry: its queryable fields typed by
 * its schema, then its export columns (a dotted one is a text field, any other a whole list or
 * object as JSON). Reading a file back with them and comparing with the API's records shows that
 * nothing was lost. */
export function dataTypeColumnTypes(spec: DataTypeSpec): ColumnTypes {
  const fields = Object.entries(spec.schema.fields);
  return {
    header: [...fields.map(([f]) => f), ...spec.exportColumns, OTHER_FIELDS],
    numbers: fields.filter(([, type]) => type === 'number').map(([f]) => f),
    booleans: fields.filter(([, type]) => type === 'boolean').map(([f]) => f),
    json: spec.exportColumns.filter((c) => !c.includes('.')),
  };
}

/** A text cell without the `'` that neutralised a formula. */
export function unneutralise(text: string): string {
  return /^'[\s\u200b-\u200d\u2060]*[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `extra`'s fields put into `into`, objects merged key by key. */
function mergeInto(into: Record<string, unknown>, extra: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(extra)) {
    const at = into[k];
    if (isObject(at) && isObject(v)) mergeInto(at, v);
    else into[k] = v;
  }
}

/** The record a CSV row stands for: empty cells left out, `a.b` headers nested, the last column's
 * other fields merged back in. */
export function recordOf(
  header: readonly string[],
  row: readonly string[],
  types: ColumnTypes,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  header.forEach((path, i) => {
    const text = row[i];
    if (text === '') return;
    if (path === OTHER_FIELDS) {
      mergeInto(record, JSON.parse(text) as Record<string, unknown>);
      return;
    }
    let value: unknown;
    if (types.numbers.includes(path)) value = Number(text);
    else if (types.booleans.includes(path)) value = text === 'true';
    else if (types.json.includes(path)) value = JSON.parse(text);
    else value = unneutralise(text);
    const keys = path.split('.');
    let at = record;
    for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
    at[keys[keys.length - 1]] = value;
  });
  return record;
}

/**
 * The records as an export of `format` gives them back: CSV writes a null as an empty cell, as it
 * writes a missing value (src/export/csv.ts), so a null in a column of its own reads back as
 * missing; inside a JSON column it stays.
 */
export function asExported(
  records: readonly unknown[],
  format: 'csv' | 'json' | 'jsonl',
  types: ColumnTypes,
): unknown[] {
  if (format !== 'csv') return [...records];
  return records.map((r) => {
    const copy = structuredClone(r) as Record<string, unknown>;
    for (const path of types.header) {
      const keys = path.split('.');
      let at: unknown = copy;
      for (const k of keys.slice(0, -1)) at = isObject(at) ? at[k] : undefined;
      const last = keys[keys.length - 1];
      if (isObject(at) && at[last] === null) delete at[last];
    }
    return copy;
  });
}

/** The records in an exported text (JSON, JSON Lines or CSV with its byte order mark). */
export function readExport(text: string, format: 'csv' | 'json' | 'jsonl', types: ColumnTypes): unknown[] {
  if (format === 'json') return JSON.parse(text) as unknown[];
  if (format === 'jsonl')
    return text === ''
      ? []
      : text
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => JSON.parse(l) as unknown);
  if (!text.startsWith('\uFEFF')) throw new Error('a CSV export starts with the UTF-8 byte order mark');
  const [header, ...rows] = parseCsv(text.slice(1));
  if (JSON.stringify(header) !== JSON.stringify(types.header)) throw new Error(`unexpected header ${header.join(',')}`);
  return rows.map((row) => recordOf(header, row, types));
}
