// Deep pages and memory, on the 100,000-invoice company (emulator in its own process, latency 0):
// page 200 of 500 must cost about what page 1 does (goal: at most 1.3× its time), and holding
// every invoice after Load all must grow the process by at most 150 MB (memory.ts measures it in
// a fresh process), read beside what the same records take held by nothing but an array.
import { DataPlatformClient } from '../../src/api/client';
import { startEmulatorProcess } from './emulatorProcess';
import { expectCount, ratioFigure, type BenchCase, type Suite } from './harness';
import type { ListTarget } from './listReaders';
import { rssFigure } from './memory';
import { listInvoices } from '../support/invoiceReads';

const INVOICES = 100_000;
const PAGE_SIZE = 500;
const DEEP_PAGE = INVOICES / PAGE_SIZE;
/** `--quick` keeps the deep page (the emulator builds only the page asked for) but holds fewer. */
const QUICK_HELD = 2_000;

export const pagesSuite: Suite = {
  name: `deep pages and memory (${INVOICES.toLocaleString('en-US')} invoices, pageSize ${PAGE_SIZE}, emulator in its own process, latency 0)`,
  async prepare({ quick }) {
    const emu = await startEmulatorProcess({ invoices: INVOICES, latencyMs: 0 });
    const small = quick ? await startEmulatorProcess({ invoices: QUICK_HELD, latencyMs: 0 }) : emu;
    const client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.key, retry: { maxAttempts: 1 } });
    const page = (n: number): BenchCase => ({
      name: `page ${n} through the client`,
      fn: async () =>
        expectCount(
          `page ${n}`,
          (await listInvoices(client, emu.companyId, { page: n, pageSize: PAGE_SIZE })).results.length,
          PAGE_SIZE,
        ),
      throughput: { amount: PAGE_SIZE, unit: 'records' },
      options: { warmupIterations: 5, warmupMs: 0, minIterations: 15, minTimeMs: 0 },
    });
    const held: ListTarget = { ...small, pageSize: PAGE_SIZE };
    return {
      cases: [page(1), page(DEEP_PAGE)],
      ratios: (results) => {
        const f = ratioFigure(
          results,
          `page ${DEEP_PAGE} / page 1`,
          `page ${DEEP_PAGE} through the client`,
          'page 1 through the client',
          { comparison: '≤', target: 1.3 },
        );
        return f ? [f] : [];
      },
      measure: async () => {
        const n = held.invoices.toLocaleString('en-US');
        const runs = quick ? 1 : 3;
        return [
          await rssFigure(
            `RSS growth holding ${n} invoices after Load all (the tree's rows)`,
            'hold Load all',
            held,
            runs,
            150,
          ),
          // No goal: what the records take in any holder, for reading the figure above.
          await rssFigure(
            `yardstick: ${n} records by fetch + JSON.parse, held in one array`,
            'hold parsed pages',
            held,
            runs,
          ),
          await rssFigure(`RSS growth (peak) exporting ${n} invoices to CSV`, 'export to CSV', held, runs, 100),
        ];
      },
      dispose: async () => {
        await emu.close();
        if (small !== emu) await small.close();
      },
    };
  },
};
