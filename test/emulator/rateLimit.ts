// Fixed-window rate limit per presented key. Every request counts, errors included, and every
// answer carries the window's headers; past the limit the answer is 429 with Retry-After.
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
}

interface Window {
  start: number;
  count: number;
}

export class RateLimiter {
  // Keyed by a digest so the map never holds a key in clear.
  private windows = new Map<string, Window>();

  constructor(private readonly config: RateLimitConfig, private readonly now: () => Date) {}

  private bucket(key: string | undefined): string {
    return key === undefined ? 'anonymous' : createHash('sha256').update(key).digest('hex');
  }

  private current(bucket: string, nowMs: number): Window {
    let w = this.windows.get(bucket);
    if (!w || nowMs >= w.start + this.config.windowMs) {
      w = { start: nowMs, count: 0 };
      this.windows.set(bucket, w);
    }
    return w;
  }

  private headers(w: Window): Record<string, string> {
    return {
      'X-Rate-Limit-Limit': String(this.config.limit),
      'X-Rate-Limit-Remaining': String(Math.max(0, this.config.limit - w.count)),
      'X-Rate-Limit-Reset': new Date(w.start + this.config.windowMs).toUTCString(),
    };
  }

  /** Counts one request of `key` (undefined: no usable credential). */
  take(key: string | undefined): RateDecision {
    const nowMs = this.now().getTime();
    const w = this.current(this.bucket(key), nowMs);
    w.count++;
    if (w.count <= this.config.limit) return { allowed: true, headers: this.headers(w) };
    return { allowed: false, headers: this.headers(w), retryAfter: Math.max(1, Math.ceil((w.start + this.config.windowMs - nowMs) / 1000)) };
  }

  /** The window's headers without counting (for injected faults, which the server never saw). */
  peek(key: string | undefined): Record<string, string> {
    return this.headers(this.current(this.bucket(key), this.now().getTime()));
  }

  clear(): void {
    this.windows.clear();
  }
}
