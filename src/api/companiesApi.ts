// @ts-nocheck -- STUB until the client step fills it (unused parameters).
/* eslint-disable */
// A company changed or removed (Codat's Platform API): `PATCH /companies/{companyId}` and
// `DELETE /companies/{companyId}`. Each write is sent once and never retried (`once`).
// STUB: the interface the tree and commands build on; bodies land with the client's step.
import type { Company, CompanyUpdate } from './models';
import type { PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';

const todo = (): never => {
  throw new Error('not implemented yet');
};

export class CompaniesApi {
  constructor(private readonly session: ApiSession) {}

  /** What `update` sends. */
  updateRequest(companyId: string, update: CompanyUpdate): PreparedRequest {
    return todo();
  }
  /** `PATCH /companies/{companyId}`: the fields given (name checked as Create Company checks it,
   * description, tags), the company as it is now. The body is the user's own input. Sent once. */
  async update(companyId: string, update: CompanyUpdate, options?: CallOptions): Promise<Company> {
    return todo();
  }

  /** What `delete` sends. */
  deleteRequest(companyId: string): PreparedRequest {
    return todo();
  }
  /** `DELETE /companies/{companyId}` (204): the company and everything under it. Sent once. */
  async delete(companyId: string, options?: CallOptions): Promise<void> {
    return todo();
  }
}
