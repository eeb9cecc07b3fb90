// The filter language of `query=`, read as the API reads it (reference-behaviour.md, Codat's
// querying docs): comparisons `field operator value` joined by `&&` and `||` (`&&` binds
// tighter), `{ }` for grouping, dotted fields, at most 2048 characters. What the reference leaves
// open is decided in the README. The emulator's own reading, written apart from the client's
// src/query: the shared corpus in test/corpus then catches a mistake on either side.
import type { FieldType, RecordFields } from './fields';
import { readQueryDate } from './dates';

export type Operator = '=' | '!=' | '~' | '>' | '<' | '>=' | '<=';

export interface Comparison {
  kind: 'compare';
  field: string;
  operator: Operator;
  /** Unquoted and unescaped; read as the field's type when compared. */
  value: string;
}

export type Filter = Comparison | { kind: 'and' | 'or'; parts: Filter[] };

export const MAX_QUERY_LENGTH = 2048;

/** Why a filter is refused; each has its own 400 message. */
export type FilterProblem = { kind: 'tooLong' } | { kind: 'malformed' } | { kind: 'unknownField'; field: string };

// Two-character operators first, so `>=` is not read as `>` and a value `=…`.
const OPERATORS: readonly Operator[] = ['!=', '>=', '<=', '=', '~', '>', '<'];

/** Operators the reference allows per type: `~` on text only, ordering on numbers and dates only. */
const ALLOWED: Record<FieldType, readonly Operator[]> = {
  text: ['=', '!=', '~'],
  number: ['=', '!=', '>', '<', '>=', '<='],
  date: ['=', '!=', '>', '<', '>=', '<='],
  boolean: ['=', '!='],
};

/** Property names are JSON property names: letters, digits, `_`, joined by dots. */
const FIELD = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;
const FIELD_CHAR = /[A-Za-z0-9_.]/;
const SPACE = /\s/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

class Malformed extends Error {}

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    while (this.pos < this.text.length && SPACE.test(this.text[this.pos])) this.pos++;
  }

  /** Takes `token` if it comes next (after spaces). */
  take(token: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(token, this.pos)) return false;
    this.pos += token.length;
    return true;
  }

  /** A value ends at `&&`, `||`, `}` or the end of the text. */
  valueEndsAt(i: number): boolean {
    const t = this.text;
    return i >= t.length || t[i] === '}' || t.startsWith('&&', i) || t.startsWith('||', i);
  }
}

function parseOr(s: Scanner): Filter {
  const parts = [parseAnd(s)];
  while (s.take('||')) parts.push(parseAnd(s));
  return parts.length === 1 ? parts[0] : { kind: 'or', parts };
}

function parseAnd(s: Scanner): Filter {
  const parts = [parseTerm(s)];
  while (s.take('&&')) parts.push(parseTerm(s));
  return parts.length === 1 ? parts[0] : { kind: 'and', parts };
}

function parseTerm(s: Scanner): Filter {
  if (!s.take('{')) return parseComparison(s);
  const inner = parseOr(s);
  if (!s.take('}')) throw new Malformed();
  return inner;
}

function parseComparison(s: Scanner): Comparison {
  s.skipSpace();
  const start = s.pos;
  while (s.pos < s.text.length && FIELD_CHAR.test(s.text[s.pos])) s.pos++;
  const field = s.text.slice(start, s.pos);
  if (!FIELD.test(field)) throw new Malformed();
  s.skipSpace();
  const operator = OPERATORS.find((o) => s.text.startsWith(o, s.pos));
  if (!operator) throw new Malformed();
  s.pos += operator.length;
  return { kind: 'compare', field, operator, value: readValue(s) };
}

function readValue(s: Scanner): string {
  s.skipSpace();
  if (s.text[s.pos] === '"') return readQuoted(s);
  const start = s.pos;
  for (; !s.valueEndsAt(s.pos); s.pos++) {
    // A single `&` or `|` is most likely a mistyped `&&`/`||`: refused rather than guessed at.
    if (s.text[s.pos] === '&' || s.text[s.pos] === '|') throw new Malformed();
  }
  const value = s.text.slice(start, s.pos).trim();
  // `status==Paid` is a typo; a value that really starts with `=` is written in quotes.
  if (value === '' || value.startsWith('=')) throw new Malformed();
  return value;
}

/** `"…"` taken literally but for `\"` and `\\`; only spaces may follow before the value ends. */
function readQuoted(s: Scanner): string {
  let value = '';
  for (let i = s.pos + 1; i < s.text.length; i++) {
    const c = s.text[i];
    if (c === '"') {
      s.pos = i + 1;
      s.skipSpace();
      if (!s.valueEndsAt(s.pos)) throw new Malformed();
      return value;
    }
    if (c === '\\') {
      const escaped = s.text[i + 1];
      if (escaped !== '"' && escaped !== '\\') throw new Malformed();
      value += escaped;
      i++;
    } else {
      value += c;
    }
  }
  throw new Malformed();
}

export function readNumber(value: string): number | undefined {
  const t = value.trim();
  return NUMBER.test(t) ? Number(t) : undefined;
}

export function readBoolean(value: string): boolean | undefined {
  const t = value.trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : undefined;
}

function valueFits(type: FieldType, value: string): boolean {
  if (type === 'number') return readNumber(value) !== undefined;
  if (type === 'boolean') return readBoolean(value) !== undefined;
  if (type === 'date') return readQueryDate(value) !== undefined;
  return true;
}

function comparisons(filter: Filter): Comparison[] {
  return filter.kind === 'compare' ? [filter] : filter.parts.flatMap(comparisons);
}

/** The first comparison, left to right, that names no field or does not suit its field's type. */
function checkFields(filter: Filter, fields: RecordFields): FilterProblem | undefined {
  for (const c of comparisons(filter)) {
    const type = fields.types.get(c.field);
    if (!type) return { kind: 'unknownField', field: c.field };
    if (!ALLOWED[type].includes(c.operator) || !valueFits(type, c.value)) return { kind: 'malformed' };
  }
  return undefined;
}

/** Reads a filter for records with these fields: syntax first, then the comparisons. */
export function parseFilter(text: string, fields: RecordFields): Filter | FilterProblem {
  if (text.length > MAX_QUERY_LENGTH) return { kind: 'tooLong' };
  const s = new Scanner(text);
  let filter: Filter;
  try {
    filter = parseOr(s);
    s.skipSpace();
    if (s.pos < text.length) throw new Malformed();
  } catch (e) {
    if (e instanceof Malformed) return { kind: 'malformed' };
    throw e;
  }
  return checkFields(filter, fields) ?? filter;
}

export function isFilter(value: Filter | FilterProblem): value is Filter {
  return value.kind === 'compare' || value.kind === 'and' || value.kind === 'or';
}
