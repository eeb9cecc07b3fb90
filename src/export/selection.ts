// Export of several tree nodes at once, the parts without `vscode`: the records selected as a list
// the page walk reads like any other (so progress, cancellation and the file are the same), and
// free file names for the lists exported into one folder.
import type { Page, PageLoader } from '../api';

const PAGE = /[?&]page=(\d+)/;

/**
 * The records of `ids`, as a list of pages of one record each, fetched by `fetch`: the walk asks
 * for several at once (its concurrency), writes them in the order of `ids` and reports each.
 */
export function selectedRecordPages<T>(
  ids: readonly string[],
  fetch: (id: string, signal?: AbortSignal) => Promise<T>,
): PageLoader<T> {
  const link = (n: number) => ({ href: `selected?page=${n}` });
  return async (href, { signal }): Promise<Page<T>> => {
    const n = href === undefined ? 1 : Number(PAGE.exec(href)?.[1]);
    if (!Number.isInteger(n) || n < 1 || n > Math.max(1, ids.length)) throw new Error(`No page at ${href}`);
    const id = ids[n - 1];
    return {
      results: id === undefined ? [] : [await fetch(id, signal)],
      pageNumber: n,
      pageSize: 1,
      totalResults: ids.length,
      _links: { self: link(n), current: link(n), ...(n < ids.length ? { next: link(n + 1) } : {}) },
    };
  };
}

/**
 * `name` when `taken` says it is free, else the first free `base (2).ext`, `base (3).ext`…: an
 * export into a folder never writes over a file, nor over another file of the same export.
 */
export function freeFileName(name: string, taken: (name: string) => boolean): string {
  if (!taken(name)) return name;
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let i = 2; ; i++) {
    const candidate = `${base} (${i})${ext}`;
    if (!taken(candidate)) return candidate;
  }
}
