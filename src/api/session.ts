// One account's way to the API: the transport that carries its key (in an ES private field, so
// the key shows in no inspection of a client), the base URL every path is sent to, and the
// redactor of that key. The client (client.ts) builds each call's request and hands it here.
import { download } from './download';
import type { Downloaded, DownloadOptions, UploadOptions, UploadSource } from './downloads';
import { ApiError, type SentRequest } from './errors';
import type { FileCheck } from './fileChecks';
import { createRedactor, type Redactor } from './redact';
import type { RateLimitInfo } from './rateLimit';
import type { ApiRequest, PreparedRequest } from './requests';
import { HttpTransport, type HttpRequest } from './transport';
import type { CallOptions, TransportOptions } from './transportOptions';
import { upload } from './upload';
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

  /** Downloads `path` into the caller's sink once `check` accepts the answer (download.ts). */
  download(path: string, check: FileCheck, options: DownloadOptions): Promise<Downloaded> {
    const request: SentRequest = { url: `${this.baseUrl}${this.redact(path)}`, download: true };
    return download(this.#transport.transfer(), path, check, options).catch((e: unknown) => withRequest(e, request));
  }

  /** Uploads `file` as multipart part `file` to `path`, sent once (upload.ts). */
  upload(path: string, file: UploadSource, options?: UploadOptions): Promise<void> {
    const url = `${this.baseUrl}${this.redact(path)}`;
    // Made once it failed after sending: by then the file's name and type were checked.
    const request = (): SentRequest => ({
      url,
      upload: { name: this.redact(file.name), contentType: file.contentType },
    });
    return upload(this.#transport.transfer(), path, file, options).catch((e: unknown) => withRequest(e, request));
  }
}

/** Rejects with `e`, which says which request it was when it is an ApiError of one that was sent. */
function withRequest(e: unknown, request: SentRequest | (() => SentRequest)): Promise<never> {
  if (!(e instanceof ApiError) || e.attempts === 0 || e.request) return Promise.reject(e);
  return Promise.reject(e.with({ request: typeof request === 'function' ? request() : request }));
}
