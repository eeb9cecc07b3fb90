// An aged debtors or creditors report as the report table: its ageing buckets as columns (the
// youngest first, then a Total column), a section per currency, a row per customer or supplier
// with what its amounts are made of (invoices, credit notes) under it, each currency's total.
import type { AgedKind, AgedParams, AgedReport } from '../api';
import type { ReportTable } from './reportTable';
import type { TableOptions } from './statementTable';

export function agedTable(
  kind: AgedKind,
  params: AgedParams,
  response: AgedReport,
  options: TableOptions = {},
): ReportTable {
  void [kind, params, response, options];
  throw new Error('not implemented yet');
}
