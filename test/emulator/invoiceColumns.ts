// Compact per-field columns of a company's invoices, for filtering and sorting without building
// records: numbers in typed arrays, booleans as bytes, never JSON strings. Built once per company
// and kept (a bounded cache), so paging through a filtered list scans the columns, not invoices.
import { INVOICE_FIELDS } from './fields';
import { type InvoiceSource, generateInvoice } from './invoices';
import type { FieldReader } from './match';

type Column = Float64Array | Uint8Array | (string | undefined)[];

/** One column per queryable field, read by record number (invoiceColumn). */
export interface InvoiceColumns {
  count: number;
  columns: ReadonlyMap<string, Column>;
}

// Bounded so a long test run with many seeds does not keep every company's columns alive.
const COLUMN_CACHE_SIZE = 16;
const columnCache = new Map<string, InvoiceColumns>();
let columnBuilds = 0;

/** How many times columns were built (tests check the cache holds). */
export function columnsBuilt(): number {
  return columnBuilds;
}

function readPath(record: unknown, path: string[]): unknown {
  let value: unknown = record;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

// Given records are kept with their array, so another emulator's records never mix in.
const recordColumns = new WeakMap<readonly object[], InvoiceColumns>();

export function invoiceColumns(source: InvoiceSource): InvoiceColumns {
  if (source.records) {
    let built = recordColumns.get(source.records);
    if (!built) recordColumns.set(source.records, (built = buildColumns(source)));
    return built;
  }
  const key = `${source.seed}/${source.companyId}/${source.count}`;
  const cached = columnCache.get(key);
  if (cached) return cached;
  const built = buildColumns(source);
  if (columnCache.size >= COLUMN_CACHE_SIZE) columnCache.delete(columnCache.keys().next().value as string);
  columnCache.set(key, built);
  return built;
}

function buildColumns(source: InvoiceSource): InvoiceColumns {
  columnBuilds++;
  const columns = new Map<string, Column>();
  const fields = [...INVOICE_FIELDS.types].map(([field, type]) => {
    // Missing numbers are NaN, missing booleans 2: both read back as "absent".
    const column: Column =
      type === 'number'
        ? new Float64Array(source.count)
        : type === 'boolean'
          ? new Uint8Array(source.count)
          : new Array<string | undefined>(source.count);
    columns.set(field, column);
    return { path: field.split('.'), type, column };
  });
  for (let i = 0; i < source.count; i++) {
    const invoice = generateInvoice(source, i);
    for (const { path, type, column } of fields) {
      const value = readPath(invoice, path);
      if (type === 'number') (column as Float64Array)[i] = typeof value === 'number' ? value : NaN;
      else if (type === 'boolean') (column as Uint8Array)[i] = value === true ? 1 : value === false ? 0 : 2;
      else (column as (string | undefined)[])[i] = typeof value === 'string' ? value : undefined;
    }
  }
  return { count: source.count, columns };
}

/** One field of every invoice, read from its column; undefined when the invoice has none. */
export function invoiceColumn(columns: InvoiceColumns, field: string): FieldReader {
  const column = columns.columns.get(field);
  if (column instanceof Float64Array) return (i) => (Number.isNaN(column[i]) ? undefined : column[i]);
  if (column instanceof Uint8Array) return (i) => (column[i] === 2 ? undefined : column[i] === 1);
  if (column) return (i) => column[i];
  return () => undefined;
}
