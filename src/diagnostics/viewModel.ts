// Decides what the diagnostics panel shows for one entry, as plain strings, so the webview script
// only lays out rows and every choice (labels, which fields appear, formatting) is tested in Node.
import { RAW_BODY_LIMIT, type ApiErrorJSON, type ValidationDetail } from '../api';
import { formatCount } from '../util/amount';
import { t } from '../l10n';
import { formatDuration } from '../util/duration';
import { requestOfError } from '../share/curl';
import { keptRows } from './keep';
import { cutText, MAX_INDENT_DEPTH, MAX_RAW_BODY } from './limits';
import type { DiagnosticEntry } from './store';

export interface FieldView {
  label: string;
  value: string;
  /** The field gets a copy button (the correlation ID). */
  copy?: boolean;
  /** The field gets a "Copy as cURL" button (the request line of a live entry whose request can be
   * repeated: see src/share/errorRequest.ts). */
  curl?: boolean;
}

export interface ValidationRowView {
  severity: 'error' | 'warning';
  itemId: string;
  validatorName: string;
  message: string;
}

export interface DiagnosticView {
  id: string;
  /** ISO instant, for a `datetime` attribute and sorting. */
  time: string;
  timeLabel: string;
  /** `402 POST /companies`: the line a person scans the list by. */
  heading: string;
  /** The client's one-line message. */
  message: string;
  kind: string;
  status?: number;
  correlationId?: string;
  fields: FieldView[];
  /** At most MAX_ROWS rows (limits.ts). */
  validation: ValidationRowView[];
  /** Set when the table shows fewer rows than the body had: `Showing 100 of 200,000 validation rows.` */
  validationNote?: string;
  /** The body as received (redacted), pretty-printed when it is JSON; shown on demand. */
  rawBody?: string;
  /** The raw body is the first RAW_BODY_LIMIT characters the client kept of a longer one. */
  rawBodyCut?: boolean;
  /** A line above the heading saying where the entry comes from (restored after a reload). */
  marker?: string;
  /** Live entries only (never saved): the body can be opened whole in an editor tab. */
  openBody?: boolean;
  /** Live entries only: the label of the button that opens the body for the rows the table leaves
   * out, `Show all 200,000 rows…`. */
  showAll?: string;
}

interface ViewModelOptions {
  /** Time of day as the user reads it; injected so tests do not depend on the time zone. */
  formatTime?: (time: Date) => string;
}

const defaultFormatTime = (t: Date) => t.toLocaleTimeString(undefined, { hour12: false });

function fieldsOf(e: ApiErrorJSON, account: string | undefined): FieldView[] {
  const body = e.body;
  const fields: FieldView[] = [];
  const add = (label: string, value: string | number | undefined, copy?: boolean) => {
    if (value === undefined || value === '') return;
    // The store keeps texts cut already (keep.ts); an entry built elsewhere is held to the same.
    fields.push({ label, value: cutText(String(value)), ...(copy ? { copy } : {}) });
  };
  add(t('Account'), account);
  add(t('Status'), e.status ?? body?.statusCode);
  add(t('Service'), body?.service);
  add(t('Error'), body?.error);
  add(t('Correlation ID'), e.correlationId ?? body?.correlationId, true);
  add(t('Kind'), e.kind);
  // The whole URL the request went to (its key never in it: see ApiError.request).
  add(t('Request'), `${e.method} ${e.request?.url ?? e.path}`);
  if (requestOfError(e)) fields[fields.length - 1].curl = true;
  add(t('Retryable'), e.retryable ? t('yes') : t('no'));
  if (e.retryAfterMs !== undefined) add(t('Retry after'), formatDuration(e.retryAfterMs, 'wait'));
  add(t('Attempts'), e.attempts);
  add(t('Can be retried (server)'), body?.canBeRetried);
  add(t('Detailed error code'), body?.detailedErrorCode);
  add(t('Network code'), e.code);
  if (e.validation) add(t('Refused before sending'), refusal(e.validation));
  return fields;
}

type Table = Pick<DiagnosticView, 'validation' | 'validationNote' | 'showAll'>;

/** The validation table: the rows kept (keep.ts), and what was left out when the body had more. */
function tableOf(entry: DiagnosticEntry): Table {
  const v = entry.error.body?.validation;
  const errors = Array.isArray(v?.errors) ? v.errors : [];
  const warnings = Array.isArray(v?.warnings) ? v.warnings : [];
  const rows = keptRows(errors, warnings);
  const validation: ValidationRowView[] = [];
  for (const [severity, items] of [
    ['error', rows.errors],
    ['warning', rows.warnings],
  ] as const) {
    for (const item of items)
      validation.push({
        severity,
        itemId: item.itemId ?? '',
        validatorName: item.validatorName ?? '',
        message: item.message ?? '',
      });
  }
  const total = entry.cut ? entry.cut.errors + entry.cut.warnings : errors.length + warnings.length;
  if (validation.length >= total) return { validation };
  return {
    validation,
    validationNote: t('Showing {0} of {1} validation rows.', formatCount(validation.length), formatCount(total)),
    showAll: t('Show all {0} rows…', formatCount(total)),
  };
}

/** What every view of an entry starts with, whether or not the rest of it could be built. */
function headOf(
  entry: DiagnosticEntry,
  options: ViewModelOptions,
): Pick<DiagnosticView, 'id' | 'time' | 'timeLabel' | 'heading' | 'kind' | 'status'> {
  const e = entry.error;
  const status = e.status ?? e.body?.statusCode;
  return {
    id: entry.id,
    time: entry.time.toISOString(),
    timeLabel: (options.formatTime ?? defaultFormatTime)(entry.time),
    heading: cutText(`${status ?? e.kind} ${e.method} ${e.path}`),
    kind: e.kind,
    ...(status !== undefined ? { status } : {}),
  };
}

export function toViewModel(entry: DiagnosticEntry, options: ViewModelOptions = {}): DiagnosticView {
  const e = entry.error;
  const correlationId = e.correlationId ?? e.body?.correlationId;
  return {
    ...headOf(entry, options),
    message: cutText(e.message),
    ...(correlationId ? { correlationId: cutText(correlationId) } : {}),
    fields: fieldsOf(e, entry.account),
    ...tableOf(entry),
    ...(e.rawBody !== undefined ? { rawBody: prettyBody(cutText(e.rawBody, MAX_RAW_BODY)) } : {}),
    ...(e.rawBody !== undefined && e.rawBody.length > RAW_BODY_LIMIT ? { rawBodyCut: true } : {}),
    ...(e.rawBody !== undefined || e.body !== undefined ? { openBody: true } : {}),
  };
}

/**
 * The view of an entry whose own view could not be built (`error`: why): its heading and kind,
 * and a message saying so. The list is re-sent whole on every change, so one entry that throws
 * must not stop the panel from showing the others (issue 23).
 */
export function unshownView(entry: DiagnosticEntry, error: unknown, options: ViewModelOptions = {}): DiagnosticView {
  return {
    ...headOf(entry, options),
    message: t('This error could not be shown ({0})', cutText(String(error), 200)),
    fields: [],
    validation: [],
  };
}

/** `query: Expected a value after "=" (at 7–8)`: the parameter, why, and where when known. */
function refusal(v: ValidationDetail): string {
  if (v.start === undefined) return t('{0}: {1}', v.parameter, v.message);
  if (v.end === undefined) return t('{0}: {1} (at {2})', v.parameter, v.message, v.start);
  return t('{0}: {1} (at {2}–{3})', v.parameter, v.message, v.start, v.end);
}

/**
 * JSON bodies indented for reading; anything else exactly as received. Only whitespace between
 * tokens changes: strings and numbers are copied as written. Re-serialising (JSON.parse, then
 * stringify) would decode escapes the redactor saw as `\u0073…` back into the plain key, after
 * redaction: nothing here may produce text the body did not hold.
 */
export function prettyBody(raw: string): string {
  try {
    JSON.parse(raw);
    return reindent(raw);
  } catch {
    // Not JSON; or, should laying it out ever fail, the text as received is still readable.
    return raw;
  }
}

const isJsonSpace = (c: string): boolean => c === ' ' || c === '\n' || c === '\r' || c === '\t';

/** A line break and the indentation of each level up to MAX_INDENT_DEPTH. */
const BREAKS = Array.from({ length: MAX_INDENT_DEPTH + 1 }, (_, depth) => `\n${'  '.repeat(depth)}`);

/**
 * Re-indents valid JSON text by two spaces, as JSON.stringify(value, null, 2) lays it out, down
 * to MAX_INDENT_DEPTH levels; the contents of deeper containers stay on one line, without spaces.
 * One pass, and each character gives at most 2 + 2 × MAX_INDENT_DEPTH: indenting every level made
 * the text grow with the square of the depth (issue 23).
 */
function reindent(json: string): string {
  const out: string[] = [];
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    const laidOut = depth <= MAX_INDENT_DEPTH;
    if (c === '"') {
      const end = stringEnd(json, i);
      out.push(json.slice(i, end));
      i = end - 1;
    } else if (c === '{' || c === '[') {
      let next = i + 1;
      while (isJsonSpace(json[next])) next++;
      if (json[next] === (c === '{' ? '}' : ']')) {
        out.push(c + json[next]);
        i = next;
      } else {
        depth++;
        out.push(depth <= MAX_INDENT_DEPTH ? c + BREAKS[depth] : c);
      }
    } else if (c === '}' || c === ']') {
      out.push(laidOut ? BREAKS[depth - 1] + c : c);
      depth--;
    } else if (c === ',') out.push(laidOut ? c + BREAKS[depth] : c);
    else if (c === ':') out.push(laidOut ? ': ' : c);
    else if (!isJsonSpace(c)) {
      // A number or a literal, copied whole.
      let end = i + 1;
      while (end < json.length && !isJsonSpace(json[end]) && !',:]}'.includes(json[end])) end++;
      out.push(json.slice(i, end));
      i = end - 1;
    }
  }
  return out.join('');
}
/** Index just past the string literal that starts at `start` (a `"`). */
function stringEnd(json: string, start: number): number {
  let i = start + 1;
  while (i < json.length && json[i] !== '"') i += json[i] === '\\' ? 2 : 1;
  return i + 1;
}
