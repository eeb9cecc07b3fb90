// The answers injected faults give: an error body for a status, a proxy's HTML page, broken or
// empty JSON, plain text, the real answer cut in half, or a gateway's page after the request ran;
// the real answer's headers and part of its body, then a closed socket (`cutBody`) or silence
// (`stallBody`); a report with a total that does not add up (`misstatedTotal`). `reset` and
// `latency` have no answer of their own (the socket is destroyed, or the real answer is delayed).
import { STATUS_CODES } from 'node:http';
import { ApiResponse, MESSAGES, accountExpired, errorBody, errorResponse, forbidden, unauthorized } from './errors';
import type { FaultEntry } from './faults';
import { type Written, render, slicedWritten } from './http';
import { misstated } from './reports/misstated';

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

/** A proper error body for the fault's status. */
function statusAnswer(fault: FaultEntry, rateHeaders: Record<string, string>): Written {
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

/** What a stalled answer sends before it goes silent: enough for a client to have begun. */
const STALL_BYTES = 16;

/** The real answer, its body cut short by the transport (the request ran). */
async function cutShort(fault: FaultEntry, real: () => Promise<Written>, then: 'close' | 'stall'): Promise<Written> {
  const w = await real();
  const length = w.stream ? w.stream.length : w.body.length;
  const half = Math.floor(length / 2);
  const bytes = then === 'close' ? half : Math.min(STALL_BYTES, half);
  return {
    ...w,
    status: fault.status ?? w.status,
    headers: { ...w.headers, ...retryAfterHeader(fault) },
    cut: { bytes, then },
  };
}

/** The answer an injected fault gives instead of (or, for truncatedJson, appliedThenGateway,
 * cutBody and stallBody, after) the real one. */
export async function faultAnswer(
  fault: FaultEntry,
  rateHeaders: Record<string, string>,
  real: () => Promise<Written>,
): Promise<Written> {
  switch (fault.kind) {
    case 'status':
      return statusAnswer(fault, rateHeaders);
    case 'html':
      return gatewayPage(fault);
    case 'appliedThenGateway':
      // The API did the work (a push taken, a company created); the gateway lost its answer.
      await real();
      return gatewayPage(fault);
    case 'malformedJson':
      return {
        status: fault.status ?? 200,
        headers: { ...rateHeaders, 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(fault) },
        body: Buffer.from("{results: [{'id': 'not json'},], pageNumber: 1,"),
      };
    case 'truncatedJson': {
      const w = await real();
      const length = w.stream ? w.stream.length : w.body.length;
      return slicedWritten(
        {
          ...w,
          status: fault.status ?? w.status,
          headers: { ...w.headers, 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(fault) },
        },
        Math.max(1, Math.floor(length / 2)),
      );
    }
    case 'cutBody':
      return cutShort(fault, real, 'close');
    case 'stallBody':
      return cutShort(fault, real, 'stall');
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
    case 'misstatedTotal':
      return misstated(await real());
    case 'reset':
    case 'latency':
      throw new Error(`fault kind ${fault.kind} has no answer`);
  }
}
