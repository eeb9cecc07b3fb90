// The emulator's own speed: one page of 5,000 invoices, asked for over HTTP from an emulator in
// its own process (building the records, serialising them, sending 7 MB), against
// JSON.stringify of the same records here: the least any server holding them as objects would
// spend. Goal: at most 2× it. A slow emulator would make every other benchmark measure the
// emulator rather than the client. The page is read with node:http, counting bytes and keeping
// none: fetch's arrayBuffer() alone adds 15–20 ms of the client's own work for 7 MB (measured
// against a static body), which is not the emulator's.
import { Agent, get } from 'node:http';
import { startEmulatorProcess } from './emulatorProcess';
import { expectCount, ratioFigure, type Suite } from './harness';

const INVOICES = 100_000;
const PAGE_SIZE = 5_000;
const PAGE = 3;

export const emulatorPageSuite: Suite = {
  name: `emulator (own process, latency 0): one page of ${PAGE_SIZE.toLocaleString('en-US')} invoices`,
  async prepare() {
    const emu = await startEmulatorProcess({ invoices: INVOICES, latencyMs: 0 });
    const url = `${emu.url}/companies/${emu.companyId}/data/invoices?page=${PAGE}&pageSize=${PAGE_SIZE}`;
    const headers = { Authorization: `Basic ${Buffer.from(emu.key).toString('base64')}` };
    const first = Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
    const records = (JSON.parse(first.toString('utf8')) as { results: unknown[] }).results;
    expectCount('emulator page', records.length, PAGE_SIZE);
    const bytes = first.length;
    const agent = new Agent({ keepAlive: true });
    /** The page's bytes as they arrive, counted and dropped. */
    const byteCount = (): Promise<number> =>
      new Promise((resolve, reject) => {
        get(url, { headers, agent }, (res) => {
          let n = 0;
          res.on('data', (chunk: Buffer) => (n += chunk.length));
          res.once('end', () => resolve(n));
          res.once('error', reject);
        }).once('error', reject);
      });
    const pageCase = `GET page ${PAGE} (${(bytes / 1e6).toFixed(1)} MB), until its last byte`;
    const stringifyCase = `JSON.stringify of the same ${PAGE_SIZE.toLocaleString('en-US')} records`;
    return {
      cases: [
        {
          name: pageCase,
          fn: async () => {
            const n = await byteCount();
            // The same request always gets the same bytes (only error bodies carry fresh ids).
            if (n !== bytes) throw new Error(`emulator page: ${n} bytes, the first answer had ${bytes}`);
          },
          throughput: { amount: PAGE_SIZE, unit: 'records' },
        },
        { name: stringifyCase, fn: () => JSON.stringify(records), throughput: { amount: PAGE_SIZE, unit: 'records' } },
      ],
      ratios: (results) => {
        const f = ratioFigure(results, 'emulator page / JSON.stringify', pageCase, stringifyCase, {
          comparison: '≤',
          target: 2,
        });
        return f ? [f] : [];
      },
      dispose: async () => {
        agent.destroy();
        await emu.close();
      },
    };
  },
};
