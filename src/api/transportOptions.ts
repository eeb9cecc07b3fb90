// What a caller gives the transport (transport.ts) and what it reports back to the log hooks.
import type { ApiErrorKind } from './errors';
import type { GateEvent } from './rateGate';
import type { RateLimitInfo } from './rateLimit';
import type { RetryPolicy } from './retry';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** A full page of 5000 invoices is about 7 MB: ample room, yet no response can fill the memory. */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface CallOptions {
  signal?: AbortSignal;
  /** Per attempt; defaults to the client's `timeoutMs`. 0 turns the timeout off. */
  timeoutMs?: number;
}

/** One line per attempt for the log: never headers, never the key. */
export interface RequestSummary {
  method: string;
  path: string;
  status?: number;
  durationMs: number;
  attempt: number;
  correlationId?: string;
  errorKind?: ApiErrorKind;
}

/** Bodies for trace-level logging, redacted and capped. */
export interface TraceEntry {
  method: string;
  path: string;
  attempt: number;
  requestBody?: string;
  status?: number;
  responseBody?: string;
}

export interface TransportOptions {
  /** Already normalised (see `normalizeBaseUrl`). */
  baseUrl: string;
  apiKey: string;
  /** Per attempt, read for each request (a setting may change it); 0 turns the timeout off. */
  timeoutMs?: number | (() => number);
  /** Largest response body read, in bytes; a larger one fails as too large, unread. */
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  userAgent?: string;
  onRequest?: (summary: RequestSummary) => void;
  onTrace?: (entry: TraceEntry) => void;
  /** Asked before each trace entry is built, so scrubbing bodies costs nothing when off. */
  traceEnabled?: () => boolean;
  onRateLimit?: (info: RateLimitInfo) => void;
  /** Told when the rate gate starts slowing GETs down or making them wait (one log line). */
  onGate?: (event: GateEvent) => void;
  /** GETs on the wire at once, across every caller of this client; unbounded when not given. */
  maxInFlight?: () => number;
  /** Injected in tests so backoff costs no time. Must settle when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}
