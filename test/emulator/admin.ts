// Admin endpoints under /_emulator: no key, not rate limited, not recorded, never faulted.
// They let a test or a demo change faults, read the request log and reset the world over HTTP.
import { ApiResponse, errorResponse, malformedPath } from './errors';
import { FaultRuleError, type FaultController, type FaultRule } from './faults';
import { decodePathSegments } from './percentEncoding';
import type { RequestLog } from './requestLog';
import { DATA_TYPES, type EmulatorState } from './state';

export interface AdminRequest {
  method: string;
  /** Path after the /_emulator prefix: '', '/faults', '/faults/{id}', … */
  path: string;
  body: Buffer;
}

export interface AdminContext {
  url: string;
  state: EmulatorState;
  faults: FaultController;
  requests: RequestLog;
  reset: () => void;
}

const ok = (body: unknown, status = 200): ApiResponse => new ApiResponse(status, body);
const noContent = (): ApiResponse => new ApiResponse(204);
const wrongMethod = (allowed: string[]): ApiResponse =>
  errorResponse(405, 'PublicApi', 'The method is not allowed for the requested resource.', undefined, { Allow: allowed.join(', ') });

function parseRule(body: Buffer): FaultRule | ApiResponse {
  try {
    return JSON.parse(body.toString('utf8')) as FaultRule;
  } catch {
    return errorResponse(400, 'PublicApi', 'The fault rule is not valid JSON.');
  }
}

export function handleAdmin(req: AdminRequest, ctx: AdminContext): ApiResponse {
  const { method, path } = req;
  // Checked for the whole path first, so no route below can throw on a bad escape (a 500).
  const segments = decodePathSegments(path);
  if (!segments) return malformedPath();
  if (path === '' || path === '/info') {
    if (method !== 'GET') return wrongMethod(['GET']);
    return ok({ url: ctx.url, keys: ctx.state.keys, companies: ctx.state.wellKnown, dataTypes: DATA_TYPES });
  }
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
        return ok(ctx.faults.list().find((f) => f.id === id), 201);
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
    if (method === 'DELETE') return ctx.faults.remove(id) ? noContent() : errorResponse(404, 'PublicApi', `No fault rule with id ${id}`);
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
