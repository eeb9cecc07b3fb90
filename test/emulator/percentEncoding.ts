// Percent-encoding of the query and orderBy values the `_links` carry (RFC 3986, section 2): the
// unreserved characters `A-Z a-z 0-9 - . _ ~` stay, every other UTF-8 byte becomes `%XX` with
// upper-case hex. So `&`, `=`, `+`, `#`, `%`, `{ }`, `|` and spaces come back intact from any
// decoder, and the characters encodeURIComponent leaves alone (`! ' ( ) *`) are encoded too.
// Also the reading of request paths, shared by the API and admin routes.
import { type ApiResponse, dotSegmentPath, malformedPath } from './errors';

const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;

/** The encoding of each byte value. */
const BYTES = Array.from({ length: 256 }, (_, b) => {
  const c = String.fromCharCode(b);
  return b < 128 && UNRESERVED.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
});

const utf8 = new TextEncoder();

/** TextEncoder writes a lone surrogate as U+FFFD, so any string can be encoded. */
export function percentEncode(value: string): string {
  if (UNRESERVED.test(value)) return value;
  let out = '';
  for (const byte of utf8.encode(value)) out += BYTES[byte];
  return out;
}

/**
 * A path's segments after the leading `/`, each percent-decoded; undefined when one holds a
 * malformed escape (`%`, `%zz`, a cut UTF-8 sequence), which the routes answer with a 400.
 */
export function decodePathSegments(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .slice(1)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

const DOT_SEGMENTS = new Set(['.', '..']);

/**
 * How every route reads its path (as sent: handler.ts never resolves it): the segments, each
 * decoded once, or the 400 for a malformed escape or a dot segment. So `/companies/../apiKeys`
 * and `/companies/%2e%2e/apiKeys` name no resource, while `%252e%252e` is an ordinary segment.
 */
export function readPath(path: string): string[] | ApiResponse {
  const segments = decodePathSegments(path);
  if (!segments) return malformedPath();
  return segments.some((s) => DOT_SEGMENTS.has(s)) ? dotSegmentPath() : segments;
}
