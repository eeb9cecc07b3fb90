// Parser of the filter language of the `query=` parameter.
//
//   query      := or
//   or         := and ( "||" and )*
//   and        := primary ( "&&" primary )*          `&&` binds tighter than `||`
//   primary    := "{" or "}" | comparison
//   comparison := field operator value
//   field      := identifier ( "." identifier )*     case-sensitive, as in the JSON records
//   operator   := "=" | "!=" | "~" | ">" | "<" | ">=" | "<="
//
// Decisions where the reference is silent (the emulator makes the same ones in its own parser;
// test/corpus/filters.ts holds both to them):
// - Whitespace around fields, operators, braces and connectives is ignored (Codat's own
//   examples write `{totalAmount > 100 || totalAmount < 50} && status != paid`).
// - An unquoted value runs to the next `&&`, `||`, `}` or the end and is trimmed, so it may
//   hold spaces, `=`, `.`, `:` … It may not hold a lone `&` or `|` (almost always a mistyped
//   `&&`/`||`) nor start with `=` (almost always `==`); those values must be quoted.
// - A value in double quotes is taken literally, `\"` and `\\` being its only escapes; use
//   quotes for values with `&`, `|`, `}`, leading/trailing spaces, or for the empty string.
// - Strings compare case-insensitively for `=`, `!=` and `~` (`status != paid` excludes
//   "Paid"). Booleans are `true`/`false` in any case. Numbers are decimals with an optional
//   sign. Dates are `YYYY-MM-DD` (a whole day, compared with the date part of the record's
//   value) or an ISO date-time (an instant).
// - `a&&b&&c` is one node with three operands, and braces around an operand of the same
//   connective are flattened away (`{a&&b}&&c` is the same tree), so formatting round-trips.
// - Syntax is checked for the whole text first; with a schema, fields, operators and values
//   are checked afterwards, left to right. The first problem found is reported.
import type { Comparison, ComparisonOperator, FieldType, Logical, QueryExpr, QuerySchema } from './ast';
import { t as tr } from '../l10n';
import { QueryErrorException, queryError, quoteText, type QueryError } from './errors';
import { Tokenizer, type Token } from './tokenizer';
import { fieldType, isFieldName, parseBoolean, parseNumber, parseQueryDate } from './values';

export type { QueryError, QueryErrorCode } from './errors';

export const MAX_QUERY_LENGTH = 2048;

type QueryParseResult = { ok: true; ast: QueryExpr } | { ok: false; error: QueryError };

type OrderByResult =
  { ok: true; field: string; path: string[]; descending: boolean } | { ok: false; error: QueryError };

/** A comparison with the tokens it came from, kept to point schema errors at the right part. */
interface ParsedComparison {
  node: Comparison;
  field: Token;
  operator: Token;
  value: Token;
}

class Parser {
  readonly comparisons: ParsedComparison[] = [];
  private readonly tokens: Tokenizer;

  constructor(text: string) {
    this.tokens = new Tokenizer(text);
  }

  parse(): QueryExpr {
    const ast = this.parseOr(undefined);
    const t = this.tokens.peek();
    if (t.kind === 'rbrace') throw queryError('malformed', tr('Unexpected "}"'), t.start, t.end);
    if (t.kind !== 'eof') {
      throw queryError('malformed', tr('Expected "&&" or "||" before {0}', quoteText(t.text)), t.start, t.end);
    }
    return flatten(ast);
  }

  /** `after` is the token before this expression, named in "Expected a field after …". */
  private parseOr(after: Token | undefined): QueryExpr {
    const operands = [this.parseAnd(after)];
    while (this.tokens.peek().kind === 'or') {
      const or = this.tokens.next();
      operands.push(this.parseAnd(or));
    }
    return combine('or', operands);
  }

  private parseAnd(after: Token | undefined): QueryExpr {
    const operands = [this.parsePrimary(after)];
    while (this.tokens.peek().kind === 'and') {
      const and = this.tokens.next();
      operands.push(this.parsePrimary(and));
    }
    return combine('and', operands);
  }

  private parsePrimary(after: Token | undefined): QueryExpr {
    const t = this.tokens.next();
    if (t.kind === 'lbrace') {
      const inner = this.parseOr(t);
      const close = this.tokens.next();
      if (close.kind === 'eof')
        throw queryError('malformed', tr('Unclosed {0} opened at {1}', '"{"', t.start), t.start, t.end);
      if (close.kind !== 'rbrace') {
        throw queryError(
          'malformed',
          tr('Expected "&&", "||" or "}" before {0}', quoteText(close.text)),
          close.start,
          close.end,
        );
      }
      return inner.kind === 'comparison' ? inner : { ...inner, start: t.start, end: close.end };
    }
    if (t.kind === 'field') return this.parseComparison(t);
    if (!after) {
      const message =
        t.kind === 'eof'
          ? tr('Expected a field, found the end of the query')
          : tr('Expected a field, found {0}', quoteText(t.text));
      throw queryError('malformed', message, t.start, t.end);
    }
    if (t.kind === 'eof') {
      throw queryError('malformed', tr('Expected a field after {0}', quoteText(after.text)), after.start, after.end);
    }
    throw queryError(
      'malformed',
      tr('Expected a field after {0}, found {1}', quoteText(after.text), quoteText(t.text)),
      t.start,
      t.end,
    );
  }

  private parseComparison(field: Token): Comparison {
    if (!isFieldName(field.text)) {
      throw queryError(
        'malformed',
        tr('Expected a field name like "customerRef.id", found {0}', quoteText(field.text)),
        field.start,
        field.end,
      );
    }
    const operator = this.tokens.next();
    if (operator.kind !== 'operator') {
      const name = quoteText(field.text);
      if (operator.kind === 'eof') {
        throw queryError('malformed', tr('Expected an operator after {0}', name), field.start, field.end);
      }
      throw queryError(
        'malformed',
        tr('Expected an operator after {0}, found {1}', name, quoteText(operator.text)),
        operator.start,
        operator.end,
      );
    }
    const value = this.tokens.next();
    if (value.kind !== 'value' || (value.value === '' && !value.quoted)) {
      throw queryError(
        'malformed',
        tr('Expected a value after {0}', quoteText(operator.text)),
        operator.start,
        operator.end,
      );
    }
    const node: Comparison = {
      kind: 'comparison',
      path: field.text.split('.'),
      operator: operator.text as ComparisonOperator,
      value: value.value ?? '',
      start: field.start,
      end: value.end,
    };
    this.comparisons.push({ node, field, operator, value });
    return node;
  }
}

function combine(kind: Logical['kind'], operands: QueryExpr[]): QueryExpr {
  if (operands.length === 1) return operands[0];
  return { kind, operands, start: operands[0].start, end: operands[operands.length - 1].end };
}

/**
 * Braces around an operand of the same connective flattened away, once for the whole tree: done at
 * each level as it is parsed, a deeply braced filter would copy its operands once per level.
 */
function flatten(node: QueryExpr): QueryExpr {
  if (node.kind === 'comparison') return node;
  const operands: QueryExpr[] = [];
  const collect = (n: QueryExpr): void => {
    if (n.kind === node.kind) n.operands.forEach(collect);
    else operands.push(flatten(n));
  };
  node.operands.forEach(collect);
  return { ...node, operands };
}

const ORDERING: ReadonlySet<ComparisonOperator> = new Set(['>', '<', '>=', '<=']);

function unknownField(schema: QuerySchema, field: string, start: number, end: number): QueryErrorException {
  const names = Object.keys(schema.fields);
  const sameButCase = names.find((n) => n.toLowerCase() === field.toLowerCase());
  const children = names.filter((n) => n.startsWith(`${field}.`));
  const [quoted, record] = [quoteText(field), schema.recordName];
  const message = sameButCase
    ? tr('Unknown field {0} on {1}; did you mean {2}?', quoted, record, quoteText(sameButCase))
    : children.length > 0
      ? tr(
          'Unknown field {0} on {1}; query one of its fields: {2}',
          quoted,
          record,
          children.map((c) => quoteText(c)).join(', '),
        )
      : tr('Unknown field {0} on {1}', quoted, record);
  return queryError('unknownField', message, start, end);
}

/** Why `op` does not suit a field of `type`, or undefined when it does. One sentence per case:
 * the type is part of the sentence, not a word slotted into it. */
function operatorProblem(op: ComparisonOperator, type: FieldType, name: string): string | undefined {
  if (op === '~') {
    if (type === 'number') return tr('Operator "~" (contains) applies only to text; {0} is a number', name);
    if (type === 'date') return tr('Operator "~" (contains) applies only to text; {0} is a date', name);
    if (type === 'boolean') return tr('Operator "~" (contains) applies only to text; {0} is a boolean', name);
  }
  if (ORDERING.has(op)) {
    if (type === 'string') return tr('Operator "{0}" applies only to numbers and dates; {1} is text', op, name);
    if (type === 'boolean') return tr('Operator "{0}" applies only to numbers and dates; {1} is a boolean', op, name);
  }
  return undefined;
}

/** Why `value` does not suit a field of `type`, or undefined when it does. */
function valueProblem(type: FieldType, value: string, name: string): string | undefined {
  const found = quoteText(value);
  if (type === 'number' && parseNumber(value) === undefined)
    return tr('Expected a number for {0}, found {1}', name, found);
  if (type === 'date' && parseQueryDate(value) === undefined)
    return tr('Expected a date (YYYY-MM-DD) for {0}, found {1}', name, found);
  if (type === 'boolean' && parseBoolean(value) === undefined)
    return tr('Expected true or false for {0}, found {1}', name, found);
  return undefined;
}

function checkComparison(c: ParsedComparison, schema: QuerySchema): void {
  const field = c.field.text;
  const type = fieldType(schema, field);
  if (!type) throw unknownField(schema, field, c.field.start, c.field.end);
  const name = quoteText(field);
  const badOperator = operatorProblem(c.node.operator, type, name);
  if (badOperator) throw queryError('invalidOperator', badOperator, c.operator.start, c.operator.end);
  const badValue = valueProblem(type, c.node.value, name);
  if (badValue) throw queryError('invalidValue', badValue, c.value.start, c.value.end);
}

/**
 * Parses a filter. Without a schema only syntax is checked; with one, fields must exist and
 * operators and values must suit their types.
 */
export function parseQuery(text: string, schema?: QuerySchema): QueryParseResult {
  if (text.length > MAX_QUERY_LENGTH) {
    return fail(
      'tooLong',
      tr('Query is {0} characters; the limit is {1}', text.length, MAX_QUERY_LENGTH),
      MAX_QUERY_LENGTH,
      text.length,
    );
  }
  if (text.trim() === '') return fail('empty', tr('Query is empty'), 0, text.length);
  try {
    const parser = new Parser(text);
    const ast = parser.parse();
    if (schema) for (const c of parser.comparisons) checkComparison(c, schema);
    return { ok: true, ast };
  } catch (e) {
    if (e instanceof QueryErrorException) return { ok: false, error: e.queryError };
    throw e;
  }
}

/** Parses `orderBy`: one field, ascending, or descending with a leading `-`. */
export function parseOrderBy(text: string, schema?: QuerySchema): OrderByResult {
  const trimmed = text.trim();
  if (trimmed === '') return fail('empty', tr('orderBy is empty'), 0, text.length);
  const start = text.length - text.trimStart().length;
  const end = start + trimmed.length;
  const descending = trimmed.startsWith('-');
  const field = descending ? trimmed.slice(1).trimStart() : trimmed;
  const fieldStart = end - field.length;
  if (/[,\s]/.test(field) && field.split(/[,\s]+/).every(isFieldName)) {
    return fail('malformed', tr('orderBy takes one field, found {0}', quoteText(trimmed)), start, end);
  }
  if (!isFieldName(field)) {
    return fail(
      'malformed',
      tr('Expected a field like "issueDate" or "-issueDate", found {0}', quoteText(trimmed)),
      start,
      end,
    );
  }
  if (schema && !fieldType(schema, field)) {
    return { ok: false, error: unknownField(schema, field, fieldStart, end).queryError };
  }
  return { ok: true, field, path: field.split('.'), descending };
}

function fail(code: QueryError['code'], message: string, start: number, end: number): { ok: false; error: QueryError } {
  return { ok: false, error: { code, message, start, end } };
}
