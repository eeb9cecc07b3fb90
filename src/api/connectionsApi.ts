// @ts-nocheck -- STUB until the client step fills it (unused parameters).
/* eslint-disable */
// A company's data connections and the integrations they are made from (Codat's Platform API):
// reading them, creating one, unlinking, deleting, and replacing its authorization; and what a
// pull's validation found. Every write is a request sent once and never retried (`once`).
// STUB: the interface the tree and commands build on; bodies land with the client's step.
import type { PageLoader } from './paging';
import type { DataConnection, Integration, Page, PullValidation } from './models';
import type { ListParams, PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';

const todo = (): never => {
  throw new Error('not implemented yet');
};

export class ConnectionsApi {
  constructor(private readonly session: ApiSession) {}

  /** What `listIntegrations(params)` sends (Copy as cURL). */
  integrationsRequest(params: ListParams = {}): PreparedRequest {
    return todo();
  }
  /** A page of the integrations (`GET /integrations`); query and orderBy checked. */
  async listIntegrations(params: ListParams = {}, options?: CallOptions): Promise<Page<Integration>> {
    return todo();
  }
  /** The pages of the integrations: the first with `params`, then each `_links` href. */
  integrationPages(params: Omit<ListParams, 'page'> = {}): PageLoader<Integration> {
    return todo();
  }
  /** One integration by its platform key (`GET /integrations/{platformKey}`). */
  async getIntegration(platformKey: string, options?: CallOptions): Promise<Integration> {
    return todo();
  }

  /** The pages of a company's connections, as `integrationPages`. */
  connectionPages(companyId: string, params: Omit<ListParams, 'page'> = {}): PageLoader<DataConnection> {
    return todo();
  }
  /** What `get` sends. */
  connectionRequest(companyId: string, connectionId: string): PreparedRequest {
    return todo();
  }
  async get(companyId: string, connectionId: string, options?: CallOptions): Promise<DataConnection> {
    return todo();
  }

  /** What `create` sends. */
  createRequest(companyId: string, platformKey: string): PreparedRequest {
    return todo();
  }
  /** `POST /companies/{companyId}/connections` `{ platformKey }`: a new connection, PendingAuth,
   * with the `linkUrl` the company's user authorizes it at. Sent once. */
  async create(companyId: string, platformKey: string, options?: CallOptions): Promise<DataConnection> {
    return todo();
  }

  /** What `unlink` sends. */
  unlinkRequest(companyId: string, connectionId: string): PreparedRequest {
    return todo();
  }
  /** `PATCH …/connections/{connectionId}` `{ status: 'Unlinked' }`: the connection as it is now. Sent once. */
  async unlink(companyId: string, connectionId: string, options?: CallOptions): Promise<DataConnection> {
    return todo();
  }

  /** What `delete` sends. */
  deleteRequest(companyId: string, connectionId: string): PreparedRequest {
    return todo();
  }
  /** `DELETE …/connections/{connectionId}` (answered 200 with no body). Sent once. */
  async delete(companyId: string, connectionId: string, options?: CallOptions): Promise<void> {
    return todo();
  }

  /** What `updateAuthorization` sends. */
  updateAuthorizationRequest(
    companyId: string,
    connectionId: string,
    authorization: Record<string, string>,
  ): PreparedRequest {
    return todo();
  }
  /** `PUT …/connections/{connectionId}/authorization`: a JSON object of strings (the contract's
   * shape), the user's own input; answered with the connection. Sent once. */
  async updateAuthorization(
    companyId: string,
    connectionId: string,
    authorization: Record<string, string>,
    options?: CallOptions,
  ): Promise<DataConnection> {
    return todo();
  }

  /** What `validation` sends. */
  validationRequest(companyId: string, datasetId: string): PreparedRequest {
    return todo();
  }
  /** `GET /companies/{companyId}/sync/{datasetId}/validation`: a pull's errors and warnings. */
  async validation(companyId: string, datasetId: string, options?: CallOptions): Promise<PullValidation> {
    return todo();
  }
}
