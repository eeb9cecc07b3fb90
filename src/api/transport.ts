// Sends one logical request: builds the axios call, applies the per-attempt timeout and the
// caller's AbortSignal, passes each GET attempt through the rate gate (rateGate.ts), retries what
// may be retried, records rate-limit headers, reports every attempt to the log hooks, and turns
// every failure into one ApiError (built in failures.ts); answers.ts says what of an answer goes on.
// Axios errors never leave this module: they carry the request headers, and so the API key.
import axios, { AxiosInstance, AxiosResponse } from 'axios';
import type { ApiError } from './errors';
import {
  cancelledError,
  connectionError,
  errorFromResponse,
  malformedResponse,
  networkError,
  responseTooLargeError,
  timeoutError,
  type ResponseInfo,
} from './failures';
import { errorCode, headerGetter, isTooLarge } from './axiosResults';
import type { Readable } from 'node:stream';
import { acceptedValue, answerText, type AnswerHandling } from './answers';
import { parseJsonBody } from './jsonBody';
import { BodyBuffers, type Body } from './responseBody';
import { classifyConnectionFailure } from './networkErrors';
import { RateGate, type GateTicket } from './rateGate';
import { parseRateLimit, RateLimitInfo, type HeaderGetter } from './rateLimit';
import { basicAuthValue, capRawBody, createRedactor, Redactor, scrubBody } from './redact';
import { decideRetry, DEFAULT_RETRY_POLICY, requestedWaitMs, RetryPolicy, sleep as realSleep } from './retry';
import { cancellableWait, type TransferContext } from './transfer';
import { tracedBody, withSentRequest, type RequestToKeep } from './sentRequest';
import { DEFAULT_TIMEOUT_MS, MAX_RESPONSE_BYTES } from './transportOptions';
import type { CallOptions, RequestSummary, TraceEntry, TransportOptions } from './transportOptions';

/** Its path, body and whether the body may be kept on a failure (sentRequest.ts); answers.ts. */
export interface HttpRequest<T> extends RequestToKeep, AnswerHandling {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A write sent at most once whatever its method, retried only as a POST is (retry.ts). */
  once?: boolean;
  /** Narrows the parsed JSON; false makes the response a `malformedResponse`. */
  accept: (json: unknown) => json is T;
  /** What `accept` wants, for the malformed-response message. */
  expected: string;
  /** A 204 / empty success body is the expected answer (DELETE). */
  emptyOk?: boolean;
}

type Failure = { ok: false; error: ApiError; networkCode?: string; waitMs?: number };
type Attempt<T> = { ok: true; value: T } | Failure;
type Answer = {
  response: AxiosResponse<unknown>;
  body: Body;
  failure?: undefined;
  stopped?: undefined;
  durationMs: number;
};
type Sent =
  Answer | { response?: undefined; failure: unknown; stopped: 'cancelled' | 'timeout' | undefined; durationMs: number };

type Hooks = Pick<TransportOptions, 'onRequest' | 'onTrace' | 'traceEnabled' | 'onRateLimit'>;

export class HttpTransport {
  readonly baseUrl: string;
  // Private fields (#) are invisible to util.inspect and JSON: logging a client object must not
  // print the instance's default Authorization header. The key itself is not kept at all.
  readonly #http: AxiosInstance;
  readonly #hooks: Hooks;
  private readonly redact: Redactor;
  private readonly policy: RetryPolicy;
  private readonly maxResponseBytes: number;
  private readonly timeoutMs: () => number;
  private readonly host: string;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  private lastRateLimit?: RateLimitInfo;
  private readonly gate: RateGate;
  private readonly bodies = new BodyBuffers();

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl;
    this.#hooks = {
      onRequest: options.onRequest,
      onTrace: options.onTrace,
      traceEnabled: options.traceEnabled,
      onRateLimit: options.onRateLimit,
    };
    this.host = new URL(options.baseUrl).host;
    this.redact = createRedactor(options.apiKey);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.timeoutMs = typeof timeout === 'function' ? timeout : () => timeout;
    this.maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.gate = new RateGate({
      now: this.now,
      sleep: this.sleep,
      random: this.random,
      floorMs: this.policy.baseDelayMs,
      maxWaitMs: this.policy.maxWaitMs,
      maxInFlight: options.maxInFlight,
      onEvent: options.onGate,
    });
    this.#http = axios.create({
      baseURL: options.baseUrl,
      // A `_links` href or a crafted id must never turn into a request to another host.
      allowAbsoluteUrls: false,
      // Redirects are not followed: a redirect to another host would carry the key there.
      maxRedirects: 0,
      // Inside VS Code, the editor's own proxy support patches the http module.
      proxy: false,
      // Bodies are read by us into reused buffers (responseBody.ts) and parsed from their bytes
      // (jsonBody.ts): malformed ones are detected here, not by axios, and a large page never
      // becomes one string.
      responseType: 'stream',
      // A server (or a proxy) sending an endless body is cut off instead of buffered whole.
      maxContentLength: this.maxResponseBytes,
      maxBodyLength: this.maxResponseBytes,
      transformResponse: [(data: unknown) => data],
      validateStatus: () => true,
      headers: {
        Authorization: basicAuthValue(options.apiKey),
        Accept: 'application/json',
        ...(options.userAgent ? { 'User-Agent': options.userAgent } : {}),
      },
    });
  }

  /** Rate-limit headers of the last response that carried any. */
  get rateLimit(): RateLimitInfo | undefined {
    return this.lastRateLimit;
  }

  /** Every failure says which request it was (sentRequest.ts), for "Copy as cURL". */
  async request<T>(req: HttpRequest<T>, options: CallOptions = {}): Promise<T> {
    return this.tries(req, options).catch((e: unknown) =>
      Promise.reject(withSentRequest(e, this.baseUrl, req, this.redact)),
    );
  }

  private async tries<T>(req: HttpRequest<T>, options: CallOptions): Promise<T> {
    const path = this.redact(req.path);
    for (let attempt = 1; ; attempt++) {
      if (options.signal?.aborted) throw cancelledError(req.method, path, attempt - 1);
      // Only GETs wait in the gate: a write is never held back or repeated on the gate's account.
      const ticket =
        req.method === 'GET' ? await this.enterGate(req.method, path, attempt - 1, options.signal) : undefined;
      let result: Attempt<T>;
      try {
        result = await this.attempt(req, path, attempt, options);
      } finally {
        ticket?.leave();
      }
      if (result.ok) return result.value;
      // Any 429 (a write's too) says the key's budget is spent: every GET waits it out together.
      if (result.error.status === 429) this.gate.close(result.waitMs);
      const { method, once } = req;
      const { error, networkCode, waitMs: requestedWaitMs } = result;
      const outcome = { method, once, attempt, status: error.status, networkCode, requestedWaitMs };
      const decision = decideRetry(outcome, this.policy, this.random);
      if (!decision.retry) throw result.error;
      await cancellableWait(this.sleep, decision.delayMs, options.signal, () => cancelledError(method, path, attempt));
    }
  }

  /** A place in the rate gate; a wait there ends at once, as `cancelled`, when the caller aborts. */
  private async enterGate(
    method: string,
    path: string,
    attempts: number,
    signal: AbortSignal | undefined,
  ): Promise<GateTicket> {
    try {
      return await this.gate.enter(signal);
    } catch {
      throw cancelledError(method, path, attempts);
    }
  }

  /** What a binary transfer (download.ts, upload.ts) shares with the JSON requests: the same axios
   * instance (key, no redirects, no proxy), gate, retry policy, rate-limit record and log hooks. */
  transfer(): TransferContext {
    return {
      http: this.#http,
      host: this.host,
      redact: this.redact,
      policy: this.policy,
      random: this.random,
      now: this.now,
      timeoutMs: this.timeoutMs,
      enterGate: this.enterGate.bind(this),
      closeGate: this.gate.close.bind(this.gate),
      wait: (ms, signal, method, path, n) =>
        cancellableWait(this.sleep, ms, signal, () => cancelledError(method, path, n)),
      observe: this.observe.bind(this),
      failure: this.transportFailure.bind(this),
      log: this.logAttempt.bind(this),
      tracing: this.tracing.bind(this),
    };
  }

  private async attempt<T>(
    req: HttpRequest<T>,
    path: string,
    attempt: number,
    options: CallOptions,
  ): Promise<Attempt<T>> {
    const requestBody = req.body === undefined ? undefined : JSON.stringify(req.body);
    const timeoutMs = options.timeoutMs ?? this.timeoutMs();
    const sent = await this.send(req, requestBody, options.signal, timeoutMs);
    const trace: TraceEntry = { method: req.method, path, attempt, requestBody: tracedBody(req, requestBody) };
    if (!sent.response) {
      const result = this.transportFailure(sent.failure, sent.stopped, req.method, path, attempt, timeoutMs);
      this.logAttempt(
        { method: req.method, path, durationMs: sent.durationMs, attempt, errorKind: result.error.kind },
        trace,
      );
      return result;
    }
    try {
      return this.answered(req, path, attempt, sent, trace);
    } finally {
      // Nothing holds the bytes past here: the parsed value and any text are copies.
      sent.body.release();
    }
  }

  /** What a response means: its value, or the failure it stands for (logged either way). */
  private answered<T>(req: HttpRequest<T>, path: string, attempt: number, sent: Answer, trace: TraceEntry): Attempt<T> {
    const { response } = sent;
    const get = headerGetter(response.headers);
    this.observe(get);
    const { bytes } = sent.body;
    // The whole text is decoded only when needed: an error, a malformed body, a trace.
    let text: string | undefined;
    const [redact, ok] = [this.redact, response.status >= 200 && response.status < 300];
    // Shown in the log, the panel and the invoice document: a header the server wrote is text
    // from the server like its body, and may echo the key as well.
    const correlation = get('x-correlation-id') ?? get('correlation-id') ?? get('x-request-id');
    const info: ResponseInfo = {
      method: req.method,
      path,
      status: response.status,
      get text() {
        return (text ??= answerText(req, bytes, ok, redact));
      },
      contentType: get('content-type'),
      correlationIdHeader: correlation === undefined ? undefined : this.redact(correlation),
      attempts: attempt,
      redact: this.redact,
    };
    const result = this.interpret(req, info, bytes, get);
    this.logAttempt(
      {
        method: req.method,
        path,
        status: response.status,
        durationMs: sent.durationMs,
        attempt,
        correlationId: result.ok ? info.correlationIdHeader : result.error.correlationId,
        errorKind: result.ok ? undefined : result.error.kind,
      },
      { ...trace, status: response.status, responseBody: this.tracing() ? info.text : undefined },
    );
    return result;
  }

  /** One request on the wire, ended by the caller's signal or the timeout, whichever comes first
   * (`stopped` says which); a response of any status, or the failure. */
  private async send<T>(
    req: HttpRequest<T>,
    requestBody: string | undefined,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<Sent> {
    const controller = new AbortController();
    let stopped: 'cancelled' | 'timeout' | undefined;
    const onAbort = (): void => {
      stopped ??= 'cancelled';
      controller.abort();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            stopped ??= 'timeout';
            controller.abort();
          }, timeoutMs)
        : undefined;
    const started = this.now();
    try {
      const response = await this.#http.request<unknown>({
        method: req.method,
        url: req.path,
        data: requestBody,
        headers: requestBody === undefined ? {} : { 'Content-Type': 'application/json' },
        signal: controller.signal,
      });
      // Read within the timeout and the caller's signal: axios ends the stream when either aborts.
      const length = Number(headerGetter(response.headers)('content-length'));
      const body = await this.bodies.read(response.data as Readable, Number.isSafeInteger(length) ? length : undefined);
      return { response, body, durationMs: Math.max(0, this.now() - started) };
    } catch (failure) {
      return { failure, stopped, durationMs: Math.max(0, this.now() - started) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private interpret<T>(req: HttpRequest<T>, info: ResponseInfo, bytes: Buffer, get: HeaderGetter): Attempt<T> {
    const { status } = info;
    if (status >= 200 && status < 300) {
      // DELETE answers 204; whatever body comes with it carries nothing we need.
      if (req.emptyOk) return { ok: true, value: undefined as T };
      let json: unknown;
      try {
        json = parseJsonBody(bytes);
      } catch {
        return { ok: false, error: malformedResponse(info, req.expected) };
      }
      const accepted = acceptedValue(json, req, this.redact);
      if (!accepted) return { ok: false, error: malformedResponse(info, req.expected) };
      return { ok: true, value: accepted.value };
    }
    const waitMs = requestedWaitMs(status, get, this.now());
    const error = errorFromResponse({
      ...info,
      retryAfterMs: waitMs,
      host: this.host,
      proxyAuthenticate: get('proxy-authenticate'),
    });
    return { ok: false, error, waitMs };
  }

  private transportFailure(
    failure: unknown,
    stopped: 'cancelled' | 'timeout' | undefined,
    method: string,
    path: string,
    attempt: number,
    timeoutMs: number,
  ): Failure {
    if (stopped === 'cancelled') return { ok: false, error: cancelledError(method, path, attempt) };
    const target = { method, path };
    if (stopped === 'timeout') return { ok: false, error: timeoutError(target, attempt, timeoutMs) };
    if (isTooLarge(failure)) return { ok: false, error: responseTooLargeError(target, attempt, this.maxResponseBytes) };
    const special = classifyConnectionFailure(failure);
    // No networkCode: decideRetry then never retries these. A tunnel refused with 407 can carry
    // ECONNRESET (the `tunnel` package), which alone would be retried.
    if (special) return { ok: false, error: connectionError(special, target, attempt, this.host, this.redact) };
    let code = errorCode(failure);
    // Axios reports a connection dropped mid-body as a bad response; to us it is a reset.
    if (code === 'ERR_BAD_RESPONSE' || code === 'ECONNABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE')
      code = 'ECONNRESET';
    return { ok: false, networkCode: code, error: networkError(code, target, attempt, this.host, this.redact) };
  }

  /** Rate-limit headers, when a response carries them: kept, told the gate and the hook. */
  private observe(get: HeaderGetter): void {
    const rateLimit = parseRateLimit(get, this.now());
    if (!rateLimit) return;
    this.lastRateLimit = rateLimit;
    this.gate.observe(rateLimit);
    this.safely(() => this.#hooks.onRateLimit?.(rateLimit));
  }

  private logAttempt(summary: RequestSummary, trace: TraceEntry): void {
    const clean: RequestSummary = { ...summary };
    for (const k of Object.keys(clean) as (keyof RequestSummary)[]) if (clean[k] === undefined) delete clean[k];
    this.safely(() => this.#hooks.onRequest?.(clean));
    if (!this.tracing()) return;
    const scrub = (body: string | undefined): string | undefined =>
      body === undefined || body === '' ? undefined : capRawBody(scrubBody(body, this.redact));
    const entry: TraceEntry = { method: trace.method, path: trace.path, attempt: trace.attempt };
    const requestBody = scrub(trace.requestBody);
    const responseBody = scrub(trace.responseBody);
    if (requestBody !== undefined) entry.requestBody = requestBody;
    if (trace.status !== undefined) entry.status = trace.status;
    if (responseBody !== undefined) entry.responseBody = responseBody;
    this.safely(() => this.#hooks.onTrace?.(entry));
  }

  private tracing(): boolean {
    return this.#hooks.onTrace !== undefined && this.#hooks.traceEnabled?.() !== false;
  }

  /** A throwing log hook must not turn a good response into a failure. */
  private safely(fn: () => void): void {
    try {
      fn();
    } catch {
      // Ignored on purpose: logging is best effort.
    }
  }
}
