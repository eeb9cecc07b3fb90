// Paging parameters and the paged envelope. Links are relative to the base URL: `self` is the
// bare path, the others carry page, pageSize, query, orderBy and (companies) tags, percent-encoded
// (RFC 3986).
import type { Link, Page, PageLinks } from './wire';
import { percentEncode } from './percentEncoding';
import { type ApiResponse, validationError } from './errors';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 5000;

export interface PageRequest {
  page: number;
  pageSize: number;
  /** The filter as sent; undefined when absent or blank. */
  query?: string;
  /** The order as sent; undefined when absent or blank. */
  orderBy?: string;
  /** The companies list's tag filter as sent (companyRoutes.ts); its links carry it last. */
  tags?: string;
}

const WHOLE_NUMBER = /^\d+$/;

/** Reads page and pageSize, or the 400 that names the bad one. */
export function readPageRequest(params: URLSearchParams): PageRequest | ApiResponse {
  const rawPage = params.get('page');
  const rawSize = params.get('pageSize');
  let page = 1;
  let pageSize = DEFAULT_PAGE_SIZE;
  if (rawPage !== null) {
    page = WHOLE_NUMBER.test(rawPage) ? Number(rawPage) : NaN;
    if (!(page >= 1) || !Number.isSafeInteger(page)) {
      return validationError(
        'PublicApi',
        'page',
        `Invalid value for parameter page: ${JSON.stringify(rawPage)}. page must be a whole number of at least 1.`,
        'PaginationValidator',
      );
    }
  }
  if (rawSize !== null) {
    pageSize = WHOLE_NUMBER.test(rawSize) ? Number(rawSize) : NaN;
    if (!(pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) {
      return validationError(
        'PublicApi',
        'pageSize',
        `Invalid value for parameter pageSize: ${JSON.stringify(rawSize)}. pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
        'PaginationValidator',
      );
    }
  }
  const blankToUndefined = (v: string | null): string | undefined => (v === null || v.trim() === '' ? undefined : v);
  return {
    page,
    pageSize,
    query: blankToUndefined(params.get('query')),
    orderBy: blankToUndefined(params.get('orderBy')),
  };
}

/** Index range of the page within the full result set (may be empty past the end). */
export function pageSlice(request: PageRequest, total: number): { start: number; end: number } {
  const start = Math.min(total, (request.page - 1) * request.pageSize);
  return { start, end: Math.min(total, start + request.pageSize) };
}

function link(path: string, request: PageRequest, page: number): Link {
  let href = `${path}?page=${page}&pageSize=${request.pageSize}`;
  if (request.query !== undefined) href += `&query=${percentEncode(request.query)}`;
  if (request.orderBy !== undefined) href += `&orderBy=${percentEncode(request.orderBy)}`;
  if (request.tags !== undefined) href += `&tags=${percentEncode(request.tags)}`;
  return { href };
}

export function envelope<T>(path: string, request: PageRequest, total: number, results: T[]): Page<T> {
  const pages = Math.ceil(total / request.pageSize);
  const links: PageLinks = { self: { href: path }, current: link(path, request, request.page) };
  if (request.page < pages) links.next = link(path, request, request.page + 1);
  // Past the end, `previous` leads back to the last page that has records (or page 1).
  if (request.page > 1) links.previous = link(path, request, Math.max(1, Math.min(request.page - 1, pages)));
  return { results, pageNumber: request.page, pageSize: request.pageSize, totalResults: total, _links: links };
}
