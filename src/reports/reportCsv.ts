// A report as CSV: one row per table row, its depth in a column of its own and its label indented
// by two spaces a level (a spreadsheet sorts or filters by the depth, a reader sees the tree), one
// column per period or bucket as the table has them, numbers as plain numbers. Written by the
// export's CSV rules (src/export/csv.ts): RFC 4180, and a label a spreadsheet would run as a
// formula neutralised.
import type { CsvDelimiter } from '../export/csv';
import type { ReportTable } from './reportTable';

export function reportCsv(table: ReportTable, delimiter: CsvDelimiter = ','): string {
  void [table, delimiter];
  throw new Error('not implemented yet');
}
