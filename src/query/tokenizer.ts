// Splits query text into tokens. Lexing depends on context: after an operator the tokenizer
// reads one value (which may hold spaces, `=`, `.` …) up to the next `&&`, `||`, `}` or the end;
// everywhere else it reads fields, operators, braces and connectives. Tokens are produced on
// demand so the first error in the text is the one reported.
import { t } from '../l10n';
import { queryError, quoteText } from './errors';
import type { ComparisonOperator } from './ast';

type TokenKind = 'field' | 'operator' | 'value' | 'lbrace' | 'rbrace' | 'and' | 'or' | 'unknown' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The text as written (for a quoted value: with its quotes and escapes). */
  text: string;
  start: number;
  end: number;
  /** Value tokens only: the value unquoted and unescaped. */
  value?: string;
  /** Value tokens only: whether it was written in double quotes. */
  quoted?: boolean;
}

// Longest first, so `>=` is not read as `>` followed by a value starting with `=`.
const OPERATORS: readonly ComparisonOperator[] = ['!=', '>=', '<=', '=', '~', '>', '<'];

/** Characters that end a field name (or any other word outside a value). */
const WORD_BREAK = /[\s{}=!<>~&|"]/;

const isSpace = (c: string): boolean => /\s/.test(c);

export class Tokenizer {
  private pos = 0;
  private afterOperator = false;
  private lookahead: Token | undefined;

  constructor(private readonly text: string) {}

  peek(): Token {
    this.lookahead ??= this.read();
    return this.lookahead;
  }

  next(): Token {
    const t = this.peek();
    this.lookahead = undefined;
    return t;
  }

  private read(): Token {
    if (this.afterOperator) {
      this.afterOperator = false;
      return this.readValue();
    }
    const s = this.text;
    while (this.pos < s.length && isSpace(s[this.pos])) this.pos++;
    const start = this.pos;
    if (start >= s.length) return { kind: 'eof', text: '', start, end: start };
    const two = s.slice(start, start + 2);
    if (two === '&&') return this.emit('and', start, 2);
    if (two === '||') return this.emit('or', start, 2);
    const c = s[start];
    if (c === '{') return this.emit('lbrace', start, 1);
    if (c === '}') return this.emit('rbrace', start, 1);
    const op = OPERATORS.find((o) => s.startsWith(o, start));
    if (op) {
      this.afterOperator = true;
      return this.emit('operator', start, op.length);
    }
    let end = start;
    while (end < s.length && !WORD_BREAK.test(s[end])) end++;
    // A lone `&`, `|`, `!` or `"` is not a word; the parser says what it expected instead.
    return this.emit(end > start ? 'field' : 'unknown', start, Math.max(end - start, 1));
  }

  private emit(kind: TokenKind, start: number, length: number): Token {
    this.pos = start + length;
    return { kind, text: this.text.slice(start, this.pos), start, end: this.pos };
  }

  /** True where a value ends: the end, `&&`, `||` or `}`. */
  private atValueEnd(i: number): boolean {
    const s = this.text;
    return i >= s.length || s[i] === '}' || s.startsWith('&&', i) || s.startsWith('||', i);
  }

  private readValue(): Token {
    const s = this.text;
    while (this.pos < s.length && isSpace(s[this.pos])) this.pos++;
    const start = this.pos;
    if (s[start] === '"') return this.readQuoted(start);
    let i = start;
    while (!this.atValueEnd(i)) {
      if (s[i] === '&' || s[i] === '|') {
        const message =
          s[i] === '&'
            ? t('Unexpected "&" in a value; use "&&" for AND, or put the value in double quotes')
            : t('Unexpected "|" in a value; use "||" for OR, or put the value in double quotes');
        throw queryError('malformed', message, i, i + 1);
      }
      i++;
    }
    let end = i;
    while (end > start && isSpace(s[end - 1])) end--;
    const raw = s.slice(start, end);
    // `status==Paid` is a typo far more often than a value starting with "=".
    if (raw.startsWith('=')) {
      throw queryError(
        'malformed',
        t('Unexpected "=" at the start of a value; put the value in double quotes if it starts with "="'),
        start,
        start + 1,
      );
    }
    this.pos = end;
    return { kind: 'value', text: raw, start, end, value: raw, quoted: false };
  }

  private readQuoted(start: number): Token {
    const s = this.text;
    let value = '';
    let i = start + 1;
    for (;;) {
      if (i >= s.length) throw queryError('malformed', t('Unclosed quote opened at {0}', start), start, start + 1);
      const c = s[i];
      if (c === '"') break;
      if (c === '\\') {
        const e = s[i + 1];
        if (e !== '"' && e !== '\\') {
          throw queryError(
            'malformed',
            t('Unknown escape {0} in a quoted value; only \\" and \\\\ are escapes', quoteText(s.slice(i, i + 2))),
            i,
            Math.min(i + 2, s.length),
          );
        }
        value += e;
        i += 2;
        continue;
      }
      value += c;
      i++;
    }
    const end = i + 1;
    let after = end;
    while (after < s.length && isSpace(s[after])) after++;
    if (!this.atValueEnd(after)) {
      let junkEnd = after;
      while (!this.atValueEnd(junkEnd)) junkEnd++;
      while (junkEnd > after && isSpace(s[junkEnd - 1])) junkEnd--;
      throw queryError(
        'malformed',
        t('Expected "&&", "||" or "}" after the quoted value, found {0}', quoteText(s.slice(after, junkEnd))),
        after,
        junkEnd,
      );
    }
    this.pos = end;
    return { kind: 'value', text: s.slice(start, end), start, end, value, quoted: true };
  }
}
