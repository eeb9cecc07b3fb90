// What the memory figures measure, as a table the child process (memoryChild.ts) looks its
// scenario up in: each warms up (so loading modules and compiling code is not counted), then runs
// against a list target. A new scenario (export, whose peak while writing is what counts) is a row.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataPlatformClient } from '../../src/api/client';
import { exportList, recordFormat, writeFileAtomically } from '../../src/export';
import type { ListTarget } from './listReaders';
import { invoicePages, listInvoices } from '../support/invoiceReads';

export interface MemoryScenario {
  /** What the RSS growth is read from: `held`, after a full collection with the result still
   * referenced, or `peak`, the most seen while it ran. */
  measure: 'held' | 'peak';
  warmUp(target: ListTarget): Promise<void>;
  /** Resolves with the records it read and what it holds (kept referenced until measured). */
  run(target: ListTarget): Promise<{ count: number; keep: unknown }>;
}

const authorization = (t: ListTarget): string => `Basic ${Buffer.from(t.key).toString('base64')}`;

const clientFor = (t: ListTarget): DataPlatformClient =>
  new DataPlatformClient({ baseUrl: t.url, apiKey: t.key, retry: { maxAttempts: 1 } });

export const MEMORY_SCENARIOS: Readonly<Record<string, MemoryScenario>> = {
  /** The tree's Load all (src/tree/dataNodes.ts calls `recordRows`), and the invoices' rows it
   * then holds: what the tree keeps of each record. */
  'hold Load all': {
    measure: 'held',
    async warmUp(t) {
      const client = clientFor(t);
      await client.recordRows('invoices', t.smallCompanyId, { pageSize: t.pageSize }).loadAll({ concurrency: 4 });
      await listInvoices(client, t.companyId, { page: 2, pageSize: t.pageSize });
    },
    async run(t) {
      const items = await clientFor(t)
        .recordRows('invoices', t.companyId, { pageSize: t.pageSize })
        .loadAll({ concurrency: 4 });
      return { count: items.length, keep: items };
    },
  },
  /** The yardstick: the same pages by fetch and JSON.parse, their records held in one array and
   * nothing else. What holding the records themselves costs, whoever holds them. */
  'hold parsed pages': {
    measure: 'held',
    async warmUp(t) {
      await (
        await fetch(`${t.url}/companies/${t.smallCompanyId}/data/invoices?pageSize=${t.pageSize}`, {
          headers: { Authorization: authorization(t) },
        })
      ).json();
    },
    async run(t) {
      const records: unknown[] = [];
      for (let page = 1; records.length < t.invoices; page++) {
        const res = await fetch(`${t.url}/companies/${t.companyId}/data/invoices?page=${page}&pageSize=${t.pageSize}`, {
          headers: { Authorization: authorization(t) },
        });
        const body = (await res.json()) as { results: unknown[] };
        if (body.results.length === 0) break;
        for (const r of body.results) records.push(r);
      }
      return { count: records.length, keep: records };
    },
  },
  /** The Export command's path to a CSV file: its peak is what counts, since it holds nothing after. */
  'export to CSV': {
    measure: 'peak',
    async warmUp(t) {
      await exportTo(t, t.smallCompanyId);
    },
    async run(t) {
      return { count: await exportTo(t, t.companyId), keep: undefined };
    },
  },
};

async function exportTo(t: ListTarget, companyId: string): Promise<number> {
  const client = clientFor(t);
  const file = join(tmpdir(), `dp-bench-memory-${process.pid}.csv`);
  try {
    const source = { load: invoicePages(client, companyId, { pageSize: t.pageSize }), concurrency: 4 };
    return (
      await writeFileAtomically(file, (sink) =>
        exportList(source, recordFormat('csv', 'invoices'), sink, { redact: client.redact }),
      )
    ).written;
  } finally {
    rmSync(file, { force: true });
  }
}
