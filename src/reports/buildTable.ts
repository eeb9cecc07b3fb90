// The table of any report kind from the API's answer for it.
import { isAgedKind } from '../api';
import type { AgedParams, AgedReport, FinancialStatement, ReportKind, ReportParams, StatementParams } from '../api';
import { agedTable } from './agedTable';
import type { ReportTable } from './reportTable';
import { statementTable, type TableOptions } from './statementTable';

/** `statementTable` or `agedTable` by `kind`; the answer is the one `client.reports` gave for it. */
export function reportTable(
  kind: ReportKind,
  params: ReportParams,
  response: FinancialStatement | AgedReport,
  options: TableOptions = {},
): ReportTable {
  if (isAgedKind(kind)) return agedTable(kind, params as AgedParams, response as AgedReport, options);
  return statementTable(kind, params as StatementParams, response as FinancialStatement, options);
}
