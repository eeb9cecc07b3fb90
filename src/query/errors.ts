// Errors of the filter language. Every error carries the 0-based span of the text it is about,
// so an editor can underline it, and a one-line message that says what was expected.

export type QueryErrorCode = 'empty' | 'tooLong' | 'malformed' | 'unknownField' | 'invalidOperator' | 'invalidValue';

export interface QueryError {
  code: QueryErrorCode;
  /** One line, human, names what was expected. */
  message: string;
  /** Offset of the first offending character. */
  start: number;
  /** Offset one past the last offending character. */
  end: number;
}

/** Thrown inside the tokenizer and parser only; the public functions return it as a value. */
export class QueryErrorException extends Error {
  constructor(readonly queryError: QueryError) {
    super(queryError.message);
    this.name = 'QueryErrorException';
  }
}

export function queryError(code: QueryErrorCode, message: string, start: number, end: number): QueryErrorException {
  return new QueryErrorException({ code, message, start, end });
}

const MAX_QUOTED = 40;

/**
 * Quotes user text for a message: double quotes, control characters escaped (messages stay on
 * one line), long text cut short.
 */
export function quoteText(text: string): string {
  const cut = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
  return JSON.stringify(cut);
}
