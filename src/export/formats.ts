// The three export formats as text producers: what goes before the first record, each record, and
// what closes the file. Each record is formatted on its own, so an export never needs more than
// the page in hand.
import { columnsOf, valueAt, type ExportItems } from './columns';
import { csvCell, csvRow, CSV_EOL, type CsvDelimiter } from './csv';
import { OTHER_FIELDS_COLUMN, otherFields, pathTree } from './otherFields';

export type ExportFormat = 'csv' | 'json' | 'jsonl';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'json', 'jsonl'];

export type { ExportItems };

export interface RecordFormat {
  /** Text before the first record: the CSV header, JSON's `[`. */
  head(): string;
  /** One record; `index` counts from 0. */
  record(item: unknown, index: number): string;
  /** Text after the last record, given how many there were. */
  tail(count: number): string;
  /** True when a record's text is its JSON (with separators around it), so the JSON of a page's
   * records holds nothing the text does not. */
  textIsJson: boolean;
}

/** The usual file name extension of each format (without the dot). */
export const FORMAT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = { csv: 'csv', json: 'json', jsonl: 'jsonl' };

/** The format a file name's extension stands for; undefined for any other name. */
export function formatOfFileName(name: string): ExportFormat | undefined {
  const ext = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
  if (ext === 'csv') return 'csv';
  if (ext === 'json') return 'json';
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonl';
  return undefined;
}

/** UTF-8's byte order mark: without it Excel reads a CSV file in the system's code page, and
 * every accented or non-Latin name comes out garbled. */
export const UTF8_BOM = '\uFEFF';

/**
 * CSV: a header row of field paths, then one row per record (columns.ts), and last the record's
 * other fields as one JSON object (otherFields.ts), so a row loses nothing. Starts with the UTF-8
 * byte order mark for spreadsheets.
 */
export function csvFormat(items: ExportItems, delimiter: CsvDelimiter = ','): RecordFormat {
  const columns = columnsOf(items);
  const paths = columns.map((c) => c.split('.'));
  const tree = pathTree(columns);
  const cell = (value: unknown) => csvCell(value, delimiter);
  return {
    head: () => UTF8_BOM + csvRow([...columns, OTHER_FIELDS_COLUMN], delimiter),
    record: (item) =>
      `${paths.map((p) => cell(valueAt(item, p))).join(delimiter)}${delimiter}${cell(otherFields(item, tree))}${CSV_EOL}`,
    tail: () => '',
    textIsJson: false,
  };
}

/** One JSON array: `[`, the records separated by `,` and a line end, `]`. */
const JSON_FORMAT: RecordFormat = {
  head: () => '[',
  record: (item, index) => (index === 0 ? '\n' : ',\n') + JSON.stringify(item),
  tail: (count) => (count === 0 ? ']\n' : '\n]\n'),
  textIsJson: true,
};

/** U+2028 and U+2029 are valid raw in JSON, but line ends to many line readers (Python's
 * splitlines, editors): escaped, a record can never span two lines. */
const LINE_SEPARATORS = /[\u2028\u2029]/g;
const escapeLineSeparator = (c: string): string => (c === '\u2028' ? '\\u2028' : '\\u2029');

/** JSON Lines: one record per line. */
const JSONL_FORMAT: RecordFormat = {
  head: () => '',
  record: (item) => `${JSON.stringify(item).replace(LINE_SEPARATORS, escapeLineSeparator)}\n`,
  tail: () => '',
  textIsJson: true,
};

/** `csvDelimiter` applies to CSV only. */
export function recordFormat(format: ExportFormat, items: ExportItems, csvDelimiter?: CsvDelimiter): RecordFormat {
  switch (format) {
    case 'csv':
      return csvFormat(items, csvDelimiter);
    case 'json':
      return JSON_FORMAT;
    case 'jsonl':
      return JSONL_FORMAT;
  }
}
