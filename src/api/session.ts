// One account's way to the API: the transport that carries its key (in an ES private field, so
// the key shows in no inspection of a client), the base URL every path is sent to, and the
// redactor of that key. The client (client.ts) builds each call's request and hands it here.
import { createRedactor, type Redactor } from './redact';
import type { RateLimitInfo } from './rateLimit';
import type { ApiRequest, PreparedRequest } from './requests';
import { HttpTransport, type HttpRequest } from './transport';
import type { CallOptions, TransportOptions } from './transportOptions';
import { normalizeBaseUrl } from './url';

export interface ClientOptions extends Omit<TransportOptions, 'baseUrl'> {
  /** Default `https://api.codat.io`; a trailing slash is ignored. */
  baseUrl?: string;
  /** Allow plain http to a host that is not a loopback address. Off by default. */
  allowInsecureHttp?: boolean;
}

export class ApiSession {
  readonly baseUrl: string;
  /** Replaces the key, in any form a text may hold it, by `***`. */
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

  /** Sends one request through the transport (its gate, retries, checks and errors). */
  send<T>(request: HttpRequest<T>, options?: CallOptions): Promise<T> {
    return this.#transport.request(request, options);
  }

  /** What `send` would send, as an absolute URL and a body, sending nothing (Copy as cURL). */
  prepared(request: ApiRequest): PreparedRequest {
    return {
      method: request.method,
      url: `${this.baseUrl}${request.path}`,
      ...(request.body !== undefined ? { body: request.body } : {}),
    };
  }
}
