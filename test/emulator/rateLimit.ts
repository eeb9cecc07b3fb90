// Fixed-window rate limit per presented key. Every request counts, errors included, and every
// answer carries the window's headers; past the limit the answer is 429 with Retry-After.
//
// The state is bounded: a window is (re)inserted when it starts, so the map runs oldest first and
// each request drops a few ended windows from its head (bounded work, no timer to keep the process
// alive); a hard cap evicts the oldest window, so random keys cannot grow the heap without limit.
import { createHash } from 'node:crypto';

export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  /** Seconds until the window resets, for Retry-After (only when refused). */
  retryAfter?: number;
  /** The window's first refusal (what client.rateLimit.reached is sent for). */
  first?: boolean;
}

interface Window {
  start: number;
  count: number;
}

/** Windows kept at most; past it the oldest goes (its key starts a fresh window: more lenient). */
export const MAX_WINDOWS = 10_000;
/** Ended windows dropped per request: more than one, so a backlog shrinks while new keys arrive. */
const PRUNE_PER_REQUEST = 64;

export class RateLimiter {
  // Keyed by a digest so the map never holds a key in clear; in order of window start.
  private windows = new Map<string, Window>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => Date,
    private readonly maxWindows = MAX_WINDOWS,
  ) {}

  /** Windows held now (tests and soak runs check it stays bounded). */
  get size(): number {
    return this.windows.size;
  }

  private bucket(key: string | undefined): string {
    return key === undefined ? 'anonymous' : createHash('sha256').update(key).digest('hex');
  }

  private ended(w: Window, nowMs: number): boolean {
    return nowMs >= w.start + this.config.windowMs;
  }

  private current(bucket: string, nowMs: number): Window {
    const w = this.windows.get(bucket);
    if (w && !this.ended(w, nowMs)) return w;
    // Delete first so the new window goes to the end: the map stays ordered by start.
    if (w) this.windows.delete(bucket);
    else if (this.windows.size >= this.maxWindows) this.evictOldest();
    const fresh = { start: nowMs, count: 0 };
    this.windows.set(bucket, fresh);
    return fresh;
  }

  private evictOldest(): void {
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }

  /** Drops up to PRUNE_PER_REQUEST ended windows from the head (the oldest starts). */
  private prune(nowMs: number): void {
    let dropped = 0;
    for (const [bucket, w] of this.windows) {
      // A clock moved back can leave a later start before an earlier one: stop, the cap still holds.
      if (dropped >= PRUNE_PER_REQUEST || !this.ended(w, nowMs)) return;
      this.windows.delete(bucket);
      dropped++;
    }
  }

  private headers(w: Window): Record<string, string> {
    return {
      'X-Rate-Limit-Limit': String(this.config.limit),
      'X-Rate-Limit-Remaining': String(Math.max(0, this.config.limit - w.count)),
      // An HTTP date holds whole seconds: rounded up, so a client that waits for it never comes
      // back before the window has really ended (rounded down, it came up to a second early).
      'X-Rate-Limit-Reset': new Date(Math.ceil((w.start + this.config.windowMs) / 1000) * 1000).toUTCString(),
    };
  }

  /** Counts one request of `key` (undefined: no usable credential). */
  take(key: string | undefined): RateDecision {
    const nowMs = this.now().getTime();
    this.prune(nowMs);
    const w = this.current(this.bucket(key), nowMs);
    w.count++;
    if (w.count <= this.config.limit) return { allowed: true, headers: this.headers(w) };
    return {
      allowed: false,
      headers: this.headers(w),
      retryAfter: Math.max(1, Math.ceil((w.start + this.config.windowMs - nowMs) / 1000)),
      first: w.count === this.config.limit + 1,
    };
  }

  /** The window's headers without counting (for injected faults, which the server never saw). */
  peek(key: string | undefined): Record<string, string> {
    return this.headers(this.current(this.bucket(key), this.now().getTime()));
  }

  clear(): void {
    this.windows.clear();
  }
}
