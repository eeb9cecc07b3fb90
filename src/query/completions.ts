// Completions for a filter being typed: what may come next at the cursor (a field of the record,
// an operator that suits the field's type, a value from the field's known set, a connective), each
// as the whole text it would leave and where the cursor goes, so an input that cannot show a
// completion list (a quick pick) can still offer them as items.
import type { ComparisonOperator, FieldType, QuerySchema } from './ast';
import { t } from '../l10n';
import { QueryErrorException } from './errors';
import { Tokenizer, type Token } from './tokenizer';
import { fieldType } from './values';

export type CompletionKind = 'field' | 'operator' | 'value' | 'connective';

export interface QueryCompletion {
  kind: CompletionKind;
  /** What is inserted, as shown: `status`, `>=`, `Paid`, `&&`. */
  label: string;
  /** The field's type or the operator's meaning. */
  detail: string;
  /** The whole text once the completion is taken. */
  text: string;
  /** Where the cursor goes: just after what was inserted. */
  cursor: number;
}

const OPERATORS: Record<FieldType, readonly ComparisonOperator[]> = {
  string: ['=', '!=', '~'],
  number: ['=', '!=', '>', '<', '>=', '<='],
  date: ['=', '!=', '>', '<', '>=', '<='],
  boolean: ['=', '!='],
};

function typeWord(type: FieldType): string {
  switch (type) {
    case 'string':
      return t('text');
    case 'number':
      return t('number');
    case 'date':
      return t('date (YYYY-MM-DD)');
    case 'boolean':
      return t('true or false');
  }
}

function operatorWord(op: ComparisonOperator): string {
  switch (op) {
    case '=':
      return t('equals');
    case '!=':
      return t('does not equal');
    case '~':
      return t('contains');
    case '>':
      return t('greater than');
    case '<':
      return t('less than');
    case '>=':
      return t('greater than or equal to');
    case '<=':
      return t('less than or equal to');
  }
}

/** The tokens of `text`, or undefined where it cannot be read (the checker reports why). */
function tokensOf(text: string): Token[] | undefined {
  const tokenizer = new Tokenizer(text);
  const tokens: Token[] = [];
  try {
    for (let token = tokenizer.next(); token.kind !== 'eof'; token = tokenizer.next()) tokens.push(token);
  } catch (e) {
    if (e instanceof QueryErrorException) return undefined;
    throw e;
  }
  return tokens;
}

/** Matches of `partial` among `names`: those starting with it first, then those containing it. */
function matching(names: readonly string[], partial: string): string[] {
  const p = partial.toLowerCase();
  const starts = names.filter((n) => n.toLowerCase().startsWith(p));
  const contains = names.filter((n) => !n.toLowerCase().startsWith(p) && n.toLowerCase().includes(p));
  return [...starts, ...contains];
}

/** Values a field can be completed with: its known set, or true/false. */
function knownValues(schema: QuerySchema, field: string, type: FieldType): readonly string[] {
  if (type === 'boolean') return ['true', 'false'];
  return Object.prototype.hasOwnProperty.call(schema.values ?? {}, field) ? (schema.values?.[field] ?? []) : [];
}

class Builder {
  readonly items: QueryCompletion[] = [];
  constructor(
    readonly text: string,
    private readonly cursor: number,
  ) {}

  /** Replaces text[start, cursor) with `insert`. */
  add(kind: CompletionKind, label: string, detail: string, start: number, insert = label): void {
    const text = this.text.slice(0, start) + insert + this.text.slice(this.cursor);
    this.items.push({ kind, label, detail, text, cursor: start + insert.length });
  }
}

/**
 * What can be typed at `cursor` in `text`, a filter on records of `schema`. Nothing is offered
 * where the text before the cursor cannot be read: the checker's message says what is wrong.
 */
export function completeQuery(text: string, cursor: number, schema: QuerySchema): QueryCompletion[] {
  const at = Math.max(0, Math.min(cursor, text.length));
  const before = text.slice(0, at);
  // A single `&` or `|` is half a connective: complete it as if it had not been typed.
  const half = /(?:^|[^&|])([&|])$/.exec(before);
  if (half) {
    const start = at - 1;
    const word = half[1] === '&' ? '&&' : '||';
    const rest = completeQuery(text.slice(0, start) + text.slice(at), start, schema);
    return rest.filter((c) => c.kind === 'connective' && c.label === word);
  }
  const tokens = tokensOf(before);
  if (!tokens) return [];
  const b = new Builder(text, at);
  const last = tokens.at(-1);
  const spaced = last !== undefined && last.end < at;
  const fields = Object.keys(schema.fields);
  if (!last || last.kind === 'and' || last.kind === 'or' || last.kind === 'lbrace') {
    for (const f of fields) b.add('field', f, typeWord(schema.fields[f]), at);
  } else if (last.kind === 'field') {
    const type = fieldType(schema, last.text);
    if (!spaced)
      for (const f of matching(fields, last.text))
        if (f !== last.text) b.add('field', f, typeWord(schema.fields[f]), last.start);
    if (type) for (const op of OPERATORS[type]) b.add('operator', op, operatorWord(op), at);
  } else if (last.kind === 'value') {
    completeValue(b, tokens, schema, at);
  } else if (last.kind === 'rbrace') {
    connectives(b, tokens, at, spaced);
  }
  return b.items;
}

/** After an operator: the field's known values while one is being typed, then connectives. */
function completeValue(b: Builder, tokens: Token[], schema: QuerySchema, at: number): void {
  const value = tokens[tokens.length - 1];
  const field = tokens[tokens.length - 3];
  const type = field?.kind === 'field' ? fieldType(schema, field.text) : undefined;
  const known = type ? knownValues(schema, field.text, type) : [];
  const typed = value.value ?? '';
  const complete = typed !== '' && (known.length === 0 || known.some((k) => k.toLowerCase() === typed.toLowerCase()));
  if (!value.quoted && !(complete && known.length > 0)) {
    // The value runs to the cursor: the spaces typed after it may still be part of it.
    const start = value.text === '' ? at : value.start;
    const partial = b.text.slice(start, at).trim();
    for (const k of matching(known, partial)) b.add('value', k, t('value'), start);
  }
  if (complete) connectives(b, tokens, at, value.end < at);
}

/** `&&`, `||`, and `}` while a brace is open. */
function connectives(b: Builder, tokens: Token[], at: number, spaced: boolean): void {
  const lead = spaced ? '' : ' ';
  b.add('connective', '&&', t('and'), at, `${lead}&& `);
  b.add('connective', '||', t('or'), at, `${lead}|| `);
  const open = tokens.filter((x) => x.kind === 'lbrace').length - tokens.filter((x) => x.kind === 'rbrace').length;
  if (open > 0) b.add('connective', '}', t('closes the group'), at, '}');
}
