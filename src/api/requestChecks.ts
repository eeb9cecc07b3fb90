// Request checks: the parameters of a call, checked before anything is sent. A refused parameter
// becomes an ApiError of kind `invalidParameter` or `invalidQuery` with `attempts: 0` (built in
// failures.ts), and no request goes out. Responses are checked in responseShapes.ts.
import { t } from '../l10n';
import { refusedParameter, refusedQuery, type Target } from './failures';
import { MAX_QUERY_LENGTH, parseOrderBy, parseQuery, type QuerySchema } from '../query';
import { dataType, isDataTypeId, type DataTypeSpec } from '../dataTypes/catalog';

export const MAX_PAGE_SIZE = 5000;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_API_KEY_NAME_LENGTH = 50;

export type { Target };

export function checkPaging(
  target: Target,
  page: number | undefined,
  pageSize: number | undefined,
): { page: number; pageSize: number } {
  const p = page ?? 1;
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 1) {
    throw refusedParameter(target, 'page', t('page must be a whole number of at least 1 (got {0})', String(page)));
  }
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw refusedParameter(
      target,
      'pageSize',
      t('pageSize must be a whole number from 1 to {0} (got {1})', MAX_PAGE_SIZE, String(pageSize)),
    );
  }
  return { page: p, pageSize: size };
}

/** The query text to send, or undefined for none (blank). */
export function checkQuery(target: Target, query: string | undefined, schema: QuerySchema): string | undefined {
  if (query === undefined || query.trim() === '') return undefined;
  const r = parseQuery(query, schema);
  if (r.ok) return query;
  throw refusedQuery(
    target,
    'query',
    t('Invalid query: {0} (at character {1})', r.error.message, r.error.start + 1),
    r.error,
  );
}

/** The orderBy to send (`field` or `-field`), or undefined for none. */
export function checkOrderBy(target: Target, orderBy: string | undefined, schema: QuerySchema): string | undefined {
  if (orderBy === undefined || orderBy.trim() === '') return undefined;
  const r = parseOrderBy(orderBy, schema);
  if (r.ok) return `${r.descending ? '-' : ''}${r.field}`;
  throw refusedQuery(target, 'orderBy', t('Invalid orderBy: {0}', r.error.message), r.error);
}

// What an id may hold. Real ids are GUIDs (companies, API keys), data type keys (`invoices`) and,
// for records, whatever the accounting platform uses (`1043`, `INV-0042`, a Xero GUID), so the rule
// stays loose and refuses only what would change the request or its display: `.` and `..`
// (encodeURIComponent keeps them and URL normalisation collapses them, moving the request to
// another path), `/` and `\` (servers and proxies may decode %2F and %5C back into separators),
// control characters and line or paragraph separators (they would add lines to a log or a
// document), lone surrogates (not encodable) and blank ids.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNSAFE_ID = /[/\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** An id, encoded as one path segment that no normalisation can change. */
export function checkId(target: Target, value: unknown, parameter: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw refusedParameter(target, parameter, t('{0} must not be empty', parameter));
  if (value === '.' || value === '..' || UNSAFE_ID.test(value) || LONE_SURROGATE.test(value)) {
    throw refusedParameter(
      target,
      parameter,
      t('{0} must not be . or .., nor contain / or \\ or control characters', parameter),
    );
  }
  return encodeURIComponent(value);
}

/** A data type of the catalog (src/dataTypes/catalog.ts): a caller in plain JavaScript may pass
 * anything, and an unknown segment must not reach a path. */
export function checkDataType(target: Target, value: unknown): DataTypeSpec {
  if (!isDataTypeId(value))
    throw refusedParameter(target, 'dataType', t('{0} is not a data type this version knows', String(value)));
  return dataType(value);
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The companies list's `tags` filter: Codat's query language over tags, which the API checks
 * itself (tag names are the company's own, so no schema here). Refused when blank, longer than a
 * query may be, or holding a control character or a lone surrogate (a line of its own in a log). */
export function checkTagsQuery(target: Target, tags: unknown): string | undefined {
  if (tags === undefined) return undefined;
  if (typeof tags !== 'string' || tags.trim() === '')
    throw refusedParameter(target, 'tags', t('{0} must not be empty', 'tags'));
  if (tags.length > MAX_QUERY_LENGTH)
    throw refusedParameter(
      target,
      'tags',
      t('{0} must be at most {1} characters (got {2})', 'tags', MAX_QUERY_LENGTH, tags.length),
    );
  if (CONTROL.test(tags) || LONE_SURROGATE.test(tags))
    throw refusedParameter(target, 'tags', t('{0} must not contain control characters', 'tags'));
  return tags;
}

export function checkCompanyName(target: Target, name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '')
    throw refusedParameter(target, 'name', t('The company name must not be empty'));
  return name;
}

export function checkTags(target: Target, tags: unknown): Record<string, string> | undefined {
  if (tags === undefined) return undefined;
  if (
    typeof tags !== 'object' ||
    tags === null ||
    Array.isArray(tags) ||
    !Object.values(tags).every((v) => typeof v === 'string')
  ) {
    throw refusedParameter(target, 'tags', t('tags must map names to text values'));
  }
  return tags as Record<string, string>;
}

export function checkOptionalText(
  target: Target,
  value: unknown,
  parameter: string,
  maxLength?: number,
): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw refusedParameter(target, parameter, t('{0} must be text', parameter));
  if (maxLength !== undefined && value.length > maxLength) {
    throw refusedParameter(
      target,
      parameter,
      t('{0} must be at most {1} characters (got {2})', parameter, maxLength, value.length),
    );
  }
  return value;
}
