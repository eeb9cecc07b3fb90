// Issue 12: the fault matrix. Every fault the emulator can inject (test/hostile/faultMatrix.ts) ×
// every operation of the extension (test/hostile/matrixColumns.ts), once with the fault striking
// once and once with it persisting. Each cell must end in success or one clear error (reported
// once, the key nowhere), keep every record loaded before it, hold no duplicate, leave no load or
// progress running and no rejection unhandled; after an error, with the fault gone, the same
// operation retried must succeed with everything there. Retries wait on an injected sleep (no real time);
// the timeout and cancel rows wait for real, so a row's cells run side by side, each against its
// own emulator. The two tables are printed.
import * as assert from 'node:assert/strict';
import { prettyJson } from '../../../src/documents/json';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { FAULT_ROWS, expectedCell, formatTable, type Cell, type FaultRow } from '../../hostile/faultMatrix';
import { CONNECTION_COLUMNS } from '../../hostile/connectionColumns';
import { DOCUMENT_COLUMNS } from '../../hostile/documentColumns';
import { REPORT_COLUMNS } from '../../hostile/reportColumns';
import {
  COLUMNS as EARLIER,
  PAGE_SIZE,
  Progress,
  QUERY,
  type Column,
  type Reference,
} from '../../hostile/matrixColumns';
import { Pipeline } from '../../support/pipeline';
import { assertNoSecret } from '../../support/secretScan';
import { getInvoice, listInvoices } from '../../support/invoiceReads';

const INVOICES = 300;
// A row's cells run side by side, each with its own emulator, but at most this many at once: with
// every column at once (30 since the connection columns), a loaded machine answered a timeout row's
// retry past its client's 1 s timeout.
const CELLS_AT_ONCE = 10;
const COLUMNS: readonly Column[] = [...EARLIER, ...CONNECTION_COLUMNS, ...DOCUMENT_COLUMNS, ...REPORT_COLUMNS];
// A short window, so a 429's X-Rate-Limit-Reset asks for a wait the client accepts.
const RATE_LIMIT = { limit: 10_000, windowMs: 20_000 };

// A push settles at the next request (not after 1.5 s): a push looked up after a lost answer has
// made its record, which is compared with what was sent.
const emulator = (): Promise<RunningEmulator> =>
  startEmulator({ invoices: INVOICES, rateLimit: RATE_LIMIT, pushDelayMs: 1 });

async function reference(): Promise<Reference> {
  const emu = await emulator();
  try {
    const client = new Pipeline(emu.url).client(emu.keys.normal);
    const companies = client.companyList({ pageSize: PAGE_SIZE });
    await companies.loadAll();
    const paid = await listInvoices(client, emu.companies.many, { pageSize: PAGE_SIZE, query: QUERY });
    const invoice = (await listInvoices(client, emu.companies.few, { pageSize: 1 })).results[0];
    const document = prettyJson(await getInvoice(client, emu.companies.few, invoice.id));
    return {
      companies: companies.items.map((c) => c.id),
      paid: paid.results.map((i) => i.id),
      invoiceId: invoice.id,
      document,
    };
  } finally {
    await emu.close();
  }
}

/** Polls `done` every few ms until it holds, failing after `ms`. */
async function until(what: string, done: () => boolean, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !done();) {
    if (Date.now() > end) assert.fail(`still running after ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function runCell(row: FaultRow, column: Column, once: boolean, ref: Reference): Promise<Cell> {
  const emu = await emulator();
  try {
    const p = new Pipeline(emu.url);
    const key = emu.keys.normal;
    const progress = new Progress();
    const client = p.client(key, row.timeoutMs ? { timeoutMs: row.timeoutMs } : {});
    const op = await column.prepare({ emu, p, client, key, progress, reference: ref });
    emu.faults.add({ ...row.rule, method: column.method, path: column.path(emu), ...(once ? { times: 1 } : {}) });
    const controller = new AbortController();
    const timer = row.cancelAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), row.cancelAfterMs);
    const error = await op.run(controller.signal);
    clearTimeout(timer);
    await until(`${column.name} under ${row.name}`, () => op.idle() && progress.active === 0);
    op.check(false);
    const reported = error && error.kind !== 'cancelled' ? 1 : 0;
    assert.equal(p.store.size, reported, 'one clear error, reported once');
    emu.faults.clear();
    if (error) {
      // The user's Retry, once the server is well again.
      const again = await op.run();
      assert.equal(again, undefined, `the retry after the fault failed: ${again?.message ?? ''}`);
      await until(`${column.name} retried`, () => op.idle() && progress.active === 0);
    }
    op.check(true);
    // A write the server did is never made twice (issue 30, item 2). A slow POST (the latency
    // rows) may still land after the check, which the command's question before sending allows.
    if (op.made && row.rule.kind !== 'latency') assert.equal(await op.made(), 1, `${column.name}: made once`);
    assertNoSecret(key, p.places({ error }));
    return error ? error.kind : '✓';
  } finally {
    await emu.close();
  }
}

describe('fault matrix: every fault × every operation (issue 12)', function () {
  this.timeout(60_000);
  let ref: Reference;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
  const tables: string[] = [];

  before(async () => {
    process.on('unhandledRejection', onUnhandled);
    ref = await reference();
  });
  after(() => {
    process.off('unhandledRejection', onUnhandled);
    for (const table of tables) console.log(`\n${table.replace(/^/gm, '      ')}`);
  });

  for (const once of [true, false]) {
    const title = once ? 'fault once' : 'fault persists';
    it(`${title}: each cell ends in success or one clear error, and a retry after it gets everything`, async () => {
      const rows: Array<{ name: string; cells: Cell[] }> = [];
      const wrong: string[] = [];
      for (const row of FAULT_ROWS) {
        const cells: Cell[] = [];
        for (let at = 0; at < COLUMNS.length; at += CELLS_AT_ONCE) {
          const batch = COLUMNS.slice(at, at + CELLS_AT_ONCE);
          cells.push(...(await Promise.all(batch.map((column) => runCell(row, column, once, ref)))));
        }
        await new Promise((resolve) => setImmediate(resolve));
        cells.forEach((cell, i) => {
          const want = expectedCell(row, COLUMNS[i], once);
          if (cell !== want) wrong.push(`${row.name} × ${COLUMNS[i].name}: ${cell}, expected ${want}`);
        });
        rows.push({ name: row.name, cells });
      }
      tables.push(
        formatTable(
          title,
          COLUMNS.map((c) => c.name),
          rows,
        ),
      );
      const cells = rows.length * COLUMNS.length;
      const ok = rows.flatMap((r) => r.cells).filter((c) => c === '✓').length;
      console.log(
        `      matrix ${title}: ${cells} cells, ${ok} succeeded, ${cells - ok} one clear error; each error recovered by a retry`,
      );
      assert.deepEqual(wrong, []);
      assert.deepEqual(unhandled, [], 'unhandled rejections');
    });
  }
});
