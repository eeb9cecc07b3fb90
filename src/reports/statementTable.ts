// A financial statement (balance sheet, profit and loss, cash flow) as the report table: its
// periods as columns, oldest first (the API lists the newest first), its line trees merged across
// the periods into one indented table, each group closed by its total, the figures the API
// computes (gross profit, net profit, net assets) as total rows, and the totals that do not add up.
import type { FinancialStatement, StatementKind, StatementParams } from '../api';
import type { ReportTable } from './reportTable';

export interface TableOptions {
  /** The locale of month names and numbers; the runtime's when absent. */
  locale?: string;
}

export function statementTable(
  kind: StatementKind,
  params: StatementParams,
  response: FinancialStatement,
  options: TableOptions = {},
): ReportTable {
  void [kind, params, response, options];
  throw new Error('not implemented yet');
}
