// What the API's route modules share: the request a handler gets, the route table's rows, and the
// checks every company route starts with (reading a JSON body, the company of this account, its
// data set being ready).
import type { AccountName } from './companies';
import {
  ApiResponse,
  MESSAGES,
  companyNotFound,
  dataTypeNotSupported,
  errorResponse,
  forbidden,
  validationError,
} from './errors';
import { mediaType } from './http';
import type { CompanyEntry, EmulatorState } from './state';

export interface ApiRequest {
  method: string;
  /** Path without query string, one trailing slash removed. */
  path: string;
  params: URLSearchParams;
  body: Buffer;
  /** The Content-Type header as sent, if any. */
  contentType: string | undefined;
  account: AccountName;
  /** The origin the client reached the emulator at (`http://127.0.0.1:PORT`): what link URLs start with. */
  origin: string;
}

export type Handler = (req: ApiRequest, args: string[], state: EmulatorState) => ApiResponse;

export interface Route {
  /** Segments; `*` matches one path segment (an id). Literals match case-insensitively, as
   * ASP.NET routes do, except data type names: exact, as `POST /data/queue/{dataType}` takes them. */
  pattern: string[];
  methods: Record<string, Handler>;
}

export const ok = (body: unknown, status = 200): ApiResponse => new ApiResponse(status, body);

export type JsonObject = Record<string, unknown>;

export function isResponse(value: unknown): value is ApiResponse {
  return value instanceof ApiResponse;
}

/**
 * A JSON media type, parameters (charset) allowed: `application/json`, `text/json` or a `+json`
 * type. The reference's request bodies are `application/json` only.
 */
function isJsonMediaType(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  return type === 'application/json' || type === 'text/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/**
 * The body as a JSON object; no body allowed when `optional`. A body sent under another (or no)
 * Content-Type is a 400, not guessed at: a form or text body is the client's mistake.
 */
export function readObject(req: ApiRequest, optional: boolean): JsonObject | ApiResponse {
  const text = req.body.toString('utf8').trim();
  if (text === '') {
    return optional
      ? {}
      : validationError('PublicApi', 'body', 'A request body is required: a JSON object.', 'BodyValidator');
  }
  if (!isJsonMediaType(req.contentType)) {
    return validationError(
      'PublicApi',
      'Content-Type',
      'The request body must be JSON sent with Content-Type: application/json.',
      'BodyValidator',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return validationError('PublicApi', 'body', 'The request body is not valid JSON.', 'BodyValidator');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return validationError('PublicApi', 'body', 'The request body must be a JSON object.', 'BodyValidator');
  }
  return value as JsonObject;
}

/**
 * The company if this account may see it: 404 when it does not exist, 403 when it is not theirs.
 * Its pushes that are due end first, so whatever the route reads (data, history) shows them.
 */
export function ownCompany(state: EmulatorState, account: AccountName, id: string): CompanyEntry | ApiResponse {
  const entry = state.find(id);
  if (!entry) return companyNotFound(id);
  if (entry.account !== account) return forbidden();
  state.pushes.settle(entry.company.id);
  return entry;
}

export function isEntry(value: CompanyEntry | ApiResponse): value is CompanyEntry {
  return !(value instanceof ApiResponse);
}

/** The type's data set must be synced; otherwise the 404/409 that says why not. */
export function readyData(state: EmulatorState, entry: CompanyEntry, type: string): ApiResponse | undefined {
  const d = state.settle(entry, type);
  if (d.state === 'unsupported') return dataTypeNotSupported(type, entry.platform);
  if (d.state === 'ready') return undefined;
  return errorResponse(409, 'PullApi', MESSAGES.notRequested);
}
