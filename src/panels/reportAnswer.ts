// The message that shows a report in the page: the table, each cell's text as the report formats
// it (the currency's decimals, changes signed), and the chart's geometry, so the page only places
// what it is given.
import { chartLayout, formatReportChange, formatReportValue, type ReportTable } from '../reports';
import type { HostToPage, RowTexts } from './reportProtocol';

/** The box the chart is laid out in; the page scales it to its width (an SVG viewBox). */
const CHART_BOX = { width: 760, height: 280 };

function rowTexts(table: ReportTable, locale?: string): RowTexts[] {
  const { currency } = table;
  return table.rows.map((row) => ({
    values: row.values.map((v) => formatReportValue(v, currency, locale)),
    changes: table.columns.map((_, i) => formatReportChange(row.changes?.[i], currency, locale)),
    expected: Object.fromEntries(
      (row.mismatches ?? []).map((m) => [m.column, formatReportValue(m.expected, currency, locale)]),
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
