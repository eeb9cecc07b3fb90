// Scrubs the API key out of any text that leaves the client (error messages, raw bodies, trace
// output). A server or proxy may echo the Authorization header back in an error page, and it may
// echo it escaped: JSON (`\"`, `\\`, `\/`, `\n`, `\u0073` in either hex case, escaped again inside
// a JSON string), HTML (`&quot;`, `&#34;`, `&#x22;`), URL (`%2F`, `%2f`, `+` for a space). So the
// key and its Base64 forms are not matched as literals: each of their characters matches any of
// its encodings, mixed freely, and a whitespace character matches any run of whitespace (one-line
// messages collapse it). Parsed values are redacted after decoding (`redactDeep`), so escapes do
// not matter there at all.

export const REDACTED = '***';

/**
 * Below this length a key is only redacted where it stands alone (not inside a longer word): a
 * 3-character key matched anywhere would blank letters out of every message, and matched nowhere
 * (as before) it leaked. A real key is far longer; the server refuses short ones, and their echo
 * in a 401 body must still not show.
 */
const MIN_ANYWHERE_LENGTH = 4;

export type Redactor = (text: string) => string;

export function basicAuthValue(apiKey: string): string {
  return `Basic ${Buffer.from(apiKey, 'utf8').toString('base64')}`;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A hex number matched in either case: `2f` gives `[2][fF]`. */
const hexPattern = (hex: string): string =>
  [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

const JSON_SHORT: Record<string, string> = { '"': '"', '\\': '\\\\', '/': '/', '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f' };
const HTML_NAMED: Record<string, string> = { '"': 'quot', '&': 'amp', '<': 'lt', '>': 'gt', "'": 'apos', ' ': 'nbsp' };

/** Every way one character of a secret may be written in text a server sends back. */
function charPattern(ch: string): string {
  const alternatives = [escapeRegExp(ch)];
  // JSON: one or more backslashes, so a JSON string inside a JSON string (escaped twice) matches too.
  const units = [...Array(ch.length).keys()].map((i) => `\\\\+u${hexPattern(hex(ch.charCodeAt(i), 4))}`);
  alternatives.push(units.join(''));
  if (ch in JSON_SHORT) alternatives.push(`\\\\+${JSON_SHORT[ch]}`);
  // HTML: named and numeric character references, leading zeros allowed.
  const cp = ch.codePointAt(0) ?? 0;
  if (ch in HTML_NAMED) alternatives.push(`&(?:${HTML_NAMED[ch]}|${HTML_NAMED[ch].toUpperCase()});`);
  alternatives.push(`&#0*${cp};`, `&#[xX]0*${hexPattern(hex(cp, 1))};`);
  // URL: the UTF-8 bytes percent-encoded (encodeURIComponent), `+` for a space (form encoding).
  alternatives.push([...Buffer.from(ch, 'utf8')].map((b) => `%${hexPattern(hex(b, 2))}`).join(''));
  if (ch === ' ') alternatives.push('\\+');
  if (/\s/.test(ch)) alternatives.push('\\s+');
  return `(?:${alternatives.join('|')})`;
}

function secretPattern(secret: string): string {
  return [...secret].map(charPattern).join('');
}

/** What may end the text before a short secret: no letter or digit, unless it belongs to an escape
 * (`\n`, `\u0020`, `&amp;`, `%20`) that stands for a separator. */
const WORD_BEFORE = /(?:^|[^A-Za-z0-9]|\\[bfnrt]|\\u[0-9A-Fa-f]{4}|&#?[A-Za-z0-9]+;|%[0-9A-Fa-f]{2})$/;
const WORD_END = '(?![A-Za-z0-9])';

/** Base64 without its padding, so a server that strips the `=` is matched too. */
const base64Unpadded = (s: string): string => Buffer.from(s, 'utf8').toString('base64').replace(/=+$/, '');

/**
 * What the key reads as once a JSON string holding it is decoded, when that differs: a key such as
 * `ab\"cd` echoed as `ab\u0022cd` decodes to `ab"cd`, which is not the key but is written back
 * out as the key the moment anything serialises it to JSON (the panel's state, a document).
 */
function jsonDecoded(apiKey: string): string[] {
  if (!apiKey.includes('\\')) return [];
  try {
    const decoded: unknown = JSON.parse(`"${apiKey}"`);
    return typeof decoded === 'string' && decoded !== apiKey && decoded.length >= MIN_ANYWHERE_LENGTH ? [decoded] : [];
  } catch {
    return [];
  }
}

/**
 * The key and its Base64 forms, each character in any of its encodings: of the key (the Basic
 * header echo is `Basic ` plus this form) and of `key:` (the key as a Basic user name with an empty
 * password, as some clients send it). The two differ in their last characters whenever the key's
 * length in bytes is not a multiple of 3, so one form does not find the other.
 */
export function createRedactor(apiKey: string): Redactor {
  if (apiKey === '') return (text) => text;
  // The Base64 forms take their padding with them, in whatever encoding; the longer one first, so
  // the `:` of `key:` goes too when the key's form is its prefix.
  const base64Forms = [base64Unpadded(`${apiKey}:`), base64Unpadded(apiKey)].map((b) => secretPattern(b) + `${charPattern('=')}*`);
  const forms = [secretPattern(apiKey), ...base64Forms, ...jsonDecoded(apiKey).map(secretPattern)];
  if (apiKey.length >= MIN_ANYWHERE_LENGTH) {
    const pattern = new RegExp(forms.join('|'), 'g');
    return (text) => text.replace(pattern, REDACTED);
  }
  // The start of a word is checked on the text before each match: a lookbehind at the front of the
  // pattern would run at every position of a body (seconds for megabytes).
  const pattern = new RegExp(`(?:${forms.join('|')})${WORD_END}`, 'g');
  return (text) =>
    text.replace(pattern, (match: string, offset: number) => (WORD_BEFORE.test(text.slice(Math.max(0, offset - 8), offset)) ? REDACTED : match));
}

/**
 * A parsed value with every string in it, and every object key, redacted: JSON.parse has decoded
 * the escapes, so the plain key is what is looked for. Used on error bodies before they are kept.
 */
export function redactDeep<T>(value: T, redact: Redactor): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * Blanks every `"apiKey": "…"` value in a JSON text: `GET /apiKeys` returns the keys themselves,
 * and trace logs must not carry any of them, not only the one in use.
 */
export function redactApiKeyFields(text: string): string {
  return text.replace(/("apiKey"\s*:\s*")((?:[^"\\]|\\.)*)(")/gi, `$1${REDACTED}$3`);
}

/** Raw bodies kept on errors and in trace lines are capped: enough for the diagnostics panel,
 * not a whole page. */
export const RAW_BODY_LIMIT = 64 * 1024;

/**
 * Every secret out of a body before anything reads or cuts it: cutting first could leave a key's
 * prefix behind at the cut, where no whole-key redaction finds it.
 */
export function scrubBody(text: string, redact: Redactor): string {
  return redactApiKeyFields(redact(text));
}

/** Cuts an already scrubbed body to what an error or a trace line keeps. */
export function capRawBody(text: string): string | undefined {
  if (text === '') return undefined;
  return text.length > RAW_BODY_LIMIT ? `${text.slice(0, RAW_BODY_LIMIT)}…[truncated]` : text;
}
