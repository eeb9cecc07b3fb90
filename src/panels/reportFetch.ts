// One report's answer for the view: the aged report's availability checked first (an unavailable
// one is said plainly, not fetched), then the report, made into the view's table. The request line
// is what was sent, without the key (the client's PreparedRequest never holds it; redacted anyway).
import {
  isStatementKind,
  type AgedParams,
  type DataPlatformClient,
  type ReportKind,
  type ReportParams,
  type StatementParams,
} from '../api';
import { reportTable, type ReportTable } from '../reports';

type ReportAnswer = { outcome: 'table'; table: ReportTable; request: string } | { outcome: 'unavailable' };

/** What the report's request is: Copy as cURL's request, and `GET https://…?…` for the page. */
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
  const answer = isStatementKind(kind)
    ? await client.reports.statement(companyId, kind, params as StatementParams, { signal })
    : (await client.reports.agedAvailable(companyId, kind, { signal }))
      ? await client.reports.aged(companyId, kind, params as AgedParams, { signal })
      : undefined;
  if (!answer) return { outcome: 'unavailable' };
  return { outcome: 'table', table: reportTable(kind, params, answer), request: line };
}
