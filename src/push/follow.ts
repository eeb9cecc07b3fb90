// Following an operation until it ends (a push until it settles, a queued sync until it is done):
// the operation is asked for again and again, less and less often. A failure a later attempt may
// cure (network, timeout, 5xx, 429) only delays the next poll, up to a limit; any other ends it.
import {
  cancelledError,
  isApiError,
  isCancellation,
  pushOperationPath,
  sleep as realSleep,
  type ApiError,
  type PushOperation,
} from '../api';

const SETTLED: ReadonlySet<string> = new Set(['Success', 'Failed', 'TimedOut']);

/** Whether the operation has ended. A status this version does not know counts as ended only
 * once the operation says when it completed: otherwise it may still move on. */
export function isSettled(op: PushOperation): boolean {
  if (op.status === 'Pending') return false;
  if (SETTLED.has(op.status)) return true;
  return typeof op.completedOnUtc === 'string' && op.completedOnUtc !== '';
}

export interface FollowOptions<T = PushOperation> {
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** The clock the deadline is read on (ms); Date.now but in tests. */
  now?: () => number;
  onUpdate?: (value: T) => void;
  /** Wait before the first poll; it doubles after each poll. Default 1000. */
  firstDelayMs?: number;
  /** Longest wait between two polls (a 429's Retry-After may ask for more). Default 30000. */
  maxDelayMs?: number;
  /** Longest single wait, whatever a Retry-After asks. Default MAX_FOLLOW_WAIT_MS. */
  maxWaitMs?: number;
  /** How long the follow lasts: past it, the value as last seen is returned, not settled. None by
   * default (a push's follow has FOLLOW_PUSH_FOR_MS). */
  deadlineMs?: number;
  /** Consecutive transient failures before giving up, default 5. */
  maxFailures?: number;
}

/** The longest a follow waits for one poll, whatever a server's Retry-After asks: 2,000,000 s
 * would be 23 days, and past 2^31 ms Node's timer fires at once (a poll storm). Like the read
 * side's, a cap, not a refusal: a follow has its deadline to end it. */
export const MAX_FOLLOW_WAIT_MS = 5 * 60_000;

/** How long a push is followed before its node says it is still pending and Refresh asks again. */
const FOLLOW_PUSH_FOR_MS = 15 * 60_000;

/** Polls that fail together do not come back together: up to a tenth off each wait, never more
 * than the wait itself, so the cap holds. */
const JITTER = 0.1;

/** What tells one answer from the next: all but `data`, which only the push's own answer carries.
 * An answer too deep to write is news each time (it cannot end a follow: `isSettled` decides). */
function fingerprint(op: PushOperation): string {
  const { data: _data, ...rest } = op;
  try {
    return JSON.stringify(rest);
  } catch {
    return `${op.status} ${Math.random()}`;
  }
}

/** A failure another poll may cure, as the client's retry policy has it. */
function isTransient(e: unknown): e is ApiError {
  return isApiError(e) && e.retryable;
}

/** What `start` gives, or the cancellation as soon as the signal aborts, whatever `start` does.
 * Listening starts before `start` runs, so an abort is never reported as the signal's own reason. */
async function unlessAborted<T>(
  start: () => Promise<T>,
  signal: AbortSignal | undefined,
  cancelled: () => ApiError,
): Promise<T> {
  if (!signal) return start();
  if (signal.aborted) throw cancelled();
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([start(), aborted]);
  } catch (e) {
    throw signal.aborted && !isCancellation(e) ? cancelled() : e;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** What follows one operation: how to tell it has ended, how to tell two answers apart, and the
 * path its cancellation names. */
interface Followed<T> {
  settled: (value: T) => boolean;
  fingerprint: (value: T) => string;
  path: string;
  /** Whether an answer is about the operation followed; one that is not is no news. */
  isOwn?: (value: T) => boolean;
}

/**
 * Polls `get` until `followed.settled` says the operation has ended and returns it (`initial`
 * itself when it already has), or until `deadlineMs` has passed, returning it as last seen. Waits
 * `firstDelayMs` first, doubling up to `maxDelayMs`, no wait over `maxWaitMs`; `onUpdate` hears
 * of every answer whose fingerprint differs from the one before. A transient failure counts
 * toward `maxFailures` (the last is thrown when they are reached) and waits at least its
 * Retry-After (up to the cap); any other failure is thrown at once. An abort rejects with the
 * client's cancellation error, without waiting out a sleep.
 */
export async function followUntil<T>(
  get: (signal?: AbortSignal) => Promise<T>,
  initial: T,
  followed: Followed<T>,
  options: FollowOptions<T> = {},
): Promise<T> {
  const { signal, onUpdate, sleep = realSleep, random = Math.random, now = Date.now } = options;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxWaitMs = options.maxWaitMs ?? MAX_FOLLOW_WAIT_MS;
  const maxFailures = options.maxFailures ?? 5;
  const deadline = options.deadlineMs === undefined ? Infinity : now() + options.deadlineMs;
  const guard = <R>(start: () => Promise<R>): Promise<R> =>
    unlessAborted(start, signal, () => cancelledError('GET', followed.path, 0));
  let current = initial;
  let delayMs = Math.min(options.firstDelayMs ?? 1000, maxDelayMs);
  let floorMs = 0;
  let failures = 0;
  while (!followed.settled(current)) {
    const left = deadline - now();
    if (left <= 0) break;
    const waitMs = Math.min(Math.max(floorMs, delayMs - Math.floor(delayMs * JITTER * random())), maxWaitMs, left);
    await guard(() => sleep(waitMs, signal));
    delayMs = Math.min(delayMs * 2, maxDelayMs);
    floorMs = 0;
    try {
      const next = await guard(() => get(signal));
      failures = 0;
      if (followed.isOwn && !followed.isOwn(next)) continue;
      if (followed.fingerprint(next) !== followed.fingerprint(current)) onUpdate?.(next);
      current = next;
    } catch (e) {
      if (!isTransient(e) || ++failures >= maxFailures) throw e;
      floorMs = e.retryAfterMs ?? 0;
    }
  }
  return current;
}

/**
 * A push operation followed until it settles, for FOLLOW_PUSH_FOR_MS unless told (see
 * followUntil). Polled at `initial`'s company and key, the ones the push was sent with: an answer
 * about another push is no news, and one naming another company (or none) is still this push.
 */
export function followPush(
  get: (signal?: AbortSignal) => Promise<PushOperation>,
  initial: PushOperation,
  options: FollowOptions = {},
): Promise<PushOperation> {
  const { companyId, pushOperationKey: key } = initial;
  const path = pushOperationPath(companyId, key);
  // Keys are UUIDs, which compare in any case.
  const isOwn = (op: PushOperation): boolean => op.pushOperationKey.toLowerCase() === key.toLowerCase();
  const ours = async (signal?: AbortSignal): Promise<PushOperation> => {
    const op = await get(signal);
    return isOwn(op) ? { ...op, companyId, pushOperationKey: key } : op;
  };
  return followUntil(
    ours,
    initial,
    { settled: isSettled, fingerprint, path, isOwn },
    { deadlineMs: FOLLOW_PUSH_FOR_MS, ...options },
  );
}
