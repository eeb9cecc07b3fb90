// The message that shows a report in the page: the table, each cell's text as the report formats
// it (the currency's decimals, changes signed), and the chart's geometry, so the page only places
// what it is given.
import { t } from '../l10n';
import { chartLayout, formatReportChange, formatReportValue, type ReportMismatch, type ReportTable } from '../reports';
import type { HostToPage, RowTexts } from './reportProtocol';

/** The box the chart is laid out in; the page scales it to its width (an SVG viewBox). */
const CHART_BOX = { width: 760, height: 280 };

/** What a flagged cell says, by the rule that found it (not colour alone: the page shows these words). */
function flagText(m: ReportMismatch, expected: string): string {
  switch (m.rule) {
    case 'items':
      return t('does not add up: lines sum to {0}', expected);
    case 'formula':
      return t('does not add up: the totals it is made of give {0}', expected);
    case 'balance':
      return t('does not balance: liabilities and equity come to {0}', expected);
  }
}

function rowTexts(table: ReportTable, locale?: string): RowTexts[] {
  const { currency } = table;
  return table.rows.map((row) => ({
    values: row.values.map((v) => formatReportValue(v, currency, locale)),
    changes: table.columns.map((_, i) => formatReportChange(row.changes?.[i], currency, locale)),
    flags: Object.fromEntries(
      (row.mismatches ?? []).map((m) => [m.column, flagText(m, formatReportValue(m.expected, currency, locale))]),
    ),
  }));
}

export function reportMessage(seq: number, table: ReportTable, request: string, locale?: string): HostToPage {
  return {
    type: 'report',
    seq,
    table,
    texts: rowTexts(table, locale),
    chart: chartLayout(table.chart, CHART_BOX),
    request,
  };
}
