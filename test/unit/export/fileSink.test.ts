// An export into a file: a temporary file next to the target, renamed on success; a cancel or a
// failure mid-export (the emulator's faults) leaves neither a file nor a temporary file, and a
// file that was already there stays as it was. The exported text never holds the API key.
import * as assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError, isCancellation } from '../../../src/api/errors';
import type { Invoice } from '../../../src/api/models';
import { exportList, type ExportOptions } from '../../../src/export/exportList';
import { tempNameFor, tempPathFor, writeFileAtomically } from '../../../src/export/fileSink';
import { isTempFileOf } from '../../support/tempFiles';
import { recordFormat, type ExportFormat } from '../../../src/export/formats';
import { INVOICE_TYPES, readExport } from '../../support/csv';
import { base64, htmlDecimal, uEscapes, urlEncoded } from '../../support/keyEncodings';
import { assertNoSecret } from '../../support/secretScan';
import { startEmulator, type FaultRule, type RunningEmulator } from '../../emulator';
import { invoicePages } from '../../support/invoiceReads';

const INVOICES = 2000;

describe('export to a file', function () {
  let emu: RunningEmulator;
  let dir: string;
  const client = () =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });

  /** Exports the big company's invoices to `target`, through the same steps as the command. */
  const exportTo = (target: string, format: ExportFormat, options: ExportOptions = {}) => {
    const c = client();
    const source = { load: invoicePages(c, emu.companies.many, { pageSize: 100 }), concurrency: 4 };
    return writeFileAtomically(target, (sink) =>
      exportList(source, recordFormat(format, 'invoices'), sink, { redact: c.redact, ...options }),
    );
  };

  async function rejects(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (e) {
      return e;
    }
    assert.fail('expected the export to fail');
  }

  before(async () => {
    emu = await startEmulator({ invoices: INVOICES });
  });
  after(async () => emu.close());
  beforeEach(() => {
    emu.reset();
    dir = mkdtempSync(join(tmpdir(), 'dp-export-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names the temporary file .<name>.<random>.part next to the target', () => {
    const target = join(dir, 'Acme Ltd invoices.csv');
    assert.equal(tempPathFor(target, 'ab12'), join(dir, '.Acme Ltd invoices.csv.ab12.part'));
    assert.ok(isTempFileOf(target, '.Acme Ltd invoices.csv.ab12cd.part'));
    assert.ok(!isTempFileOf(target, 'Acme Ltd invoices.csv'));
  });

  it('writes to a name of up to 255 bytes: the temporary name is cut to fit, on a character boundary', async () => {
    for (const name of [`${'é'.repeat(125)}.csv`, `${'x'.repeat(251)}.csv`, `${'😀'.repeat(62)}.csv`]) {
      assert.ok(Buffer.byteLength(name) >= 237 && Buffer.byteLength(name) <= 255, name);
      const temp = tempNameFor(name);
      assert.ok(Buffer.byteLength(temp) <= 255 && !/\p{Cs}/u.test(temp), temp);
      const target = join(dir, name);
      assert.ok(isTempFileOf(target, temp));
      assert.ok(!isTempFileOf(join(dir, `y${name.slice(1)}`), temp), 'not the temporary file of another name');
      let during: string[] = [];
      await writeFileAtomically(target, async (sink) => {
        during = readdirSync(dir);
        await sink.write('a,b\r\n');
      });
      assert.ok(
        during.some((n) => isTempFileOf(target, n)),
        'recognised while writing',
      );
      assert.equal(readFileSync(target, 'utf8'), 'a,b\r\n');
      rmSync(target);
    }
  });

  it('creates the temporary file readable by the user only; a file replaced keeps its mode', async function () {
    if (process.platform === 'win32') this.skip();
    const target = join(dir, 'private.csv');
    const modes: number[] = [];
    const modeOfTemp = () =>
      statSync(join(dir, readdirSync(dir).find((n) => isTempFileOf(target, n)) ?? 'none')).mode & 0o777;
    await writeFileAtomically(target, async (sink) => {
      modes.push(modeOfTemp());
      await sink.write('x');
    });
    assert.deepEqual(modes, [0o600]);
    assert.equal(statSync(target).mode & 0o777, 0o600, 'a new export stays private');
    chmodSync(target, 0o640);
    await writeFileAtomically(target, async (sink) => {
      modes.push(modeOfTemp());
      await sink.write('y');
    });
    assert.deepEqual(modes, [0o600, 0o600]);
    assert.equal(statSync(target).mode & 0o777, 0o640, 'the mode the user gave the file it replaced');
  });

  it('writes the file under its name only at the end, replacing a file that was there', async () => {
    const target = join(dir, 'invoices.jsonl');
    writeFileSync(target, 'old');
    const seen: string[][] = [];
    const result = await exportTo(target, 'jsonl', { onProgress: () => seen.push(readdirSync(dir)) });
    assert.equal(result.written, INVOICES);
    assert.ok(
      seen.every(
        (names) => names.length === 2 && names.includes('invoices.jsonl') && names.some((n) => isTempFileOf(target, n)),
      ),
      'a temporary file while writing',
    );
    assert.equal(readFileSync(target, 'utf8') === 'old', false);
    assert.deepEqual(readdirSync(dir), ['invoices.jsonl']);
    assert.equal(readExport(readFileSync(target, 'utf8'), 'jsonl', INVOICE_TYPES).length, INVOICES);
  });

  for (const existing of [false, true]) {
    const where = existing ? 'an existing file stays as it was' : 'no file is left';
    it(`a cancel mid-export rejects as a cancellation; ${where}, and no temporary file`, async () => {
      const target = join(dir, 'invoices.csv');
      if (existing) writeFileSync(target, 'kept');
      const controller = new AbortController();
      let written = 0;
      const e = await rejects(
        exportTo(target, 'csv', {
          signal: controller.signal,
          onProgress: (p) => {
            written = p.written;
            if (p.written >= 500) controller.abort();
          },
        }),
      );
      assert.ok(isCancellation(e), String(e));
      assert.equal(written, 500, 'the count written so far');
      assert.deepEqual(readdirSync(dir), existing ? ['invoices.csv'] : []);
      if (existing) assert.equal(readFileSync(target, 'utf8'), 'kept');
    });
  }

  const faults: [string, FaultRule, string][] = [
    ['a 500', { kind: 'status', status: 500, path: '/data/invoices' }, 'server'],
    ['truncated JSON', { kind: 'truncatedJson', path: '/data/invoices' }, 'malformedResponse'],
    ['a dropped connection', { kind: 'reset', path: '/data/invoices' }, 'network'],
  ];
  for (const [name, rule, kind] of faults) {
    it(`${name} mid-export fails with its ApiError and leaves no file and no temporary file`, async () => {
      const target = join(dir, 'invoices.json');
      let faulted = false;
      const e = await rejects(
        exportTo(target, 'json', {
          onProgress: () => {
            if (!faulted) emu.faults.add(rule);
            faulted = true;
          },
        }),
      );
      assert.ok(e instanceof ApiError, String(e));
      assert.equal(e.kind, kind);
      assert.deepEqual(readdirSync(dir), []);
    });
  }

  it('a failing write deletes the temporary file and passes the failure on', async () => {
    const target = join(dir, 'out.json');
    const e = await rejects(
      writeFileAtomically(target, async (sink) => {
        await sink.write('[');
        throw new Error('disk full');
      }),
    );
    assert.equal((e as Error).message, 'disk full');
    assert.deepEqual(readdirSync(dir), []);
  });

  it('a folder that does not exist fails before anything is asked of the API', async () => {
    const e = await rejects(exportTo(join(dir, 'missing', 'out.json'), 'json'));
    assert.equal((e as NodeJS.ErrnoException).code, 'ENOENT');
    assert.equal(emu.requests.entries().length, 0);
  });
});

describe('export and the API key', () => {
  let emu: RunningEmulator;
  let key: string;
  const invoice = (i: number, text: string): Invoice => ({
    id: `inv-${i}`,
    invoiceNumber: `INV-${i}`,
    issueDate: '2024-01-01T00:00:00',
    totalTaxAmount: 0,
    totalAmount: 1,
    amountDue: 1,
    status: 'Submitted',
    note: text,
    customerRef: { id: 'c1', companyName: text },
    lineItems: [{ description: text, unitAmount: 1, quantity: 1 }],
  });

  before(async () => {
    // The key is known only once the emulator runs; the records echo it as a server might.
    const probe = await startEmulator({ invoices: 10, companies: 6 });
    key = probe.keys.normal;
    await probe.close();
    const texts = [
      key,
      `Basic ${base64(`${key}:`)}`,
      `token=${urlEncoded(key)}`,
      `"${key}"`,
      `=${key}`,
      `<p>${htmlDecimal(key)}</p>`,
      uEscapes(key, true),
    ];
    emu = await startEmulator({ invoices: 10, companies: 6, invoiceRecords: texts.map((t, i) => invoice(i, t)) });
    assert.equal(emu.keys.normal, key, 'the same seed gives the same key');
  });
  after(async () => emu.close());

  for (const format of ['csv', 'json', 'jsonl'] as const) {
    it(`never writes the key, nor its Base64 form, into ${format}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'dp-export-'));
      try {
        const target = join(dir, `out.${format}`);
        const c = new DataPlatformClient({ baseUrl: emu.url, apiKey: key });
        const source = { load: invoicePages(c, emu.companies.few) };
        const result = await writeFileAtomically(target, (sink) =>
          exportList(source, recordFormat(format, 'invoices'), sink, { redact: c.redact }),
        );
        assert.equal(result.written, 7);
        const text = readFileSync(target, 'utf8');
        assertNoSecret(key, { [`the ${format} file`]: text });
        const records = readExport(text, format, INVOICE_TYPES);
        assertNoSecret(key, { 'the records read back': records });
        const notes = records.map((r) => (r as Invoice).note);
        assert.deepEqual(notes, ['***', 'Basic ***', 'token=***', '"***"', '=***', '<p>***</p>', '***']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
