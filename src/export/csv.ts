// CSV as RFC 4180 has it (CRLF after every row; a field holding `"`, `,`, CR or LF is quoted, its
// quotes doubled) and safe to open in a spreadsheet: a text cell that a spreadsheet would run as a
// formula is neutralised, as OWASP's CSV injection guidance says. A field holding `;` is quoted
// too: Excel in a locale whose list separator is `;` splits an unquoted cell there, and what
// follows the `;` (`a;=cmd|…`) would start a cell of its own. The delimiter may be `,` (the
// default), `;` or a tab (dataPlatform.export.csvDelimiter, for spreadsheets whose list separator
// is not the comma); a field holding the delimiter chosen is always quoted.
//
// The neutralising rule, exactly: a cell whose value is a string (in the API's record) and whose
// first character, after any whitespace (spreadsheets trim spaces, NBSP, line breaks before
// reading a formula), is `=`, `+`, `-`, `@`, a tab or a carriage return gets a `'` in front. Numbers
// and booleans of the record are written as they are (`-12.5` stays a number a spreadsheet can
// add up); nothing else is changed. Objects and arrays are written as JSON, which starts with `{`
// or `[` and so is never touched.

/** The line end of every row, header included. */
export const CSV_EOL = '\r\n';

/** `\s` is every Unicode space and line end (NBSP, U+3000, U+2028, the BOM…); the zero-width ones
 * are added. */
const FORMULA_START = /^[\s\u200b-\u200d\u2060]*[=+\-@\t\r]/;
/** The field separators a user may choose. */
export type CsvDelimiter = ',' | ';' | '\t';
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

const NEEDS_QUOTES = /[",;\r\n]/;
/** A tab only separates fields when it is the delimiter; elsewhere it stays unquoted as before. */
const NEEDS_QUOTES_TAB = /[",;\t\r\n]/;

/** A text value as a spreadsheet may read it: a leading `'` stops it being run as a formula. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field, quoted when RFC 4180 requires it (the delimiter, a quote, a line end) or a `;` is in it. */
export function quoteField(text: string, delimiter: CsvDelimiter = ','): string {
  const needsQuotes = delimiter === '\t' ? NEEDS_QUOTES_TAB : NEEDS_QUOTES;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A record's value as one CSV field: empty for a missing value, text neutralised, JSON for
 * objects and arrays. */
export function csvCell(value: unknown, delimiter: CsvDelimiter = ','): string {
  switch (typeof value) {
    case 'undefined':
      return '';
    case 'string':
      return quoteField(neutralise(value), delimiter);
    case 'number':
      // NaN and Infinity cannot come out of JSON; written as text if they ever do.
      return Number.isFinite(value) ? String(value) : quoteField(neutralise(String(value)), delimiter);
    case 'boolean':
      return String(value);
    case 'bigint':
      return String(value);
    default:
      return value === null ? '' : quoteField(neutralise(JSON.stringify(value) ?? ''), delimiter);
  }
}

/** One row: the fields separated by the delimiter, ended by CRLF. */
export function csvRow(values: readonly unknown[], delimiter: CsvDelimiter = ','): string {
  return values.map((v) => csvCell(v, delimiter)).join(delimiter) + CSV_EOL;
}
