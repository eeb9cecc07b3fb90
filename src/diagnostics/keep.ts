// What the diagnostics store keeps of an error: every text within MAX_TEXT, the validation lists
// within MAX_ROWS rows and MAX_TABLE_TEXT characters, the raw body within MAX_RAW_BODY. The panel
// shows at most this, so keeping more would only cost memory (200 entries of 200,000 rows each).
// The request (its URL and a body the user typed) is kept whole, or not at all. Everything else
// of the error is kept as it is.
import { MAX_SENT_REQUEST, type ApiErrorJSON, type ErrorBody, type SentRequest, type ValidationItem } from '../api';
import { cutText, MAX_RAW_BODY, MAX_ROWS, MAX_TABLE_TEXT } from './limits';

/** The row counts of a body's validation lists. */
export interface RowCounts {
  errors: number;
  warnings: number;
}

interface KeptRows<T extends ValidationItem = ValidationItem> {
  errors: T[];
  warnings: T[];
}

/** A copy of `value` with every string cut to MAX_TEXT; `onCut` is called when one was. */
function cutStrings<T>(value: T, onCut: () => void): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const c = cutText(v);
      if (c !== v) onCut();
      return c;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** The rows of a list as the client parsed them; anything else handed to the store counts as none. */
const list = (v: unknown): ValidationItem[] =>
  Array.isArray(v) ? (v as unknown[]).filter((x): x is ValidationItem => typeof x === 'object' && x !== null) : [];

/** Characters a row takes in the table. */
const rowText = (r: ValidationItem) =>
  (r.itemId?.length ?? 0) + (r.validatorName?.length ?? 0) + (r.message?.length ?? 0);

/**
 * The rows shown of a body's lists: errors first, then warnings, MAX_ROWS in all and within
 * MAX_TABLE_TEXT characters, each text cut to MAX_TEXT. Only the rows kept are looked at, so
 * 200,000 rows cost no more than 100.
 */
export function keptRows<T extends ValidationItem>(
  errors: readonly T[],
  warnings: readonly T[],
  onCut: () => void = () => undefined,
): KeptRows<T> {
  const kept: KeptRows<T> = { errors: [], warnings: [] };
  let text = 0;
  for (const [severity, items] of [
    ['errors', errors],
    ['warnings', warnings],
  ] as const) {
    for (const item of items) {
      const row = cutStrings(item, onCut);
      if (kept.errors.length + kept.warnings.length >= MAX_ROWS || text + rowText(row) > MAX_TABLE_TEXT) return kept;
      kept[severity].push(row);
      text += rowText(row);
    }
  }
  return kept;
}

/** The body as kept, and its row counts when it keeps less than it had. */
function keptBody(body: ErrorBody): { body: ErrorBody; cut?: RowCounts } {
  let cut = false;
  const { validation, ...rest } = body;
  const kept = cutStrings(rest, () => (cut = true));
  if (validation === undefined) return { body: kept, ...(cut ? { cut: { errors: 0, warnings: 0 } } : {}) };
  const errors = list(validation.errors);
  const warnings = list(validation.warnings);
  const rows = keptRows(errors, warnings, () => (cut = true));
  if (rows.errors.length < errors.length || rows.warnings.length < warnings.length) cut = true;
  return {
    body: { ...kept, validation: rows },
    ...(cut ? { cut: { errors: errors.length, warnings: warnings.length } } : {}),
  };
}

/**
 * What the store keeps of `json`, and, when it keeps less of the body than the body had (rows or
 * text), the body's row counts: the panel says what was cut, and the store keeps the whole body
 * aside for the editor tab.
 */
export function keptError(json: ApiErrorJSON): { error: ApiErrorJSON; cut?: RowCounts } {
  const { body, rawBody, request, ...rest } = json;
  const error: ApiErrorJSON = cutStrings(rest, () => undefined);
  const kept = body ? keptBody(body) : undefined;
  if (kept) error.body = kept.body;
  // Whole or not at all: a cut URL or body would be another request when copied as cURL.
  const sent = keptRequest(request);
  if (sent) error.request = sent;
  if (typeof rawBody === 'string') error.rawBody = cutText(rawBody, MAX_RAW_BODY);
  return { error, ...(kept?.cut ? { cut: kept.cut } : {}) };
}

/** The request of an error, when it is one (the client's are) and within MAX_SENT_REQUEST. */
function keptRequest(request: unknown): SentRequest | undefined {
  if (typeof request !== 'object' || request === null) return undefined;
  const { url, body } = request as Record<string, unknown>;
  if (typeof url !== 'string' || (body !== undefined && typeof body !== 'string')) return undefined;
  if (url.length + (body?.length ?? 0) > MAX_SENT_REQUEST) return undefined;
  return body === undefined ? { url } : { url, body };
}
