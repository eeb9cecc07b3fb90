// Request checks: the parameters of a call, checked before anything is sent. A refused parameter
// becomes an ApiError of kind `invalidParameter` or `invalidQuery` with `attempts: 0` (built in
// failures.ts), and no request goes out. Responses are checked in responseShapes.ts.
import { t } from '../l10n';
import { refusedParameter, refusedQuery, type Target } from './failures';
import { parseOrderBy, parseQuery, type QuerySchema } from '../query';

export const MAX_PAGE_SIZE = 5000;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_API_KEY_NAME_LENGTH = 50;

export type { Target };

export function checkPaging(target: Target, page: number | undefined, pageSize: number | undefined): { page: number; pageSize: number } {
  const p = page ?? 1;
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 1) {
    throw refusedParameter(target, 'page', t('page must be a whole number of at least 1 (got {0})', String(page)));
  }
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw refusedParameter(target, 'pageSize', t('pageSize must be a whole number from 1 to {0} (got {1})', MAX_PAGE_SIZE, String(pageSize)));
  }
  return { page: p, pageSize: size };
}

/** The query text to send, or undefined for none (blank). */
export function checkQuery(target: Target, query: string | undefined, schema: QuerySchema): string | undefined {
  if (query === undefined || query.trim() === '') return undefined;
  const r = parseQuery(query, schema);
  if (r.ok) return query;
  throw refusedQuery(target, 'query', t('Invalid query: {0} (at character {1})', r.error.message, r.error.start + 1), r.error);
}

/** The orderBy to send (`field` or `-field`), or undefined for none. */
export function checkOrderBy(target: Target, orderBy: string | undefined, schema: QuerySchema): string | undefined {
  if (orderBy === undefined || orderBy.trim() === '') return undefined;
  const r = parseOrderBy(orderBy, schema);
  if (r.ok) return `${r.descending ? '-' : ''}${r.field}`;
  throw refusedQuery(target, 'orderBy', t('Invalid orderBy: {0}', r.error.message), r.error);
}

/** A non-empty id, encoded as one path segment. */
export function checkId(target: Target, value: unknown, parameter: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw refusedParameter(target, parameter, t('{0} must not be empty', parameter));
  return encodeURIComponent(value);
}

export function checkCompanyName(target: Target, name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw refusedParameter(target, 'name', t('The company name must not be empty'));
  return name;
}

export function checkTags(target: Target, tags: unknown): Record<string, string> | undefined {
  if (tags === undefined) return undefined;
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags) || !Object.values(tags).every((v) => typeof v === 'string')) {
    throw refusedParameter(target, 'tags', t('tags must map names to text values'));
  }
  return tags as Record<string, string>;
}

export function checkOptionalText(target: Target, value: unknown, parameter: string, maxLength?: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw refusedParameter(target, parameter, t('{0} must be text', parameter));
  if (maxLength !== undefined && value.length > maxLength) {
    throw refusedParameter(target, parameter, t('{0} must be at most {1} characters (got {2})', parameter, maxLength, value.length));
  }
  return value;
}
