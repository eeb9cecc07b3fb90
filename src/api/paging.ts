// Paged lists without HTTP of their own: a loader fetches one page (the first when given no
// href, else the `_links.next` href), and this module keeps what was loaded. Tree nodes hold a
// PagedList, so "Load more" appends exactly one page, concurrent clicks share one load, a failed
// load keeps everything already shown, and "Load all" can be cancelled keeping what it has.
import { Emitter, type Disposable } from '../util/emitter';
import { ApiError, isCancellation } from './errors';
import { cancelledError } from './failures';
import { loadRemainingPages } from './concurrentPages';
import type { Page } from './models';
import { PageWalker, type ItemKey } from './pageWalker';

export { PageWalker, STALE_PAGES } from './pageWalker';

export interface LoadOptions {
  signal?: AbortSignal;
}

/** Fetches the first page (`href` undefined) or the page at a `_links` href. */
export type PageLoader<T> = (href: string | undefined, options: LoadOptions) => Promise<Page<T>>;

export interface LoadProgress {
  loaded: number;
  totalResults?: number;
  pages: number;
}

interface LoadAllOptions extends LoadOptions {
  onProgress?: (progress: LoadProgress) => void;
  /** Pages asked for at once after the first (concurrentPages.ts); 1, the default, follows the
   * next links one by one. */
  concurrency?: number;
}

const cancelled = (path: string): ApiError => cancelledError('GET', path, 0);

/** Every page from `first` on, following `_links.next` to the end, with the items each adds. */
async function* walk<T>(
  first: Page<T>,
  loader: (href: string, options: LoadOptions) => Promise<Page<T>>,
  options: LoadOptions,
): AsyncGenerator<{ page: Page<T>; added: T[] }, void, undefined> {
  const walker = new PageWalker();
  let page = first;
  let href: string | undefined;
  for (;;) {
    yield { page, added: walker.fresh(page) };
    const next = walker.next(page, href);
    if (next.stop) throw next.stop;
    if (!next.href) return;
    if (options.signal?.aborted) throw cancelled(next.href);
    href = next.href;
    page = await loader(href, options);
  }
}

/** Every page from `first` on, following `_links.next` to the end. */
export async function* followPages<T>(
  first: Page<T>,
  loader: (href: string, options: LoadOptions) => Promise<Page<T>>,
  options: LoadOptions = {},
): AsyncGenerator<Page<T>, void, undefined> {
  for await (const { page } of walk(first, loader, options)) yield page;
}

/** Every item from `first` on, each id once. */
export async function* followItems<T>(
  first: Page<T>,
  loader: (href: string, options: LoadOptions) => Promise<Page<T>>,
  options: LoadOptions = {},
): AsyncGenerator<T, void, undefined> {
  for await (const { added } of walk(first, loader, options)) yield* added;
}

/** The pages of `loader` with each item replaced by `map` of it: what a list keeps instead of the
 * items (the tree's rows), made as each page arrives so the page itself can go. */
export function mappedPages<T, U>(loader: PageLoader<T>, map: (item: T) => U): PageLoader<U> {
  return async (href, options) => {
    const page = await loader(href, options);
    return { ...page, results: page.results.map(map) };
  };
}

interface Flight<T> {
  promise: Promise<T[]>;
  controller: AbortController;
  /** Callers still waiting; when the last one cancels, the load itself is aborted. */
  waiters: number;
}

interface PagedListOptions<T> {
  /** What a walk believes of an announced total: MAX_WALK_RECORDS but in tests. */
  maxRecords?: number;
  /** The list type's own key of an item, each shown once (an `id` when not given): a push
   * operation's is its `pushOperationKey`. */
  key?: ItemKey<T>;
}

export class PagedList<T> {
  private loaded: T[] = [];
  private walker: PageWalker;
  /** The walker's part of the options (the key, as any item's: a list stays covariant in T). */
  private readonly walkOptions: { maxRecords?: number; key?: ItemKey<unknown> };
  private started = false;
  private next?: string;
  private total?: number;
  /** The page size the server last said it used: pages by number are counted in it. */
  private size?: number;
  private pages = 0;
  private error?: Error;
  private flight?: Flight<T>;
  private generation = 0;
  private readonly changes = new Emitter<void>();

  constructor(
    private readonly loader: PageLoader<T>,
    options: PagedListOptions<T> = {},
  ) {
    // Only ever called with this list's own items.
    this.walkOptions = { maxRecords: options.maxRecords, key: options.key as ItemKey<unknown> | undefined };
    this.walker = new PageWalker(options.maxRecords, this.walkOptions.key);
  }

  get items(): readonly T[] {
    return this.loaded;
  }

  get totalResults(): number | undefined {
    return this.total;
  }

  /** Records that may be missing because the list's total moved while it was loaded (0 when it
   * did not): PageWalker.moved. */
  get dataChanged(): number {
    return this.walker.moved;
  }

  get nextHref(): string | undefined {
    return this.next;
  }

  /** True until the first page arrives, then while a next link exists. */
  get hasMore(): boolean {
    return !this.started || this.next !== undefined;
  }

  get pagesLoaded(): number {
    return this.pages;
  }

  get loading(): boolean {
    return this.flight !== undefined;
  }

  /** The error of the last load, cleared by the next successful one. Cancellation is not kept. */
  get lastError(): Error | undefined {
    return this.error;
  }

  /** Called after every change of state (items, error, loading). */
  onDidChange(listener: () => void): Disposable {
    return this.changes.event(listener);
  }

  /** Appends exactly the next page; resolves with the items it added. */
  loadMore(options: LoadOptions = {}): Promise<readonly T[]> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(cancelled(this.next ?? ''));
    if (!this.flight) {
      if (!this.hasMore) return Promise.resolve([]);
      this.track(this.start());
    }
    return this.join(this.flight as Flight<T>, signal);
  }

  /** Loads every remaining page; on cancel or failure, what was loaded stays. */
  async loadAll(options: LoadAllOptions = {}): Promise<readonly T[]> {
    const progress = (): void =>
      options.onProgress?.({ loaded: this.loaded.length, totalResults: this.total, pages: this.pages });
    if (!this.started) {
      await this.loadMore({ signal: options.signal });
      progress();
    }
    if ((options.concurrency ?? 1) > 1 && this.hasMore && !this.flight) {
      const flight = this.startConcurrent(options.concurrency ?? 1, progress);
      if (flight) await this.join(this.track(flight), options.signal);
    }
    // What is left: all of it with a concurrency of 1, or after a page that did not fit.
    while (this.hasMore) {
      await this.loadMore({ signal: options.signal });
      progress();
    }
    return this.loaded;
  }

  /** Forgets everything; a load in flight is aborted and its result discarded. */
  reset(): void {
    this.generation++;
    this.flight?.controller.abort();
    this.flight = undefined;
    this.loaded = [];
    this.walker = new PageWalker(this.walkOptions.maxRecords, this.walkOptions.key);
    this.started = false;
    this.next = undefined;
    this.total = undefined;
    this.size = undefined;
    this.pages = 0;
    this.error = undefined;
    this.emit();
  }

  private start(): Flight<T> {
    const controller = new AbortController();
    const generation = this.generation;
    const href = this.started ? this.next : undefined;
    const promise = this.loader(href, { signal: controller.signal }).then(
      (page) => {
        if (generation !== this.generation) throw cancelled(href ?? '');
        return this.take(page, href);
      },
      (e: unknown) => this.failed(e, generation),
    );
    return { promise, controller, waiters: 0 };
  }

  /** The pages after the next one by number, several at once (concurrentPages.ts), or nothing
   * when the list cannot be addressed by page. */
  private startConcurrent(concurrency: number, onPage: () => void): Flight<T> | undefined {
    const { next, total, size } = this;
    if (next === undefined || total === undefined || size === undefined) return undefined;
    const controller = new AbortController();
    const generation = this.generation;
    const before = this.loaded.length;
    const promise = loadRemainingPages<T>({
      nextHref: next,
      totalResults: total,
      pageSize: size,
      maxRecords: this.walker.maxRecords,
      concurrency,
      signal: controller.signal,
      load: (href, signal) => this.loader(href, { signal }),
      accept: (page, href) => {
        if (generation !== this.generation) throw cancelled(href);
        const added = this.take(page, href);
        this.emit();
        onPage();
        return this.error ? false : added.length;
      },
    }).then(
      () => this.loaded.slice(before),
      (e: unknown) => this.failed(e, generation),
    );
    return { promise, controller, waiters: 0 };
  }

  /** Takes a loaded page: its new items appended, the next link, the totals. */
  private take(page: Page<T>, href: string | undefined): T[] {
    const added = this.walker.fresh(page);
    const next = this.walker.next(page, href);
    this.loaded.push(...added);
    this.started = true;
    this.total = page.totalResults;
    this.size = page.pageSize;
    this.next = next.href;
    this.pages++;
    // A walk that would not end keeps what it loaded and shows why it stopped.
    this.error = next.stop;
    return added;
  }

  private failed(e: unknown, generation: number): never {
    if (generation === this.generation && !isCancellation(e)) {
      this.error = e instanceof Error ? e : new Error(String(e));
    }
    throw e;
  }

  /** Makes `flight` the list's load until it settles. */
  private track(flight: Flight<T>): Flight<T> {
    this.flight = flight;
    this.emit();
    const done = (): void => {
      if (this.flight === flight) {
        this.flight = undefined;
        this.emit();
      }
    };
    // Handles the rejection here too, so a load every caller walked away from is not "unhandled".
    flight.promise.then(done, done);
    return flight;
  }

  /** Waits for `flight` as one of its callers; when the last caller cancels, the load is aborted. */
  private join(flight: Flight<T>, signal: AbortSignal | undefined): Promise<readonly T[]> {
    flight.waiters++;
    return new Promise<readonly T[]>((resolve, reject) => {
      let settled = false;
      const onAbort = (): void => {
        if (settled) return;
        settled = true;
        if (--flight.waiters === 0) flight.controller.abort();
        reject(cancelled(this.next ?? ''));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (added) => {
          signal?.removeEventListener('abort', onAbort);
          if (settled) return;
          settled = true;
          resolve(added);
        },
        (e: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          if (settled) return;
          settled = true;
          reject(e);
        },
      );
    });
  }

  private emit(): void {
    // A failing listener cannot break loading for the others: the emitter isolates each.
    this.changes.fire();
  }
}
