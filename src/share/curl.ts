// "Copy as cURL": a request as a POSIX shell command that anyone can paste and run. The key is
// never part of it: the command reads it from an environment variable and Basic-encodes it
// itself, so the text can be pasted into a ticket, a chat or a script safely. It makes exactly the
// one request it shows: URL globbing is off (a server's `_links` href may hold `[0-9]` or `{a,b}`),
// and nothing in it is invisible (a bidi override or a zero-width space could disguise what a user
// reads before running it). A write whose answer was lost is copied with a comment line saying it
// may already have been applied. A download writes its body to a file (`--output`), never to the
// terminal (a PDF's bytes are not for a screen); an upload names the file to send (`--form
// file=@…`), whose bytes are never part of the text.
import type { ApiErrorJSON } from '../api';
import { safeFileName } from '../files/fileNames';
import { t } from '../l10n';
import { answerLost } from '../push/lostPush';

/** "Copy as cURL", which the diagnostics panel's button runs too. */
export const COPY_CURL_COMMAND = 'dataPlatform.copyAsCurl';

/** The variable the command reads the key from. */
export const API_KEY_VARIABLE = 'DATA_PLATFORM_API_KEY';

interface ShareableRequest {
  method: string;
  /** Absolute URL, query string already encoded (as the client sends it). */
  url: string;
  /** A JSON body, for POST: a value, serialised here. */
  body?: unknown;
  /** A JSON body as text, sent exactly as it stands (one an error kept, already redacted:
   * parsing and serialising it again could undo an escape the redactor saw). */
  bodyText?: string;
  /** A line said before the command, as a shell comment: what to know before running it. */
  note?: string;
  /** The answer is a file: written to `fileName` (or a name from the URL), not to the terminal. */
  download?: true;
  /** The name the downloaded file is written under (made safe here: it may be a server's text). */
  fileName?: string;
  /** The body is this file (in the current folder), as multipart part `file`. */
  upload?: { name: string; contentType: string };
}

/** `'…'` for the shell: nothing inside single quotes is special except the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Characters a reader cannot see for what they are: controls, format characters (bidi
 * overrides, zero-width, soft hyphen, BOM, tags), spaces other than U+0020, and fillers that
 * render blank. */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\p{Variation_Selector}\u034F\u115F\u1160\u3164\uFFA0]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

/**
 * The URL as the client sends it, in printable ASCII only: each other character as its UTF-8
 * bytes percent-encoded, then serialised as WHATWG URL does (axios sends `new URL(...)`'s path
 * and query, so `{` in a path becomes `%7B` there too). A tab or newline is encoded first, where
 * `new URL` would drop it silently. A lone surrogate becomes U+FFFD, as in `new URL`.
 */
function printableUrl(url: string): string {
  const encoded = url.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(/^[\ud800-\udfff]$/.test(c) ? '\ufffd' : c));
  try {
    return new URL(encoded).href;
  } catch {
    return encoded;
  }
}

/** JSON text with nothing invisible, meaning the same: such a character can only stand inside a
 * string (as a `\uXXXX` escape there) or be whitespace between tokens (a space there). */
function visibleJson(text: string): string {
  if (!INVISIBLE.test(text)) return text;
  try {
    JSON.parse(text);
  } catch {
    throw new Error('The body is not JSON text and holds invisible characters: it cannot be shown as they are');
  }
  return text.replace(INVISIBLE_ALL, (c) =>
    /^[\t\n\r]$/.test(c)
      ? ' '
      : [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

/** A file name curl takes as a path: `-` alone would mean the terminal. */
const asPath = (name: string): string => (name.startsWith('-') ? `./${name}` : name);

/** The name a download is written under, without one given: from its URL (`…/invoices/{id}/pdf`
 * → `{id}.pdf`, `…/attachments/{id}/download` → `{id}`). */
function downloadName(url: string): string | undefined {
  let segments: string[];
  try {
    segments = new URL(url).pathname.split('/').map((s) => decodeURIComponent(s));
  } catch {
    segments = [];
  }
  const [owner, last] = segments.slice(-2);
  return last === 'pdf' ? `${owner}.pdf` : last === 'download' ? owner : last;
}

/** A download's file name as the command shows it: safe (it may be a server's text) and with
 * nothing invisible, as the rest of the command. */
const visibleFileName = (name: string | undefined): string =>
  asPath(safeFileName(name?.replace(INVISIBLE_ALL, ''), 'download'));

/** A media type as curl's `;type=` may hold it (nothing that would end the option). */
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** `file=@"name";type=…` for curl's `--form`: the user's file in the current folder, by its own
 * name (a leading dot is the user's), without anything invisible; in double quotes (so `;` and
 * `,` are part of it), `"` and `\` escaped; a type curl could misread is left to curl to guess. */
function formFile(upload: { name: string; contentType: string }): string {
  const own = upload.name.replace(INVISIBLE_ALL, '').replace(/^.*[/\\]/, '') || 'upload';
  const name = asPath(own).replace(/["\\]/g, '\\$&');
  const type = MEDIA_TYPE.test(upload.contentType) ? `;type=${upload.contentType}` : '';
  return `file=@"${name}"${type}`;
}

/** The lines of the body: a file for an upload, JSON text for any other body. */
function bodyLines(request: ShareableRequest): string[] {
  if (request.upload) return [`--form ${shellQuote(formFile(request.upload))}`];
  const body = request.bodyText ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (body === undefined) return [];
  return [`--header ${shellQuote('Content-Type: application/json')}`, `--data-raw ${shellQuote(visibleJson(body))}`];
}

/**
 * The request as a curl command, one option per line. The Authorization header is computed when
 * the command runs: `printf '%s'` (no newline) through `base64`, with any line wrapping removed
 * (GNU base64 wraps at 76 columns; macOS's does not take `-w0`).
 */
export function curlCommand(request: ShareableRequest): string {
  const method = request.method.toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new Error(`Not an HTTP method: ${request.method}`);
  const lines = [
    `curl --silent --show-error --globoff --request ${method} ${shellQuote(printableUrl(request.url))}`,
    `--header ${shellQuote(`Accept: ${request.download ? '*/*' : 'application/json'}`)}`,
    `--header "Authorization: Basic $(printf '%s' "$${API_KEY_VARIABLE}" | base64 | tr -d '\\n')"`,
    ...bodyLines(request),
  ];
  // The status, type and size on the terminal: an error answer written to the file is seen as one.
  if (request.download)
    lines.push(
      `--output ${shellQuote(visibleFileName(request.fileName ?? downloadName(request.url)))}`,
      `--write-out ${shellQuote('HTTP %{http_code}, %{content_type}, %{size_download} bytes\\n')}`,
    );
  const command = lines.join(' \\\n  ');
  // One comment line: a newline in the note would end the comment and run the rest as a command.
  const note = request.note?.replace(INVISIBLE_ALL, ' ').trim();
  return note ? `# ${note}\n${command}` : command;
}

/**
 * The request behind a diagnostics entry, to copy as cURL. Only what the client kept when the
 * request failed (ApiError.request): its URL, and a body only when it was the user's own input (a
 * Create Company name, description and tags). A request refused before sending was never made,
 * and a POST whose body was not kept cannot be repeated as it was: neither has one.
 */
export function requestOfError(
  error: Pick<ApiErrorJSON, 'method' | 'attempts' | 'request' | 'kind' | 'status' | 'code'>,
): ShareableRequest | undefined {
  const sent = error.request;
  if (!sent || error.attempts === 0) return undefined;
  return {
    method: error.method,
    url: sent.url,
    ...(sent.body !== undefined ? { bodyText: sent.body } : {}),
    ...(sent.download ? { download: true } : {}),
    ...(sent.upload ? { upload: sent.upload } : {}),
    ...(mayHaveBeenApplied(error) ? { note: appliedNote(error.method, sent.url) } : {}),
  };
}

/** A write (not GET, HEAD or OPTIONS) whose answer was lost: the server may have done it. */
function mayHaveBeenApplied(error: Pick<ApiErrorJSON, 'method' | 'attempts' | 'kind' | 'status' | 'code'>) {
  return !['GET', 'HEAD', 'OPTIONS'].includes(error.method.toUpperCase()) && answerLost(error);
}

/** Where a write of this URL shows once it is done: what to read before running it again. */
function whereItShows(url: string): string {
  const path = new URL(url, 'http://x').pathname;
  if (/\/push\//.test(path)) return t('the push history');
  if (/\/connections(\/|$)/.test(path)) return t('the company’s connections');
  if (/\/(data\/(queue|all)|syncSettings)(\/|$)/.test(path)) return t('the sync history and settings');
  if (/\/apiKeys(\/|$)/.test(path)) return t('the API keys');
  if (/\/companies\/[^/]+$/.test(path)) return t('the company');
  return t('the companies list');
}

function appliedNote(method: string, url: string): string {
  return t(
    'WARNING: this {0} got no usable answer, so it may already have been applied. Running it again may write it twice: check {1} first.',
    method.toUpperCase(),
    whereItShows(url),
  );
}
