// What the binary transfers (download.ts, upload.ts) share with the JSON requests and with each
// other: the transport's pieces (TransferContext, handed out by HttpTransport.transfer), the retry
// loop (the transport's rules: GETs through the rate gate, a write sent once), the watch that ends
// an attempt on the caller's signal or a timeout, and the capped reading of an error's body.
import type { AxiosInstance } from 'axios';
import type { Readable } from 'node:stream';
import type { ApiError } from './errors';
import { cancelledError, errorFromResponse, type ResponseInfo, type Target } from './failures';
import { decodeBody } from './jsonBody';
import type { GateTicket } from './rateGate';
import type { HeaderGetter } from './rateLimit';
import { RAW_BODY_LIMIT, type Redactor } from './redact';
import { decideRetry, requestedWaitMs, type RetryPolicy } from './retry';
import type { RequestSummary, TraceEntry } from './transportOptions';

type Stopped = 'cancelled' | 'timeout' | undefined;

export interface TransferContext {
  /** The JSON requests' instance: the key in the Authorization header, no redirects, no proxy. */
  http: AxiosInstance;
  host: string;
  redact: Redactor;
  policy: RetryPolicy;
  random: () => number;
  now: () => number;
  timeoutMs: () => number;
  enterGate(method: string, path: string, attempts: number, signal: AbortSignal | undefined): Promise<GateTicket>;
  closeGate(waitMs: number | undefined): void;
  wait(ms: number, signal: AbortSignal | undefined, method: string, path: string, attempts: number): Promise<void>;
  /** Records a response's rate-limit headers. */
  observe(get: HeaderGetter): void;
  /** A failure without a response, as the JSON requests classify it. */
  failure(
    failure: unknown,
    stopped: Stopped,
    method: string,
    path: string,
    attempt: number,
    timeoutMs: number,
  ): { error: ApiError; networkCode?: string };
  log(summary: RequestSummary, trace: TraceEntry): void;
  tracing(): boolean;
}

/** A backoff wait that ends at once, with `cancelled()`'s error, when the caller aborts. */
export function cancellableWait(
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  ms: number,
  signal: AbortSignal | undefined,
  cancelled: () => ApiError,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(cancelled());
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    sleep(ms, signal).then(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      () => {
        signal?.removeEventListener('abort', onAbort);
        onAbort();
      },
    );
  });
}

/** One attempt's outcome; `final` failures are never retried (a sink was opened, a body refused). */
export type Tried<T> =
  { ok: true; value: T } | { ok: false; error: ApiError; networkCode?: string; waitMs?: number; final?: boolean };

/** `attempt` until it succeeds or fails in a way the transport's rules do not retry. A GET waits in
 * the rate gate until its answer's headers are in (`admitted`): a long body holds no place there. */
export async function withRetries<T>(
  ctx: TransferContext,
  target: Target & { once?: boolean },
  signal: AbortSignal | undefined,
  attempt: (n: number, admitted: () => void) => Promise<Tried<T>>,
): Promise<T> {
  const { method, path, once } = target;
  for (let n = 1; ; n++) {
    if (signal?.aborted) throw cancelledError(method, path, n - 1);
    const ticket = method === 'GET' ? await ctx.enterGate(method, path, n - 1, signal) : undefined;
    let result: Tried<T>;
    try {
      result = await attempt(n, () => ticket?.leave());
    } finally {
      ticket?.leave();
    }
    if (result.ok) return result.value;
    if (result.error.status === 429) ctx.closeGate(result.waitMs);
    if (result.final) throw result.error;
    const { error, networkCode, waitMs } = result;
    const outcome = { method, once, attempt: n, status: error.status, networkCode, requestedWaitMs: waitMs };
    const decision = decideRetry(outcome, ctx.policy, ctx.random);
    if (!decision.retry) throw error;
    await ctx.wait(decision.delayMs, signal, method, path, n);
  }
}

/** Ends an attempt when the caller aborts or a timer runs out (`stopped` says which); the timer
 * can be restarted, so it measures a wait for headers, then each wait for the next bytes. */
export class Watch {
  readonly controller = new AbortController();
  stopped: Stopped;
  private timer?: ReturnType<typeof setTimeout>;
  private readonly onAbort = (): void => this.stop('cancelled');

  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly timeoutMs: number,
    private readonly onStop: () => void = () => undefined,
  ) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
    if (signal?.aborted) this.stop('cancelled');
    this.restart();
  }

  /** The timer from now (no-op with the timeout off). */
  restart(): void {
    clearTimeout(this.timer);
    if (this.timeoutMs > 0 && !this.stopped) this.timer = setTimeout(() => this.stop('timeout'), this.timeoutMs);
  }

  /** The timer off while the wait is not the server's (a write into the caller's sink). */
  pause(): void {
    clearTimeout(this.timer);
  }

  end(): void {
    clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private stop(why: 'cancelled' | 'timeout'): void {
    this.stopped ??= why;
    this.controller.abort();
    this.onStop();
  }
}

/** At most `cap` bytes of a stream, then it is destroyed: an error's body is read for the panel,
 * never whole (one byte past what it keeps, so the cut shows). Rejects as the stream fails. */
export async function readCapped(stream: Readable, cap = RAW_BODY_LIMIT + 1): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const c = chunk as Buffer;
      chunks.push(c.subarray(0, cap - length));
      length += Math.min(c.length, cap - length);
      if (length >= cap) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

/** What a failure of a response says, as the JSON requests build it. */
export function responseInfo(
  ctx: TransferContext,
  target: Target,
  status: number,
  get: HeaderGetter,
  bytes: Buffer,
  attempts: number,
): ResponseInfo {
  const correlation = get('x-correlation-id') ?? get('correlation-id') ?? get('x-request-id');
  return {
    ...target,
    status,
    text: decodeBody(bytes),
    contentType: get('content-type'),
    correlationIdHeader: correlation === undefined ? undefined : ctx.redact(correlation),
    attempts,
    redact: ctx.redact,
    host: ctx.host,
  };
}

/** The error of a status that is not a success (its body read capped), with the wait asked for. */
export function statusFailure(ctx: TransferContext, info: ResponseInfo, get: HeaderGetter): Tried<never> {
  const waitMs = requestedWaitMs(info.status, get, ctx.now());
  const error = errorFromResponse({ ...info, retryAfterMs: waitMs, proxyAuthenticate: get('proxy-authenticate') });
  return { ok: false, error, waitMs };
}
