// A company's reports (Accounting API 2.1.0): financial statements per period, aged debtors and
// creditors, whether an aged report is available, and the company's info. Reads, retried as every
// read; parameters checked before anything is sent (reportRequests.ts), answers checked before a
// caller sees them (reportShapes.ts).
import type { AgedKind, AgedParams, StatementKind, StatementParams } from './reportParams';
import type { AgedReport, CompanyInfo, FinancialStatement } from './reportModels';
import * as reports from './reportRequests';
import { isAgedReport, isAvailability, isCompanyInfo, isFinancialStatement } from './reportShapes';
import type { ApiRequest, PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';

export class ReportsApi {
  constructor(private readonly session: ApiSession) {}

  /** What `statement(companyId, kind, params)` sends (Copy as cURL, the view's request line). */
  statementRequest(companyId: string, kind: StatementKind, params: StatementParams): PreparedRequest {
    return this.session.prepared(reports.statementRequest(companyId, kind, params));
  }
  /** `GET /companies/{companyId}/data/financials/{kind}?periodLength&periodsToCompare[&startMonth]`:
   * the periods newest first, as the API lists them. */
  statement(
    companyId: string,
    kind: StatementKind,
    params: StatementParams,
    options?: CallOptions,
  ): Promise<FinancialStatement> {
    return this.read(
      () => reports.statementRequest(companyId, kind, params),
      isFinancialStatement,
      'a financial statement',
      options,
    );
  }

  /** What `aged(companyId, kind, params)` sends. */
  agedRequest(companyId: string, kind: AgedKind, params: AgedParams = {}): PreparedRequest {
    return this.session.prepared(reports.agedRequest(companyId, kind, params));
  }
  /** `GET /companies/{companyId}/reports/{kind}?reportDate&numberOfPeriods&periodLengthDays`. */
  aged(companyId: string, kind: AgedKind, params: AgedParams = {}, options?: CallOptions): Promise<AgedReport> {
    return this.read(() => reports.agedRequest(companyId, kind, params), isAgedReport, 'an aged report', options);
  }

  /** What `agedAvailable(companyId, kind)` sends. */
  agedAvailableRequest(companyId: string, kind: AgedKind): PreparedRequest {
    return this.session.prepared(reports.agedAvailableRequest(companyId, kind));
  }
  /** `GET /companies/{companyId}/reports/{kind}/available`: whether the platform can make it. */
  agedAvailable(companyId: string, kind: AgedKind, options?: CallOptions): Promise<boolean> {
    return this.read(() => reports.agedAvailableRequest(companyId, kind), isAvailability, 'true or false', options);
  }

  /** What `companyInfo(companyId)` sends. */
  companyInfoRequest(companyId: string): PreparedRequest {
    return this.session.prepared(reports.companyInfoRequest(companyId));
  }
  /** `GET /companies/{companyId}/data/info`. */
  companyInfo(companyId: string, options?: CallOptions): Promise<CompanyInfo> {
    return this.read(() => reports.companyInfoRequest(companyId), isCompanyInfo, "the company's info", options);
  }

  /** Builds the request (a refusal rejects, as every call's does, instead of throwing) and sends it. */
  private async read<T>(
    build: () => ApiRequest,
    accept: (json: unknown) => json is T,
    expected: string,
    options?: CallOptions,
  ): Promise<T> {
    return this.session.send({ ...build(), accept, expected }, options);
  }
}
