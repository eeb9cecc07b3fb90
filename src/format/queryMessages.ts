// The UI wording of queries (the filter language itself is in query/, which knows nothing of the
// UI): checks as one-line messages for an input box, with the 1-based column of the first
// offending character ("Col 8: Expected a value after \"=\""), the quick-pick rows, and the query
// node's label.
import type { DataTypeId } from '../dataTypes/catalog';
import { typeCount, typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import { completeQuery, type CompletionKind } from '../query/completions';
import { parseOrderBy, parseQuery, type QueryError } from '../query/parser';
import type { QuerySchema } from '../query/ast';
import { INVOICE_SCHEMA } from '../query/schemas';

function positionedMessage(error: QueryError): string {
  return t('Col {0}: {1}', error.start + 1, error.message);
}

/** Undefined when the filter is valid for the schema. */
export function queryProblem(text: string, schema: QuerySchema = INVOICE_SCHEMA): string | undefined {
  const r = parseQuery(text, schema);
  return r.ok ? undefined : positionedMessage(r.error);
}

/** Undefined when valid; an empty orderBy is valid (it is optional). */
export function orderByProblem(text: string, schema: QuerySchema = INVOICE_SCHEMA): string | undefined {
  if (text.trim() === '') return undefined;
  const r = parseOrderBy(text, schema);
  return r.ok ? undefined : positionedMessage(r.error);
}

/** `status=Paid — 123 invoices`, `Bills: status=Paid — 12 bills`: invoices, the type queried
 * most, go without their name; the count once the first page told it. */
export function queryNodeLabel(
  query: string,
  totalResults?: number,
  type: DataTypeId = 'invoices',
  locale?: string,
): string {
  const text = type === 'invoices' ? query : t('{0}: {1}', typeTitle(type), query);
  if (totalResults === undefined) return text;
  return t('{0} — {1}', text, typeCount(type, totalResults, locale));
}

/** orderBy suggestions for a schema: each field ascending, then descending. */
export function orderBySuggestions(schema: QuerySchema = INVOICE_SCHEMA): string[] {
  const fields = Object.keys(schema.fields);
  return [...fields, ...fields.map((f) => `-${f}`)];
}

/**
 * A row of the filter or orderBy quick pick, before it becomes a vscode.QuickPickItem. The typed
 * text is always the first row's label, valid or not (the error goes in `detail`): VS Code sorts
 * the rows matching the typed text by label, and an exact match sorts first, so the row about
 * what the user typed stays on top of the recent queries that contain it.
 */
export interface PickRow {
  label: string;
  description?: string;
  detail?: string;
  /** `typed`: the text as typed, valid; `invalid`: it cannot be run (accepting does nothing);
   * `recent`: a history entry; `suggestion`: an orderBy field; `completion`: accepting it puts
   * `completion` in the input instead of running anything. */
  kind: 'typed' | 'invalid' | 'recent' | 'suggestion' | 'completion';
  value?: { query: string; orderBy?: string };
  /** The filter text once a completion row is taken. */
  completion?: string;
}

const COMPLETION_ICONS: Record<CompletionKind, string> = {
  field: 'symbol-field',
  operator: 'symbol-operator',
  value: 'symbol-enum-member',
  connective: 'symbol-keyword',
};

/** The filter pick as the user types: the typed filter (or why it cannot run, checked against the
 * schema of the type queried), then the recent queries of the company that contain the typed text,
 * then what may come next. */
export function queryPickRows(
  value: string,
  recent: readonly { query: string; orderBy?: string }[],
  schema: QuerySchema = INVOICE_SCHEMA,
): PickRow[] {
  const text = value.trim();
  const rows: PickRow[] = [];
  if (text !== '') {
    const problem = queryProblem(value, schema);
    rows.push(
      problem
        ? { label: `$(error) ${text}`, detail: problem, kind: 'invalid' }
        : { label: text, description: t('Run this filter'), kind: 'typed', value: { query: text } },
    );
  }
  const needle = text.toLowerCase();
  for (const e of recent) {
    if (needle && !e.query.toLowerCase().includes(needle)) continue;
    rows.push({
      label: e.query,
      description: e.orderBy ? t('recent · orderBy {0}', e.orderBy) : t('recent'),
      kind: 'recent',
      value: { query: e.query, orderBy: e.orderBy },
    });
  }
  // What may come next where the text ends (a quick pick tells no cursor position).
  for (const c of completeQuery(value, value.length, schema)) {
    rows.push({
      label: `$(${COMPLETION_ICONS[c.kind]}) ${c.label}`,
      description: c.detail,
      kind: 'completion',
      completion: c.text,
    });
  }
  return rows;
}

/** The orderBy pick: the typed field (or why not), "no ordering", then matching suggestions. */
export function orderByPickRows(value: string, schema: QuerySchema = INVOICE_SCHEMA): PickRow[] {
  const text = value.trim();
  const rows: PickRow[] = [];
  if (text !== '') {
    const problem = orderByProblem(value, schema);
    rows.push(
      problem
        ? { label: `$(error) ${text}`, detail: problem, kind: 'invalid' }
        : { label: text, description: t('Order by this field'), kind: 'typed', value: { query: '', orderBy: text } },
    );
  } else {
    rows.push({
      label: t('No ordering'),
      description: t("the API's default order"),
      kind: 'typed',
      value: { query: '' },
    });
  }
  const needle = text.replace(/^-/, '').toLowerCase();
  for (const s of orderBySuggestions(schema)) {
    if (s === text || (needle && !s.toLowerCase().includes(needle))) continue;
    rows.push({
      label: s,
      description: s.startsWith('-') ? t('descending') : t('ascending'),
      kind: 'suggestion',
      value: { query: '', orderBy: s },
    });
  }
  return rows;
}
