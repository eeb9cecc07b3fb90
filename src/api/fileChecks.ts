// What a download's answer must be before any of it is saved: its headers read into FileMeta (the
// file name from Content-Disposition, raw and redacted), its content type and first bytes checked
// against what was asked for (a PDF; an attachment of its own type), and the errors of a refused
// body or one over the cap. A refused body keeps its text (capped, redacted) for the panel.
import { t } from '../l10n';
import type { FileMeta } from './downloads';
import { ApiError } from './errors';
import { refusedAnswer, type ResponseInfo, type Target } from './failures';
import type { HeaderGetter } from './rateLimit';
import { scrubBody, type Redactor } from './redact';

/** Bytes looked at before the sink is opened. */
export const SNIFF_BYTES = 512;

/** `type/subtype` of a Content-Type, lower case, without parameters; undefined when absent. */
export function mediaType(value: string | null | undefined): string | undefined {
  const type = value?.split(';')[0].trim().toLowerCase();
  return type ? type : undefined;
}

const OCTETS = 'application/octet-stream';
const isHtmlType = (type: string | undefined): boolean => type === 'text/html' || type === 'application/xhtml+xml';
const isJsonType = (type: string | undefined): boolean => type === 'application/json' || !!type?.endsWith('+json');

/** The first bytes as text, past a BOM and white space, lower case. */
function opening(head: Buffer): string {
  return head
    .toString('latin1', 0, Math.min(head.length, 64))
    .replace(/^(\xef\xbb\xbf)?\s*/, '')
    .toLowerCase();
}
const looksHtml = (head: Buffer): boolean => /^<(!doctype html|html|head|body)[\s>]/.test(opening(head));
const looksJson = (head: Buffer): boolean => /^[{[]/.test(opening(head));

/** What the body is, for a refusal's message. */
function describe(type: string | undefined, head: Buffer): 'html' | 'json' | 'empty' | 'other' {
  if (isHtmlType(type) || looksHtml(head)) return 'html';
  if (isJsonType(type) || ((type === undefined || type === OCTETS) && looksJson(head))) return 'json';
  return head.length === 0 ? 'empty' : 'other';
}

/** Why a body is not the file asked for (a message), or undefined when it is. */
export type FileCheck = (meta: FileMeta, head: Buffer, status: number) => string | undefined;

function refusal(what: string, type: string | undefined, head: Buffer, status: number): string {
  switch (describe(type, head)) {
    case 'html':
      return t('Server returned an HTML page instead of {0} ({1})', what, status);
    case 'json':
      return t('Server returned JSON instead of {0} ({1})', what, status);
    case 'empty':
      return t('Server returned an empty body instead of {0} ({1})', what, status);
    case 'other':
      return type === undefined || type === OCTETS
        ? t('Server returned a body that is not {0} ({1})', what, status)
        : t('Server returned {0} instead of {1} ({2})', type, what, status);
  }
}

/** A PDF: `application/pdf` or `application/octet-stream` (the contract's), starting `%PDF-`. */
export const pdfCheck: FileCheck = (meta, head, status) => {
  const type = mediaType(meta.contentType);
  const typeOk = type === undefined || type === 'application/pdf' || type === OCTETS;
  if (typeOk && head.subarray(0, 5).toString('latin1') === '%PDF-') return undefined;
  return refusal(t('a PDF'), type, head, status);
};

/** An attachment of type `expected` (its `contentType`): that type or `application/octet-stream`;
 * an HTML page (by its type or its first bytes) or JSON only when that is what the attachment is. */
export function attachmentCheck(expected: string | undefined): FileCheck {
  const want = mediaType(expected);
  return (meta, head, status) => {
    const type = mediaType(meta.contentType);
    const what = want ? t('the attachment ({0})', want) : t('the attachment');
    const typeOk =
      type === undefined ||
      type === want ||
      type === OCTETS ||
      (want === undefined && !isHtmlType(type) && !isJsonType(type));
    const pageOk = isHtmlType(want) || !looksHtml(head);
    return typeOk && pageOk ? undefined : refusal(what, type, head, status);
  };
}

/** A body that holds a NUL byte is not text: an error keeps no text of it. */
const isText = (bytes: Buffer): boolean => !bytes.includes(0);

/** A 2xx refused by its check: `malformedResponse`, keeping the body's text (capped, redacted). */
export function refusedFile(info: ResponseInfo, message: string, bytes: Buffer): ApiError {
  const text = isText(bytes) ? scrubBody(info.text, info.redact) : '';
  return refusedAnswer(info, info.redact(message), text);
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** A file over the caller's cap, by its Content-Length or while streaming: nothing is kept. */
export function fileTooLargeError(target: Target, attempts: number, limitBytes: number, status?: number): ApiError {
  return new ApiError({
    kind: 'responseTooLarge',
    message: t(
      'The file is larger than {0}, the most a download may be: it was stopped and nothing was kept',
      sizeText(limitBytes),
    ),
    ...target,
    ...(status !== undefined ? { status } : {}),
    attempts,
  });
}

// --- Content-Disposition ---

/** The header's parameters (`name=value`, the value a token or a quoted string, unquoted). */
function parameters(header: string): Map<string, string> {
  const found = new Map<string, string>();
  const param = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/gy;
  const start = header.indexOf(';');
  if (start < 0) return found;
  param.lastIndex = start;
  for (let m = param.exec(header); m; m = param.exec(header)) {
    const raw = m[2].trim();
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    const name = m[1].toLowerCase();
    if (!found.has(name)) found.set(name, value);
  }
  return found;
}

/** Header text as Node gives it (one char per byte): UTF-8 decoded when its bytes are UTF-8. */
function fromHeaderBytes(text: string): string {
  if (!/[\x80-\xff]/.test(text) || /[\u0100-\uffff]/.test(text)) return text;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'latin1'));
  } catch {
    return text;
  }
}

/** RFC 5987's `charset'language'value` (UTF-8 or ISO-8859-1); undefined when it cannot be read. */
function extendedValue(value: string): string | undefined {
  const m = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value);
  if (!m) return undefined;
  const charset = m[1].toLowerCase();
  if (charset !== 'utf-8' && charset !== 'iso-8859-1') return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < m[2].length; i++) {
    const hex = m[2][i] === '%' ? /^[0-9a-f]{2}$/i.exec(m[2].slice(i + 1, i + 3)) : null;
    bytes.push(hex ? parseInt(hex[0], 16) : m[2].charCodeAt(i) & 0xff);
    if (hex) i += 2;
  }
  if (charset === 'iso-8859-1') return Buffer.from(bytes).toString('latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(bytes));
  } catch {
    return undefined;
  }
}

/** The file name a Content-Disposition gives (`filename*` preferred), as the server wrote it:
 * never a path to use; the caller sanitises it. Redacted: a server may echo the key in it. */
export function dispositionFileName(header: string | undefined, redact: Redactor): string | undefined {
  if (!header) return undefined;
  const params = parameters(header);
  const extended = params.get('filename*');
  const plain = params.get('filename');
  const name = (extended !== undefined ? extendedValue(extended) : undefined) ?? (plain && fromHeaderBytes(plain));
  return name ? redact(name) : undefined;
}

/** What the headers say of the file. */
export function fileMeta(get: HeaderGetter, redact: Redactor): FileMeta {
  const length = Number(get('content-length'));
  const contentType = get('content-type');
  const fileName = dispositionFileName(get('content-disposition'), redact);
  return {
    ...(contentType !== undefined ? { contentType: redact(contentType) } : {}),
    ...(fileName !== undefined ? { fileName } : {}),
    ...(get('content-length') !== undefined && Number.isSafeInteger(length) && length >= 0 ? { length } : {}),
  };
}
