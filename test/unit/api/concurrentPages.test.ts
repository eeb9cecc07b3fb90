// Load all with several pages in flight (src/api/concurrentPages.ts through PagedList): pages by
// number, bounded, taken in order as a contiguous prefix; a page that does not fit what the first
// announced sends the walk back to next links; failures and cancels keep what was taken.
import * as assert from 'node:assert/strict';
import { ApiError, isCancellation } from '../../../src/api/errors';
import { pageHref } from '../../../src/api/concurrentPages';
import type { Page } from '../../../src/api/models';
import { DataPlatformClient } from '../../../src/api/client';
import { PagedList, type LoadOptions } from '../../../src/api/paging';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { invoiceList } from '../../support/invoiceReads';

interface Item {
  id: string;
}

const items = (from: number, to: number): Item[] =>
  Array.from({ length: to - from }, (_, i) => ({ id: `i${from + i}` }));
const ids = (list: readonly Item[]) => list.map((i) => i.id);

function page(all: readonly Item[], n: number, size: number): Page<Item> {
  const href = (p: number) => ({ href: `/things?page=${p}&pageSize=${size}&query=a%3D1` });
  const last = Math.max(1, Math.ceil(all.length / size));
  return {
    results: all.slice((n - 1) * size, n * size),
    pageNumber: n,
    pageSize: size,
    totalResults: all.length,
    _links: { self: { href: '/things' }, current: href(n), ...(n < last ? { next: href(n + 1) } : {}) },
  };
}

const pageOf = (href: string | undefined) => (href ? Number(/page=(\d+)/.exec(href)?.[1]) : 1);

/** Answers after a short, varying delay, so pages come back out of order; counts what is in flight. */
function slowServer(all: () => readonly Item[], size: number, options: { fail?: (n: number) => boolean } = {}) {
  const asked: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const aborted: number[] = [];
  const load = (href: string | undefined, o: LoadOptions): Promise<Page<Item>> => {
    const n = pageOf(href);
    asked.push(n);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<Page<Item>>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          inFlight--;
          if (options.fail?.(n))
            reject(
              new ApiError({
                kind: 'server',
                message: 'Server error (500)',
                method: 'GET',
                path: href ?? '',
                status: 500,
              }),
            );
          else resolve(page(all(), n, size));
        },
        ((n * 7) % 5) * 3,
      );
      o.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          inFlight--;
          aborted.push(n);
          reject(new ApiError({ kind: 'cancelled', message: 'Request cancelled', method: 'GET', path: href ?? '' }));
        },
        { once: true },
      );
    });
  };
  return { load, asked, aborted, maxInFlight: () => maxInFlight };
}

/** Records every state of the list's items, to check each is a prefix of the full list. */
function watchPrefix(list: PagedList<Item>, all: readonly Item[]): () => void {
  const bad: string[] = [];
  list.onDidChange(() => {
    const shown = ids(list.items);
    if (shown.join() !== ids(all.slice(0, shown.length)).join()) bad.push(shown.join());
  });
  return () => assert.deepEqual(bad, [], 'every state shown is a contiguous prefix');
}

describe('Load all with pages in flight', () => {
  it('makes the link of any page from the link of another, keeping the rest of the query', () => {
    assert.equal(pageHref('/things?page=2&pageSize=5&query=a%3D1', 7), '/things?page=7&pageSize=5&query=a%3D1');
    assert.equal(pageHref('/things?pageSize=5&page=2', 3), '/things?pageSize=5&page=3');
  });

  it('asks for the remaining pages by number, never more than the concurrency at once, and takes them in order', async () => {
    const all = items(0, 47);
    const s = slowServer(() => all, 5);
    const list = new PagedList<Item>(s.load);
    const prefixOnly = watchPrefix(list, all);
    const progress: number[] = [];
    await list.loadAll({ concurrency: 4, onProgress: (p) => progress.push(p.loaded) });
    assert.deepEqual(ids(list.items), ids(all));
    assert.deepEqual(
      [...s.asked].sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      'each page once',
    );
    assert.ok(s.maxInFlight() <= 4, `at most 4 in flight (saw ${s.maxInFlight()})`);
    assert.ok(s.maxInFlight() > 1, 'more than one at once');
    assert.deepEqual(progress, [5, 10, 15, 20, 25, 30, 35, 40, 45, 47]);
    assert.equal(list.hasMore, false);
    assert.equal(list.lastError, undefined);
    prefixOnly();
  });

  it('with a concurrency of 1 walks the next links one by one, as before', async () => {
    const all = items(0, 12);
    const s = slowServer(() => all, 5);
    const list = new PagedList<Item>(s.load);
    await list.loadAll({ concurrency: 1 });
    assert.deepEqual(ids(list.items), ids(all));
    assert.equal(s.maxInFlight(), 1);
  });

  it('when the total changes mid-way, goes back to next links from the last page taken: no duplicate, no gap', async () => {
    const all = items(0, 30);
    let calls = 0;
    const s = slowServer(() => {
      calls++;
      // Records are added at the front after the first page: everything shifts by 3.
      return calls > 1 ? [...items(100, 103), ...all] : all;
    }, 5);
    const list = new PagedList<Item>(s.load);
    await list.loadAll({ concurrency: 3 });
    const got = ids(list.items);
    assert.equal(new Set(got).size, got.length, 'no duplicate');
    for (const id of ids(all)) assert.ok(got.includes(id), `${id} is there`);
    assert.equal(list.lastError, undefined);
  });

  it('a failed page keeps the pages before it; Load all again resumes from the gap', async () => {
    const all = items(0, 40);
    let failing = true;
    const s = slowServer(() => all, 5, { fail: (n) => failing && n === 4 });
    const list = new PagedList<Item>(s.load);
    await assert.rejects(
      list.loadAll({ concurrency: 3 }),
      (e: unknown) => e instanceof ApiError && e.kind === 'server',
    );
    assert.deepEqual(ids(list.items), ids(all.slice(0, 15)), 'pages 1 to 3, nothing after the gap');
    assert.equal(list.lastError instanceof ApiError && list.lastError.kind, 'server');
    failing = false;
    s.asked.length = 0;
    await list.loadAll({ concurrency: 3 });
    assert.deepEqual(ids(list.items), ids(all));
    assert.equal(Math.min(...s.asked), 4, 'resumed at the page that failed');
  });

  it('cancel aborts every request in flight and keeps the prefix taken', async () => {
    const all = items(0, 100);
    const s = slowServer(() => all, 5);
    const list = new PagedList<Item>(s.load);
    const controller = new AbortController();
    await assert.rejects(
      list.loadAll({
        concurrency: 4,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.loaded >= 15) controller.abort();
        },
      }),
      (e: unknown) => isCancellation(e),
    );
    const taken = list.items.length;
    assert.ok(taken >= 15 && taken % 5 === 0, `whole pages only (${taken})`);
    assert.deepEqual(ids(list.items), ids(all.slice(0, taken)));
    await new Promise((r) => setTimeout(r, 30));
    assert.ok(s.aborted.length > 0, 'requests in flight were aborted');
    assert.equal(list.loading, false, 'the load ended');
    assert.equal(list.items.length, taken, 'nothing arrives after the cancel');
  });
});

describe('Load all with pages in flight, against the emulator', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 1234, latencyMs: 5 });
  });
  after(() => emu.close());

  it('gives what the sequential walk gives, filter and order kept, each page asked for once', async () => {
    const client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal });
    const params = { pageSize: 50, query: 'totalAmount>100', orderBy: '-issueDate' };
    const sequential = await invoiceList(client, emu.companies.many, params).loadAll();
    emu.requests.clear();
    const concurrent = await invoiceList(client, emu.companies.many, params).loadAll({ concurrency: 4 });
    assert.deepEqual(
      concurrent.map((i) => i.id),
      sequential.map((i) => i.id),
    );
    const pages = emu.requests
      .entries()
      .filter((r) => r.path.endsWith('/data/invoices'))
      .map((r) => {
        assert.equal(r.query.query, params.query);
        assert.equal(r.query.orderBy, params.orderBy);
        return Number(r.query.page ?? 1);
      });
    assert.deepEqual(
      pages.sort((a, b) => a - b),
      Array.from({ length: Math.ceil(sequential.length / 50) }, (_, i) => i + 1),
    );
  });
});
