// The rate-limit headers of the last response (`X-Rate-Limit-Limit/Remaining/Reset`), kept so a
// status bar can show how much of the budget is left and when it refills.

export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** When the budget refills, epoch ms; from `X-Rate-Limit-Reset`. */
  resetAt?: number;
  /** The reset header as sent, for display when it could not be read as a time. */
  resetRaw?: string;
  /** When the response carrying these headers arrived, epoch ms. */
  observedAt: number;
}

export type HeaderGetter = (name: string) => string | undefined;

/**
 * Reads a reset time. The reference sends a date; numbers are accepted too, read as epoch
 * milliseconds, epoch seconds or seconds from now depending on their size.
 */
export function parseResetTime(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (v === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) {
    const n = Number(v);
    if (n >= 1e12) return Math.round(n);
    if (n >= 1e9) return Math.round(n * 1000);
    return nowMs + Math.round(n * 1000);
  }
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

function parseCount(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/** Undefined when the response carries none of the headers. */
export function parseRateLimit(get: HeaderGetter, nowMs: number): RateLimitInfo | undefined {
  const limit = get('x-rate-limit-limit');
  const remaining = get('x-rate-limit-remaining');
  const reset = get('x-rate-limit-reset');
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  const info: RateLimitInfo = { observedAt: nowMs };
  const l = parseCount(limit);
  const r = parseCount(remaining);
  const at = parseResetTime(reset, nowMs);
  if (l !== undefined) info.limit = l;
  if (r !== undefined) info.remaining = r;
  if (at !== undefined) info.resetAt = at;
  if (reset !== undefined) info.resetRaw = reset;
  return info;
}
