// exportList against the in-process emulator: for each format, what lands in the sink is the
// emulator's data (order, every field, count, filter and orderBy applied), streamed page by page.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { createRedactor } from '../../../src/api/redact';
import { assertNoSecret } from '../../support/secretScan';
import type { Company, Invoice, Page } from '../../../src/api/models';
import {
  CHUNK_RECORDS,
  exportList,
  type ExportOptions,
  type ExportProgress,
  type ExportSink,
} from '../../../src/export/exportList';
import { recordFormat, type ExportFormat, type ExportItems } from '../../../src/export/formats';
import { COMPANY_TYPES, INVOICE_TYPES, asExported, readExport as readBack } from '../../support/csv';
import { call } from '../../emulator/testing';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { invoicePages } from '../../support/invoiceReads';

const INVOICES = 1234;

/** A sink that keeps the text, one entry per write. */
function memorySink(): ExportSink & { writes: string[]; text(): string } {
  const writes: string[] = [];
  return { writes, write: (text) => Promise.resolve(void writes.push(text)), text: () => writes.join('') };
}

const typesOf = (items: ExportItems) => (items === 'invoices' ? INVOICE_TYPES : COMPANY_TYPES);
const readExport = (text: string, format: ExportFormat, items: ExportItems) => readBack(text, format, typesOf(items));

describe('export walker against the emulator', function () {
  let emu: RunningEmulator;
  const client = () =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });
  /** The records as the emulator serves them in one page, fetched without the extension's client. */
  const expected = async <T>(path: string, params: Record<string, string> = {}): Promise<T[]> => {
    const qs = new URLSearchParams({ ...params, pageSize: '5000' }).toString();
    const reply = await call<Page<T>>(emu, `${path}?${qs}`);
    assert.equal(reply.status, 200);
    assert.ok(reply.json.totalResults <= 5000);
    return reply.json.results;
  };
  const invoicesPath = () => `/companies/${emu.companies.many}/data/invoices`;

  before(async () => {
    emu = await startEmulator({ invoices: INVOICES });
  });
  after(async () => emu.close());
  beforeEach(() => emu.reset());

  for (const format of ['json', 'jsonl', 'csv'] as const) {
    describe(format, () => {
      it('writes every invoice with every field, in order, each page asked for once', async () => {
        const want = await expected<Invoice>(invoicesPath());
        emu.requests.clear();
        const sink = memorySink();
        const load = invoicePages(client(), emu.companies.many, { pageSize: 100 });
        const result = await exportList({ load, concurrency: 4 }, recordFormat(format, 'invoices'), sink);
        assert.deepEqual(result, { written: INVOICES, totalResults: INVOICES });
        assert.deepEqual(readExport(sink.text(), format, 'invoices'), asExported(want, format, typesOf('invoices')));
        const pages = emu.requests
          .entries()
          .map((r) => Number(r.query.page))
          .sort((a, b) => a - b);
        assert.deepEqual(
          pages,
          Array.from({ length: 13 }, (_, i) => i + 1),
        );
      });

      it('applies the filter and orderBy on every page', async () => {
        const params = { query: 'status=Paid||status=PartiallyPaid', orderBy: '-totalAmount' };
        const want = await expected<Invoice>(invoicesPath(), params);
        assert.ok(want.length > 300 && want.length < INVOICES);
        emu.requests.clear();
        const sink = memorySink();
        const load = invoicePages(client(), emu.companies.many, { pageSize: 50, ...params });
        const result = await exportList({ load, concurrency: 3 }, recordFormat(format, 'invoices'), sink);
        assert.equal(result.written, want.length);
        assert.deepEqual(readExport(sink.text(), format, 'invoices'), asExported(want, format, typesOf('invoices')));
        assert.ok(
          emu.requests.entries().every((r) => r.query.query === params.query && r.query.orderBy === params.orderBy),
        );
      });

      it('writes the companies, each field flattened', async () => {
        const want = await expected<Company>('/companies');
        const sink = memorySink();
        const result = await exportList(
          { load: client().companyPages({ pageSize: 25 }), concurrency: 2 },
          recordFormat(format, 'companies'),
          sink,
        );
        assert.equal(result.written, want.length);
        assert.deepEqual(readExport(sink.text(), format, 'companies'), want);
      });

      it('writes an empty list as an empty document', async () => {
        const sink = memorySink();
        const result = await exportList(
          { load: invoicePages(client(), emu.companies.empty), concurrency: 4 },
          recordFormat(format, 'invoices'),
          sink,
        );
        assert.equal(result.written, 0);
        assert.deepEqual(readExport(sink.text(), format, 'invoices'), []);
      });
    });
  }

  it(`streams: one write per ${CHUNK_RECORDS} records of a page, the first ones before the last page is asked for`, async () => {
    const requestsAtWrite: number[] = [];
    const sink: ExportSink = {
      write: (text) => {
        if (text.length > 0) requestsAtWrite.push(emu.requests.entries().length);
        return Promise.resolve();
      },
    };
    await exportList(
      { load: invoicePages(client(), emu.companies.many, { pageSize: 100 }), concurrency: 2 },
      recordFormat('jsonl', 'invoices'),
      sink,
    );
    // 12 pages of 100 and one of 34: a page's text is written in chunks, never as one large string.
    assert.equal(
      requestsAtWrite.length,
      12 * Math.ceil(100 / CHUNK_RECORDS) + Math.ceil(34 / CHUNK_RECORDS),
      'one write a chunk',
    );
    assert.ok(requestsAtWrite[0] < 13, `page 1 was written after ${requestsAtWrite[0]} requests`);
  });

  it("takes each page's records out of it without changing the source's array or records", async () => {
    const load = invoicePages(client(), emu.companies.many, { pageSize: 100 });
    const taken: [Page<Invoice>, Invoice[], string][] = [];
    const keep: typeof load = async (href, options) => {
      const page = await load(href, options);
      taken.push([page, page.results, JSON.stringify(page.results)]);
      return page;
    };
    const sink = memorySink();
    const result = await exportList({ load: keep, concurrency: 3 }, recordFormat('csv', 'invoices'), sink);
    assert.equal(result.written, INVOICES);
    assert.equal(readExport(sink.text(), 'csv', 'invoices').length, INVOICES);
    for (const [page, results, was] of taken) {
      // Nothing of a page taken holds its records; the array the source made is as it was.
      assert.deepEqual(page.results, []);
      assert.equal(JSON.stringify(results), was);
    }
  });

  /** An export of the big company, 100 a page, whose sink holds its second write until
   * `release`; `loads` counts the pages asked for. */
  function slowSinkExport(options: ExportOptions) {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const blocked = new Promise<void>((r) => (reached = r));
    let writes = 0;
    const sink: ExportSink = {
      write: () => {
        if (++writes !== 2) return Promise.resolve();
        reached();
        return gate;
      },
    };
    const inner = invoicePages(client(), emu.companies.many, { pageSize: 100 });
    const run = {
      loads: 0,
      blocked,
      release: () => release(),
      running: Promise.resolve({ written: 0 } as ExportProgress),
    };
    const load: typeof inner = (href, o) => {
      run.loads++;
      return inner(href, o);
    };
    run.running = exportList({ load, concurrency: 4 }, recordFormat('csv', 'invoices'), sink, options);
    return run;
  }

  it('asks for no page while more written text than its bound waits for a slow sink (memory holds the pages in flight only)', async () => {
    const progress: ExportProgress[] = [];
    // A bound of one character: the first page's text is over it.
    const run = slowSinkExport({ onProgress: (p) => progress.push(p), maxWaitingText: 1 });
    await run.blocked;
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    assert.equal(run.loads, 1, 'only the first page while its text is being written');
    run.release();
    assert.equal((await run.running).written, INVOICES);
    assert.deepEqual(
      progress.map((p) => p.written),
      [...Array.from({ length: 12 }, (_, i) => (i + 1) * 100), INVOICES],
    );
  });

  it('keeps asking for pages while the text waiting for a slow sink is within its bound', async () => {
    const run = slowSinkExport({});
    await run.blocked;
    // Every page is asked for while the second write is held: 1,234 invoices of CSV are within
    // the default bound.
    for (let i = 0; i < 2000 && run.loads < Math.ceil(INVOICES / 100); i++) await new Promise((r) => setTimeout(r, 1));
    assert.equal(run.loads, Math.ceil(INVOICES / 100));
    run.release();
    assert.equal((await run.running).written, INVOICES);
  });

  it('follows next links one page at a time with a concurrency of 1', async () => {
    const sink = memorySink();
    await exportList(
      { load: invoicePages(client(), emu.companies.many, { pageSize: 500 }) },
      recordFormat('json', 'invoices'),
      sink,
    );
    assert.deepEqual(
      emu.requests.entries().map((r) => r.query.page),
      ['1', '2', '3'],
    );
    assert.equal((JSON.parse(sink.text()) as unknown[]).length, INVOICES);
  });
});

describe('export walker when the data moves', () => {
  interface Item {
    id: string;
  }
  const items = (from: number, to: number): Item[] =>
    Array.from({ length: to - from }, (_, i) => ({ id: `i${from + i}` }));

  /** Pages of `all()` as it is when each is asked for; links carry the page number. */
  function server(all: (n: number) => readonly Item[], size: number) {
    const asked: string[] = [];
    const load = (href: string | undefined): Promise<Page<Item>> => {
      const n = href ? Number(/page=(\d+)/.exec(href)?.[1]) : 1;
      asked.push(href ?? 'first');
      const list = all(n);
      const link = (p: number) => ({ href: `/things?page=${p}&pageSize=${size}` });
      const last = Math.max(1, Math.ceil(list.length / size));
      return Promise.resolve({
        results: list.slice((n - 1) * size, n * size),
        pageNumber: n,
        pageSize: size,
        totalResults: list.length,
        _links: { self: { href: '/things' }, current: link(n), ...(n < last ? { next: link(n + 1) } : {}) },
      });
    };
    return { load, asked };
  }

  it('writes each record once when a record is inserted before the pages not yet read', async () => {
    // From page 3 on, one new record sits at the front: page 3 by number repeats i19.
    const s = server((n) => (n < 3 ? items(0, 50) : [{ id: 'new' }, ...items(0, 50)]), 10);
    const sink = memorySink();
    const result = await exportList({ load: s.load, concurrency: 4 }, recordFormat('jsonl', 'invoices'), sink);
    const ids = readExport(sink.text(), 'jsonl', 'invoices').map((r) => (r as Item).id);
    assert.deepEqual(
      ids,
      items(0, 50).map((i) => i.id),
      'each id once, in order',
    );
    assert.equal(result.written, 50);
    // Page 3 by number did not fit (the total changed); it was asked for again by page 2's next link.
    assert.equal(s.asked.filter((h) => h === '/things?page=3&pageSize=10').length, 2);
  });

  for (const concurrency of [1, 4]) {
    it(`says the data changed when a record deleted between pages was lost at the boundary (${concurrency} at once)`, async () => {
      // From the second request on, i3 is gone: i10 moves onto page 1, already written.
      let calls = 0;
      const s = server(() => (++calls > 1 ? items(0, 30).filter((i) => i.id !== 'i3') : items(0, 30)), 10);
      const sink = memorySink();
      const result = await exportList({ load: s.load, concurrency }, recordFormat('jsonl', 'invoices'), sink);
      const ids = readExport(sink.text(), 'jsonl', 'invoices').map((r) => (r as Item).id);
      assert.ok(!ids.includes('i10'));
      assert.deepEqual(result, { written: 29, totalResults: 29, dataChanged: 1 });
    });
  }

  /** A server announcing `total` records that serves ever new ones, `size` a page, past any total. */
  function endless(total: number, size: number, safety: number) {
    const asked: string[] = [];
    const load = (href: string | undefined): Promise<Page<Item>> => {
      const n = href ? Number(/page=(\d+)/.exec(href)?.[1]) : 1;
      asked.push(href ?? 'first');
      const link = (p: number) => ({ href: `/things?page=${p}&pageSize=${size}` });
      // An empty page ends a walk that nothing else ends, so the old code fails here, not by memory.
      const results = asked.length > safety ? [] : items((n - 1) * size, n * size);
      return Promise.resolve({
        results,
        pageNumber: n,
        pageSize: size,
        totalResults: total,
        _links: { self: { href: '/things' }, current: link(n), next: link(n + 1) },
      });
    };
    return { load, asked };
  }

  /** Counts what is written and keeps none of it. */
  const countingSink = (): ExportSink => ({ write: () => Promise.resolve() });

  it('holds one page bound across the pages by number and those by next link', async () => {
    // 100 pages announced: the bound is 110 requests, however many are in flight.
    const s = endless(1000, 10, 300);
    await assert.rejects(
      exportList({ load: s.load, concurrency: 4 }, recordFormat('jsonl', 'invoices'), countingSink()),
      /announced 100 pages but kept offering more after 110; paging stopped/,
    );
    assert.equal(s.asked.length, 110);
  });

  for (const concurrency of [1, 4]) {
    it(`stops at the cap on what a walk believes when the server announces 10^12 records with ever new ids (${concurrency} at once)`, async () => {
      const s = endless(1e12, 100, 30);
      let written = 0;
      // A cap of 1,000 records stands for MAX_WALK_RECORDS (paging.test.ts checks the real one's bound).
      const options = { maxRecords: 1000, onProgress: (p: ExportProgress) => (written = p.written) };
      await assert.rejects(
        exportList({ load: s.load, concurrency }, recordFormat('jsonl', 'invoices'), countingSink(), options),
        /announced [\d,.\s\u00a0\u202f]+ records; a list loads at most [\d,.\s\u00a0\u202f]+, so paging stopped there/,
      );
      assert.equal(written, 1000);
      assert.equal(s.asked.length, 10);
    });
  }

  it('stops a walk whose next links never end, failing the export', async () => {
    const load = (href: string | undefined): Promise<Page<Item>> =>
      Promise.resolve({
        results: items(0, 2),
        pageNumber: 1,
        pageSize: 2,
        totalResults: 2,
        _links: {
          self: { href: '/x' },
          current: { href: href ?? '/x?page=1' },
          next: { href: `/x?page=1&n=${Math.random()}` },
        },
      });
    await assert.rejects(
      exportList({ load, concurrency: 1 }, recordFormat('json', 'invoices'), memorySink()),
      /stal|loop|pages/i,
    );
  });
});

describe('export redaction of any key', () => {
  // A key with a quote and a comma: CSV doubles the quote, JSON escapes it; neither form may leak.
  const key = 'k"e,y\\1234';
  const records = [
    { id: 'a', note: `echo ${key} echo` },
    { id: 'b', note: 'clean =1', customerRef: { id: 'c', companyName: key } },
  ];
  const load = (): Promise<Page<unknown>> =>
    Promise.resolve({
      results: records,
      pageNumber: 1,
      pageSize: 10,
      totalResults: 2,
      _links: { self: { href: '/x' }, current: { href: '/x?page=1' } },
    });

  for (const format of ['csv', 'json', 'jsonl'] as const) {
    it(`leaves no form of it in ${format}, and the rest as it was`, async () => {
      const sink = memorySink();
      await exportList({ load }, recordFormat(format, 'invoices'), sink, { redact: createRedactor(key) });
      const text = sink.text();
      assertNoSecret(key, { [`the ${format} text`]: text });
      assert.ok(!text.includes(key.replace(/"/g, '""')), 'nor as a CSV field writes it');
      const back = readExport(text, format, 'invoices') as { note?: string; customerRef?: { companyName?: string } }[];
      assert.deepEqual(
        back.map((r) => r.note),
        ['echo *** echo', 'clean =1'],
      );
      assert.equal(back[1].customerRef?.companyName, '***');
    });
  }

  it('writes a page without the key exactly as without redaction', async () => {
    const clean = () => Promise.resolve({ ...records[1], id: 'z' });
    const page = async (): Promise<Page<unknown>> => ({
      results: [await clean()],
      pageNumber: 1,
      pageSize: 1,
      totalResults: 1,
      _links: { self: { href: '/x' }, current: { href: '/x' } },
    });
    const [a, b] = [memorySink(), memorySink()];
    await exportList({ load: page }, recordFormat('csv', 'invoices'), a, { redact: createRedactor('other-key-1234') });
    await exportList({ load: page }, recordFormat('csv', 'invoices'), b);
    assert.equal(a.text(), b.text());
  });
});
