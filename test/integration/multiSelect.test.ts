// Several nodes selected in the Companies view (canSelectMany): VS Code calls a menu's command with
// the node clicked and every node selected, as these tests do. Export writes the records selected
// to one file, or each list to a file of its own in a folder; Copy ID copies every id; Remove Query
// removes every query, asking first (the argument answers) when one is pinned or named.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExportResult } from '../../src/commands/export';
import type { Answer } from '../../src/commands/answerQueue';
import type { DataPlatformApi } from '../../src/testApi';
import type { QueryNode } from '../../src/tree/queryNode';
import type { TreeNode } from '../../src/tree/node';
import { INVOICE_TYPES, parseCsv, readExport } from '../support/csv';
import { recordContext } from '../../src/tree/contextValues';
import {
  admin,
  answering,
  children,
  EXTENSION_ID,
  firstPageCompany,
  kindOf,
  openView,
  removeQueryNodes,
  runQuery,
  shown,
  signIn,
  viewItemMatches,
  waitFor,
} from './helpers';

const idOf = (r: unknown): string => (r as { id: string }).id;

describe('several nodes selected', () => {
  let api: DataPlatformApi;
  let ids: Record<string, string>;
  let dir: string;
  const settings = () => vscode.workspace.getConfiguration('dataPlatform');

  const invoices = async (which: string) => {
    const company = await firstPageCompany(api, ids[which]);
    assert.ok(company, which);
    return company;
  };
  const records = async (which: string): Promise<TreeNode[]> =>
    (await children(api, (await invoices(which)).invoices)).filter((n) => kindOf(n) === 'record');
  const query = async (which: string, text: string): Promise<QueryNode> =>
    shown(
      await runQuery(api, {
        companyId: ids[which],
        query: text,
      }),
    );
  /** Export… on `nodes` selected, its dialog and pick answered with `answers`. */
  const exportOf = (nodes: readonly unknown[], answers: Answer[]) =>
    answering(api, answers, () =>
      vscode.commands.executeCommand<ExportResult>('dataPlatform.exportRecords', nodes[0], nodes),
    );

  before(async () => {
    api = await openView();
    await signIn(api);
    ids = (await admin.info()).companies;
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-multi-host-'));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await settings().update('export.csvDelimiter', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('export.defaultFormat', undefined, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await removeQueryNodes(api, [ids.few]);
    await api.queryHistory.clear(ids.few);
  });

  it('offers Export on a record only when several nodes are selected', () => {
    const menus = (
      vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        contributes: { menus: Record<string, { command: string; when: string }[]> };
      }
    ).contributes.menus['view/item/context'].filter((m) => m.command === 'dataPlatform.exportRecords');
    const onRecord = menus.filter((m) => viewItemMatches(m.when, recordContext('invoices')));
    assert.equal(onRecord.length, 1);
    assert.match(onRecord[0].when, /(^| )listMultiSelection( |$)/);
  });

  it('exports the records selected to one file, exactly those, in the order selected', async () => {
    const all = await records('few');
    const picked = [all[3], all[0], all[5]];
    const uri = vscode.Uri.file(join(dir, 'picked.jsonl'));
    const result = await exportOf(picked, [uri]);
    assert.equal(result?.outcome, 'written', JSON.stringify(result));
    const want = picked.map((n) => (n as unknown as { record: { id: string } }).record.id);
    const got = readExport(readFileSync(uri.fsPath, 'utf8'), 'jsonl', INVOICE_TYPES);
    assert.deepEqual(got.map(idOf), want);
    // Whole records, fetched: the tree keeps only the row.
    assert.ok(got.every((r) => Array.isArray((r as { lineItems?: unknown }).lineItems)));
  });

  it('exports two lists to two files in the folder, never over a file already there, with the CSV delimiter set', async () => {
    await settings().update('export.csvDelimiter', ';', vscode.ConfigurationTarget.Global);
    const few = await invoices('few');
    const paid = await query('few', 'status=Paid');
    const first = await exportOf([few.invoices, paid], [[vscode.Uri.file(dir)], 'CSV']);
    if (first?.outcome !== 'several') assert.fail(JSON.stringify(first));
    assert.deepEqual(
      first.results.map((r) => r.outcome),
      ['written', 'written'],
    );
    const names = readdirSync(dir).sort();
    assert.equal(names.length, 2);
    const [all, onlyPaid] = first.results.map((r) => {
      assert.ok(r.outcome === 'written');
      const [header, ...rows] = parseCsv(readFileSync(r.uri.fsPath, 'utf8').slice(1), ';');
      assert.deepEqual(header.slice(0, 3), INVOICE_TYPES.header.slice(0, 3));
      return rows;
    });
    assert.equal(all.length, 7);
    const status = INVOICE_TYPES.header.indexOf('status');
    assert.ok(onlyPaid.length > 0 && onlyPaid.every((row) => row[status] === 'Paid'));
    // Again into the same folder: new names, the first files as they were.
    const before = names.map((n) => readFileSync(join(dir, n), 'utf8'));
    writeFileSync(join(dir, 'marker'), '');
    const again = await exportOf([few.invoices, paid], [[vscode.Uri.file(dir)], 'CSV']);
    assert.equal(again?.outcome, 'several');
    assert.equal(readdirSync(dir).length, 5);
    assert.deepEqual(
      names.map((n) => readFileSync(join(dir, n), 'utf8')),
      before,
    );
  });

  it('writes the format of dataPlatform.export.defaultFormat without asking, for a name with no extension', async () => {
    await settings().update('export.defaultFormat', 'jsonl', vscode.ConfigurationTarget.Global);
    const uri = vscode.Uri.file(join(dir, 'no-extension'));
    const { invoices: list } = await invoices('few');
    const exporting = answering(api, [uri], () =>
      vscode.commands.executeCommand<ExportResult>('dataPlatform.exportRecords', list),
    );
    const ended = await waitFor('the export to end, or a format to be asked for', async () => {
      const settled = await Promise.race([
        exporting,
        new Promise<undefined>((r) => setTimeout(() => r(undefined), 100)),
      ]);
      return settled ?? api.quickPick();
    });
    assert.equal(api.quickPick(), undefined, 'no format asked for');
    assert.equal((ended as ExportResult).outcome, 'written');
    assert.equal(readExport(readFileSync(uri.fsPath, 'utf8'), 'jsonl', INVOICE_TYPES).length, 7);
  });

  it('copies the ids of three records, one per line', async () => {
    const picked = (await records('few')).slice(0, 3);
    const text = await vscode.commands.executeCommand<string>('dataPlatform.copyId', picked[1], picked);
    const want = picked.map((n) => (n as unknown as { record: { id: string } }).record.id);
    assert.equal(text, want.join('\n'));
    assert.equal(await vscode.env.clipboard.readText(), want.join('\n'));
    // The node clicked alone when it is not part of the selection (a right-click beside it).
    const other = (await records('few'))[4];
    const alone = await vscode.commands.executeCommand<string>('dataPlatform.copyId', other, picked);
    assert.equal(alone, (other as unknown as { record: { id: string } }).record.id);
  });

  it('removes two queries at once; a pinned one among them asks first, an unpinned unnamed pair does not', async () => {
    const company = await invoices('few');
    const [a, b] = [await query('few', 'totalAmount>100'), await query('few', 'totalAmount>200')];
    assert.equal(await vscode.commands.executeCommand('dataPlatform.pinQuery', a), 'pinned');
    // Declined: asked, so nothing goes.
    assert.equal(
      await answering(api, [false], () => vscode.commands.executeCommand('dataPlatform.removeQuery', a, [a, b])),
      false,
    );
    assert.ok(company.queries.includes(a) && company.queries.includes(b));
    assert.equal(
      await answering(api, [true], () => vscode.commands.executeCommand('dataPlatform.removeQuery', b, [a, b])),
      true,
    );
    assert.ok(!company.queries.includes(a) && !company.queries.includes(b));
    // Neither pinned nor named: no question, so a "no" answers nothing and both go.
    const [c, d] = [await query('few', 'totalAmount>300'), await query('few', 'totalAmount>400')];
    assert.equal(
      await answering(api, [false], () => vscode.commands.executeCommand('dataPlatform.removeQuery', c, [c, d])),
      true,
    );
    assert.ok(!company.queries.includes(c) && !company.queries.includes(d));
  });

  it('takes the node clicked alone for a command that acts on one (rename)', async () => {
    const [a, b] = [await query('few', 'totalAmount>500'), await query('few', 'totalAmount>600')];
    // VS Code's second argument is the selection: never taken for the new name.
    const renaming = vscode.commands.executeCommand('dataPlatform.renameQuery', a, [a, b]);
    await waitFor('the name asked for', () => api.quickPick()?.title === 'Rename Query' || undefined);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await renaming, undefined);
    assert.equal(a.label, undefined);
    assert.equal(b.label, undefined);
  });
});
