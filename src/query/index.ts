// The filter language of the `query=` and `orderBy=` parameters: parse, check against a record
// schema, evaluate, sort, format and URL-encode. No `vscode` here (and the emulator has its own).
export type { Comparison, ComparisonOperator, FieldType, Logical, QueryExpr, QuerySchema } from './ast';
export {
  COMPANY_SCHEMA,
  CONNECTION_SCHEMA,
  INTEGRATION_SCHEMA,
  INVOICE_SCHEMA,
  PULL_OPERATION_SCHEMA,
  PUSH_OPERATION_SCHEMA,
} from './schemas';
export { completeQuery } from './completions';
export type { CompletionKind, QueryCompletion } from './completions';
export type { QueryError, QueryErrorCode } from './errors';
export { MAX_QUERY_LENGTH, parseOrderBy, parseQuery } from './parser';
export { fieldType } from './values';
export { getFieldValue } from './values';
export { canonicalQuery, formatQuery, formatValue, queryIdentity } from './format';
export { encodeQueryValue } from './encode';
export { Tokenizer } from './tokenizer';
export type { Token } from './tokenizer';
