// Base URL normalisation, `_links` href resolution and query strings. Hrefs are only ever
// resolved against the configured base URL, so the API key is never sent to another host.
import { t } from '../l10n';
import type { ApiError } from './errors';
import { refusedParameter } from './failures';
import { encodeQueryValue } from '../query';

export const DEFAULT_BASE_URL = 'https://api.codat.io';

/** A base URL or href refused before any request: there is no method yet. */
function refuse(parameter: string, message: string, path = ''): ApiError {
  return refusedParameter({ method: '', path }, parameter, message);
}

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * `https://host/prefix/` → `https://host/prefix`. Refuses URLs with credentials, a query or a
 * fragment, and plain http to anything but a loopback address (the key would travel in clear).
 * Messages never echo the input, which might hold a password.
 */
export function normalizeBaseUrl(input: string | undefined, allowInsecure = false): string {
  const raw = (input ?? '').trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('baseUrl', t('The base URL is not a valid URL'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw refuse('baseUrl', t('The base URL must start with https://'));
  if (url.username || url.password) throw refuse('baseUrl', t('The base URL must not contain a user name or password'));
  if (url.search || url.hash) throw refuse('baseUrl', t('The base URL must not contain a query or fragment'));
  if (url.protocol === 'http:' && !allowInsecure && !isLoopbackHost(url.hostname)) {
    throw refuse('baseUrl', t('The base URL must use https:// unless it is a loopback address'));
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * A `_links` href → a path relative to the base URL. Relative hrefs (`/companies?page=2`) pass
 * through; an absolute href is accepted only when it lies under the base URL itself.
 *
 * Dot segments are refused in every form, before any parsing: `/..`, `/%2e%2E`, `/a%2F..`, in a
 * relative href and in an absolute one alike (`new URL` would collapse them silently, so an
 * absolute href used to be followed to another path while its relative twin was refused). The API
 * never writes them, and servers and proxies disagree on whether they decode `%2e` and `%2F`
 * before normalising, so no normalisation of ours could promise the path the server ends up at.
 */
export function resolveHref(baseUrl: string, href: string): string {
  if (typeof href !== 'string' || href.trim() === '') throw refuse('href', t('The link is empty'));
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\\\u0000-\u001f\u007f]/.test(href))
    throw refuse('href', t('The link contains spaces, control characters or backslashes'));
  if (hasDotSegment(href)) throw refuse('href', t('The link must not contain . or .. segments'));
  let relative = href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(href, baseUrl);
    } catch {
      throw refuse('href', t('The link is not a valid URL'));
    }
    const base = new URL(baseUrl);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (
      url.origin !== base.origin ||
      url.username ||
      url.password ||
      !(url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))
    ) {
      throw refuse('href', t('Refusing to follow a link to another host or outside the base URL'));
    }
    relative = `${url.pathname.slice(basePath.length) || '/'}${url.search}`;
  }
  if (!relative.startsWith('/')) throw refuse('href', t('The link must start with /'));
  return relative.split('#')[0];
}

/** Whether the path part of an href (scheme and host included, when absolute) has a `.` or `..`
 * segment, also once percent-decoded and split at a decoded `/` or `\`. */
function hasDotSegment(href: string): boolean {
  const pathPart = href.split(/[?#]/)[0];
  return pathPart
    .split('/')
    .flatMap((seg) => decodeSegment(seg).split(/[/\\]/))
    .some((seg) => seg === '.' || seg === '..');
}

function decodeSegment(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

/** Query string in the order the API writes its `_links`, so a first page's URL equals `current`. */
export function buildQueryString(params: ReadonlyArray<readonly [string, string | number | undefined]>): string {
  const parts = params
    .filter((p): p is readonly [string, string | number] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? String(v) : encodeQueryValue(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}
