// The Data Platform API as methods. Each call validates its parameters (nothing is sent when one
// is refused), builds the path and query string (requests.ts: a first page's URL equals the
// `_links.current` the server writes, and "Copy as cURL" copies what the same builders build), and
// hands the request to the account's session (session.ts: the transport, base URL and redactor).
import { dataType, type DataTypeId } from '../dataTypes/catalog';
import { rowMaker, type RecordRow } from '../dataTypes/rows';
import * as apiKeys from './apiKeys';
import type {
  ApiKeyDetails,
  ApiKeyList,
  Company,
  DataConnection,
  CreateCompanyRequest,
  DataRecord,
  DataStatusMap,
  Page,
  PullOperation,
  PushOperation,
  PushOption,
  SyncSettings,
} from './models';
import { followItems, followPages, mappedPages, PagedList, type PageLoader } from './paging';
import type { Guard } from '../util/guards';
import {
  isAnyRecord,
  isApiKeyDetails,
  isApiKeyList,
  isCompany,
  isDataRecord,
  isDataStatusMap,
  isNoContent,
  isPullOperation,
  pageGuard,
} from './responseShapes';
import type { HttpRequest } from './transport';
import type { CallOptions } from './transportOptions';
import { redactDeep, type Redactor } from './redact';
import { resolveHref } from './url';
import type { RateLimitInfo } from './rateLimit';
import { ApiSession, type ClientOptions } from './session';
import { CompaniesApi } from './companiesApi';
import { ConnectionsApi } from './connectionsApi';
import { DocumentsApi } from './documentsApi';
import { listedRecord } from './listedRecord';
import { PushesApi } from './pushesApi';
import { ReportsApi } from './reportsApi';
import { WebhooksApi } from './webhooksApi';
import * as requests from './requests';
import * as pushes from './pushes';
import * as syncs from './syncs';
import type { ApiRequest, CompanyListParams, ListParams, ListPlace, PlaceArg, PreparedRequest } from './requests';

export type { ClientOptions, CompanyListParams, ListParams, ListPlace, PlaceArg, PreparedRequest };

const COMPANY_PAGE = pageGuard(isCompany);
const RECORD_PAGE = pageGuard(isDataRecord);
const ANY_PAGE = pageGuard(isAnyRecord);

export class DataPlatformClient {
  readonly baseUrl: string;
  /** Replaces this client's key, in any form a text may hold it, by `***`: for what leaves the
   * extension built from the API's answers (exported files). */
  readonly redact: Redactor;
  /** A company's connections, the integrations, a pull's validation. */
  readonly connections: ConnectionsApi;
  /** A company changed or removed. */
  readonly companies: CompaniesApi;
  /** An invoice's PDF, records' attachments. */
  readonly documents: DocumentsApi;
  /** Creates, updates and deletes of records, each a push operation. */
  readonly pushes: PushesApi;
  /** Financial statements, aged reports, the company's info. */
  readonly reports: ReportsApi;
  /** The account's webhook consumers. */
  readonly webhooks: WebhooksApi;
  readonly #session: ApiSession;

  constructor(options: ClientOptions) {
    this.#session = new ApiSession(options);
    this.baseUrl = this.#session.baseUrl;
    this.redact = this.#session.redact;
    this.connections = new ConnectionsApi(this.#session);
    this.companies = new CompaniesApi(this.#session);
    this.documents = new DocumentsApi(this.#session);
    this.pushes = new PushesApi(this.#session);
    this.reports = new ReportsApi(this.#session);
    this.webhooks = new WebhooksApi(this.#session);
  }

  /** Rate-limit headers of the last response that carried them. */
  get rateLimit(): RateLimitInfo | undefined {
    return this.#session.rateLimit;
  }

  // The exact request a call would send, built as the call builds it, without sending anything:
  // for "Copy as cURL". Parameters are checked as the call checks them (a refusal throws).

  /** What `listCompanies(params)` sends: page 1 unless `params.page` says otherwise. */
  companiesRequest(params: CompanyListParams = {}): PreparedRequest {
    return this.prepared(requests.companiesRequest(params));
  }

  /** What `getCompany(companyId)` sends. */
  companyRequest(companyId: string): PreparedRequest {
    return this.prepared(requests.companyRequest(companyId));
  }

  /** What `listRecords(type, place, params)` (and the first page of a record list) sends. */
  recordsRequest(type: DataTypeId, place: PlaceArg, params: ListParams = {}): PreparedRequest {
    return this.prepared(requests.recordsRequest(type, place, params));
  }

  /** What `getRecord(type, place, recordId)` sends (for a type read through its list, its query). */
  recordRequest(type: DataTypeId, place: PlaceArg, recordId: string): PreparedRequest {
    return this.prepared(requests.recordRequest(type, place, recordId));
  }

  async listCompanies(params: CompanyListParams = {}, options?: CallOptions): Promise<Page<Company>> {
    return this.send(
      { ...requests.companiesRequest(params), accept: COMPANY_PAGE, expected: 'a page of companies' },
      options,
    );
  }

  async getCompany(companyId: string, options?: CallOptions): Promise<Company> {
    return this.send({ ...requests.companyRequest(companyId), accept: isCompany, expected: 'a company' }, options);
  }

  async createCompany(request: CreateCompanyRequest, options?: CallOptions): Promise<Company> {
    // The body is the user's own input: an error keeps it, so its entry can be copied as cURL.
    return this.send(
      { ...requests.createCompanyRequest(request), shareBody: true, accept: isCompany, expected: 'a company' },
      options,
    );
  }

  /** A page of a company's records of one data type; the query and orderBy are checked against
   * the type's schema before anything is sent. */
  async listRecords(
    type: DataTypeId,
    place: PlaceArg,
    params: ListParams = {},
    options?: CallOptions,
  ): Promise<Page<DataRecord>> {
    const request = requests.recordsRequest(type, place, params);
    return this.send({ ...request, accept: RECORD_PAGE, expected: `a page of ${type}`, bulk: true }, options);
  }

  /** One record by its id. Of a type the contract has no GET of one record for (bank transactions),
   * the one its list answers for `query=id=…` (not bulk either); none there rejects as a 404 does. */
  async getRecord(type: DataTypeId, place: PlaceArg, recordId: string, options?: CallOptions): Promise<DataRecord> {
    const request = requests.recordRequest(type, place, recordId);
    // Not `bulk`: the record becomes a JSON document, redacted like every answer but a page of records.
    if (dataType(type).getOne !== false)
      return this.send({ ...request, accept: isDataRecord, expected: `a record of ${type}` }, options);
    const page = await this.send({ ...request, accept: RECORD_PAGE, expected: `a page of ${type}` }, options);
    return listedRecord(page, recordId, request, this.baseUrl, this.redact);
  }

  async getDataStatus(companyId: string, options?: CallOptions): Promise<DataStatusMap> {
    const request = syncs.dataStatusRequest(companyId);
    const expected = 'a map of data types to statuses';
    return this.send({ ...request, accept: isDataStatusMap, expected }, options);
  }

  /** Queues a sync of every data type of the company (Refresh all data): a POST, sent once. */
  async refreshAllData(companyId: string, options?: CallOptions): Promise<void> {
    const call = { ...syncs.refreshAllRequest(companyId), accept: isNoContent, expected: 'no content', emptyOk: true };
    await this.send<undefined>(call, options);
  }

  async queueSync(companyId: string, dataType: string, options?: CallOptions): Promise<PullOperation> {
    const request = syncs.queueSyncRequest(companyId, dataType);
    return this.send({ ...request, accept: isPullOperation, expected: 'a pull operation' }, options);
  }

  /** A page of a company's pull operations, the most recent first; query and orderBy checked. */
  async listPullOperations(
    companyId: string,
    params: ListParams = {},
    options?: CallOptions,
  ): Promise<Page<PullOperation>> {
    const request = syncs.pullOperationsRequest(companyId, params);
    const accept = syncs.PULL_OPERATION_PAGE;
    return this.send({ ...request, accept, expected: 'a page of pull operations' }, options);
  }

  async getPullOperation(companyId: string, datasetId: string, options?: CallOptions): Promise<PullOperation> {
    const request = syncs.pullOperationRequest(companyId, datasetId);
    const accept = syncs.isPullOperationEntry;
    return this.send({ ...request, accept, expected: 'a pull operation' }, options);
  }

  /** How often, in what order and how far back each data type of the company is synced. */
  async getSyncSettings(companyId: string, options?: CallOptions): Promise<SyncSettings> {
    const request = syncs.syncSettingsRequest(companyId);
    return this.send({ ...request, accept: syncs.isSyncSettings, expected: 'sync settings' }, options);
  }

  /** Sets the company's sync settings of the types sent: a POST, sent once and never retried,
   * answered 204. A schedule under a day is refused on a Free trial (`syncScheduleNotAllowed`). */
  async setSyncSettings(companyId: string, settings: syncs.SyncSettingsUpdate, options?: CallOptions): Promise<void> {
    const request = syncs.setSyncSettingsRequest(companyId, settings);
    // The body is the user's own input: an error keeps it, so its entry can be copied as cURL.
    const call = { ...request, shareBody: true, accept: isNoContent, expected: 'no content', emptyOk: true };
    await this.send<undefined>(call, options);
  }

  /** A page of a company's data connections. */
  listConnections(companyId: string, params: ListParams = {}, options?: CallOptions): Promise<Page<DataConnection>> {
    return this.connections.list(companyId, params, options);
  }

  /** The fields a push of `dataType` through the connection takes (`pushes.options` for a type
   * under a parent record). */
  async getPushOptions(
    companyId: string,
    connectionId: string,
    dataType: DataTypeId,
    options?: CallOptions,
  ): Promise<PushOption> {
    return this.pushes.options({ companyId, connectionId }, dataType, options);
  }

  /** Pushes one record (`pushes.create`): a POST, sent once and never retried (a failed push may
   * still have been taken: look in the push history before sending it again). */
  async pushRecord(
    companyId: string,
    connectionId: string,
    dataType: DataTypeId,
    body: Record<string, unknown>,
    params: pushes.PushParams = {},
    options?: CallOptions,
  ): Promise<PushOperation> {
    return this.pushes.create({ companyId, connectionId }, dataType, body, params, options);
  }

  async getPushOperation(companyId: string, pushOperationKey: string, options?: CallOptions): Promise<PushOperation> {
    const request = pushes.pushOperationRequest(companyId, pushOperationKey);
    return this.send({ ...request, accept: pushes.isPushOperation, expected: 'a push operation' }, options);
  }

  /** A page of a company's push history; query and orderBy checked against its schema. */
  async listPushOperations(
    companyId: string,
    params: ListParams = {},
    options?: CallOptions,
  ): Promise<Page<PushOperation>> {
    const request = pushes.pushOperationsRequest(companyId, params);
    const accept = pushes.PUSH_OPERATION_PAGE;
    return this.send({ ...request, accept, expected: 'a page of push operations' }, options);
  }

  async listApiKeys(options?: CallOptions): Promise<ApiKeyList> {
    const keep = apiKeys.keptApiKeys;
    return this.send(
      { ...apiKeys.apiKeysRequest(), keep, accept: isApiKeyList, expected: 'a list of API keys' },
      options,
    );
  }

  async createApiKey(request: apiKeys.CreateApiKeyRequest = {}, options?: CallOptions): Promise<ApiKeyDetails> {
    const create = apiKeys.createApiKeyRequest(request);
    return this.send(
      { ...create, keep: apiKeys.keptApiKeys, accept: isApiKeyDetails, expected: 'an API key' },
      options,
    );
  }

  async deleteApiKey(apiKeyId: string, options?: CallOptions): Promise<void> {
    const request = apiKeys.deleteApiKeyRequest(apiKeyId);
    const call = { ...request, keep: apiKeys.keptApiKeys, accept: isNoContent, expected: 'no content', emptyOk: true };
    await this.send<undefined>(call, options);
  }

  /**
   * Follows a `_links` href. It must be relative to the base URL (or an absolute URL under it):
   * the key is never sent anywhere else. Results are checked to be objects only.
   */
  async getPage<T>(relativeHref: string, options?: CallOptions): Promise<Page<T>> {
    return this.fetchPage(relativeHref, ANY_PAGE as unknown as Guard<Page<T>>, options);
  }

  /** `first`, then every following page. */
  pages<T>(first: Page<T>, options?: CallOptions): AsyncGenerator<Page<T>, void, undefined> {
    return followPages(first, (href, o) => this.getPage<T>(href, { ...options, ...o }), options);
  }

  /** Every company matching `params`, each once, across all pages. */
  async *allCompanies(params: CompanyListParams = {}, options?: CallOptions): AsyncGenerator<Company, void, undefined> {
    const first = await this.listCompanies(params, options);
    yield* followItems(first, (href, o) => this.fetchPage(href, COMPANY_PAGE, { ...options, ...o }), options);
  }

  /** Every record of the type of the company matching `params`, each once, across all pages. */
  async *allRecords(
    type: DataTypeId,
    place: PlaceArg,
    params: ListParams = {},
    options?: CallOptions,
  ): AsyncGenerator<DataRecord, void, undefined> {
    const first = await this.listRecords(type, place, params, options);
    yield* followItems(first, (href, o) => this.fetchPage(href, RECORD_PAGE, { ...options, ...o }, true), options);
  }

  /**
   * A PagedList of companies for a tree node. Parameters are checked when the first page loads,
   * so a refused query lands in `lastError` like any other failure.
   */
  companyList(
    params: Omit<CompanyListParams, 'page'> = {},
    options: Omit<CallOptions, 'signal'> = {},
  ): PagedList<Company> {
    return new PagedList<Company>(this.companyPages(params, options));
  }

  /** A PagedList of a company's records of one type as the tree keeps them: each record's row
   * (src/dataTypes/rows.ts), made as its page arrives. */
  recordRows(
    type: DataTypeId,
    place: PlaceArg,
    params: Omit<ListParams, 'page'> = {},
    options: Omit<CallOptions, 'signal'> = {},
  ): PagedList<RecordRow> {
    // Its pages come unredacted (`bulk`): the few fields of each row the tree shows are redacted here.
    const row = rowMaker(dataType(type));
    return new PagedList<RecordRow>(
      mappedPages(this.recordPages(type, place, params, options), (record) => redactDeep(row(record), this.redact)),
    );
  }

  /** The pages of the companies: the first (no href) with `params`, then each `_links` href,
   * every answer checked to be a page of companies. */
  companyPages(
    params: Omit<CompanyListParams, 'page'> = {},
    options: Omit<CallOptions, 'signal'> = {},
  ): PageLoader<Company> {
    return this.linked((o) => this.listCompanies(params, o), COMPANY_PAGE, options);
  }

  /** A PagedList of a company's push history: each operation once by its `pushOperationKey` (push
   * operations have no `id`; a push landing between two pages repeats one). */
  pushOperationList(companyId: string, params: Omit<ListParams, 'page'> = {}): PagedList<PushOperation> {
    return new PagedList<PushOperation>(this.pushOperationPages(companyId, params), {
      key: (op) => op.pushOperationKey,
    });
  }

  /** The pages of a company's push history, and of its sync history (pull operations), as companyPages. */
  pushOperationPages(companyId: string, params: Omit<ListParams, 'page'> = {}): PageLoader<PushOperation> {
    return this.linked((o) => this.listPushOperations(companyId, params, o), pushes.PUSH_OPERATION_PAGE);
  }
  pullOperationPages(companyId: string, params: Omit<ListParams, 'page'> = {}): PageLoader<PullOperation> {
    return this.linked((o) => this.listPullOperations(companyId, params, o), syncs.PULL_OPERATION_PAGE);
  }

  /** The pages of a company's records of one type, as companyPages. */
  recordPages(
    type: DataTypeId,
    place: PlaceArg,
    params: Omit<ListParams, 'page'> = {},
    options: Omit<CallOptions, 'signal'> = {},
  ): PageLoader<DataRecord> {
    return this.linked((o) => this.listRecords(type, place, params, o), RECORD_PAGE, options, true);
  }

  /** The first page from `first`, then each `_links` href, every answer checked by `accept`;
   * `bulk` for pages of records. */
  private linked<T>(
    first: (options: CallOptions) => Promise<Page<T>>,
    accept: Guard<Page<T>>,
    options: Omit<CallOptions, 'signal'> = {},
    bulk = false,
  ): PageLoader<T> {
    return (href, o) =>
      href === undefined ? first({ ...options, ...o }) : this.fetchPage(href, accept, { ...options, ...o }, bulk);
  }

  /** A page at a `_links` href; `bulk` for a page of records (see HttpRequest). */
  private async fetchPage<T>(
    href: string,
    accept: Guard<Page<T>>,
    options?: CallOptions,
    bulk = false,
  ): Promise<Page<T>> {
    const path = resolveHref(this.baseUrl, href);
    return this.send({ method: 'GET', path, accept, expected: 'a page of results', bulk }, options);
  }

  private prepared(request: ApiRequest): PreparedRequest {
    return this.#session.prepared(request);
  }

  private send<T>(request: HttpRequest<T>, options?: CallOptions): Promise<T> {
    return this.#session.send(request, options);
  }
}
