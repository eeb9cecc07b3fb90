// A cell's text as the export writes the value (src/export/csv.ts, without the CSV quoting and
// formula guard a spreadsheet needs): text and dates as sent, numbers and booleans as JSON writes
// them, nothing for a missing value. A nested reference is its own column (`customerRef.companyName`),
// so an object left in a row (dataTypes/rows.ts keeps them empty) shows as nothing.
import { valueAt } from '../export/columns';

export function cellText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? String(value) : '';
    case 'boolean':
      return String(value);
    default:
      return '';
  }
}

/** The cells of one record, one per column path. */
export function rowCells(record: unknown, paths: readonly (readonly string[])[]): string[] {
  return paths.map((p) => cellText(valueAt(record, p)));
}
