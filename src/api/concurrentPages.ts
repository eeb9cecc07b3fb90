// Load all at network speed: once the first page has told the total, the remaining pages are asked
// for by number with a bounded number in flight, and handed on strictly in order, so what is
// loaded is always a contiguous prefix (no holes in the tree). The moment a page does not fit what
// the first announced (the total changed, a page is short, overlaps or has another number), the
// rest is abandoned and the caller follows `_links.next` from the last page taken, one at a time.
import { cancelledError } from './failures';
import type { Page } from './models';
import { pageBound } from './walkBounds';

interface PageRun<T> {
  /** The next page's link, as the last page taken gave it: the template for pages by number. */
  nextHref: string;
  totalResults: number;
  pageSize: number;
  /** What the walk believes of an announced total (walkBounds.ts). */
  maxRecords?: number;
  /** Requests at once; at least 2 (1 is the sequential walk). */
  concurrency: number;
  load(href: string, signal: AbortSignal): Promise<Page<T>>;
  /** Takes a page in order; returns the number of its items that were new, or false to stop
   * (the walk ended, e.g. a paging error). */
  accept(page: Page<T>, href: string): number | false;
  signal?: AbortSignal;
}

const PAGE_PARAM = /([?&])page=(\d+)/;

/** The link of page `n`, made from the link of another page of the same list. */
export function pageHref(template: string, n: number): string {
  return template.replace(PAGE_PARAM, `$1page=${n}`);
}

/**
 * Loads the pages after the one `run.nextHref` points at. Resolves true when every page was taken
 * (or the walk stopped), false when a page did not fit and the caller should go on one link at a
 * time. Rejects with the first failure; the pages taken before it stay taken.
 */
export async function loadRemainingPages<T>(run: PageRun<T>): Promise<boolean> {
  const first = Number(PAGE_PARAM.exec(run.nextHref)?.[2]);
  // No further than a walk believes the server (a total of 10^12 is not 10^12 / pageSize requests).
  const last = pageBound(run.totalResults, run.pageSize, run.maxRecords)?.announced ?? 0;
  if (!Number.isSafeInteger(first) || first < 2 || first > last) return false;
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  run.signal?.addEventListener('abort', abort, { once: true });
  if (run.signal?.aborted) abort();
  const inFlight = new Map<number, Promise<Page<T>>>();
  let requested = first;
  try {
    for (let n = first; n <= last; n++) {
      while (requested <= last && requested < n + run.concurrency) {
        const p = run.load(pageHref(run.nextHref, requested), controller.signal);
        p.catch(() => undefined); // pages given up on must not reject unhandled
        inFlight.set(requested++, p);
      }
      const outcome = take(await (inFlight.get(n) as Promise<Page<T>>), n, last, run, controller.signal);
      inFlight.delete(n);
      if (outcome !== 'next') return outcome === 'done';
    }
    return true;
  } finally {
    abort();
    run.signal?.removeEventListener('abort', abort);
  }
}

/** Hands page `n` on when it fits: `next` to go on, `done` when the walk stopped, `misfit` when
 * the rest should follow the next links. A function of its own, so no variable of the loop above
 * holds the page (and its records) while the next one is awaited. */
function take<T>(
  page: Page<T>,
  n: number,
  last: number,
  run: PageRun<T>,
  signal: AbortSignal,
): 'next' | 'done' | 'misfit' {
  // A page that arrived before a cancel is not taken after it: the walk ends where it was.
  if (signal.aborted) throw cancelledError('GET', pageHref(run.nextHref, n), 0);
  if (!fits(page, n, last, run)) return 'misfit';
  const fresh = run.accept(page, pageHref(run.nextHref, n));
  if (fresh === false) return 'done';
  return fresh === page.results.length ? 'next' : 'misfit'; // records moved between pages
}

/** Whether page `n` is what the first page announced: same total and size, the right count. */
function fits<T>(page: Page<T>, n: number, last: number, run: PageRun<T>): boolean {
  // The last page the walk believes in is full when the total was capped.
  const expected = n < last ? run.pageSize : Math.min(run.pageSize, run.totalResults - (last - 1) * run.pageSize);
  return (
    page.totalResults === run.totalResults &&
    page.pageSize === run.pageSize &&
    page.pageNumber === n &&
    page.results.length === expected
  );
}
