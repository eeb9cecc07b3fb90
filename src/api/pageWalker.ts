// What a walk over a paged list remembers so that no server can make it show a record twice or go
// on forever: every item's key (its list type's own: `id`, or a push operation's
// `pushOperationKey`), the hrefs visited, the pages read, and how far the total moved.
import type { ApiError } from './errors';
import { pagingCapError, pagingLoopError, pagingOverrunError, pagingStalledError } from './failures';
import type { Page } from './models';
import { MAX_WALK_RECORDS, pageBound } from './walkBounds';

/** What tells an item of a list from another: the type's own key (undefined when the item has none). */
export type ItemKey<T> = (item: T) => string | undefined;

/** The key of most lists: a record's, a company's, a sync's `id`. */
function idOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const id = (item as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** An item without a key of its own is told apart by its whole content, so a server repeating it
 * is caught all the same (undefined, kept, when it cannot be written: a cycle or a deep nest). */
function contentOf(item: unknown): string | undefined {
  try {
    return JSON.stringify(item);
  } catch {
    return undefined;
  }
}

/** Non-empty pages in a row with nothing new after which a walk stops: a server that ignores
 * `page` and serves the same records under ever new links. */
export const STALE_PAGES = 3;

/**
 * Tracks keys, visited hrefs and pages so that data shifting between requests yields no duplicate,
 * and no server can keep a walk going forever: not by a next link back to a loaded page, not by
 * new links to the same records, not by more pages than it announced (walkBounds.ts). One walker
 * serves a whole walk, the pages by number and those by next link, so its bound is held across both.
 */
export class PageWalker {
  private readonly keys = new Set<string>();
  private readonly visited = new Set<string>();
  private pages = 0;
  private stale = 0;
  private lastTotal?: number;
  private movedBy = 0;

  /** `maxRecords`: what the walk believes of an announced total (MAX_WALK_RECORDS but in tests);
   * `key`: the list type's own key of an item (an `id` when not given). */
  constructor(
    readonly maxRecords = MAX_WALK_RECORDS,
    private readonly key: ItemKey<unknown> = idOf,
  ) {}

  /**
   * How far `totalResults` moved while the walk ran (the sum of its changes from page to page): a
   * record deleted before the walk's position shifts one it has not read onto a page it has, and
   * one added there is not read at all, so up to this many records may be missing.
   */
  get moved(): number {
    return this.movedBy;
  }

  /** Items of `page` not seen before, in order: each key once, in this page and across pages. */
  fresh<T>(page: Page<T>): T[] {
    const out: T[] = [];
    for (const item of page.results) {
      const own = this.key(item);
      const content = own === undefined ? contentOf(item) : undefined;
      // Two namespaces, so an id can never collide with another item's content.
      const key = own !== undefined ? `k${own}` : content !== undefined ? `c${content}` : undefined;
      if (key === undefined) {
        out.push(item);
      } else if (!this.keys.has(key)) {
        this.keys.add(key);
        out.push(item);
      }
    }
    if (page.results.length > 0) this.stale = out.length === 0 ? this.stale + 1 : 0;
    return out;
  }

  /**
   * After `page` (its items already through `fresh`): the href to load next, nothing at the end
   * (no next link, or an empty page), or the error that ends a walk that would not end by itself.
   */
  next(page: Page<unknown>, loadedHref: string | undefined): { href?: string; stop?: ApiError } {
    this.pages++;
    this.noteTotal(page.totalResults);
    for (const h of [loadedHref, page._links?.current?.href]) if (h) this.visited.add(h);
    const href = page._links?.next?.href;
    if (!href || page.results.length === 0) return {};
    if (this.visited.has(href)) return { stop: pagingLoopError(href) };
    if (this.stale >= STALE_PAGES) return { stop: pagingStalledError(href, this.stale) };
    const bound = pageBound(page.totalResults, page.pageSize, this.maxRecords);
    if (bound && this.pages >= bound.limit) {
      return {
        stop: bound.capped
          ? pagingCapError(href, page.totalResults, this.maxRecords)
          : pagingOverrunError(href, bound.announced, this.pages),
      };
    }
    return { href };
  }

  private noteTotal(total: number): void {
    if (!Number.isFinite(total)) return;
    if (this.lastTotal !== undefined) this.movedBy += Math.abs(total - this.lastTotal);
    this.lastTotal = total;
  }
}
