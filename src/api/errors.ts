// One error type for every failure of the API client, so the tree, the diagnostics panel and the
// log all read the same fields and never re-parse anything. Every ApiError is built in
// failures.ts, which also writes (and redacts) its message: nothing here ever sees the API key.
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
  /** A download over the caller's cap (by its Content-Length, or stopped there while streaming). */
  | 'responseTooLarge'
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

function isTransientKind(kind: ApiErrorKind): boolean {
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

/** The request that failed, as it was sent, for "Copy as cURL": never the key (the URL is redacted
 * like the path; the base URL never holds credentials), and a body only when it is the user's own
 * input (create company), redacted. */
export interface SentRequest {
  /** Absolute: the client's base URL and the path with its query, encoded as sent. */
  url: string;
  /** The JSON body as sent. */
  body?: string;
  /** As PreparedRequest's: the answer was a file (a copied command writes it with `-o`). */
  download?: true;
  /** As PreparedRequest's: the body was this file, as multipart part `file` (name redacted). */
  upload?: { name: string; contentType: string };
}

/** The data of an ApiError, listed once: the class, its copies (`with`) and its JSON form share it. */
interface ApiErrorData {
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
  /** Requests actually sent; 0 when a request check refused the call. */
  attempts: number;
  retryable: boolean;
  validation?: ValidationDetail;
  /** Low-level network code (`ECONNRESET`, `ECONNREFUSED`, …) for network failures. */
  code?: string;
  /** Set by the transport on the failures of a request it handled, when the request can be
   * repeated as it was (not for a POST whose body is not the user's own input). */
  request?: SentRequest;
}

/** What builds an ApiError (failures.ts): `attempts` defaults to 1, `retryable` to whether the
 * kind is transient. */
type ApiErrorInit = Omit<ApiErrorData, 'attempts' | 'retryable'> &
  Partial<Pick<ApiErrorData, 'attempts' | 'retryable'>>;

/** Plain-data form for the diagnostics panel and logs: only the fields that are set. */
export type ApiErrorJSON = { name: 'ApiError' } & ApiErrorData;

export class ApiError extends Error {
  declare readonly kind: ApiErrorKind;
  declare readonly method: string;
  declare readonly path: string;
  declare readonly status?: number;
  declare readonly body?: ErrorBody;
  declare readonly rawBody?: string;
  declare readonly correlationId?: string;
  declare readonly retryAfterMs?: number;
  declare readonly attempts: number;
  declare readonly retryable: boolean;
  declare readonly validation?: ValidationDetail;
  declare readonly code?: string;
  declare readonly request?: SentRequest;

  constructor(init: ApiErrorInit) {
    super(init.message);
    const data: Omit<ApiErrorData, 'message'> & { message?: string } = {
      ...init,
      attempts: init.attempts ?? 1,
      retryable: init.retryable ?? isTransientKind(init.kind),
    };
    delete data.message; // Error's own
    // Only the fields that are set, so copies and JSON output stay compact.
    for (const [k, v] of Object.entries(data)) {
      if (v !== undefined) Object.defineProperty(this, k, { value: v, enumerable: true });
    }
  }

  /** A copy with some fields replaced, e.g. the final attempt count. */
  with(changes: Partial<ApiErrorInit>): ApiError {
    return new ApiError({ ...this.data(), ...changes });
  }

  toJSON(): ApiErrorJSON {
    return { name: 'ApiError', ...this.data() };
  }

  private data(): ApiErrorData {
    // The enumerable own properties are exactly the data fields the constructor set.
    return { ...(this as unknown as Omit<ApiErrorData, 'message'>), message: this.message };
  }
}

// On the prototype (not a class field) so the stack header, captured inside super(), already
// reads "ApiError: …".
Object.defineProperty(ApiError.prototype, 'name', { value: 'ApiError', writable: true, configurable: true });

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isCancellation(value: unknown): boolean {
  return value instanceof ApiError && value.kind === 'cancelled';
}
