// Admin endpoints under /_emulator: no key, not rate limited, not recorded, never faulted.
// They let a test or a demo change faults, read the request log and reset the world over HTTP.
// The emulator runs on developers' machines, where any web page can send it requests: every call
// but GET /info (the public demo keys) needs the token printed at start, and a POST must be
// application/json, which a page cannot send across origins without a preflight the emulator fails.
import { timingSafeEqual } from 'node:crypto';
import { addGeneratedFile } from './adminFiles';
import { ATTACHMENT_TYPES } from './attachments';
import { deauthorize } from './connectionLifecycle';
import { noPdfCompany } from './documentRoutes';
import { noAgedCreditorCompany } from './reports/routes';
import { ApiResponse, errorResponse } from './errors';
import { FaultRuleError, type FaultController } from './faults';
import { mediaType } from './http';
import { readPath } from './percentEncoding';
import { PUSH_DATA_TYPES } from './pushOptions';
import { PushRuleError } from './pushRules';
import type { RequestLog } from './requestLog';
import { DATA_TYPES, type EmulatorState } from './state';
import { MAX_UPLOAD_BYTES } from './uploads';

export interface AdminRequest {
  method: string;
  /** Path after the /_emulator prefix: '', '/faults', '/faults/{id}', … */
  path: string;
  body: Buffer;
  /** The X-Emulator-Token and Content-Type headers as sent, if any. */
  token: string | undefined;
  contentType: string | undefined;
}

export interface AdminContext {
  url: string;
  adminToken: string;
  state: EmulatorState;
  faults: FaultController;
  requests: RequestLog;
  reset: () => void;
}

const ok = (body: unknown, status = 200): ApiResponse => new ApiResponse(status, body);
const noContent = (): ApiResponse => new ApiResponse(204);
const wrongMethod = (allowed: string[]): ApiResponse =>
  errorResponse(405, 'PublicApi', 'The method is not allowed for the requested resource.', undefined, {
    Allow: allowed.join(', '),
  });

function parseRule(body: Buffer, what: string): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return errorResponse(400, 'PublicApi', `The ${what} is not valid JSON.`);
  }
}

function sameToken(sent: string, token: string): boolean {
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(token, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The 401/403/415 a call is refused with before it reaches its endpoint, if any. */
function refusal(req: AdminRequest, ctx: AdminContext): ApiResponse | undefined {
  if (req.token === undefined)
    return errorResponse(
      401,
      'PublicApi',
      `The emulator's admin endpoints need the admin token (printed at start) in the X-Emulator-Token header.`,
    );
  if (!sameToken(req.token, ctx.adminToken))
    return errorResponse(403, 'PublicApi', `The X-Emulator-Token header does not hold this emulator's admin token.`);
  if (req.method === 'POST' && mediaType(req.contentType) !== 'application/json') {
    return errorResponse(
      415,
      'PublicApi',
      "A POST to the emulator's admin endpoints must be sent with Content-Type: application/json.",
    );
  }
  return undefined;
}

/** What the faults and the push rules have in common, for their endpoints. */
interface Rules<R> {
  add(rule: R): string;
  list(): { id: string }[];
  remove(id: string): boolean;
  clear(): void;
}

/** `/faults` or `/pushes` (a list: GET, POST a rule, DELETE all) and `/{name}/{id}` (GET, DELETE). */
function ruleEndpoints<R>(
  req: AdminRequest,
  rules: Rules<R>,
  segments: string[],
  invalid: new () => Error,
): ApiResponse {
  const { method } = req;
  const what = segments[0] === 'faults' ? 'fault rule' : 'push rule';
  if (segments.length === 1) {
    if (method === 'GET') return ok({ results: rules.list() });
    if (method === 'DELETE') {
      rules.clear();
      return noContent();
    }
    if (method !== 'POST') return wrongMethod(['GET', 'POST', 'DELETE']);
    const rule = parseRule(req.body, what);
    if (rule instanceof ApiResponse) return rule;
    try {
      const id = rules.add(rule as R);
      return ok(
        rules.list().find((f) => f.id === id),
        201,
      );
    } catch (e) {
      if (e instanceof invalid) return errorResponse(400, 'PublicApi', e.message);
      throw e;
    }
  }
  const id = segments[1];
  if (method === 'GET') {
    const rule = rules.list().find((f) => f.id === id);
    return rule ? ok(rule) : errorResponse(404, 'PublicApi', `No ${what} with id ${id}`);
  }
  if (method === 'DELETE')
    return rules.remove(id) ? noContent() : errorResponse(404, 'PublicApi', `No ${what} with id ${id}`);
  return wrongMethod(['GET', 'DELETE']);
}

/** `GET /_emulator`: the public demo keys, the well-known companies and what tests of pushes need. */
function info(ctx: AdminContext): ApiResponse {
  const { state } = ctx;
  const connections = Object.fromEntries(
    Object.entries(state.wellKnown).map(([name, id]) => [
      name,
      (state.find(id)?.company.dataConnections ?? []).map((c) => c.id),
    ]),
  );
  return ok({
    url: ctx.url,
    keys: state.keys,
    companies: state.wellKnown,
    dataTypes: DATA_TYPES,
    push: {
      dataTypes: PUSH_DATA_TYPES,
      delayMs: state.pushes.delayMs,
      twoConnections: state.wellKnown.few,
      noConnections: state.wellKnown.syncing,
      connections,
    },
    documents: {
      attachmentTypes: ATTACHMENT_TYPES,
      noPdfCompany: noPdfCompany(state) ?? null,
      uploadCapBytes: MAX_UPLOAD_BYTES,
    },
    reports: { noAgedCreditorCompany: noAgedCreditorCompany(state) ?? null },
  });
}

/** `POST /deauthorize {companyId, connectionId?}`: the fault of a user revoking access on the
 * platform; the connection (the company's first Linked one unless named) turns Deauthorized. */
function deauthorizeConnection(req: AdminRequest, ctx: AdminContext): ApiResponse {
  const body = parseRule(req.body, 'body');
  if (body instanceof ApiResponse) return body;
  const { companyId, connectionId } = (body ?? {}) as { companyId?: unknown; connectionId?: unknown };
  if (typeof companyId !== 'string' || (connectionId !== undefined && typeof connectionId !== 'string'))
    return errorResponse(400, 'PublicApi', 'The body must be {"companyId": "…", "connectionId"?: "…"}.');
  const entry = ctx.state.find(companyId);
  if (!entry) return errorResponse(404, 'PublicApi', `No company was found with ID ${companyId}`);
  const connection = deauthorize(entry, connectionId);
  if (!connection)
    return errorResponse(404, 'PublicApi', `The company has no ${connectionId ?? 'Linked'} connection to deauthorize.`);
  return ok(structuredClone(connection));
}

export function handleAdmin(req: AdminRequest, ctx: AdminContext): ApiResponse {
  const { method, path } = req;
  // Checked for the whole path first, so no route below can throw on a bad escape (a 500).
  const segments = readPath(path);
  if (!Array.isArray(segments)) return segments;
  if (path === '' || path === '/info') return method === 'GET' ? info(ctx) : wrongMethod(['GET']);
  const refused = refusal(req, ctx);
  if (refused) return refused;
  const rules = segments.length <= 2 && (segments.length === 1 || segments[1] !== '');
  if (rules && segments[0] === 'faults') return ruleEndpoints(req, ctx.faults, segments, FaultRuleError);
  if (rules && segments[0] === 'pushes') return ruleEndpoints(req, ctx.state.pushes.rules, segments, PushRuleError);
  if (path === '/requests') {
    if (method === 'GET') return ok({ results: ctx.requests.entries() });
    if (method === 'DELETE') {
      ctx.requests.clear();
      return noContent();
    }
    return wrongMethod(['GET', 'DELETE']);
  }
  if (path === '/deauthorize') return method === 'POST' ? deauthorizeConnection(req, ctx) : wrongMethod(['POST']);
  if (path === '/attachments') {
    if (method !== 'POST') return wrongMethod(['POST']);
    const body = parseRule(req.body, 'body');
    return body instanceof ApiResponse ? body : addGeneratedFile(body, ctx.state);
  }
  if (path === '/reset') {
    if (method !== 'POST') return wrongMethod(['POST']);
    ctx.reset();
    return noContent();
  }
  return errorResponse(404, 'PublicApi', `No emulator admin endpoint at /_emulator${path}`);
}
