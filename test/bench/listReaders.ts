// The ways of reading every invoice of a company that the Load all benchmark compares, as one
// table: the extension's own paging (held to the goals), Codat's @codat/lending SDK paging
// sequentially and bare fetch with the same number of requests in flight (the yardsticks). A new
// way of reading a list (export) is a row added here: its goal figures follow from its kind and
// its requests in flight.
import { CodatLending } from '@codat/lending';
import { rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataPlatformClient } from '../../src/api/client';
import { exportList, recordFormat, writeFileAtomically, type ExportFormat } from '../../src/export';
import type { EmulatorAddress } from './emulatorProcess';
import { invoicePages } from '../support/invoiceReads';

/** One company's invoices, and the page size to read them with. */
export interface ListTarget extends EmulatorAddress {
  invoices: number;
  pageSize: number;
}

export interface ListReader {
  name: string;
  /** `extension` rows are held to the goals against the `sdk` row and the `fetch` row with the
   * same requests in flight. */
  kind: 'extension' | 'sdk' | 'fetch';
  /** Requests in flight at most. */
  inFlight: number;
  /** The file it writes, if any: an export is also held to the bare client that writes the same
   * format (a `fetch` row with the same `writes`). */
  writes?: ExportFormat;
  /** Sets up for a target (a client, as the extension keeps one per connection) and returns the
   * read: every invoice, resolving with how many are held at the end. */
  reader(target: ListTarget): () => Promise<number>;
}

/** The tree's Load all: `recordRows('invoices', ...).loadAll({ concurrency })`, the list
 * src/tree/dataNodes.ts makes, loaded as src/tree/pagedNode.ts does. */
function extensionLoadAll(concurrency: number): ListReader {
  return {
    name: `extension Load all, ${concurrency} in flight${concurrency === 4 ? ' (default)' : ''}`,
    kind: 'extension',
    inFlight: concurrency,
    reader(t) {
      // One attempt: a failure ends the run instead of hiding behind a retry's wait.
      const client = new DataPlatformClient({ baseUrl: t.url, apiKey: t.key, retry: { maxAttempts: 1 } });
      return async () =>
        (await client.recordRows('invoices', t.companyId, { pageSize: t.pageSize }).loadAll({ concurrency })).length;
    },
  };
}

/** The Export command's path: pages in order through exportList, formatted and written to a file
 * that appears by rename when complete (the command adds only the dialog and the progress). */
function extensionExport(format: ExportFormat, concurrency: number): ListReader {
  return {
    name: `extension Export to ${format === 'csv' ? 'CSV' : 'JSON Lines'}, ${concurrency} in flight`,
    kind: 'extension',
    inFlight: concurrency,
    writes: format,
    reader(t) {
      const client = new DataPlatformClient({ baseUrl: t.url, apiKey: t.key, retry: { maxAttempts: 1 } });
      const file = join(tmpdir(), `dp-bench-export-${process.pid}.${format}`);
      return async () => {
        try {
          const source = { load: invoicePages(client, t.companyId, { pageSize: t.pageSize }), concurrency };
          const done = await writeFileAtomically(file, (sink) =>
            exportList(source, recordFormat(format, 'invoices'), sink, { redact: client.redact }),
          );
          return done.written;
        } finally {
          rmSync(file, { force: true });
        }
      };
    },
  };
}

/** What a developer writes with Codat's SDK: one page after another until the total is read. */
function codatSdk(): ListReader {
  return {
    name: '@codat/lending SDK, pages one after another',
    kind: 'sdk',
    inFlight: 1,
    reader(t) {
      const sdk = new CodatLending({
        security: { authHeader: `Basic ${Buffer.from(t.key).toString('base64')}` },
        serverURL: t.url,
      });
      return async () => {
        const items: unknown[] = [];
        for (let page = 1; ; page++) {
          const res = await sdk.accountsReceivable.invoices.list({
            companyId: t.companyId,
            page,
            pageSize: t.pageSize,
          });
          const body = res.accountingInvoices;
          if (res.statusCode !== 200 || !body) throw new Error(`SDK: page ${page} answered ${res.statusCode}`);
          items.push(...(body.results ?? []));
          if (page * t.pageSize >= (body.totalResults ?? 0)) return items.length;
        }
      };
    },
  };
}

interface RawPage {
  results: unknown[];
  totalResults: number;
}

/** The floor: Node's fetch and JSON.parse with no checks, the first page and then `inFlight` at once. */
function rawFetch(inFlight: number): ListReader {
  return {
    name: `bare fetch, ${inFlight} in flight`,
    kind: 'fetch',
    inFlight,
    reader(t) {
      const page = (n: number) => fetchPage(t, n);
      return async () => {
        const first = await page(1);
        const pages: unknown[][] = [first.results];
        const last = Math.ceil(first.totalResults / t.pageSize);
        let next = 2;
        const worker = async (): Promise<void> => {
          for (let n = next++; n <= last; n = next++) pages[n - 1] = (await page(n)).results;
        };
        await Promise.all(Array.from({ length: inFlight }, worker));
        return pages.flat().length;
      };
    },
  };
}

/** Page `n` of the company's invoices by bare `fetch` and `JSON.parse`, as a user without the
 * client would read it. */
async function fetchPage(
  t: { url: string; key: string; companyId: string; pageSize: number },
  n: number,
): Promise<RawPage> {
  const headers = { Authorization: `Basic ${Buffer.from(t.key).toString('base64')}` };
  const res = await fetch(`${t.url}/companies/${t.companyId}/data/invoices?page=${n}&pageSize=${t.pageSize}`, {
    headers,
  });
  if (!res.ok) throw new Error(`fetch: page ${n} answered ${res.status}`);
  return (await res.json()) as RawPage;
}

/** A naive CSV cell: text quoted when it holds a comma, quote or line end, objects as JSON. */
function naiveCell(v: unknown): string {
  const text =
    typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : (JSON.stringify(v) ?? '');
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What issue 37 measured the export against: fetch, JSON.parse and a naive CSV writer (each
 * record's own fields, in the first record's order, one row each), `inFlight` pages at once,
 * written to a file in page order as they arrive. */
function rawFetchCsv(inFlight: number): ListReader {
  return {
    name: `bare fetch + naive CSV file, ${inFlight} in flight`,
    kind: 'fetch',
    inFlight,
    writes: 'csv',
    reader(t) {
      const file = join(tmpdir(), `dp-bench-bare-${process.pid}.csv`);
      const page = (n: number) => fetchPage(t, n);
      return async () => {
        const handle = await open(file, 'w');
        try {
          const first = await page(1);
          const columns = Object.keys(first.results[0] ?? {});
          const rows = (records: unknown[]): string =>
            records
              .map((r) => `${columns.map((c) => naiveCell((r as Record<string, unknown>)[c])).join(',')}\n`)
              .join('');
          const texts: (string | undefined)[] = [];
          let written = first.results.length;
          await handle.write(`${columns.join(',')}\n${rows(first.results)}`);
          const last = Math.ceil(first.totalResults / t.pageSize);
          let next = 2;
          let flushed = 2;
          let writing = Promise.resolve();
          const worker = async (): Promise<void> => {
            for (let n = next++; n <= last; n = next++) {
              const records = (await page(n)).results;
              written += records.length;
              texts[n] = rows(records);
              // Pages go to the file in order, each as soon as those before it are written.
              for (let text = texts[flushed]; text !== undefined; text = texts[flushed]) {
                texts[flushed++] = undefined;
                writing = writing.then(() => handle.write(text).then(() => undefined));
              }
            }
          };
          await Promise.all(Array.from({ length: inFlight }, worker));
          await writing;
          return written;
        } finally {
          await handle.close();
          rmSync(file, { force: true });
        }
      };
    },
  };
}

export const LIST_READERS: readonly ListReader[] = [
  extensionLoadAll(4),
  extensionLoadAll(8),
  extensionExport('csv', 4),
  extensionExport('jsonl', 4),
  codatSdk(),
  rawFetch(4),
  rawFetch(8),
  rawFetchCsv(4),
];
