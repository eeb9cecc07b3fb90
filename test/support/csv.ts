// Reading exported CSV back in tests, independently of src/export: a strict RFC 4180 parser (rows
// end in CRLF, a quoted field's quotes are doubled) and the reverse of the flattening, so an
// exported file can be compared with the API's records field by field.

/** The rows of a CSV text; fails on anything RFC 4180 does not allow (a bare LF, a stray quote). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else {
      throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`);
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
    'id', 'invoiceNumber', 'customerRef.id', 'customerRef.companyName', 'issueDate', 'dueDate', 'paidOnDate', 'currency',
    'currencyRate', 'subTotal', 'totalTaxAmount', 'totalAmount', 'amountDue', 'totalDiscount', 'status', 'note',
    'metadata.isDeleted', 'modifiedDate', 'sourceModifiedDate', 'lineItems',
  ],
  numbers: ['currencyRate', 'subTotal', 'totalTaxAmount', 'totalAmount', 'amountDue', 'totalDiscount'],
  booleans: ['metadata.isDeleted'],
  json: ['lineItems'],
};

export const COMPANY_TYPES: ColumnTypes = {
  header: ['id', 'name', 'description', 'redirect', 'created', 'lastSync', 'createdByUserName', 'products', 'tags', 'dataConnections'],
  numbers: [],
  booleans: [],
  json: ['products', 'tags', 'dataConnections'],
};

/** A text cell without the `'` that neutralised a formula. */
export function unneutralise(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** The record a CSV row stands for: empty cells left out, `a.b` headers nested. */
export function recordOf(header: readonly string[], row: readonly string[], types: ColumnTypes): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  header.forEach((path, i) => {
    const text = row[i];
    if (text === '') return;
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

/** The records in an exported text (JSON, JSON Lines or CSV with its byte order mark). */
export function readExport(text: string, format: 'csv' | 'json' | 'jsonl', types: ColumnTypes): unknown[] {
  if (format === 'json') return JSON.parse(text) as unknown[];
  if (format === 'jsonl') return text === '' ? [] : text.replace(/\n$/, '').split('\n').map((l) => JSON.parse(l) as unknown);
  if (!text.startsWith('\uFEFF')) throw new Error('a CSV export starts with the UTF-8 byte order mark');
  const [header, ...rows] = parseCsv(text.slice(1));
  if (JSON.stringify(header) !== JSON.stringify(types.header)) throw new Error(`unexpected header ${header.join(',')}`);
  return rows.map((row) => recordOf(header, row, types));
}
