// The request behind a diagnostics entry, to copy as cURL. Only what the client kept when the
// request failed (ApiError.request): its URL, and a body only when it was the user's own input (a
// Create Company name, description and tags). A request refused before sending was never made,
// and a POST whose body was not kept cannot be repeated as it was: neither has one.
import type { ApiErrorJSON } from '../api';
import type { ShareableRequest } from './curl';

export function requestOfError(
  error: Pick<ApiErrorJSON, 'method' | 'attempts' | 'request'>,
): ShareableRequest | undefined {
  const sent = error.request;
  if (!sent || error.attempts === 0) return undefined;
  return { method: error.method, url: sent.url, ...(sent.body !== undefined ? { bodyText: sent.body } : {}) };
}
