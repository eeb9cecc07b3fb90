// An export streamed page by page: each page is formatted and handed to the sink as it arrives in
// order, then dropped, so memory holds the pages in flight and the ids seen, never the result.
// The pages come as Load all's do: after the first, the rest by number a bounded number at once
// (concurrentPages.ts), taken strictly in order; when a page does not fit what the first
// announced, the rest follows `_links.next` one page at a time. One PageWalker sees every page of
// both phases: each id is written once, and its guards against a walk that would not end (the
// page bound, the cap on an announced total, stale pages, loops) count from the first page.
// No new request starts while written text is still queued.
import {
  cancelledError,
  loadRemainingPages,
  PageWalker,
  redactDeep,
  type ApiError,
  type Page,
  type PageLoader,
} from '../api';
import type { RecordFormat } from './formats';

/** Where the text goes: a file (fileSink.ts), or anything else that takes text in order. */
export interface ExportSink {
  /** Takes the text at once, in the order given (a write may be asked for before the last one is
   * done); resolves once it is written. */
  write(text: string): Promise<void>;
}

interface ExportSource<T> {
  /** The first page (no href), then the pages at `_links` hrefs. */
  load: PageLoader<T>;
  /** Pages asked for at once after the first; 1 (the default) follows the next links. */
  concurrency?: number;
}

export interface ExportProgress {
  /** Records formatted and handed to the sink so far. */
  written: number;
  /** What the server last said the list holds. */
  totalResults?: number;
  /** In the result, when the list's total moved while the export ran: up to this many records may
   * be missing from it (PageWalker.moved). */
  dataChanged?: number;
}

export interface ExportOptions {
  signal?: AbortSignal;
  /** After each page handed to the sink. */
  onProgress?: (progress: ExportProgress) => void;
  /** Applied to every string of every record (and every key of its objects) before it is
   * formatted: the API key, echoed by a server into a record, never reaches the file. */
  redact?: (text: string) => string;
  /** Characters of text handed to the sink and not yet written past which no new page is asked
   * for (default MAX_WAITING_TEXT). */
  maxWaitingText?: number;
  /** What the walk believes of an announced total: MAX_WALK_RECORDS (walkBounds.ts) but in tests. */
  maxRecords?: number;
}

/** Enough for a few pages' text, so the requests in flight do not stop at every file write
 * (waiting for each write made an export to a file take 1.5× as long as to memory at 100 ms a
 * request), and little next to the pages in flight themselves. */
const MAX_WAITING_TEXT = 4 * 1024 * 1024;

/** Records formatted, checked and written at a time. A chunk's text, and the JSON it is checked
 * as, must stay below V8's large-object size (128 KB): a larger string is allocated in the old
 * generation and kept until the next full collection. 50 invoices came to 66,000 characters of
 * CSV, 131 KB once one name is not Latin-1, and a sampling heap profile put 205 MB of the
 * 100,000-invoice export's old-generation allocation in those chunks (docs/profiles/export.md);
 * 16 invoices are about 21,000 characters. */
export const CHUNK_RECORDS = 16;

/** Formats pages in order and queues their text on the sink; each id is written once, so records
 * that move between pages while the export runs appear once. */
class PageWriter {
  private pending: Promise<void> = Promise.resolve();
  /** Characters handed to the sink whose write has not finished. */
  private waiting = 0;
  private failure?: { error: unknown };
  readonly progress: ExportProgress = { written: 0 };

  constructor(
    private readonly format: RecordFormat,
    private readonly sink: ExportSink,
    readonly options: ExportOptions,
    private readonly walker: PageWalker,
  ) {}

  /** Queues the page's new records (the walker knows which are); returns how many were new. The
   * page's results (its own copy, `owned`) are emptied as they are written, its length kept: a
   * record written is not kept alive by the page while the rest of it is formatted. */
  take(page: Page<unknown>): number {
    const fresh: unknown[] = this.walker.fresh(page);
    const results: unknown[] = page.results;
    for (let at = 0; at < fresh.length; at += CHUNK_RECORDS) {
      this.queue(this.text(fresh.slice(at, at + CHUNK_RECORDS), this.progress.written + at));
      // Formatting a page allocates about 10 MB: records still held then are promoted to the old
      // generation (172 MB over the memory benchmark's export, against 41 MB when written ones
      // are let go). A record's index in `fresh` is at most its index in the results.
      fresh.fill(undefined, at, at + CHUNK_RECORDS);
      results.fill(undefined, 0, at + CHUNK_RECORDS);
    }
    this.progress.written += fresh.length;
    this.progress.totalResults = page.totalResults;
    this.options.onProgress?.({ ...this.progress });
    return fresh.length;
  }

  /**
   * The records' text, the first of them at `index` in the export. Redacting every string of every
   * record costs more than formatting them, and a key shows up only where a server echoes it: so
   * the chunk is checked once, as JSON (in which the redactor finds the key in any form a string
   * may hold it), and only a chunk where it shows is formatted again from redacted records.
   */
  private text(records: readonly unknown[], index: number): string {
    const format = (list: readonly unknown[]): string => list.map((r, i) => this.format.record(r, index + i)).join('');
    const text = format(records);
    const { redact } = this.options;
    if (!redact) return text;
    const json = this.format.textIsJson ? text : JSON.stringify(records);
    if (redact(json) === json) return text;
    const again = format(records.map((r) => redactDeep(r, redact)));
    // Whatever still matches (a key spread over two fields) goes too.
    return redact(again);
  }

  queue(text: string): void {
    if (text === '' || this.failure) return;
    // Handed over at once, so no text waits in this queue: the sink encodes or keeps it. Failures
    // are kept, not left rejecting: `flushed` hands them on to whoever waits next.
    // Only the length is kept past the call: a closure holding the text would keep it alive until
    // its write finished, long enough to be promoted to the old generation (155 MB of the
    // 100,000-invoice export's old-generation allocation was chunk text held so).
    const { length } = text;
    this.waiting += length;
    const written = this.sink.write(text).then(
      () => {
        this.waiting -= length;
      },
      (error: unknown) => {
        this.waiting -= length;
        this.failure ??= { error };
      },
    );
    this.pending = this.pending.then(() => written);
  }

  /** Resolves once the text waiting for the sink is within the bound; rejects with a write's failure. */
  async room(): Promise<void> {
    if (this.waiting > (this.options.maxWaitingText ?? MAX_WAITING_TEXT)) await this.pending;
    if (this.failure) throw this.failure.error;
  }

  /** Resolves once every queued text is written; rejects with a write's failure. */
  async flushed(): Promise<void> {
    await this.pending;
    if (this.failure) throw this.failure.error;
  }
}

type Step = { href?: string; stop?: ApiError };

/**
 * The page with a results array of the export's own, which `take` empties as it writes, so a
 * record written is not held while the rest of its page is formatted. The source's array (a
 * test's fixture, a cache) is never changed; the page object handed over is left with an empty
 * one: the client's page stayed reachable while it was taken (the heap profile showed its records
 * promoted all the same when only the copy was emptied).
 */
function owned<T>(page: Page<T>): Page<T> {
  const results = [...page.results];
  (page as { results: T[] }).results = [];
  return { ...page, results };
}

/** The first page taken, and what the rest of the walk needs of it: its totals, not its records
 * (a page kept for the whole export outlives collections of the young generation; dropping it
 * lowered the export's peak in the memory benchmark). */
async function firstPage<T>(
  source: ExportSource<T>,
  writer: PageWriter,
  walker: PageWalker,
): Promise<{ step: Step; totalResults: number; pageSize: number }> {
  const page = owned(await source.load(undefined, { signal: writer.options.signal }));
  writer.take(page);
  return { step: walker.next(page, undefined), totalResults: page.totalResults, pageSize: page.pageSize };
}

/**
 * Writes every record of the list to `sink` in `format`, in the server's order, each id once.
 * Resolves with the count written (and how far the data moved meanwhile); rejects on the first
 * failure (an ApiError, a cancellation when `signal` aborts, a walk that would not end, or the
 * sink's own error), when the sink holds a partial text the caller drops.
 */
export async function exportList<T>(
  source: ExportSource<T>,
  format: RecordFormat,
  sink: ExportSink,
  options: ExportOptions = {},
): Promise<ExportProgress> {
  const { signal } = options;
  const walker = new PageWalker(options.maxRecords);
  const writer = new PageWriter(format, sink, options, walker);
  writer.queue(format.head());
  const start = await firstPage(source, writer, walker);
  let step = start.step;
  if (step.href && !step.stop) step = await loadByNumber(step.href, start, source, writer, walker);
  // What is left one next link at a time: all of it with a concurrency of 1, or after a page that
  // did not fit. No variable outside the loop holds a page while the next one loads.
  for (;;) {
    if (step.stop) throw step.stop;
    const href = step.href;
    if (!href) break;
    if (signal?.aborted) throw cancelledError('GET', href, 0);
    const page = owned(await source.load(href, { signal }));
    writer.take(page);
    step = walker.next(page, href);
    await writer.flushed();
  }
  writer.queue(format.tail(writer.progress.written));
  await writer.flushed();
  const moved = walker.moved;
  return { ...writer.progress, ...(moved > 0 ? { dataChanged: moved } : {}) };
}

/**
 * The pages after `first` by number, several at once, until every page the first announced is
 * taken, one does not fit or the walker stops the walk; resolves with the walker's step after the
 * last page taken: the next link to follow from there (the list grew or a page did not fit), none,
 * or why the walk stops.
 */
async function loadByNumber<T>(
  nextHref: string,
  first: { totalResults: number; pageSize: number },
  source: ExportSource<T>,
  writer: PageWriter,
  walker: PageWalker,
): Promise<Step> {
  const concurrency = source.concurrency ?? 1;
  let step: Step = { href: nextHref };
  if (concurrency < 2) return step;
  const { signal } = writer.options;
  await loadRemainingPages<T>({
    nextHref,
    totalResults: first.totalResults,
    pageSize: first.pageSize,
    maxRecords: walker.maxRecords,
    concurrency,
    signal,
    // Waits while the text queued passes its bound: memory holds the pages in flight and at most
    // that much text, never a backlog that grows with the export.
    load: async (href, s) => {
      await writer.room();
      return owned(await source.load(href, { signal: s }));
    },
    accept: (page, href) => {
      const fresh = writer.take(page);
      step = walker.next(page, href);
      return step.stop ? false : fresh;
    },
  });
  await writer.flushed();
  return step;
}
