// What the diagnostics webview keeps across a window reload (`vscode.setState`), and how the host
// reads it back. The store lives in memory and is empty after a reload, so the entries the user was
// reading survive only here. The state comes back from storage the extension does not control:
// `restoredEntries` treats it as untrusted input and rebuilds every view from checked fields.
import { t } from '../l10n';
import { formatCount } from '../util/amount';
import { keptRows } from './keep';
import { cutText } from './limits';
import type { DiagnosticView, FieldView, ValidationRowView } from './viewModel';

export const PERSIST_VERSION = 1;
/** Newest entries kept across a reload; older ones are dropped. */
export const MAX_PERSISTED_ENTRIES = 50;
/** Characters of a raw body kept across a reload, cut note included (bodies reach 64 KiB). */
export const MAX_PERSISTED_BODY = 16 * 1024;
/** Characters of one saved entry as JSON. The view's own caps (limits.ts) keep an entry well under
 * it (about 80,000 characters at most, a few thousand as a rule); only text that JSON escapes
 * several times over gets past them, and such an entry is saved without its table and body. */
export const MAX_PERSISTED_ENTRY = 128 * 1024;
/** The saved state follows the list at most this often (it holds bodies: up to megabytes). */
export const PERSIST_INTERVAL_MS = 500;
/** Shown on every restored entry: its request happened before the window reloaded. */
export function restoredMarker(): string {
  return t('From before the window reloaded');
}

export interface PersistedState {
  version: typeof PERSIST_VERSION;
  /** Newest first, as shown. */
  entries: DiagnosticView[];
}

const cutNote = (n: number) => `\n${t('… (cut: {0} more characters)', n)}`;

/** `body` within `max` characters; a longer one ends with a note saying how much was cut. */
export function cutBody(body: string, max = MAX_PERSISTED_BODY): string {
  if (body.length <= max) return body;
  // The note for the largest possible cut is never shorter than the real one, so the total fits.
  let keep = Math.max(0, max - cutNote(body.length).length);
  // Never split a surrogate pair: half a character would persist as U+FFFD.
  const last = body.charCodeAt(keep - 1);
  if (keep > 0 && last >= 0xd800 && last <= 0xdbff) keep--;
  return body.slice(0, keep) + cutNote(body.length - keep);
}

const sizeOf = (v: DiagnosticView) => JSON.stringify(v).length;

/** One view as saved: no live-only fields, the body cut, and within MAX_PERSISTED_ENTRY (or nothing). */
function persistedView(view: DiagnosticView): DiagnosticView | undefined {
  const { openBody: _openBody, showAll: _showAll, ...live } = view;
  // Copy as cURL reads the store's entry: a restored one has none.
  const v = { ...live, fields: live.fields.map(({ curl: _curl, ...f }) => f) };
  const saved = v.rawBody === undefined ? v : { ...v, rawBody: cutBody(v.rawBody) };
  if (sizeOf(saved) <= MAX_PERSISTED_ENTRY) return saved;
  const { rawBody: _rawBody, rawBodyCut: _cut, ...bare } = saved;
  const slim = {
    ...bare,
    validation: [],
    validationNote: t('The validation rows and the raw body were too large to keep across a reload.'),
  };
  return sizeOf(slim) <= MAX_PERSISTED_ENTRY ? slim : undefined;
}

/** The state the webview persists for the entries it shows (live first, then restored). */
export function persistableState(shown: readonly DiagnosticView[]): PersistedState {
  const entries: DiagnosticView[] = [];
  for (const v of shown.slice(0, MAX_PERSISTED_ENTRIES)) {
    const saved = persistedView(v);
    if (saved) entries.push(saved);
  }
  return { version: PERSIST_VERSION, entries };
}

type Rec = Record<string, unknown>;

function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const optional = (v: unknown, check: (x: unknown) => boolean) => v === undefined || check(v);

function fieldView(v: unknown): FieldView | undefined {
  if (!isRec(v) || !isString(v.label) || !isString(v.value) || !optional(v.copy, (c) => typeof c === 'boolean'))
    return undefined;
  return { label: v.label, value: v.value, ...(v.copy === true ? { copy: true } : {}) };
}

function validationRow(v: unknown): ValidationRowView | undefined {
  if (!isRec(v) || (v.severity !== 'error' && v.severity !== 'warning')) return undefined;
  if (!isString(v.itemId) || !isString(v.validatorName) || !isString(v.message)) return undefined;
  return { severity: v.severity, itemId: v.itemId, validatorName: v.validatorName, message: v.message };
}

/** Every element checked by `check`, or undefined when `v` is not an array or one element fails. */
function allOf<T>(v: unknown, check: (x: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: T[] = [];
  for (const x of v) {
    const checked = check(x);
    if (checked === undefined) return undefined;
    out.push(checked);
  }
  return out;
}

/** Restored rows held to the live limits (keep.ts); a note when that leaves some out. */
function restoredTable(
  rows: ValidationRowView[],
  note: unknown,
): Pick<DiagnosticView, 'validation' | 'validationNote'> {
  const kept = keptRows(
    rows.filter((r) => r.severity === 'error'),
    rows.filter((r) => r.severity === 'warning'),
  );
  const validation = [...kept.errors, ...kept.warnings];
  const validationNote = isString(note)
    ? cutText(note)
    : validation.length < rows.length
      ? t('Showing {0} of {1} validation rows.', formatCount(validation.length), formatCount(rows.length))
      : undefined;
  return { validation, ...(validationNote ? { validationNote } : {}) };
}

/** One persisted view rebuilt from its checked fields (unknown ones dropped), or undefined. Every
 * text is held to the live limits: the state may have been written by anything. */
function restoredView(v: unknown, id: string): DiagnosticView | undefined {
  if (!isRec(v)) return undefined;
  const { time, timeLabel, heading, message, kind, status, correlationId, rawBody, validationNote } = v;
  if (!isString(v.id) || !isString(time) || Number.isNaN(Date.parse(time))) return undefined;
  if (!isString(timeLabel) || !isString(heading) || !isString(message) || !isString(kind)) return undefined;
  if (
    !optional(status, (s) => Number.isInteger(s)) ||
    !optional(correlationId, isString) ||
    !optional(rawBody, isString)
  )
    return undefined;
  if (!optional(validationNote, isString) || !optional(v.rawBodyCut, (c) => typeof c === 'boolean')) return undefined;
  const fields = allOf(v.fields, fieldView);
  const validation = allOf(v.validation, validationRow);
  if (!fields || !validation) return undefined;
  return {
    id,
    time,
    timeLabel: cutText(timeLabel),
    heading: cutText(heading),
    message: cutText(message),
    kind: cutText(kind),
    ...(typeof status === 'number' ? { status } : {}),
    ...(isString(correlationId) && correlationId !== '' ? { correlationId: cutText(correlationId) } : {}),
    fields: fields.map((f) => ({ ...f, label: cutText(f.label), value: cutText(f.value) })),
    ...restoredTable(validation, validationNote),
    ...(isString(rawBody) ? { rawBody: cutBody(rawBody) } : {}),
    ...(isString(rawBody) && v.rawBodyCut === true ? { rawBodyCut: true } : {}),
    marker: restoredMarker(),
  };
}

/**
 * The entries a persisted state holds, newest first, as restored views: ids `r1`, `r2`, … (store
 * ids restart at `d1` after a reload, so kept ids could collide) and the restored marker. A state
 * of another version or shape gives nothing; a malformed entry is dropped, the others are kept.
 */
export function restoredEntries(state: unknown): DiagnosticView[] {
  if (!isRec(state) || state.version !== PERSIST_VERSION || !Array.isArray(state.entries)) return [];
  const out: DiagnosticView[] = [];
  for (const v of state.entries.slice(0, MAX_PERSISTED_ENTRIES)) {
    const view = restoredView(v, `r${out.length + 1}`);
    if (view) out.push(view);
  }
  return out;
}
