// What an error keeps of its request so that it can be repeated ("Copy as cURL" on a diagnostics
// entry): the absolute URL, and a write's body only when the call marked it as the user's own input
// (and not as holding credentials).
// A POST with any other body is not kept at all: repeated without its body it would be another
// request. Everything passes the key's redactor, as the path of an error already does.
import { ApiError, type SentRequest } from './errors';
import type { Redactor } from './redact';

/** Characters of URL and body together an error keeps; a longer request (a filter pasted from a
 * file) is not kept, so 200 diagnostics entries cannot hold megabytes of requests. */
export const MAX_SENT_REQUEST = 16 * 1024;

export interface RequestToKeep {
  /** Encoded path and query relative to the base URL, starting with `/`. */
  path: string;
  body?: unknown;
  /** The body is the user's own input (create company) and may be kept. */
  shareBody?: boolean;
  /** The body holds credentials (a connection's authorization): never kept, and a trace line
   * shows its field names only. */
  secretBody?: boolean;
}

/** The request body a trace line shows: as sent, or for a secret one its field names. */
export function tracedBody(req: RequestToKeep, sent: string | undefined): string | undefined {
  if (!req.secretBody || sent === undefined) return sent;
  const fields = req.body !== null && typeof req.body === 'object' ? Object.keys(req.body) : [];
  return JSON.stringify(Object.fromEntries(fields.map((k) => [k, '***'])));
}

function sentRequest(baseUrl: string, req: RequestToKeep, redact: Redactor): SentRequest | undefined {
  if (req.body !== undefined && (!req.shareBody || req.secretBody)) return undefined;
  const url = `${baseUrl}${redact(req.path)}`;
  const body = req.body === undefined ? undefined : redact(JSON.stringify(req.body));
  if (url.length + (body?.length ?? 0) > MAX_SENT_REQUEST) return undefined;
  return body === undefined ? { url } : { url, body };
}

/** `error` with its request, when it is an ApiError that has none yet; anything else as it is. */
export function withSentRequest(error: unknown, baseUrl: string, req: RequestToKeep, redact: Redactor): unknown {
  if (!(error instanceof ApiError) || error.request) return error;
  const request = sentRequest(baseUrl, req, redact);
  return request ? error.with({ request }) : error;
}
