// A company's data connections and the integrations they are made from (Codat's Platform API):
// reading them, creating one, unlinking, deleting, and replacing its authorization; and what a
// pull's validation found. Every write is a request sent once and never retried (`once`): after a
// lost answer the caller reads the connections before offering to send it again.
import * as connections from './connections';
import type { PageLoader } from './paging';
import type { DataConnection, Integration, Page, PullValidation } from './models';
import { isNoContent } from './responseShapes';
import type { ApiRequest, ListParams, PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { HttpRequest } from './transport';
import type { CallOptions } from './transportOptions';
import { resolveHref } from './url';
import type { Guard } from '../util/guards';

export class ConnectionsApi {
  constructor(private readonly session: ApiSession) {}

  /** What `listIntegrations(params)` sends (Copy as cURL). */
  integrationsRequest(params: ListParams = {}): PreparedRequest {
    return this.session.prepared(connections.integrationsRequest(params));
  }
  /** A page of the integrations (`GET /integrations`); query and orderBy checked. */
  async listIntegrations(params: ListParams = {}, options?: CallOptions): Promise<Page<Integration>> {
    const accept = connections.INTEGRATION_PAGE;
    return this.send(
      { ...connections.integrationsRequest(params), accept, expected: 'a page of integrations' },
      options,
    );
  }
  /** The pages of the integrations: the first with `params`, then each `_links` href. */
  integrationPages(params: Omit<ListParams, 'page'> = {}): PageLoader<Integration> {
    return this.pages((o) => this.listIntegrations(params, o), connections.INTEGRATION_PAGE);
  }
  /** One integration by its platform key (`GET /integrations/{platformKey}`). */
  async getIntegration(platformKey: string, options?: CallOptions): Promise<Integration> {
    const request = connections.integrationRequest(platformKey);
    return this.send({ ...request, accept: connections.isIntegration, expected: 'an integration' }, options);
  }

  /** A page of a company's data connections (`GET /companies/{companyId}/connections`). */
  async list(companyId: string, params: ListParams = {}, options?: CallOptions): Promise<Page<DataConnection>> {
    const accept = connections.CONNECTION_PAGE;
    const request = connections.connectionsRequest(companyId, params);
    return this.send({ ...request, accept, expected: 'a page of connections' }, options);
  }
  /** The pages of a company's connections, as `integrationPages`. */
  connectionPages(companyId: string, params: Omit<ListParams, 'page'> = {}): PageLoader<DataConnection> {
    return this.pages((o) => this.list(companyId, params, o), connections.CONNECTION_PAGE);
  }
  /** What `get` sends. */
  connectionRequest(companyId: string, connectionId: string): PreparedRequest {
    return this.session.prepared(connections.connectionRequest(companyId, connectionId));
  }
  async get(companyId: string, connectionId: string, options?: CallOptions): Promise<DataConnection> {
    const request = connections.connectionRequest(companyId, connectionId);
    return this.send({ ...request, accept: connections.isConnection, expected: 'a connection' }, options);
  }

  /** What `create` sends. */
  createRequest(companyId: string, platformKey: string): PreparedRequest {
    return this.session.prepared(connections.createConnectionRequest(companyId, platformKey));
  }
  /** `POST /companies/{companyId}/connections` `{ platformKey }`: a new connection, PendingAuth,
   * with the `linkUrl` the company's user authorizes it at. Sent once. */
  async create(companyId: string, platformKey: string, options?: CallOptions): Promise<DataConnection> {
    return this.write(connections.createConnectionRequest(companyId, platformKey), options);
  }

  /** What `unlink` sends. */
  unlinkRequest(companyId: string, connectionId: string): PreparedRequest {
    return this.session.prepared(connections.unlinkConnectionRequest(companyId, connectionId));
  }
  /** `PATCH …/connections/{connectionId}` `{ status: 'Unlinked' }`: the connection as it is now. Sent once. */
  async unlink(companyId: string, connectionId: string, options?: CallOptions): Promise<DataConnection> {
    return this.write(connections.unlinkConnectionRequest(companyId, connectionId), options);
  }

  /** What `delete` sends. */
  deleteRequest(companyId: string, connectionId: string): PreparedRequest {
    return this.session.prepared(connections.deleteConnectionRequest(companyId, connectionId));
  }
  /** `DELETE …/connections/{connectionId}` (answered 200 with no body). Sent once. */
  async delete(companyId: string, connectionId: string, options?: CallOptions): Promise<void> {
    const request = connections.deleteConnectionRequest(companyId, connectionId);
    const call = { ...request, once: true, accept: isNoContent, expected: 'no content', emptyOk: true };
    await this.send<undefined>(call, options);
  }

  /** What `updateAuthorization` sends. */
  updateAuthorizationRequest(
    companyId: string,
    connectionId: string,
    authorization: Record<string, string>,
  ): PreparedRequest {
    return this.session.prepared(connections.authorizationRequest(companyId, connectionId, authorization));
  }
  /** `PUT …/connections/{connectionId}/authorization`: a JSON object of strings (the contract's
   * shape), the user's own input; answered with the connection. Sent once. */
  async updateAuthorization(
    companyId: string,
    connectionId: string,
    authorization: Record<string, string>,
    options?: CallOptions,
  ): Promise<DataConnection> {
    // Not kept by an error (no `shareBody`): the values are the platform's credentials, and a
    // diagnostics entry is saved with the workspace. Its entry offers no Copy as cURL.
    return this.write(connections.authorizationRequest(companyId, connectionId, authorization), options, false);
  }

  /** What `validation` sends. */
  validationRequest(companyId: string, datasetId: string): PreparedRequest {
    return this.session.prepared(connections.validationRequest(companyId, datasetId));
  }
  /** `GET /companies/{companyId}/sync/{datasetId}/validation`: a pull's errors and warnings. */
  async validation(companyId: string, datasetId: string, options?: CallOptions): Promise<PullValidation> {
    const request = connections.validationRequest(companyId, datasetId);
    return this.send({ ...request, accept: connections.isPullValidation, expected: 'validation results' }, options);
  }

  /** A write answered with the connection, sent once; its body (built from ids and keys the user
   * picked) kept by an error unless `shareBody` is false, so the entry can be copied as cURL. */
  private write(request: ApiRequest, options?: CallOptions, shareBody = true): Promise<DataConnection> {
    const call = { ...request, once: true, shareBody, accept: connections.isConnection, expected: 'a connection' };
    return this.send(call, options);
  }

  /** The first page from `first`, then the page at each `_links` href, every answer checked by `accept`. */
  private pages<T>(first: (options: CallOptions) => Promise<Page<T>>, accept: Guard<Page<T>>): PageLoader<T> {
    return (href, o) => {
      if (href === undefined) return first(o);
      const path = resolveHref(this.session.baseUrl, href);
      return this.send({ method: 'GET', path, accept, expected: 'a page of results' }, o);
    };
  }

  private send<T>(request: HttpRequest<T>, options?: CallOptions): Promise<T> {
    return this.session.send(request, options);
  }
}
