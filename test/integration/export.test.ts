// Export… in the real host against the emulator: the commands for an Invoices node, a query node
// and the companies, in each format, with the file read back and compared with the emulator's
// data; a cancel and a fault mid-export leave nothing behind. The target and format are passed as
// the commands' arguments, as any caller may, so no dialog is needed.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DataPlatformClient } from '../../src/api/client';
import type { ExportResult } from '../../src/commands/export';
import type { DataPlatformApi } from '../../src/testApi';
import { isTempFileOf } from '../support/tempFiles';
import type { DataTypeNode } from '../../src/tree/dataNodes';
import type { QueryNode } from '../../src/tree/queryNode';
import { DATA_TYPES } from '../../src/dataTypes/catalog';
import { listContext, queryContext, recordContext } from '../../src/tree/contextValues';
import { asExported, COMPANY_TYPES, INVOICE_TYPES, readExport } from '../support/csv';
import { assertNoSecret } from '../support/secretScan';
import {
  admin,
  answering,
  canType,
  emulator,
  emulatorClient,
  EXTENSION_ID,
  firstPageCompany,
  keyboard,
  openView,
  removeQueryNodes,
  runQuery,
  signIn,
  viewItemMatches,
  waitFor,
} from './helpers';
import { allInvoices, listInvoices } from '../support/invoiceReads';

const FORMATS = ['csv', 'json', 'jsonl'] as const;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('export', () => {
  let api: DataPlatformApi;
  let emu: DataPlatformClient;
  let ids: Record<string, string>;
  let dir: string;

  const invoicesNode = async (which: string): Promise<DataTypeNode> => {
    const company = await firstPageCompany(api, ids[which]);
    assert.ok(company, `company ${which}`);
    return company.invoices;
  };
  const queryNode = async (companyId: string, query: string, orderBy: string): Promise<QueryNode> => {
    const r = await runQuery(api, { companyId, query, orderBy });
    assert.equal(r?.outcome, 'shown');
    return (r as { node: QueryNode }).node;
  };
  /** Export… on `node`, the save dialog answered with `uri`. */
  const exportInvoices = (node: unknown, uri: vscode.Uri, token?: vscode.CancellationToken) =>
    answering(api, [uri], () =>
      vscode.commands.executeCommand<ExportResult>('dataPlatform.exportRecords', node, token && { token }),
    );
  const written = (r: ExportResult | undefined): number => {
    if (r?.outcome !== 'written') assert.fail(`expected a written file, got ${JSON.stringify(r)}`);
    return r.written;
  };
  /** The exported file, checked to hold no trace of the API key. */
  const fileText = async (path: string): Promise<string> => {
    const text = readFileSync(path, 'utf8');
    assertNoSecret((await emulator()).key, { [path]: text });
    return text;
  };

  before(async () => {
    api = await openView();
    await signIn(api);
    emu = await emulatorClient();
    ids = (await admin.info()).companies;
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-export-host-'));
  });
  afterEach(async () => {
    await admin.clearFaults();
    rmSync(dir, { recursive: true, force: true });
  });
  after(() => removeQueryNodes(api, [ids.few, ids.many]));

  it('is offered on every data type and query node, on companies, in the view title and in the palette', async () => {
    const menus = (
      vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        contributes: { menus: Record<string, { command: string; when: string }[]> };
      }
    ).contributes.menus;
    const item = menus['view/item/context'].find((m) => m.command === 'dataPlatform.exportRecords');
    assert.ok(item);
    const company = (await firstPageCompany(api, ids.few))?.getTreeItem().contextValue ?? '';
    assert.ok(viewItemMatches(item.when, company), company);
    // Every data type's node and query node, never a record.
    for (const { id } of DATA_TYPES) {
      assert.ok(
        [listContext(id), queryContext(id)].every((v) => viewItemMatches(item.when, v)),
        id,
      );
      assert.ok(!viewItemMatches(item.when, recordContext(id)), id);
    }
    assert.ok(
      menus['view/title'].some(
        (m) => m.command === 'dataPlatform.exportCompanies' && m.when.includes('view == dataPlatform.companies'),
      ),
    );
    const palette = (command: string) => menus.commandPalette.find((m) => m.command === command)?.when;
    assert.match(palette('dataPlatform.exportRecords') ?? '', /^dataPlatform\.selection =~ \/\\bexport\\b\/$/);
    assert.equal(palette('dataPlatform.exportCompanies'), 'dataPlatform.state == ready');
  });

  for (const format of FORMATS) {
    it(`exports a company's Invoices node as ${format}: every invoice, every field, in order`, async () => {
      const uri = vscode.Uri.file(join(dir, `few.${format}`));
      assert.equal(written(await exportInvoices(await invoicesNode('few'), uri)), 7);
      const want = (await listInvoices(emu, ids.few, { pageSize: 5000 })).results;
      assert.deepEqual(
        readExport(await fileText(uri.fsPath), format, INVOICE_TYPES),
        asExported(want, format, INVOICE_TYPES),
      );
      assert.deepEqual(readdirSync(dir), [`few.${format}`]);
    });

    it(`exports a query node as ${format}, its filter and orderBy applied`, async () => {
      const [query, orderBy] = ['status=Paid && totalAmount>3000', '-totalAmount'];
      const node = await queryNode(ids.many, query, orderBy);
      const uri = vscode.Uri.file(join(dir, `query.${format}`));
      await admin.clearRequests();
      const n = written(await exportInvoices(node, uri));
      const log = (await admin.requests()).filter((r) => r.path.includes('/data/invoices'));
      const want = await collect(allInvoices(emu, ids.many, { pageSize: 5000, query, orderBy }));
      assert.equal(n, want.length);
      assert.ok(n > 1000, `several pages (${n})`);
      assert.deepEqual(
        readExport(await fileText(uri.fsPath), format, INVOICE_TYPES),
        asExported(want, format, INVOICE_TYPES),
      );
      assert.ok(
        log.every((r) => r.query.query === query && r.query.orderBy === orderBy && r.query.pageSize === '1000'),
      );
      assert.deepEqual(
        log.map((r) => Number(r.query.page)).sort((a, b) => a - b),
        Array.from({ length: Math.ceil(n / 1000) }, (_, i) => i + 1),
      );
    });

    it(`exports the companies as ${format}`, async () => {
      const uri = vscode.Uri.file(join(dir, `companies.${format}`));
      const r = await answering(api, [uri], () =>
        vscode.commands.executeCommand<ExportResult>('dataPlatform.exportCompanies'),
      );
      const want = await collect(emu.allCompanies({ pageSize: 5000 }));
      assert.equal(written(r), want.length);
      assert.deepEqual(
        readExport(await fileText(uri.fsPath), format, COMPANY_TYPES),
        asExported(want, format, COMPANY_TYPES),
      );
    });
  }

  it('exports all 25,000 invoices of a company, the format taken from the file name', async () => {
    const uri = vscode.Uri.file(join(dir, 'Many invoices.csv'));
    assert.equal(written(await exportInvoices(await invoicesNode('many'), uri)), 25_000);
    const want = await collect(allInvoices(emu, ids.many, { pageSize: 5000 }));
    assert.deepEqual(
      readExport(await fileText(uri.fsPath), 'csv', INVOICE_TYPES),
      asExported(want, 'csv', INVOICE_TYPES),
    );
  });

  it('from the palette exports the list selected in the view', async () => {
    const node = await queryNode(ids.few, 'totalAmount>0', 'totalAmount');
    await api.companiesView.reveal(node, { select: true, focus: true });
    await waitFor('the query node selected', () => api.companiesView.selection[0] === node);
    const uri = vscode.Uri.file(join(dir, 'selected.jsonl'));
    written(await exportInvoices(undefined, uri));
    const want = (await listInvoices(emu, ids.few, { query: 'totalAmount>0', orderBy: 'totalAmount' })).results;
    assert.deepEqual(
      readExport(await fileText(uri.fsPath), 'jsonl', INVOICE_TYPES),
      asExported(want, 'jsonl', INVOICE_TYPES),
    );
  });

  it('asks for the format when the file name does not tell it; Escape writes nothing', async function () {
    if (!canType()) this.skip();
    const uri = vscode.Uri.file(join(dir, 'companies.txt'));
    const pickShown = () =>
      waitFor('the format pick', () => api.quickPick()?.title === 'Export: choose a format' && api.quickPick());
    // The save dialog answered; the format pick, asked next, is typed into.
    api.prompts.answers.push(uri);
    let running = vscode.commands.executeCommand<ExportResult>('dataPlatform.exportCompanies');
    assert.deepEqual(
      (await pickShown()).items.map((i) => i.label),
      ['CSV', 'JSON', 'JSON Lines'],
    );
    await keyboard.press('Escape');
    assert.deepEqual(await running, { outcome: 'dismissed' });
    assert.deepEqual(readdirSync(dir), []);

    api.prompts.answers.push(uri);
    running = vscode.commands.executeCommand<ExportResult>('dataPlatform.exportCompanies');
    await pickShown();
    await keyboard.type('lines');
    await waitFor('JSON Lines highlighted', () => api.quickPick()?.active === 'JSON Lines');
    await keyboard.press('Enter');
    written(await running);
    const want = await collect(emu.allCompanies({ pageSize: 5000 }));
    assert.deepEqual(
      readExport(await fileText(uri.fsPath), 'jsonl', COMPANY_TYPES),
      asExported(want, 'jsonl', COMPANY_TYPES),
    );
  });

  /** Starts an export of the big company slowed down, and waits until its first page is in the
   * temporary file (the export is wrapped: an async function returning it would wait for it). */
  async function slowExport(
    target: string,
    token?: vscode.CancellationToken,
  ): Promise<{ running: Thenable<ExportResult | undefined> }> {
    await admin.addFault({ kind: 'latency', latencyMs: 400, path: '/data/invoices' });
    const running = exportInvoices(await invoicesNode('many'), vscode.Uri.file(target), token);
    await waitFor(
      'the first page in the temporary file',
      () => {
        const temp = readdirSync(dir).find((n) => isTempFileOf(target, n));
        return temp !== undefined && statSync(join(dir, temp)).size > 100_000;
      },
      20_000,
    );
    return { running };
  }

  for (const existing of [false, true]) {
    it(`a cancel mid-export leaves ${existing ? 'the existing file as it was' : 'no file'} and no temporary file`, async () => {
      const target = join(dir, 'cancelled.json');
      if (existing) writeFileSync(target, 'kept');
      const source = new vscode.CancellationTokenSource();
      const { running } = await slowExport(target, source.token);
      source.cancel();
      const r = await running;
      assert.equal(r?.outcome, 'cancelled');
      assert.ok(r.outcome === 'cancelled' && r.written >= 1000 && r.written < 25_000, JSON.stringify(r));
      assert.deepEqual(readdirSync(dir), existing ? ['cancelled.json'] : []);
      if (existing) assert.equal(readFileSync(target, 'utf8'), 'kept');
      assert.equal(api.progressRunning(), 0, 'the progress notification closed');
    });
  }

  it('a fault mid-export fails it, reports the API error to the diagnostics, and leaves nothing', async () => {
    const target = join(dir, 'failed.jsonl');
    const { running } = await slowExport(target);
    await admin.addFault({ kind: 'truncatedJson', path: '/data/invoices' });
    const r = await running;
    assert.equal(r?.outcome, 'failed');
    assert.match(
      r.outcome === 'failed' ? r.message : '',
      /^Export to failed\.jsonl failed after [\d,]+ invoices: .+\. No file was written\.$/,
    );
    assert.deepEqual(readdirSync(dir), []);
    const reported = api.diagnostics.entries()[0].error;
    assert.equal(reported.kind, 'malformedResponse');
    assert.equal(api.progressRunning(), 0, 'the progress notification closed');
    assert.match(reported.path, /\/data\/invoices/);
  });
});

/** A file system held in memory, standing for one the editor reaches elsewhere (a remote window's). */
class MemoryFs implements vscode.FileSystemProvider {
  readonly files = new Map<string, Uint8Array>();
  readonly renames: [string, string][] = [];
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  stat(uri: vscode.Uri): vscode.FileStat {
    const data = this.files.get(uri.path);
    const dir = uri.path === '/' || [...this.files.keys()].some((p) => p.startsWith(`${uri.path}/`));
    if (!data && !dir) throw vscode.FileSystemError.FileNotFound(uri);
    return {
      type: data ? vscode.FileType.File : vscode.FileType.Directory,
      ctime: 0,
      mtime: 0,
      size: data?.length ?? 0,
    };
  }
  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    const prefix = uri.path === '/' ? '/' : `${uri.path}/`;
    return [...this.files.keys()]
      .filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
      .map((p) => [p.slice(prefix.length), vscode.FileType.File]);
  }
  createDirectory(): void {}
  readFile(uri: vscode.Uri): Uint8Array {
    const data = this.files.get(uri.path);
    if (!data) throw vscode.FileSystemError.FileNotFound(uri);
    return data;
  }
  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    this.files.set(uri.path, content);
  }
  delete(uri: vscode.Uri): void {
    if (!this.files.delete(uri.path)) throw vscode.FileSystemError.FileNotFound(uri);
  }
  rename(from: vscode.Uri, to: vscode.Uri): void {
    this.renames.push([from.path, to.path]);
    this.files.set(to.path, this.readFile(from));
    this.files.delete(from.path);
  }
}

describe('export to another file system', () => {
  it('writes the file there through a temporary file that is renamed, leaving nothing else', async () => {
    const api = await openView();
    await signIn(api);
    const ids = (await admin.info()).companies;
    const fs = new MemoryFs();
    const registration = vscode.workspace.registerFileSystemProvider('dpexport-mem', fs);
    try {
      fs.files.set('/out/existing.txt', Buffer.from('other'));
      const company = await firstPageCompany(api, ids.few);
      const uri = vscode.Uri.from({ scheme: 'dpexport-mem', path: '/out/few.csv' });
      const r = await answering(api, [uri], () =>
        vscode.commands.executeCommand<ExportResult>('dataPlatform.exportRecords', company),
      );
      assert.equal(r?.outcome, 'written');
      assert.deepEqual([...fs.files.keys()].sort(), ['/out/existing.txt', '/out/few.csv']);
      assert.equal(fs.renames.length, 1);
      assert.match(fs.renames[0][0], /^\/out\/\.few\.csv\.[0-9a-f]+\.part$/);
      assert.equal(fs.renames[0][1], '/out/few.csv');
      const text = Buffer.from(fs.readFile(uri)).toString('utf8');
      const want = (await listInvoices(await emulatorClient(), ids.few)).results;
      assert.deepEqual(readExport(text, 'csv', INVOICE_TYPES), asExported(want, 'csv', INVOICE_TYPES));
    } finally {
      registration.dispose();
    }
  });
});
