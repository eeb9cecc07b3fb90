// What every DataPlatformClient holds beneath its calls: the transport (kept in an ES private
// field, so the key it carries shows in no inspection of a client), the base URL, the redactor,
// and the calls on the account itself rather than on a company: its API keys. The company, record,
// push and sync calls are the client's own (client.ts).
import type { ApiKeyDetails, ApiKeyList } from './models';
import * as apiKeys from './apiKeys';
import { createRedactor, type Redactor } from './redact';
import type { RateLimitInfo } from './rateLimit';
import { isApiKeyDetails, isApiKeyList, isNoContent } from './responseShapes';
import { HttpTransport, type HttpRequest } from './transport';
import type { CallOptions, TransportOptions } from './transportOptions';
import { normalizeBaseUrl } from './url';

export interface ClientOptions extends Omit<TransportOptions, 'baseUrl'> {
  /** Default `https://api.codat.io`; a trailing slash is ignored. */
  baseUrl?: string;
  /** Allow plain http to a host that is not a loopback address. Off by default. */
  allowInsecureHttp?: boolean;
}

export abstract class ClientBase {
  readonly baseUrl: string;
  /** Replaces this client's key, in any form a text may hold it, by `***`: for what leaves the
   * extension built from the API's answers (exported files). */
  readonly redact: Redactor;
  readonly #transport: HttpTransport;

  constructor(options: ClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl, options.allowInsecureHttp);
    this.#transport = new HttpTransport({ ...options, baseUrl: this.baseUrl });
    this.redact = createRedactor(options.apiKey);
  }

  /** Rate-limit headers of the last response that carried them. */
  get rateLimit(): RateLimitInfo | undefined {
    return this.#transport.rateLimit;
  }

  async listApiKeys(options?: CallOptions): Promise<ApiKeyList> {
    const request = apiKeys.apiKeysRequest();
    const keep = apiKeys.keptApiKeys;
    return this.send({ ...request, keep, accept: isApiKeyList, expected: 'a list of API keys' }, options);
  }

  async createApiKey(request: apiKeys.CreateApiKeyRequest = {}, options?: CallOptions): Promise<ApiKeyDetails> {
    const create = apiKeys.createApiKeyRequest(request);
    const keep = apiKeys.keptApiKeys;
    return this.send({ ...create, keep, accept: isApiKeyDetails, expected: 'an API key' }, options);
  }

  async deleteApiKey(apiKeyId: string, options?: CallOptions): Promise<void> {
    const request = apiKeys.deleteApiKeyRequest(apiKeyId);
    const call = { ...request, keep: apiKeys.keptApiKeys, accept: isNoContent, expected: 'no content', emptyOk: true };
    await this.send<undefined>(call, options);
  }

  /** Sends one request through the transport (its gate, retries, checks and errors). */
  protected send<T>(request: HttpRequest<T>, options?: CallOptions): Promise<T> {
    return this.#transport.request(request, options);
  }
}
