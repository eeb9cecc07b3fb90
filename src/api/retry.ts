// When to try a request again and how long to wait first. Pure: time and randomness come in as
// arguments so the rules can be tested without waiting.
import { parseResetTime, type HeaderGetter } from './rateLimit';

export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number;
  /** Shortest wait before any retry, whatever a header says; also the first jitter ceiling, which
   * doubles with each retry (full jitter picks below it, on top of this floor). */
  baseDelayMs: number;
  /** Ceiling of the exponential backoff itself. */
  maxBackoffMs: number;
  /** Longest single wait we accept; a server asking for more ends the retries. */
  maxWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxBackoffMs: 8_000,
  maxWaitMs: 30_000,
};

const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** Connection failures worth another try on an idempotent request. */
const RETRY_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** The only failure that proves a request never reached the server. */
const NEVER_SENT_CODE = 'ECONNREFUSED';

function isIdempotent(method: string): boolean {
  return ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'].includes(method.toUpperCase());
}

/** `Retry-After` as seconds or an HTTP date → ms from now (never negative). Only HTTP-date shapes
 * (they start with a day name) are read as dates: Date.parse would read `-1` as a day in 2001. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  if (!/^[a-z]{3,9},?\s/i.test(v)) return undefined;
  const t = Date.parse(v);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, t - nowMs);
}

/**
 * The wait the server asked for: `Retry-After` on any status, else, for a 429, the time until
 * `X-Rate-Limit-Reset`.
 */
export function requestedWaitMs(status: number, get: HeaderGetter, nowMs: number): number | undefined {
  const retryAfter = parseRetryAfter(get('retry-after'), nowMs);
  if (retryAfter !== undefined) return retryAfter;
  if (status !== 429) return undefined;
  const reset = parseResetTime(get('x-rate-limit-reset'), nowMs);
  return reset === undefined ? undefined : Math.max(0, reset - nowMs);
}

/** Full jitter below an exponential ceiling for retry number `retry` (from 1), on top of the floor
 * (`baseDelayMs`): clients that failed together do not come back together. */
function jitter(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

interface AttemptOutcome {
  method: string;
  /** A write sent at most once (HttpRequest's `once`), retried as a POST is whatever its method: a
   * PUT or DELETE is idempotent in HTTP, yet one retried after a lost answer could meet a 404 of
   * its own delete, or overwrite what someone changed in between. */
  once?: boolean;
  /** The attempt that just failed, from 1. */
  attempt: number;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Network error code, when none did. Timeouts and cancellations carry neither. */
  networkCode?: string;
  /** What the server asked us to wait, in ms. */
  requestedWaitMs?: number;
}

type RetryDecision =
  { retry: true; delayMs: number } | { retry: false; reason: 'notRetryable' | 'attemptsExhausted' | 'waitTooLong' };

export function decideRetry(outcome: AttemptOutcome, policy: RetryPolicy, random: () => number): RetryDecision {
  const idempotent = !outcome.once && isIdempotent(outcome.method);
  let retryable: boolean;
  if (outcome.status !== undefined) {
    // A response means the request reached the server: only safe to repeat when idempotent.
    retryable = idempotent && RETRY_STATUSES.has(outcome.status);
  } else if (outcome.networkCode !== undefined) {
    retryable = idempotent ? RETRY_NETWORK_CODES.has(outcome.networkCode) : outcome.networkCode === NEVER_SENT_CODE;
  } else {
    retryable = false;
  }
  if (!retryable) return { retry: false, reason: 'notRetryable' };
  if (outcome.attempt >= policy.maxAttempts) return { retry: false, reason: 'attemptsExhausted' };
  const requested = outcome.requestedWaitMs;
  if (requested !== undefined && requested > policy.maxWaitMs) return { retry: false, reason: 'waitTooLong' };
  // The server's wait can only lengthen ours: a past date, `-1` or a stale reset means "now", and
  // 20 clients in a 429 storm retrying "now" is the storm again. The floor and the jitter apply
  // on top of whatever it asked, so clients told the same instant do not all come back at it.
  const base = Math.max(policy.baseDelayMs, requested ?? 0);
  return { retry: true, delayMs: Math.min(policy.maxWaitMs, base + jitter(outcome.attempt, policy, random)) };
}

/** A wait that ends early, rejecting with the signal's reason, when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
