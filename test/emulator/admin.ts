// Admin endpoints under /_emulator: no key, not rate limited, not recorded, never faulted.
// They let a test or a demo change faults, read the request log and reset the world over HTTP.
// The emulator runs on developers' machines, where any web page can send it requests: every call
// but GET /info (the public demo keys) needs the token printed at start, and a POST must be
// application/json, which a page cannot send across origins without a preflight the emulator fails.
import { timingSafeEqual } from 'node:crypto';
import { ApiResponse, errorResponse } from './errors';
import { FaultRuleError, type FaultController, type FaultRule } from './faults';
import { mediaType } from './http';
import { readPath } from './percentEncoding';
import type { RequestLog } from './requestLog';
import { DATA_TYPES, type EmulatorState } from './state';

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

function parseRule(body: Buffer): FaultRule | ApiResponse {
  try {
    return JSON.parse(body.toString('utf8')) as FaultRule;
  } catch {
    return errorResponse(400, 'PublicApi', 'The fault rule is not valid JSON.');
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

export function handleAdmin(req: AdminRequest, ctx: AdminContext): ApiResponse {
  const { method, path } = req;
  // Checked for the whole path first, so no route below can throw on a bad escape (a 500).
  const segments = readPath(path);
  if (!Array.isArray(segments)) return segments;
  if (path === '' || path === '/info') {
    if (method !== 'GET') return wrongMethod(['GET']);
    return ok({ url: ctx.url, keys: ctx.state.keys, companies: ctx.state.wellKnown, dataTypes: DATA_TYPES });
  }
  const refused = refusal(req, ctx);
  if (refused) return refused;
  if (path === '/faults') {
    if (method === 'GET') return ok({ results: ctx.faults.list() });
    if (method === 'DELETE') {
      ctx.faults.clear();
      return noContent();
    }
    if (method === 'POST') {
      const rule = parseRule(req.body);
      if (rule instanceof ApiResponse) return rule;
      try {
        const id = ctx.faults.add(rule);
        return ok(
          ctx.faults.list().find((f) => f.id === id),
          201,
        );
      } catch (e) {
        if (e instanceof FaultRuleError) return errorResponse(400, 'PublicApi', e.message);
        throw e;
      }
    }
    return wrongMethod(['GET', 'POST', 'DELETE']);
  }
  if (segments.length === 2 && segments[0] === 'faults' && segments[1] !== '') {
    const id = segments[1];
    if (method === 'GET') {
      const rule = ctx.faults.list().find((f) => f.id === id);
      return rule ? ok(rule) : errorResponse(404, 'PublicApi', `No fault rule with id ${id}`);
    }
    if (method === 'DELETE')
      return ctx.faults.remove(id) ? noContent() : errorResponse(404, 'PublicApi', `No fault rule with id ${id}`);
    return wrongMethod(['GET', 'DELETE']);
  }
  if (path === '/requests') {
    if (method === 'GET') return ok({ results: ctx.requests.entries() });
    if (method === 'DELETE') {
      ctx.requests.clear();
      return noContent();
    }
    return wrongMethod(['GET', 'DELETE']);
  }
  if (path === '/reset') {
    if (method !== 'POST') return wrongMethod(['POST']);
    ctx.reset();
    return noContent();
  }
  return errorResponse(404, 'PublicApi', `No emulator admin endpoint at /_emulator${path}`);
}
