// A report as CSV: one row per table row, its label indented by two spaces a level (a reader sees
// the tree) with its depth and role in columns of their own (a spreadsheet filters or sorts by
// them: spaces at the start of a cell are easy to lose), one column per period or bucket as the
// table has them, numbers as plain numbers a spreadsheet adds up, and where a total does not add
// up, what it should be. Written by the export's CSV rules (src/export/csv.ts): RFC 4180, and any
// text a spreadsheet would run as a formula neutralised.
import { t } from '../l10n';
import { csvRow, type CsvDelimiter } from '../export/csv';
import { formatReportValue } from './reportFormat';
import type { ReportRow, ReportTable } from './reportTable';

/** "Mar 2026: 1,200.00; Apr 2026: 0.00": where the row does not add up and what it should be. */
function checks(table: ReportTable, row: ReportRow): string | undefined {
  if (!row.mismatches?.length) return undefined;
  return row.mismatches
    .map((m) => `${table.columns[m.column]?.label ?? m.column}: ${formatReportValue(m.expected, table.currency)}`)
    .join('; ');
}

export function reportCsv(table: ReportTable, delimiter: CsvDelimiter = ','): string {
  const header = [t('Line'), t('Depth'), t('Role'), ...table.columns.map((c) => c.label), t('Should be')];
  const lines = [csvRow(header, delimiter)];
  for (const row of table.rows) {
    const label = `${'  '.repeat(Math.max(0, row.depth))}${row.label}`;
    const values = table.columns.map((_, i) => row.values[i] ?? undefined);
    lines.push(csvRow([label, row.depth, row.role, ...values, checks(table, row)], delimiter));
  }
  return lines.join('');
}
