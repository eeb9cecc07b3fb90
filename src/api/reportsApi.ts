// A company's reports (Accounting API 2.1.0): financial statements per period, aged debtors and
// creditors, whether an aged report is available, and the company's info. Reads, retried as every
// read; parameters checked before anything is sent.
import type { AgedKind, AgedParams, StatementKind, StatementParams } from './reportParams';
import type { AgedReport, CompanyInfo, FinancialStatement } from './reportModels';
import type { PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';

const stub = (): never => {
  throw new Error('not implemented yet');
};

export class ReportsApi {
  constructor(private readonly session: ApiSession) {}

  /** What `statement(companyId, kind, params)` sends (Copy as cURL, the view's request line). */
  statementRequest(companyId: string, kind: StatementKind, params: StatementParams): PreparedRequest {
    void this.session;
    void [companyId, kind, params];
    return stub();
  }
  /** `GET /companies/{companyId}/data/financials/{kind}?periodLength&periodsToCompare[&startMonth]`. */
  statement(
    companyId: string,
    kind: StatementKind,
    params: StatementParams,
    options?: CallOptions,
  ): Promise<FinancialStatement> {
    void [companyId, kind, params, options];
    return Promise.reject(new Error('not implemented yet'));
  }

  /** What `aged(companyId, kind, params)` sends. */
  agedRequest(companyId: string, kind: AgedKind, params: AgedParams): PreparedRequest {
    void [companyId, kind, params];
    return stub();
  }
  /** `GET /companies/{companyId}/reports/{kind}?reportDate&numberOfPeriods&periodLengthDays`. */
  aged(companyId: string, kind: AgedKind, params: AgedParams, options?: CallOptions): Promise<AgedReport> {
    void [companyId, kind, params, options];
    return Promise.reject(new Error('not implemented yet'));
  }
  /** `GET /companies/{companyId}/reports/{kind}/available`: whether the platform can make it. */
  agedAvailable(companyId: string, kind: AgedKind, options?: CallOptions): Promise<boolean> {
    void [companyId, kind, options];
    return Promise.reject(new Error('not implemented yet'));
  }

  /** What `companyInfo(companyId)` sends. */
  companyInfoRequest(companyId: string): PreparedRequest {
    void companyId;
    return stub();
  }
  /** `GET /companies/{companyId}/data/info`. */
  companyInfo(companyId: string, options?: CallOptions): Promise<CompanyInfo> {
    void [companyId, options];
    return Promise.reject(new Error('not implemented yet'));
  }
}
