// A company changed or removed (Codat's Platform API): `PATCH /companies/{companyId}` and
// `DELETE /companies/{companyId}`. Each write is sent once and never retried (`once`): after a
// lost answer the caller reads the company before offering to send it again.
import type { Company, CompanyUpdate } from './models';
import { deleteCompanyRequest, updateCompanyRequest, type PreparedRequest } from './requests';
import { isCompany, isNoContent } from './responseShapes';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';

export class CompaniesApi {
  constructor(private readonly session: ApiSession) {}

  /** What `update` sends. */
  updateRequest(companyId: string, update: CompanyUpdate): PreparedRequest {
    return this.session.prepared(updateCompanyRequest(companyId, update));
  }
  /** `PATCH /companies/{companyId}`: the fields given (name checked as Create Company checks it,
   * description, tags), the company as it is now. The body is the user's own input. Sent once. */
  async update(companyId: string, update: CompanyUpdate, options?: CallOptions): Promise<Company> {
    const request = updateCompanyRequest(companyId, update);
    // The body is the user's own input: an error keeps it, so its entry can be copied as cURL.
    const call = { ...request, once: true, shareBody: true, accept: isCompany, expected: 'a company' };
    return this.session.send(call, options);
  }

  /** What `delete` sends. */
  deleteRequest(companyId: string): PreparedRequest {
    return this.session.prepared(deleteCompanyRequest(companyId));
  }
  /** `DELETE /companies/{companyId}` (204): the company and everything under it. Sent once. */
  async delete(companyId: string, options?: CallOptions): Promise<void> {
    const request = deleteCompanyRequest(companyId);
    const call = { ...request, once: true, accept: isNoContent, expected: 'no content', emptyOk: true };
    await this.session.send<undefined>(call, options);
  }
}
