// Digs a human message (and the API's error body, when there is one) out of whatever a server,
// gateway or proxy sent back: the JSON error body, JSON wrapped in a string, `{message}` or
// `{error:{message}}` variants, HTML error pages, plain text, nothing at all, or JSON cut short.
import type { ErrorBody, Validation, ValidationItem } from './models';
import { isRecord } from '../util/guards';

type BodyFormat = 'empty' | 'json' | 'invalidJson' | 'html' | 'text';

export interface ParsedErrorBody {
  format: BodyFormat;
  /** Best one-line message found, capped; absent when the body says nothing useful. */
  message?: string;
  /** Present when the body (or the JSON inside a string) has the API's error-body shape. */
  body?: ErrorBody;
  /** The parsed value when `format` is `json`. */
  json?: unknown;
}

export const MAX_MESSAGE_LENGTH = 300;
const MAX_DEPTH = 4;

export function parseErrorBody(text: string | undefined, contentType?: string): ParsedErrorBody {
  const trimmed = (text ?? '').replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { format: 'empty' };
  const type = (contentType ?? '').toLowerCase();

  const parsed = tryParseJson(trimmed);
  if (parsed.ok) {
    const json = parsed.value;
    const body = findErrorBody(json, 0);
    const message = shortMessage(body ? body.error : digMessage(json, 0));
    return { format: 'json', json, ...(body ? { body } : {}), ...(message ? { message } : {}) };
  }
  if (/^[{["]/.test(trimmed)) {
    // Cut-off JSON: salvage the message if its field made it through.
    const m = /"(?:error|message)"\s*:\s*"((?:[^"\\]|\\.)+)"/i.exec(trimmed);
    const message = m ? shortMessage(unescapeJsonString(m[1])) : undefined;
    return { format: 'invalidJson', ...(message ? { message } : {}) };
  }
  if (type.includes('html') || looksLikeHtml(trimmed)) {
    const message = shortMessage(htmlMessage(trimmed));
    return { format: 'html', ...(message ? { message } : {}) };
  }
  // Plain text, or other markup (XML) whose tags carry no message of their own.
  const message = shortMessage(trimmed.startsWith('<') ? decodeEntities(stripTags(trimmed)) : trimmed);
  return { format: 'text', ...(message ? { message } : {}) };
}

type JsonResult = { ok: true; value: unknown } | { ok: false };

function tryParseJson(text: string): JsonResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** JSON text inside a string value ("double-encoded" bodies) is parsed once more. */
function unwrapString(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!/^[{["]/.test(t)) return v;
  const r = tryParseJson(t);
  return r.ok ? r.value : v;
}

function findErrorBody(value: unknown, depth: number): ErrorBody | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const v = unwrapString(value);
  if (v !== value) return findErrorBody(v, depth + 1);
  if (!isRecord(v)) return undefined;
  return toErrorBody(v);
}

function toErrorBody(o: Record<string, unknown>): ErrorBody | undefined {
  const statusCode = typeof o.statusCode === 'string' ? Number(o.statusCode) : o.statusCode;
  if (typeof o.error !== 'string' || typeof statusCode !== 'number' || !Number.isInteger(statusCode)) {
    return undefined;
  }
  const body: ErrorBody = {
    statusCode,
    service: typeof o.service === 'string' ? o.service : '',
    error: o.error,
    correlationId: typeof o.correlationId === 'string' ? o.correlationId : '',
  };
  const validation = toValidation(o.validation);
  if (validation) body.validation = validation;
  if (typeof o.canBeRetried === 'string') body.canBeRetried = o.canBeRetried;
  if (typeof o.detailedErrorCode === 'number') body.detailedErrorCode = o.detailedErrorCode;
  return body;
}

function toValidation(v: unknown): Validation | undefined {
  if (!isRecord(v)) return undefined;
  const items = (list: unknown): ValidationItem[] =>
    Array.isArray(list)
      ? list.filter(isRecord).map((e) => ({
          message: typeof e.message === 'string' ? e.message : '',
          ...(typeof e.itemId === 'string' ? { itemId: e.itemId } : {}),
          ...(typeof e.validatorName === 'string' ? { validatorName: e.validatorName } : {}),
        }))
      : [];
  return { errors: items(v.errors), warnings: items(v.warnings) };
}

const MESSAGE_KEYS = [
  'error',
  'message',
  'Message',
  'error_description',
  'errorMessage',
  'detail',
  'title',
  'errors',
  'validation',
];

function digMessage(value: unknown, depth: number): string | undefined {
  if (depth > MAX_DEPTH || value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const inner = unwrapString(value);
    if (inner !== value) return digMessage(inner, depth + 1);
    return value.trim() || undefined;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const m = digMessage(item, depth + 1);
      if (m) return m;
    }
    return undefined;
  }
  if (isRecord(value)) {
    for (const key of MESSAGE_KEYS) {
      if (key in value) {
        const m = digMessage(value[key], depth + 1);
        if (m) return m;
      }
    }
  }
  return undefined;
}

function looksLikeHtml(text: string): boolean {
  return /^<(!doctype\s+html|html|head|body|title|h1|center|div|p)\b/i.test(text);
}

// Each pass over a page is linear in its length (issue 22): a regex such as /<[^>]*>/g tries
// every `<` and scans to the end from each when no `>` follows, so a page of `<` ran for minutes.

function htmlMessage(html: string): string | undefined {
  const noScripts = withoutScripts(html);
  for (const tag of ['title', 'h1', 'h2']) {
    const inner = elementText(noScripts, tag);
    const text = inner === undefined ? '' : decodeEntities(stripTags(inner)).trim();
    if (text) return text;
  }
  return decodeEntities(stripTags(noScripts)).trim() || undefined;
}

/** `html` with each `<script …</script>` and `<style …</style>` a space, as
 * html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ') has it. Once a tag's end is not
 * found, that tag is not looked for again: its end follows no later start either. */
function withoutScripts(html: string): string {
  let tags = ['script', 'style'];
  const parts: string[] = [];
  let from = 0;
  let at = 0;
  while (tags.length > 0) {
    const open = new RegExp(`<(${tags.join('|')})\\b`, 'gi');
    open.lastIndex = at;
    const m = open.exec(html);
    if (!m) break;
    const tag = m[1].toLowerCase();
    const close = new RegExp(`</${tag}\\s*>`, 'gi');
    close.lastIndex = open.lastIndex;
    if (close.exec(html)) {
      parts.push(html.slice(from, m.index), ' ');
      from = at = close.lastIndex;
    } else {
      tags = tags.filter((t) => t !== tag);
      at = m.index;
    }
  }
  parts.push(html.slice(from));
  return parts.join('');
}

/** What the first `<tag …>…</tag>` holds, as /<tag\b[^>]*>([\s\S]*?)<\/tag\s*>/i finds it: the
 * first start decides, since any later one has the same `>` or a later one, and so no nearer end. */
function elementText(html: string, tag: string): string | undefined {
  const open = new RegExp(`<${tag}\\b`, 'gi');
  if (!open.exec(html)) return undefined;
  const gt = html.indexOf('>', open.lastIndex);
  if (gt < 0) return undefined;
  const close = new RegExp(`</${tag}\\s*>`, 'gi');
  close.lastIndex = gt + 1;
  const end = close.exec(html);
  return end ? html.slice(gt + 1, end.index) : undefined;
}

/** Each `open…close` a space (leftmost, shortest), as text.replace(/open[\s\S]*?close/g, ' ')
 * does for literal delimiters; once no `close` follows, none follows a later `open` either. */
function replaceSpans(text: string, open: string, close: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, from)) {
    const end = text.indexOf(close, start + open.length);
    if (end < 0) break;
    parts.push(text.slice(from, start), ' ');
    from = end + close.length;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

function stripTags(text: string): string {
  return replaceSpans(replaceSpans(text, '<!--', '-->'), '<', '>');
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return named[e.toLowerCase()] ?? all;
  });
}

function unescapeJsonString(s: string): string {
  const r = tryParseJson(`"${s}"`);
  return r.ok && typeof r.value === 'string' ? r.value : s;
}

/** Collapses whitespace to one line and caps the length, so a message fits a tree label. */
export function shortMessage(text: string | undefined, max = MAX_MESSAGE_LENGTH): string | undefined {
  if (text === undefined) return undefined;
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
