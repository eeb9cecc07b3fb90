// What axios hands back, read without axios's types leaking further: a response's headers, the
// code of a failure, and the refusal of a body over the size limit.
import type { HeaderGetter } from './rateLimit';

/** Axios's refusal of a body over `maxContentLength` (it reuses ERR_BAD_RESPONSE, which alone
 * would read as a dropped connection and be retried). */
export function isTooLarge(failure: unknown): boolean {
  return failure instanceof Error && /\bmaxContentLength size of\b/.test(failure.message);
}

export function errorCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return code;
  const cause = (e as { cause?: unknown }).cause;
  if (typeof cause === 'object' && cause !== null) {
    const c = (cause as { code?: unknown }).code;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

export function headerGetter(headers: unknown): HeaderGetter {
  // Response header values are strings, string[] for set-cookie, numbers or booleans when set by hand.
  const h = (typeof headers === 'object' && headers !== null ? headers : {}) as Record<
    string,
    string | string[] | number | boolean | null | undefined
  >;
  return (name) => {
    const v = h[name.toLowerCase()];
    if (v === undefined || v === null) return undefined;
    return Array.isArray(v) ? v.map(String).join(', ') : String(v);
  };
}
