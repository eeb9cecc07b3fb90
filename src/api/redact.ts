// Scrubs the API key out of any text that leaves the client (error messages, raw bodies, trace
// output, exported pages). A server or proxy may echo the Authorization header back, escaped
// (JSON, HTML, URL), Base64-encoded, in hex, re-cased or with invisible characters inside: the
// text is read once as the characters it stands for (canonicalText.ts) and every form of the key
// (keyForms.ts) is found in that one pass (needleSearch.ts), so redaction is linear in the text and
// does not depend on the key's length. Parsed values are redacted after decoding (`redactDeep`).
import { keyForms } from './keyForms';
import { SecretScanner } from './secretSpans';

export const REDACTED = '***';

/**
 * Below this length a key is only redacted where it stands alone (not inside a longer word): a
 * 3-character key matched anywhere would blank letters out of every message, and matched nowhere
 * it leaked. A real key is far longer; the server refuses short ones, and their echo in a 401 body
 * must still not show.
 */
const MIN_ANYWHERE_LENGTH = 4;

export type Redactor = (text: string) => string;

export function basicAuthValue(apiKey: string): string {
  return `Basic ${Buffer.from(apiKey, 'utf8').toString('base64')}`;
}

export function createRedactor(apiKey: string): Redactor {
  if (apiKey === '') return (text) => text;
  const scanner = new SecretScanner(keyForms(apiKey), apiKey.length < MIN_ANYWHERE_LENGTH);
  return (text) => {
    const spans = scanner.spans(text);
    if (spans.length === 0) return text;
    const parts: string[] = [];
    let at = 0;
    for (let i = 0; i < spans.length; i += 2) {
      parts.push(text.slice(at, spans[i]), REDACTED);
      at = spans[i + 1];
    }
    parts.push(text.slice(at));
    return parts.join('');
  };
}

/**
 * A parsed value with every string in it, and every object key, redacted: JSON.parse has decoded
 * the escapes, so the plain key is what is looked for. Every answer of the client passes here
 * (answers.ts), so it walks without recursion: a hostile answer may nest deeper than the stack.
 * A copy, built top down: each container is copied, then its members are visited in the copy.
 */
export function redactDeep<T>(value: T, redact: Redactor): T {
  const root: Record<string, unknown> = { value };
  const pending: Array<[holder: Record<string, unknown> | unknown[], key: string | number]> = [[root, 'value']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [holder, key] = next as [Record<string | number, unknown>, string | number];
    const v = holder[key];
    if (typeof v === 'string') holder[key] = redact(v);
    else if (Array.isArray(v)) {
      const copy = v.slice();
      holder[key] = copy;
      for (let i = copy.length - 1; i >= 0; i--) pending.push([copy, i]);
    } else if (typeof v === 'object' && v !== null) {
      const copy = Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), x]));
      holder[key] = copy;
      for (const k of Object.keys(copy).reverse()) pending.push([copy, k]);
    }
  }
  return root.value as T;
}

/**
 * `redactDeep` of a value nobody else holds (an answer just parsed), at less cost: each string is
 * replaced where it stands, an object is rebuilt only when one of its keys changes, and each
 * distinct key is redacted once (a page repeats the same few keys thousands of times).
 */
export function redactOwned<T>(value: T, redact: Redactor): T {
  const keys = new Map<string, string>();
  const keyOf = (k: string): string => {
    let r = keys.get(k);
    if (r === undefined) keys.set(k, (r = redact(k)));
    return r;
  };
  const root: Record<string, unknown> = { value };
  const pending: Array<[holder: Record<string, unknown> | unknown[], key: string | number]> = [[root, 'value']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [holder, key] = next as [Record<string | number, unknown>, string | number];
    let v = holder[key];
    if (typeof v === 'string') {
      const r = redact(v);
      if (r !== v) holder[key] = r;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pending.push([v, i]);
    } else if (typeof v === 'object' && v !== null) {
      const names = Object.keys(v);
      if (names.some((k) => keyOf(k) !== k))
        holder[key] = v = Object.fromEntries(Object.entries(v).map(([k, x]) => [keyOf(k), x]));
      for (const k of Object.keys(v as object).reverse()) pending.push([v as Record<string, unknown>, k]);
    }
  }
  return root.value as T;
}

/**
 * Blanks every `"apiKey": "…"` value in a JSON text: `GET /apiKeys` returns the keys themselves,
 * and trace logs must not carry any of them, not only the one in use. A value the text ends in
 * (a body cut short by the server inside a key) is blanked too: its start is part of a key.
 */
export function redactApiKeyFields(text: string): string {
  return text.replace(
    /("apiKey"\s*:\s*")(?:[^"\\]|\\.)*("|\\?$)/gi,
    (_match, start: string, end: string) => `${start}${REDACTED}${end === '"' ? end : ''}`,
  );
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
