// The text of the editor tab that "Open Whole Body" opens for an entry: the whole error body when
// it is known, otherwise what the entry keeps, under `//` lines that say what is missing.
//
// Where the whole body comes from: the client parses the API's error body and redacts every value
// after decoding (api/failures.ts), and keeps the raw text only up to 64 KiB. So a body of the
// API's shape is whole in its parsed form (every field the API defines, every validation row): the
// entry's own when nothing was cut, else the copy the store keeps for the newest few cut entries
// (store.ts). Any other body (HTML, text, JSON of another shape) is the raw text the client kept.
import { RAW_BODY_LIMIT } from '../api';
import { DEFAULT_INDENT, escapedLine, type Indent } from '../documents/json';
import { formatCount } from '../util/amount';
import { t } from '../l10n';
import { keptRows } from './keep';
import { MAX_INDENT_DEPTH, MAX_TEXT, WHOLE_BODIES_KEPT } from './limits';
import type { DiagnosticEntry } from './store';
import { prettyBody } from './viewModel';
import { formatSize } from './wire';

export interface BodyDocument {
  text: string;
  /** The text is JSON, perhaps under `//` lines (JSON with comments). */
  json: boolean;
  /** It starts with `//` lines saying what is missing. */
  notes: boolean;
}

const comments = (lines: string[]) => lines.map((l) => `// ${escapedLine(l)}\n`).join('');

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** An object whose values are all scalars: a validation row. */
function isFlatObject(v: unknown): v is object {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const x of Object.values(v)) if (!isScalar(x)) return false;
  return true;
}

/**
 * JSON laid out as JSON.stringify(value, null, indent) does, except that an array element which
 * is an object of scalars (a validation row) takes one compact line: 200,000 rows make 200,000
 * lines of a table to scroll and search, not a million lines of braces (and open in a third of
 * the time). Levels past MAX_INDENT_DEPTH stay on one line, as in the panel (viewModel.ts).
 */
export function layoutJson(value: unknown, indent: Indent = DEFAULT_INDENT, depth = 0): string {
  if (isScalar(value) || depth >= MAX_INDENT_DEPTH) return JSON.stringify(value) ?? 'null';
  const unit = indent.insertSpaces ? ' '.repeat(indent.tabSize) : '\t';
  const pad = unit.repeat(depth + 1);
  const close = unit.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map(
      (v: unknown) => pad + (isFlatObject(v) ? JSON.stringify(v) : layoutJson(v, indent, depth + 1)),
    );
    return `[\n${items.join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value as object);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${layoutJson(v, indent, depth + 1)}`).join(',\n')}\n${close}}`;
}

const document = (value: unknown, indent: Indent) => `${layoutJson(value, indent)}\n`;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What a cut entry keeps, said when its whole body has been let go. */
function notKeptNote(entry: DiagnosticEntry): string[] {
  const v = entry.error.body?.validation;
  const rows = keptRows(v?.errors ?? [], v?.warnings ?? []);
  const total = (entry.cut?.errors ?? 0) + (entry.cut?.warnings ?? 0);
  return [
    t(
      'The whole body of this error is no longer kept: the panel keeps it for the {0} newest errors it had to cut.',
      WHOLE_BODIES_KEPT,
    ),
    t(
      'Below is what the panel keeps: {0} of {1} validation rows, and texts longer than {2} characters cut short with "…".',
      formatCount(rows.errors.length + rows.warnings.length),
      formatCount(total),
      formatCount(MAX_TEXT),
    ),
  ];
}

/**
 * The document for `entry`. `whole` is the store's copy of its whole body (compact JSON), if any.
 * Bodies were redacted value by value after decoding; pretty-printing re-encodes them and never
 * decodes anything (the rule since issue 12, finding 1).
 */
export function bodyDocument(
  entry: DiagnosticEntry,
  whole: string | undefined,
  indent: Indent = DEFAULT_INDENT,
): BodyDocument {
  const e = entry.error;
  if (e.body) {
    if (!entry.cut) return { text: document(e.body, indent), json: true, notes: false };
    if (whole !== undefined) return { text: document(JSON.parse(whole), indent), json: true, notes: false };
    return { text: comments(notKeptNote(entry)) + document(e.body, indent), json: true, notes: true };
  }
  if (e.rawBody !== undefined) {
    const cut = e.rawBody.length > RAW_BODY_LIMIT;
    const notes = cut
      ? comments([
          t(
            'The client keeps the first {0} of an error body; the rest of this one was not kept.',
            formatSize(RAW_BODY_LIMIT),
          ),
        ])
      : '';
    return { text: notes + prettyBody(e.rawBody), json: isJson(e.rawBody), notes: cut };
  }
  return { text: comments([t('This error has no body.')]), json: false, notes: true };
}

/** The document for an entry the store no longer holds. */
export function goneBodyDocument(): BodyDocument {
  return {
    text: comments([t('This error has left the diagnostics list: its body is no longer kept.')]),
    json: false,
    notes: true,
  };
}

/** The document for a tab from an earlier session (entry ids start again with each one). */
export function earlierBodyDocument(): BodyDocument {
  return {
    text: comments([t('This body belongs to an error from before the window reloaded, and was not kept.')]),
    json: false,
    notes: true,
  };
}
