import * as assert from 'node:assert/strict';
import { ApiError, isCancellation } from '../../../src/api/errors';
import type { Page } from '../../../src/api/models';
import {
  followItems,
  followPages,
  PagedList,
  STALE_PAGES,
  type LoadOptions,
  type LoadProgress,
} from '../../../src/api/paging';
import { MAX_WALK_RECORDS, pageBound } from '../../../src/api/walkBounds';

interface Item {
  id: string;
}

const items = (from: number, to: number): Item[] =>
  Array.from({ length: to - from }, (_, i) => ({ id: `i${from + i}` }));

/** A page as the API writes it: relative hrefs, `next` absent on the last page. */
function page(results: Item[], pageNumber: number, pageSize: number, total: number): Page<Item> {
  const href = (p: number) => ({ href: `/things?page=${p}&pageSize=${pageSize}` });
  const last = Math.ceil(total / pageSize);
  return {
    results,
    pageNumber,
    pageSize,
    totalResults: total,
    _links: {
      self: { href: '/things' },
      current: href(pageNumber),
      ...(pageNumber < last ? { next: href(pageNumber + 1) } : {}),
    },
  };
}

/** Serves `all` in pages of `size`; records hrefs asked for. */
function server(all: Item[], size: number) {
  const calls: (string | undefined)[] = [];
  const load = (href: string | undefined): Promise<Page<Item>> => {
    calls.push(href);
    const n = href ? Number(/page=(\d+)/.exec(href)?.[1]) : 1;
    return Promise.resolve(page(all.slice((n - 1) * size, n * size), n, size, all.length));
  };
  return { calls, load };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A loader whose every call waits for the test to answer it. */
function manualLoader() {
  const pending: { href: string | undefined; signal?: AbortSignal; d: Deferred<Page<Item>> }[] = [];
  const load = (href: string | undefined, o: LoadOptions): Promise<Page<Item>> => {
    const d = deferred<Page<Item>>();
    o.signal?.addEventListener('abort', () =>
      d.reject(new ApiError({ kind: 'cancelled', message: 'Request cancelled', method: 'GET', path: href ?? '' })),
    );
    pending.push({ href, signal: o.signal, d });
    return d.promise;
  };
  return { pending, load };
}

const serverError = () =>
  new ApiError({ kind: 'server', message: 'Server error (500)', method: 'GET', path: '/things', status: 500 });
const ids = (list: readonly Item[]) => list.map((i) => i.id);

describe('PagedList', () => {
  it('starts empty with more to load', () => {
    const list = new PagedList<Item>(server(items(0, 3), 2).load);
    assert.deepEqual(list.items, []);
    assert.equal(list.hasMore, true);
    assert.equal(list.totalResults, undefined);
    assert.equal(list.loading, false);
  });

  it('appends exactly one page per loadMore and follows the next link', async () => {
    const s = server(items(0, 5), 2);
    const list = new PagedList<Item>(s.load);
    assert.deepEqual(ids(await list.loadMore()), ['i0', 'i1']);
    assert.equal(list.totalResults, 5);
    assert.equal(list.nextHref, '/things?page=2&pageSize=2');
    assert.deepEqual(ids(await list.loadMore()), ['i2', 'i3']);
    assert.deepEqual(ids(await list.loadMore()), ['i4']);
    assert.equal(list.hasMore, false);
    assert.deepEqual(ids(await list.loadMore()), []);
    assert.deepEqual(s.calls, [undefined, '/things?page=2&pageSize=2', '/things?page=3&pageSize=2']);
    assert.deepEqual(ids(list.items), ['i0', 'i1', 'i2', 'i3', 'i4']);
    assert.equal(list.pagesLoaded, 3);
  });

  it('shares one in-flight load between concurrent callers', async () => {
    const m = manualLoader();
    const list = new PagedList<Item>(m.load);
    const a = list.loadMore();
    const b = list.loadMore();
    assert.equal(m.pending.length, 1);
    assert.equal(list.loading, true);
    m.pending[0].d.resolve(page(items(0, 2), 1, 2, 4));
    assert.deepEqual(ids(await a), ['i0', 'i1']);
    assert.deepEqual(ids(await b), ['i0', 'i1']);
    assert.deepEqual(ids(list.items), ['i0', 'i1']);
    assert.equal(list.loading, false);
  });

  it('keeps loaded items on failure, records the error, and retries the same page', async () => {
    const m = manualLoader();
    const list = new PagedList<Item>(m.load);
    const first = list.loadMore();
    m.pending[0].d.resolve(page(items(0, 2), 1, 2, 6));
    await first;
    const failing = list.loadMore();
    m.pending[1].d.reject(serverError());
    await assert.rejects(failing, (e: unknown) => e instanceof ApiError && e.kind === 'server');
    assert.deepEqual(ids(list.items), ['i0', 'i1']);
    assert.equal((list.lastError as ApiError).kind, 'server');
    assert.equal(list.hasMore, true);
    const retry = list.loadMore();
    assert.equal(m.pending[2].href, m.pending[1].href);
    m.pending[2].d.resolve(page(items(2, 4), 2, 2, 6));
    assert.deepEqual(ids(await retry), ['i2', 'i3']);
    assert.equal(list.lastError, undefined);
  });

  it('a failed first page leaves the list empty and retryable', async () => {
    const m = manualLoader();
    const list = new PagedList<Item>(m.load);
    const p = list.loadMore();
    m.pending[0].d.reject(serverError());
    await assert.rejects(p);
    assert.equal(list.hasMore, true);
    const again = list.loadMore();
    assert.equal(m.pending[1].href, undefined);
    m.pending[1].d.resolve(page(items(0, 1), 1, 2, 1));
    await again;
    assert.deepEqual(ids(list.items), ['i0']);
  });

  it('loadAll walks every page and reports progress', async () => {
    const s = server(items(0, 7), 3);
    const list = new PagedList<Item>(s.load);
    const progress: LoadProgress[] = [];
    const all = await list.loadAll({ onProgress: (p) => progress.push(p) });
    assert.deepEqual(ids(all), ids(items(0, 7)));
    assert.deepEqual(progress, [
      { loaded: 3, totalResults: 7, pages: 1 },
      { loaded: 6, totalResults: 7, pages: 2 },
      { loaded: 7, totalResults: 7, pages: 3 },
    ]);
  });

  it('loadAll continues from what loadMore already loaded', async () => {
    const s = server(items(0, 6), 2);
    const list = new PagedList<Item>(s.load);
    await list.loadMore();
    await list.loadAll();
    assert.deepEqual(ids(list.items), ids(items(0, 6)));
    assert.equal(s.calls.length, 3);
  });

  it('loadAll can be cancelled and keeps what it has', async () => {
    const m = manualLoader();
    const list = new PagedList<Item>(m.load);
    const c = new AbortController();
    const all = list.loadAll({
      signal: c.signal,
      onProgress: () => {
        if (list.pagesLoaded === 2) setImmediate(() => c.abort());
      },
    });
    m.pending[0].d.resolve(page(items(0, 2), 1, 2, 10));
    await new Promise((r) => setImmediate(r));
    m.pending[1].d.resolve(page(items(2, 4), 2, 2, 10));
    await assert.rejects(all, (e: unknown) => isCancellation(e));
    assert.deepEqual(ids(list.items), ['i0', 'i1', 'i2', 'i3']);
    assert.equal(m.pending.length, 3);
    assert.equal(m.pending[2].signal?.aborted, true, 'the third page load was aborted');
    assert.equal(list.lastError, undefined, 'a cancellation is not an error to show');
    assert.equal(list.hasMore, true);
  });

  it('a caller that cancels does not abort a load others still wait for', async () => {
    const m = manualLoader();
    const list = new PagedList<Item>(m.load);
    const c = new AbortController();
    const leaving = list.loadMore({ signal: c.signal });
    const staying = list.loadMore();
    c.abort();
    await assert.rejects(leaving, (e: unknown) => isCancellation(e));
    assert.equal(m.pending[0].signal?.aborted, false);
    m.pending[0].d.resolve(page(items(0, 2), 1, 2, 2));
    assert.deepEqual(ids(await staying), ['i0', 'i1']);
  });

  it('aborts the load when every caller cancelled', async () => {
    const m = manualLoader();
    const list = new PagedList<Item>(m.load);
    const c1 = new AbortController();
    const c2 = new AbortController();
    const p1 = list.loadMore({ signal: c1.signal });
    const p2 = list.loadMore({ signal: c2.signal });
    c1.abort();
    assert.equal(m.pending[0].signal?.aborted, false);
    c2.abort();
    assert.equal(m.pending[0].signal?.aborted, true);
    await assert.rejects(p1);
    await assert.rejects(p2);
    await new Promise((r) => setImmediate(r));
    assert.equal(list.loading, false);
    assert.deepEqual(list.items, []);
  });

  it('rejects at once when the signal is already aborted, loading nothing', async () => {
    const m = manualLoader();
    const list = new PagedList<Item>(m.load);
    const c = new AbortController();
    c.abort();
    await assert.rejects(list.loadMore({ signal: c.signal }), (e: unknown) => isCancellation(e));
    assert.equal(m.pending.length, 0);
  });

  it('drops duplicates when records shift between pages', async () => {
    // A record inserted before page 2 is fetched pushes i1 onto page 2 again.
    const pages = [
      page([{ id: 'i0' }, { id: 'i1' }], 1, 2, 5),
      page([{ id: 'i1' }, { id: 'i2' }], 2, 2, 5),
      page([{ id: 'i3' }, { id: 'i4' }], 3, 2, 5),
    ];
    let n = 0;
    const list = new PagedList<Item>(() => Promise.resolve(pages[n++]));
    await list.loadAll();
    assert.deepEqual(ids(list.items), ['i0', 'i1', 'i2', 'i3', 'i4']);
  });

  it('stops, with an error, when a next link leads back to a loaded page', async () => {
    const looping = page(items(0, 2), 1, 2, 10);
    looping._links.next = { href: looping._links.current.href };
    const list = new PagedList<Item>(() => Promise.resolve(looping));
    await list.loadAll();
    assert.equal(list.hasMore, false);
    assert.equal((list.lastError as ApiError).kind, 'malformedResponse');
    assert.deepEqual(ids(list.items), ['i0', 'i1']);
  });

  it('treats an empty page as the end even if it has a next link', async () => {
    const empty = page([], 1, 2, 10);
    empty._links.next = { href: '/things?page=2&pageSize=2' };
    const list = new PagedList<Item>(() => Promise.resolve(empty));
    await list.loadAll();
    assert.equal(list.hasMore, false);
  });

  it('reset forgets everything and discards a load in flight', async () => {
    const m = manualLoader();
    const list = new PagedList<Item>(m.load);
    const p = list.loadMore();
    list.reset();
    assert.equal(m.pending[0].signal?.aborted, true);
    await assert.rejects(p, (e: unknown) => isCancellation(e));
    assert.deepEqual(list.items, []);
    assert.equal(list.hasMore, true);
    const again = list.loadMore();
    assert.equal(m.pending[1].href, undefined);
    m.pending[1].d.resolve(page(items(0, 1), 1, 2, 1));
    await again;
    assert.deepEqual(ids(list.items), ['i0']);
  });

  it('reset after loading starts again from the first page', async () => {
    const s = server(items(0, 4), 2);
    const list = new PagedList<Item>(s.load);
    await list.loadAll();
    list.reset();
    assert.equal(list.totalResults, undefined);
    await list.loadMore();
    assert.deepEqual(ids(list.items), ['i0', 'i1']);
    assert.equal(s.calls[2], undefined);
  });

  it('tells listeners about every change', async () => {
    const list = new PagedList<Item>(server(items(0, 2), 2).load);
    let changes = 0;
    const sub = list.onDidChange(() => changes++);
    await list.loadMore();
    assert.ok(changes >= 2, 'loading started and ended');
    sub.dispose();
    const before = changes;
    list.reset();
    assert.equal(changes, before);
  });
});

describe('followPages / followItems', () => {
  it('follow next links to the end with no duplicate and no gap', async () => {
    const all = items(0, 23);
    const s = server(all, 5);
    const first = await s.load(undefined);
    const seen: string[] = [];
    for await (const item of followItems(first, (href) => s.load(href))) seen.push(item.id);
    assert.deepEqual(seen, ids(all));
    const pageNumbers: number[] = [];
    for await (const p of followPages(first, (href) => s.load(href))) pageNumbers.push(p.pageNumber);
    assert.deepEqual(pageNumbers, [1, 2, 3, 4, 5]);
  });

  it('stops when cancelled between pages', async () => {
    const s = server(items(0, 10), 2);
    const c = new AbortController();
    const seen: string[] = [];
    await assert.rejects(
      async () => {
        for await (const item of followItems(await s.load(undefined), (href) => s.load(href), { signal: c.signal })) {
          seen.push(item.id);
          if (seen.length === 3) c.abort();
        }
      },
      (e: unknown) => isCancellation(e),
    );
    assert.deepEqual(seen, ['i0', 'i1', 'i2', 'i3']);
  });

  it('refuses to loop on a next link it has already followed', async () => {
    const looping = page(items(0, 2), 1, 2, 10);
    looping._links.next = { href: looping._links.current.href };
    await assert.rejects(
      async () => {
        for await (const _ of followPages(looping, () => Promise.resolve(looping))) void _;
      },
      (e: unknown) => e instanceof ApiError && e.kind === 'malformedResponse',
    );
  });
});

describe('walks that would not end by themselves', () => {
  /** A hostile or broken server: page `n` as `make(n)` says, with a next link always present. */
  function endless(make: (n: number) => { results: Item[]; total: number }, pageSize = 10) {
    const calls: (string | undefined)[] = [];
    const load = (href: string | undefined): Promise<Page<Item>> => {
      calls.push(href);
      const n = href ? Number(/page=(\d+)/.exec(href)?.[1]) : 1;
      const { results, total } = make(n);
      const link = (p: number) => ({ href: `/things?page=${p}&pageSize=${pageSize}&r=${calls.length}` });
      return Promise.resolve({
        results,
        pageNumber: n,
        pageSize,
        totalResults: total,
        _links: { self: { href: '/things' }, current: link(n), next: link(n + 1) },
      });
    };
    return { calls, load };
  }

  it('a server that ignores page (the same records under ever new links) stops after pages with nothing new, keeping what it loaded', async () => {
    const s = endless(() => ({ results: items(0, 10), total: 100 }));
    const list = new PagedList<Item>(s.load);
    const loaded = await list.loadAll();
    assert.equal(loaded.length, 10);
    assert.equal(s.calls.length, 1 + STALE_PAGES, 'the first page, then the stale ones');
    assert.equal(list.hasMore, false);
    assert.ok(list.lastError instanceof ApiError);
    assert.match(list.lastError.message, /last 3 pages held only records already loaded; paging stopped/);
  });

  it('a list of items keyed otherwise (push operations: no id) keeps each key once, even when the item changed', async () => {
    interface Op {
      pushOperationKey: string;
      status: string;
    }
    const first: Page<Op> = {
      results: [{ pushOperationKey: 'k2', status: 'Pending' }],
      pageNumber: 1,
      pageSize: 1,
      totalResults: 2,
      _links: { self: { href: '/push' }, current: { href: '/push?page=1' }, next: { href: '/push?page=2' } },
    };
    // A push landed meanwhile: page 2 repeats k2, settled since.
    const second: Page<Op> = {
      ...first,
      results: [{ pushOperationKey: 'k2', status: 'Success' }],
      pageNumber: 2,
      totalResults: 3,
      _links: { self: { href: '/push' }, current: { href: '/push?page=2' }, next: { href: '/push?page=3' } },
    };
    const third: Page<Op> = {
      ...second,
      results: [{ pushOperationKey: 'k1', status: 'Success' }],
      pageNumber: 3,
      _links: { self: { href: '/push' }, current: { href: '/push?page=3' } },
    };
    const pages = [first, second, third];
    const list = new PagedList<Op>(() => Promise.resolve(pages.shift() as Page<Op>), {
      key: (op) => op.pushOperationKey,
    });
    assert.deepEqual(
      (await list.loadAll()).map((op) => op.pushOperationKey),
      ['k2', 'k1'],
    );
  });

  it('items with no key at all are told apart by their content: the same ones under new links stop too', async () => {
    const s = endless(() => ({ results: items(0, 10).map((i) => ({ name: i.id }) as unknown as Item), total: 100 }));
    const list = new PagedList<Item>(s.load);
    assert.equal((await list.loadAll()).length, 10);
    assert.equal(s.calls.length, 1 + STALE_PAGES);
    assert.match(list.lastError?.message ?? '', /held only records already loaded/);
  });

  it('an endless server (new records on every page) stops at the pages it announced plus a margin', async () => {
    const s = endless((n) => ({ results: items((n - 1) * 10, n * 10), total: 100 }));
    const list = new PagedList<Item>(s.load);
    const loaded = await list.loadAll();
    assert.equal(s.calls.length, 13, '10 announced pages and a margin of 3');
    assert.equal(loaded.length, 130);
    assert.match(list.lastError?.message ?? '', /announced 10 pages but kept offering more after 13; paging stopped/);
  });

  it('data that grows while the walk runs is followed to its end, with no error', async () => {
    const all = items(0, 30);
    const load = (href: string | undefined): Promise<Page<Item>> => {
      const n = href ? Number(/page=(\d+)/.exec(href)?.[1]) : 1;
      if (all.length < 50) all.push(...items(all.length, all.length + 5));
      return Promise.resolve(page(all.slice((n - 1) * 10, n * 10), n, 10, all.length));
    };
    const list = new PagedList<Item>(load);
    assert.deepEqual(ids([...(await list.loadAll())]), ids(items(0, 50)));
    assert.equal(list.lastError, undefined);
  });

  for (const concurrency of [1, 4]) {
    it(`a server announcing 10^12 records with ever new ids stops at the cap on what a walk believes, keeping what it loaded (${concurrency} at once)`, async () => {
      const size = 100;
      let made = 0;
      // Past 30 pages an empty page ends the walk, so a walk without the cap fails here, not by memory.
      const s = endless(
        (n) => (++made > 30 ? { results: [], total: 1e12 } : { results: items((n - 1) * size, n * size), total: 1e12 }),
        size,
      );
      // A cap of 1,000 records stands for MAX_WALK_RECORDS (below), which takes seconds to reach.
      const list = new PagedList<Item>(s.load, { maxRecords: 1000 });
      const loaded = await list.loadAll({ concurrency });
      assert.equal(loaded.length, 1000);
      assert.equal(s.calls.length, 10, 'not one request past the cap');
      assert.equal(list.hasMore, false);
      assert.match(
        list.lastError?.message ?? '',
        /announced [\d,.\s\u00a0\u202f]+ records; a list loads at most [\d,.\s\u00a0\u202f]+, so paging stopped there/,
      );
    });

    it(`a record deleted between pages is lost at the boundary, and the list says the data changed (${concurrency} at once)`, async () => {
      const all = items(0, 30);
      let calls = 0;
      const load = (href: string | undefined): Promise<Page<Item>> => {
        // After the first page, i3 is deleted: i10 moves onto page 1, already read.
        if (++calls === 2) all.splice(3, 1);
        const n = href ? Number(/page=(\d+)/.exec(href)?.[1]) : 1;
        return Promise.resolve(page(all.slice((n - 1) * 10, n * 10), n, 10, all.length));
      };
      const list = new PagedList<Item>(load);
      const loaded = ids([...(await list.loadAll({ concurrency }))]);
      assert.equal(loaded.length, 29);
      assert.ok(!loaded.includes('i10'), 'the record at the boundary is not there');
      assert.equal(list.lastError, undefined);
      assert.equal(list.dataChanged, 1, 'the total moved by 1: one record may be missing');
    });
  }

  it(`believes an announced total up to ${MAX_WALK_RECORDS} records, with a margin below it and none past it`, () => {
    assert.equal(MAX_WALK_RECORDS, 1_000_000);
    assert.deepEqual(pageBound(1e12, 1000), { announced: 1000, limit: 1000, capped: true });
    assert.deepEqual(pageBound(2 ** 80, 5000), { announced: 200, limit: 200, capped: true });
    assert.deepEqual(pageBound(MAX_WALK_RECORDS, 1000), { announced: 1000, limit: 1100, capped: false });
    assert.deepEqual(pageBound(1000, 10), { announced: 100, limit: 110, capped: false });
    assert.deepEqual(pageBound(5, 10), { announced: 1, limit: 4, capped: false });
    assert.equal(pageBound(-1, 10), undefined);
    assert.equal(pageBound(10, 0), undefined);
  });

  it('a list whose total held reports no change', async () => {
    const list = new PagedList<Item>(server(items(0, 23), 5).load);
    await list.loadAll({ concurrency: 4 });
    assert.equal(list.dataChanged, 0);
    list.reset();
    assert.equal(list.dataChanged, 0);
  });

  it('followItems ends such a walk with the same error', async () => {
    const s = endless(() => ({ results: items(0, 10), total: 100 }));
    const seen: string[] = [];
    await assert.rejects(
      async () => {
        for await (const item of followItems(await s.load(undefined), (href) => s.load(href))) seen.push(item.id);
      },
      (e: unknown) => e instanceof ApiError && /held only records already loaded/.test(e.message),
    );
    assert.deepEqual(seen, ids(items(0, 10)));
  });
});
