// One report's answer for the view: the aged report's availability checked first (an unavailable
// one is said plainly, not fetched), then the report, made into the view's table and chart. The
// request line is what was sent, without the key (the client's PreparedRequest never holds it).
import {
  isStatementKind,
  type AgedParams,
  type DataPlatformClient,
  type ReportKind,
  type ReportParams,
  type StatementParams,
} from '../api';
import type { ReportTable } from '../reports/reportTable';
import { agedTable, statementTable } from '../reports';

type ReportAnswer =
  { outcome: 'table'; table: ReportTable; request: string } | { outcome: 'unavailable'; request: string };

/** `GET https://…/companies/…?…`: what the page shows under the table and Copy as cURL copies. */
export function reportRequestLine(
  client: DataPlatformClient,
  companyId: string,
  kind: ReportKind,
  params: ReportParams,
) {
  const request = isStatementKind(kind)
    ? client.reports.statementRequest(companyId, kind, params as StatementParams)
    : client.reports.agedRequest(companyId, kind, params as AgedParams);
  return { request, line: `${request.method} ${client.redact(request.url)}` };
}

export async function fetchReport(
  client: DataPlatformClient,
  companyId: string,
  kind: ReportKind,
  params: ReportParams,
  signal: AbortSignal,
): Promise<ReportAnswer> {
  const { line } = reportRequestLine(client, companyId, kind, params);
  if (isStatementKind(kind)) {
    const p = params as StatementParams;
    const answer = await client.reports.statement(companyId, kind, p, { signal });
    return { outcome: 'table', table: statementTable(kind, p, answer), request: line };
  }
  const available = await client.reports.agedAvailable(companyId, kind, { signal });
  if (!available) return { outcome: 'unavailable', request: line };
  const p = params as AgedParams;
  const answer = await client.reports.aged(companyId, kind, p, { signal });
  return { outcome: 'table', table: agedTable(kind, p, answer), request: line };
}
