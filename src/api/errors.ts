// One error type for every failure of the API client, so the tree, the diagnostics panel and the
// log all read the same fields and never re-parse anything. Messages are built (and redacted) by
// the code that creates the error: nothing here ever sees the API key.
import { t } from '../l10n';
import type { ErrorBody } from './models';

export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'companyLimit'
  | 'syncScheduleNotAllowed'
  | 'accountExpired'
  | 'paymentRequired'
  | 'notFound'
  | 'datatypeNotSupported'
  | 'dataSetNotRequested'
  | 'syncInProgress'
  | 'apiKeyLimit'
  | 'conflict'
  | 'methodNotAllowed'
  | 'rateLimited'
  | 'server'
  | 'unavailable'
  | 'badRequest'
  | 'invalidQuery'
  | 'invalidParameter'
  | 'network'
  /** A proxy wants credentials (407), as a response or as a refused CONNECT tunnel. */
  | 'proxyAuth'
  /** The server's certificate (or an inspecting proxy's) failed verification. */
  | 'tlsTrust'
  | 'timeout'
  | 'cancelled'
  | 'malformedResponse'
  | 'unexpectedStatus';

/** Kinds that a later attempt may cure; the UI offers "retry" for these. Not `proxyAuth` or
 * `tlsTrust`: only a change of settings or of the trust store cures them. */
const TRANSIENT_KINDS: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>([
  'rateLimited',
  'server',
  'unavailable',
  'network',
  'timeout',
]);

export function isTransientKind(kind: ApiErrorKind): boolean {
  return TRANSIENT_KINDS.has(kind);
}

/** A parameter refused before anything was sent. Offsets are 0-based, `end` exclusive. */
export interface ValidationDetail {
  /** `query`, `orderBy`, `page`, `pageSize`, `companyId`, `name`, `href`, … */
  parameter: string;
  message: string;
  /** Error code of the query parser, when the parameter is a query or orderBy. */
  code?: string;
  start?: number;
  end?: number;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** One line, human, already free of secrets. */
  message: string;
  method: string;
  /** Path plus query string, relative to the base URL. Never a full URL. */
  path: string;
  status?: number;
  body?: ErrorBody;
  rawBody?: string;
  correlationId?: string;
  retryAfterMs?: number;
  /** Requests actually sent; 0 when validation refused the call. Defaults to 1. */
  attempts?: number;
  /** Defaults to whether the kind is transient. */
  retryable?: boolean;
  validation?: ValidationDetail;
  /** Low-level network code (`ECONNRESET`, `ECONNREFUSED`, …) for network failures. */
  code?: string;
}

/** Plain-data form for the diagnostics panel and logs. */
export interface ApiErrorJSON {
  name: 'ApiError';
  kind: ApiErrorKind;
  message: string;
  method: string;
  path: string;
  status?: number;
  correlationId?: string;
  retryAfterMs?: number;
  attempts: number;
  retryable: boolean;
  code?: string;
  validation?: ValidationDetail;
  body?: ErrorBody;
  rawBody?: string;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly body?: ErrorBody;
  readonly rawBody?: string;
  readonly correlationId?: string;
  readonly retryAfterMs?: number;
  readonly attempts: number;
  readonly retryable: boolean;
  readonly validation?: ValidationDetail;
  readonly code?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.body = init.body;
    this.rawBody = init.rawBody;
    this.correlationId = init.correlationId;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
    this.retryable = init.retryable ?? isTransientKind(init.kind);
    this.validation = init.validation;
    this.code = init.code;
  }

  /** A copy with some fields replaced, e.g. the final attempt count. */
  with(changes: Partial<ApiErrorInit>): ApiError {
    return new ApiError({ ...this.init(), ...changes });
  }

  toJSON(): ApiErrorJSON {
    return { name: 'ApiError', ...this.init(), attempts: this.attempts, retryable: this.retryable };
  }

  private init(): ApiErrorInit {
    // Only defined fields, so JSON output and copies stay compact.
    const all: ApiErrorInit = {
      kind: this.kind,
      message: this.message,
      method: this.method,
      path: this.path,
      status: this.status,
      correlationId: this.correlationId,
      retryAfterMs: this.retryAfterMs,
      attempts: this.attempts,
      retryable: this.retryable,
      code: this.code,
      validation: this.validation,
      body: this.body,
      rawBody: this.rawBody,
    };
    for (const k of Object.keys(all) as (keyof ApiErrorInit)[]) {
      if (all[k] === undefined) delete all[k];
    }
    return all;
  }
}

// On the prototype (not a class field) so the stack header, captured inside super(), already
// reads "ApiError: …".
Object.defineProperty(ApiError.prototype, 'name', { value: 'ApiError', writable: true, configurable: true });

/** The error a caller's abort ends a request or a page load with. */
export function cancelledError(method: string, path: string, attempts: number): ApiError {
  return new ApiError({ kind: 'cancelled', message: t('Request cancelled'), method, path, attempts });
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isCancellation(value: unknown): boolean {
  return value instanceof ApiError && value.kind === 'cancelled';
}

/** "12 s", "3 min": a wait as a person reads it, never rounded down to zero. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return t('{0} s', seconds);
  return t('{0} min', Math.ceil(seconds / 60));
}
