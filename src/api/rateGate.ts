// One gate per client (per base URL and key: the rate limit is the key's) that every GET passes
// before it goes on the wire, so that concurrent workers share what the server said about the
// budget instead of each finding out by a 429:
// - never more GETs admitted at once than `maxInFlight` (the Load all concurrency setting);
// - once the rate-limit headers say few requests are left, those left are spread evenly over the
//   time to the reset, each request given its own turn; when none are left beyond the requests
//   already given a turn (on the wire or waiting for it), the next waits for the reset;
// - a 429 closes the gate for what the server asked (at least the retry floor), and every request
//   that comes to it meanwhile waits that out, plus its own jitter so they do not return at once.
// POSTs (and DELETEs) never pass it, so they are never held back by it (see transport.ts); their
// answers' headers and 429s still tell it the key's budget.
// Pure apart from the injected clock, sleep and randomness; every wait ends when the caller aborts.
import type { RateLimitInfo } from './rateLimit';

/** What the gate did, for one log line each time it starts slowing down or waiting. */
export type GateEvent =
  | { kind: 'spacing'; remaining: number; limit?: number; resetInMs: number; intervalMs: number }
  | { kind: 'waitingForReset'; waitMs: number }
  | { kind: 'closed'; waitMs: number };

export interface GateOptions {
  now: () => number;
  /** Must settle when `signal` aborts (the gate also stops waiting at once if it does not). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  /** The retry floor: a 429 closes the gate at least this long; also the jitter's ceiling. */
  floorMs: number;
  /** A wait the headers ask for beyond this is not made: the request goes and the server decides
   * (a client clock behind the server's must not hold requests back for minutes). */
  maxWaitMs: number;
  /** GETs admitted at once; unbounded when not given. Read at each admission. */
  maxInFlight?: () => number;
  onEvent?: (event: GateEvent) => void;
}

/** A request admitted by the gate; `leave` once its answer (or failure) is in. */
export interface GateTicket {
  leave(): void;
}

/** Pacing starts at a tenth of the limit left, or twice the requests that can be in flight. */
const LOW_FRACTION = 0.1;
const LOW_WIDTHS = 2;
/** The width assumed when no cap is set. */
const DEFAULT_WIDTH = 4;

export class RateGate {
  private admitted = 0;
  /** Requests past the budget check and not yet answered (waiting for their turn, or on the
   * wire): each will spend one of what the last headers said is left. */
  private pending = 0;
  private readonly queue: (() => void)[] = [];
  private info?: RateLimitInfo;
  /** Until when a 429 closed the gate, epoch ms; `closures` counts the times it was (re)closed. */
  private closedUntil = 0;
  private closures = 0;
  /** The earliest time the next paced request may go. */
  private nextAt = 0;
  /** What was told in the log for the current reset time, so one line is written when the gate
   * starts slowing down or waiting, not one per request. */
  private told = { resetAt: 0, kinds: new Set<GateEvent['kind']>() };

  constructor(private readonly options: GateOptions) {}

  /** Requests admitted and not yet left (waiting in the gate or on the wire). */
  get inFlight(): number {
    return this.admitted;
  }

  /** Waits for a place and for the budget; rejects with the signal's reason when it aborts. */
  async enter(signal?: AbortSignal): Promise<GateTicket> {
    await this.admit(signal);
    try {
      await this.waitForBudget(signal);
    } catch (e) {
      this.release();
      throw e;
    }
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        this.pending--;
        this.release();
      },
    };
  }

  /** The rate-limit headers of a response (any method: they tell the key's budget). */
  observe(info: RateLimitInfo): void {
    const last = this.info;
    if (last === undefined || last.resetAt !== info.resetAt) {
      this.nextAt = 0;
      this.info = info;
    } else if (last.remaining === undefined || info.remaining === undefined || info.remaining < last.remaining) {
      // Same window: the budget only shrinks in it, so an answer overtaken by a later one's
      // (counted earlier, arriving later) cannot raise it again.
      this.info = info;
    }
  }

  /** A 429: closed for what the server asked, at least the floor. A wait the client does not
   * accept (over `maxWaitMs`) ends that request with an error instead, and closes nothing. */
  close(requestedMs: number | undefined): void {
    const waitMs = Math.max(this.options.floorMs, requestedMs ?? 0);
    if (waitMs > this.options.maxWaitMs) return;
    const now = this.options.now();
    const until = now + waitMs;
    if (until <= this.closedUntil) return;
    if (this.closedUntil <= now) this.tell({ kind: 'closed', waitMs });
    this.closedUntil = until;
    this.closures++;
  }

  private admit(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(reasonOf(signal));
    if (this.admitted < this.cap()) {
      this.admitted++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const go = (): void => {
        signal?.removeEventListener('abort', onAbort);
        this.admitted++;
        resolve();
      };
      const onAbort = (): void => {
        const i = this.queue.indexOf(go);
        if (i >= 0) this.queue.splice(i, 1);
        reject(reasonOf(signal));
      };
      this.queue.push(go);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(): void {
    this.admitted--;
    // First come, first served; as many as the cap (which may have changed) lets in.
    while (this.queue.length > 0 && this.admitted < this.cap()) (this.queue.shift() as () => void)();
  }

  private cap(): number {
    const n = this.options.maxInFlight?.();
    return n !== undefined && n >= 1 ? Math.floor(n) : Infinity;
  }

  /** Sleeps until the gate is open and the budget lets this request go. A 429 that closes the
   * gate again during the sleep means another wait; nothing else does, so a clock that stands
   * still (tests) cannot keep a request here. */
  private async waitForBudget(signal: AbortSignal | undefined): Promise<void> {
    let counted = false;
    try {
      for (;;) {
        const closures = this.closures;
        const ms = this.delay();
        // From its first turn on, this request counts against what is left.
        if (!counted) this.pending++;
        counted = true;
        if (ms <= 0) return;
        await abortable(this.options.sleep(ms, signal), signal);
        if (this.closures === closures) return;
      }
    } catch (e) {
      if (counted) this.pending--;
      throw e;
    }
  }

  /** How long this request waits from now: out the closure a 429 set, and its place in the paced
   * schedule. */
  private delay(): number {
    const now = this.options.now();
    const closed = this.closedUntil > now ? this.closedUntil - now + this.jitter() : 0;
    // While a 429 holds the gate, its line in the log says why requests wait: no second one.
    return Math.max(closed, this.pacedAt(now, closed > 0) - now);
  }

  /** When the budget lets the next request go: now, evenly spaced, or after the reset. A wait
   * longer than the client accepts is not made: the request goes and the server decides. */
  private pacedAt(now: number, quiet: boolean): number {
    const info = this.info;
    const { maxWaitMs } = this.options;
    if (info?.remaining === undefined || info.resetAt === undefined || info.resetAt <= now) return now;
    const resetInMs = info.resetAt - now;
    const available = info.remaining - this.pending;
    if (available <= 0) {
      if (resetInMs > maxWaitMs) return now;
      if (!quiet) this.tellOnce(info.resetAt, { kind: 'waitingForReset', waitMs: resetInMs });
      return info.resetAt + this.jitter();
    }
    const width = this.options.maxInFlight?.() ?? DEFAULT_WIDTH;
    const low = Math.max(LOW_WIDTHS * width, info.limit === undefined ? 0 : Math.ceil(info.limit * LOW_FRACTION));
    if (available > low) return now;
    // The place after the last one given; what is left is spread over the time from there.
    const at = Math.max(now, this.nextAt);
    if (at - now > maxWaitMs) return now;
    if (at >= info.resetAt) return at;
    const intervalMs = (info.resetAt - at) / available;
    if (!quiet)
      this.tellOnce(info.resetAt, {
        kind: 'spacing',
        remaining: info.remaining,
        limit: info.limit,
        resetInMs,
        intervalMs,
      });
    this.nextAt = at + intervalMs;
    return at;
  }

  private jitter(): number {
    return Math.floor(this.options.random() * this.options.floorMs);
  }

  private tellOnce(resetAt: number, event: GateEvent): void {
    if (this.told.resetAt !== resetAt) this.told = { resetAt, kinds: new Set() };
    if (this.told.kinds.has(event.kind)) return;
    this.told.kinds.add(event.kind);
    this.tell(event);
  }

  private tell(event: GateEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // Logging is best effort: it must not fail a request.
    }
  }
}

function reasonOf(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new Error('aborted');
}

/** `promise`, or a rejection the moment `signal` aborts, whichever comes first. */
function abortable(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(reasonOf(signal));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
