// Client + paging against the in-process emulator with no added latency: what a user waits for
// when expanding Invoices (the first page), pressing "Load all" on the 25,000-invoice company,
// and opening the Companies view. The emulator runs in this process, so the times include its
// work (building the records, JSON) as well as the client's (HTTP, JSON, shape checks, paging).
import { DataPlatformClient } from '../../src/api/client';
import { startEmulator } from '../emulator';
import { bigCompanyInvoices, count } from './fixtures';
import { expectCount, type BenchCase, type Suite } from './harness';
import { invoiceList, listInvoices } from '../support/invoiceReads';

const COMPANIES = 120;

export const pagingSuite: Suite = {
  name: 'client + paging (in-process emulator, latency 0)',
  async prepare({ quick }) {
    const size = bigCompanyInvoices(quick);
    // The largest page the API serves, or the whole company when it is smaller (--quick).
    const bigPage = Math.min(5000, size);
    const emu = await startEmulator({
      invoices: size,
      companies: COMPANIES,
      latencyMs: 0,
      // The default 10,000 requests a minute would turn a long run into 429s and retries.
      rateLimit: { limit: 1e9, windowMs: 60_000 },
    });
    // One attempt: a failure throws instead of hiding behind a retry's backoff.
    const client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, retry: { maxAttempts: 1 } });
    const many = emu.companies.many;

    const firstPage = (pageSize: number): BenchCase => ({
      name: `first page of invoices, pageSize ${pageSize}`,
      fn: async () => {
        const page = await listInvoices(client, many, { pageSize });
        expectCount('first page', page.results.length, pageSize);
      },
      throughput: { amount: pageSize, unit: 'records' },
    });

    const loadAll = (pageSize: number, slow: boolean): BenchCase => ({
      name: `Load all ${count(size)} invoices, pageSize ${pageSize}`,
      fn: async () => {
        const list = invoiceList(client, many, { pageSize });
        const items = await list.loadAll();
        expectCount('Load all', items.length, size);
      },
      throughput: { amount: size, unit: 'records' },
      // Seconds per run: fewer runs, still enough for a median.
      options: slow
        ? { warmupIterations: 1, warmupMs: 0, minIterations: 5, minTimeMs: 0 }
        : { warmupIterations: 2, warmupMs: 0, minIterations: 7, minTimeMs: 0 },
    });

    const emulatorOnly: BenchCase = {
      // The emulator's share of a big page, for reading the client's share off the row above.
      name: `baseline: same page (${bigPage}) by fetch, emulator + JSON.parse only`,
      fn: async () => {
        const res = await fetch(`${emu.url}/companies/${many}/data/invoices?page=1&pageSize=${bigPage}`, {
          headers: { Authorization: `Basic ${Buffer.from(emu.keys.normal).toString('base64')}` },
        });
        const body = (await res.json()) as { results: unknown[] };
        expectCount('fetch', body.results.length, bigPage);
      },
      throughput: { amount: bigPage, unit: 'records' },
    };

    // A new threshold on every run: the emulator keeps its last few selections, and these cases
    // measure the scan and sort a first filtered page costs (columns are built during warm-up).
    let run = 0;
    const filteredPage = (label: string, query: (n: number) => string, orderBy?: string): BenchCase => ({
      name: `first filtered page, not cached: ${label}`,
      fn: async () => {
        const page = await listInvoices(client, many, {
          pageSize: 100,
          query: query(run++),
          ...(orderBy ? { orderBy } : {}),
        });
        if (page.results.length === 0) throw new Error(`${label}: no invoices matched`);
      },
      throughput: { amount: size, unit: 'records' },
    });

    return {
      cases: [
        filteredPage('status and amount', (n) => `{status=Paid||status=PartiallyPaid}&&totalAmount>${100 + n / 1000}`),
        filteredPage(
          'status and amount, orderBy -issueDate',
          (n) => `{status=Paid||status=PartiallyPaid}&&totalAmount>${100 + n / 1000}`,
          '-issueDate',
        ),
        filteredPage(
          'date, text, boolean',
          (n) => `issueDate>=2024-01-01&&customerRef.companyName~l&&metadata.isDeleted!=true&&amountDue>=${n / 1000}`,
        ),
        filteredPage('all, orderBy customerRef.companyName', (n) => `totalAmount>-${1 + n}`, 'customerRef.companyName'),
        firstPage(100),
        firstPage(bigPage),
        emulatorOnly,
        loadAll(100, true),
        loadAll(1000, false),
        loadAll(bigPage, false),
        {
          name: `all ${COMPANIES} companies (pageSize 100: 2 requests)`,
          fn: async () => {
            const items = await client.companyList({ pageSize: 100 }).loadAll();
            expectCount('companies', items.length, COMPANIES);
          },
          throughput: { amount: COMPANIES, unit: 'records' },
        },
      ],
      dispose: () => emu.close(),
    };
  },
};
