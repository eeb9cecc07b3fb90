// Checks of call parameters before anything is sent. A refused parameter becomes an ApiError of
// kind `invalidParameter` or `invalidQuery` with `attempts: 0`, and no request goes out.
import { t } from '../l10n';
import { ApiError } from './errors';
import { parseOrderBy, parseQuery, type QuerySchema } from '../query';

export const MAX_PAGE_SIZE = 5000;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_API_KEY_NAME_LENGTH = 50;

/** Where the refused call would have gone, for the error's `method` and `path`. */
export interface Target {
  method: string;
  path: string;
}

function invalid(target: Target, parameter: string, message: string): ApiError {
  return new ApiError({ kind: 'invalidParameter', message, ...target, attempts: 0, validation: { parameter, message } });
}

export function checkPaging(target: Target, page: number | undefined, pageSize: number | undefined): { page: number; pageSize: number } {
  const p = page ?? 1;
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 1) {
    throw invalid(target, 'page', t('page must be a whole number of at least 1 (got {0})', String(page)));
  }
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw invalid(target, 'pageSize', t('pageSize must be a whole number from 1 to {0} (got {1})', MAX_PAGE_SIZE, String(pageSize)));
  }
  return { page: p, pageSize: size };
}

/** The query text to send, or undefined for none (blank). */
export function checkQuery(target: Target, query: string | undefined, schema: QuerySchema): string | undefined {
  if (query === undefined || query.trim() === '') return undefined;
  const r = parseQuery(query, schema);
  if (r.ok) return query;
  const { code, message, start, end } = r.error;
  throw new ApiError({
    kind: 'invalidQuery',
    message: t('Invalid query: {0} (at character {1})', message, start + 1),
    ...target,
    attempts: 0,
    validation: { parameter: 'query', code, message, start, end },
  });
}

/** The orderBy to send (`field` or `-field`), or undefined for none. */
export function checkOrderBy(target: Target, orderBy: string | undefined, schema: QuerySchema): string | undefined {
  if (orderBy === undefined || orderBy.trim() === '') return undefined;
  const r = parseOrderBy(orderBy, schema);
  if (r.ok) return `${r.descending ? '-' : ''}${r.field}`;
  const { code, message, start, end } = r.error;
  throw new ApiError({
    kind: 'invalidQuery',
    message: t('Invalid orderBy: {0}', message),
    ...target,
    attempts: 0,
    validation: { parameter: 'orderBy', code, message, start, end },
  });
}

/** A non-empty id, encoded as one path segment. */
export function checkId(target: Target, value: unknown, parameter: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(target, parameter, t('{0} must not be empty', parameter));
  return encodeURIComponent(value);
}

export function checkCompanyName(target: Target, name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw invalid(target, 'name', t('The company name must not be empty'));
  return name;
}

export function checkTags(target: Target, tags: unknown): Record<string, string> | undefined {
  if (tags === undefined) return undefined;
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags) || !Object.values(tags).every((v) => typeof v === 'string')) {
    throw invalid(target, 'tags', t('tags must map names to text values'));
  }
  return tags as Record<string, string>;
}

export function checkOptionalText(target: Target, value: unknown, parameter: string, maxLength?: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(target, parameter, t('{0} must be text', parameter));
  if (maxLength !== undefined && value.length > maxLength) {
    throw invalid(target, parameter, t('{0} must be at most {1} characters (got {2})', parameter, maxLength, value.length));
  }
  return value;
}
