// The answers injected faults give: an error body for a status, a proxy's HTML page, broken or
// empty JSON, plain text, the real answer cut in half, or a gateway's page after the request ran. `reset` and `latency` have no answer of
// their own (the socket is destroyed, or the real answer is delayed).
import { STATUS_CODES } from 'node:http';
import { ApiResponse, MESSAGES, accountExpired, errorBody, errorResponse, forbidden, unauthorized } from './errors';
import type { FaultEntry } from './faults';
import { type Written, render } from './http';

function retryAfterHeader(fault: FaultEntry, fallback?: number): Record<string, string> {
  const value = fault.retryAfter ?? fallback;
  return value === undefined || value === false ? {} : { 'Retry-After': String(value) };
}

/** A proxy's page: no rate-limit headers, as a gateway in front of the API would send. */
function gatewayPage(fault: FaultEntry): Written {
  const status = fault.status ?? 502;
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  const html = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { status, headers: { 'Content-Type': 'text/html', ...retryAfterHeader(fault) }, body: Buffer.from(html) };
}

/** The answer an injected fault gives instead of (or, for truncatedJson and appliedThenGateway, after) the real one. */
export function faultAnswer(fault: FaultEntry, rateHeaders: Record<string, string>, real: () => Written): Written {
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? 500;
      let response: ApiResponse;
      if (status === 401) response = unauthorized();
      else if (status === 402) response = accountExpired();
      else if (status === 403) response = forbidden();
      else if (status === 409) response = errorResponse(409, 'PullApi', MESSAGES.notRequested);
      else {
        const message = (MESSAGES as Record<string, string>)[String(status)] ?? `${STATUS_CODES[status] ?? 'Error'}.`;
        response = new ApiResponse(status, errorBody(status, 'PublicApi', message));
      }
      return render(response, { ...rateHeaders, ...retryAfterHeader(fault, status === 429 ? 1 : undefined) });
    }
    case 'html':
      return gatewayPage(fault);
    case 'appliedThenGateway':
      // The API did the work (a push taken, a company created); the gateway lost its answer.
      real();
      return gatewayPage(fault);
    case 'malformedJson':
      return {
        status: fault.status ?? 200,
        headers: { ...rateHeaders, 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(fault) },
        body: Buffer.from("{results: [{'id': 'not json'},], pageNumber: 1,"),
      };
    case 'truncatedJson': {
      const w = real();
      const body = w.body.subarray(0, Math.max(1, Math.floor(w.body.length / 2)));
      return {
        status: fault.status ?? w.status,
        headers: { ...w.headers, 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(fault) },
        body,
      };
    }
    case 'emptyBody':
      return {
        status: fault.status ?? 200,
        headers: { ...rateHeaders, 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(fault) },
        body: Buffer.alloc(0),
      };
    case 'textBody': {
      const status = fault.status ?? 500;
      return {
        status,
        headers: { ...rateHeaders, 'Content-Type': 'text/plain; charset=utf-8', ...retryAfterHeader(fault) },
        body: Buffer.from(`${status} ${STATUS_CODES[status] ?? 'Error'}: the upstream service failed.`),
      };
    }
    case 'reset':
    case 'latency':
      throw new Error(`fault kind ${fault.kind} has no answer`);
  }
}
