// Documents in the real host against the emulator (issue 33): an invoice's PDF saved where the user
// chose and opened from the extension's storage (its row and its JSON tab); an HTML page answering
// 200 and a body over the size cap refused with nothing left behind; a platform without PDFs says
// so; a record's Attachments folder lists its files, each opened and saved byte for byte; an upload
// to a bill asks on production (declined: nothing sent) and is sent once; its delete is followed as
// a push until the attachment leaves the list.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import type { AttachmentNode, AttachmentsFolderNode } from '../../src/tree/attachmentNodes';
import type { CompanyNode } from '../../src/tree/companyNodes';
import type { RecordNode } from '../../src/tree/dataNodes';
import type { DataTypeId } from '../../src/dataTypes/catalog';
import { ENV } from '../host/protocol';
import { evaluateWhen } from '../support/whenClause';
import {
  admin,
  answering,
  canScreenshot,
  children,
  emulator,
  firstPageCompany,
  kindOf,
  labelOf,
  modals,
  openView,
  screenshot,
  setEnvironment,
  signIn,
  viewItemMatches,
  waitFor,
} from './helpers';

/** What a document command resolves to (src/commands/documentDownload.ts). */
type DocumentResult = {
  outcome: string;
  saved?: DocumentResult;
  path?: string;
  bytes?: number;
  how?: string;
  message?: string;
  error?: { kind: string };
};
type WriteResult = { outcome: string; value?: { id?: string; name?: string; pushOperationKey?: string } };

/** An admin call the shared helpers do not have: a generated file added to a record. */
async function addGeneratedAttachment(body: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const { url } = await emulator();
  const token = process.env[ENV.emulatorToken] ?? '';
  const res = await fetch(`${url}/_emulator/attachments`, {
    method: 'POST',
    headers: { 'X-Emulator-Token': token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `${res.status} ${await res.clone().text()}`);
  return (await res.json()) as { id: string; name: string };
}

/** The bytes the emulator serves for an attachment, fetched with the demo key. */
async function servedBytes(folder: AttachmentsFolderNode, attachmentId: string): Promise<Buffer> {
  const { url, key } = await emulator();
  const place = folder.place();
  assert.ok(place, 'the folder knows its connection');
  const path = `/companies/${place.companyId}/connections/${place.connectionId}/data/${place.dataType}/${place.recordId}/attachments/${attachmentId}/download`;
  const res = await fetch(url + path, { headers: { Authorization: `Basic ${Buffer.from(key).toString('base64')}` } });
  assert.equal(res.status, 200);
  return Buffer.from(await res.arrayBuffer());
}

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<DocumentResult>(command, ...args);

/** Where the system's viewer cannot reach the extension's files (the offline host's browser workbench). */
const viewerUnreachable = () => vscode.env.uiKind === vscode.UIKind.Web || !!vscode.env.remoteName;

/** Open on `target`: the file downloaded into the extension's storage and opened, where an editor
 * for it is installed or the system's viewer can reach it; else (this host's browser workbench,
 * for a PDF) Save As… is offered before anything is downloaded, and taken into `saveTo`.
 * Resolves to the file's path. */
async function opened(api: DataPlatformApi, command: string, target: unknown, saveTo: string): Promise<string> {
  const before = (await admin.requests()).length;
  const result = await answering(api, [false], () => run(command, target));
  if (result?.outcome === 'opened') {
    const path = result.path ?? '';
    assert.ok(existsSync(path), 'the cache file exists');
    assert.doesNotMatch(path, /dp-documents-/, 'not in a folder the user chose');
    if (result.how === 'external') assert.equal(api.prompts.opened.at(-1), path, 'handed to the system’s viewer');
    else assert.equal(result.how, 'editor');
    return path;
  }
  assert.ok(viewerUnreachable(), `only where no viewer can reach the file: ${JSON.stringify(result)}`);
  assert.equal(result?.outcome, 'cancelled', 'the offer declined');
  assert.equal((await admin.requests()).length, before, 'nothing downloaded before Save As… is taken');
  assert.match(api.prompts.asked.at(-1)?.message ?? '', /No viewer here can open the file/);
  const saved = await answering(api, ['Save As…', vscode.Uri.file(saveTo)], () => run(command, target));
  assert.equal(saved?.outcome, 'offeredSave', JSON.stringify(saved));
  assert.equal(saved?.saved?.outcome, 'saved', JSON.stringify(saved));
  assert.equal(saved?.saved?.path, saveTo);
  return saveTo;
}

describe('documents: invoice PDFs and record attachments', function () {
  this.timeout(60_000);
  let api: DataPlatformApi;
  let company: CompanyNode;
  let dir: string;
  let accountId = '';
  const writes = async () => (await admin.requests()).filter((r) => r.method !== 'GET');

  const records = async (type: DataTypeId): Promise<RecordNode[]> =>
    (await children(api, company.data.type(type))).filter((n) => kindOf(n) === 'record') as RecordNode[];
  const attachmentsOf = async (record: RecordNode): Promise<AttachmentNode[]> => {
    const folder = record.attachments;
    assert.ok(folder, `${record.spec.id} have an Attachments folder`);
    return (await children(api, folder)).filter((n) => kindOf(n) === 'attachment') as AttachmentNode[];
  };
  before(async () => {
    api = await openView();
    await signIn(api);
    accountId = api.connection.account.id;
    const node = await firstPageCompany(api, (await admin.info()).companies.few);
    assert.ok(node, 'the few-invoices company is listed');
    company = node;
    dir = mkdtempSync(join(tmpdir(), 'dp-documents-'));
  });
  beforeEach(async () => {
    api.prompts.answers.length = 0;
    await admin.clearFaults();
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('downloads.maxSizeMB', undefined, vscode.ConfigurationTarget.Global);
    await setEnvironment(api, accountId, 'local');
    await admin.reset();
    rmSync(dir, { recursive: true, force: true });
  });

  it('Save PDF As… writes the invoice’s PDF, named by its number, only into the chosen file', async () => {
    const [invoice] = await records('invoices');
    const number = String((invoice.record as { invoiceNumber?: string }).invoiceNumber);
    const item = invoice.getTreeItem();
    const menus = (
      vscode.extensions.getExtension('dataplatform.data-platform-explorer')?.packageJSON as {
        contributes: { menus: Record<string, { command: string; when?: string }[]> };
      }
    ).contributes.menus;
    const offered = (command: string) =>
      menus['view/item/context'].some((m) => m.command === command && viewItemMatches(m.when, item.contextValue ?? ''));
    assert.ok(offered('dataPlatform.openInvoicePdf') && offered('dataPlatform.saveInvoicePdf'), 'on the row’s menu');
    const folder = mkdtempSync(join(dir, 'save-'));
    const target = vscode.Uri.file(join(folder, `${number}.pdf`));
    const result = await answering(api, [target], () => run('dataPlatform.saveInvoicePdf', invoice));
    assert.equal(result?.outcome, 'saved', JSON.stringify(result));
    assert.equal(result?.path, target.fsPath);
    const bytes = readFileSync(target.fsPath);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(bytes.toString('latin1').includes(number), 'the PDF holds the invoice number');
    assert.equal(result?.bytes, bytes.length);
    assert.match(api.prompts.asked.at(-1)?.message ?? '', new RegExp(`Save PDF of invoice ${number}`));
    assert.deepEqual(readdirSync(folder), [`${number}.pdf`], 'only the chosen file: no temporary one left');
  });

  it('Open PDF downloads into the extension’s storage and opens it, from the row and from the JSON tab’s title bar', async () => {
    const [invoice] = await records('invoices');
    const path = await opened(
      api,
      'dataPlatform.openInvoicePdf',
      invoice,
      join(mkdtempSync(join(dir, 'open-')), 'x.pdf'),
    );
    assert.equal(readFileSync(path).subarray(0, 5).toString('latin1'), '%PDF-');

    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', invoice);
    const titleBar = (
      vscode.extensions.getExtension('dataplatform.data-platform-explorer')?.packageJSON as {
        contributes: { menus: Record<string, { command: string; when?: string }[]> };
      }
    ).contributes.menus['editor/title'].find((m) => m.command === 'dataPlatform.openInvoicePdf');
    const uri = editor.document.uri;
    const on = (path: string) =>
      evaluateWhen((titleBar?.when ?? 'false').replace(/'/g, ''), { resourceScheme: uri.scheme, resourcePath: path });
    assert.ok(on(uri.path), 'in the invoice tab’s title bar');
    assert.ok(!on(uri.path.replace('/invoices/', '/bills/')), 'not in a bill’s');
    const fromTab = await opened(
      api,
      'dataPlatform.openInvoicePdf',
      uri,
      join(mkdtempSync(join(dir, 'tab-')), 'x.pdf'),
    );
    assert.equal(readFileSync(fromTab).subarray(0, 5).toString('latin1'), '%PDF-', 'downloaded again from the tab');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('an HTML page answering 200 is not saved as a PDF: nothing left in the folder, its body in diagnostics', async () => {
    const [invoice] = await records('invoices');
    const folder = mkdtempSync(join(dir, 'html-'));
    await admin.addFault({ kind: 'html', status: 200, path: '/pdf' });
    api.diagnostics.clear();
    const result = await answering(api, [vscode.Uri.file(join(folder, 'invoice.pdf'))], () =>
      run('dataPlatform.saveInvoicePdf', invoice),
    );
    assert.equal(result?.outcome, 'failed', JSON.stringify(result));
    assert.deepEqual(readdirSync(folder), [], 'nothing left behind');
    const entry = api.diagnostics.entries().find((e) => e.error.path.endsWith('/pdf'));
    assert.ok(entry, 'reported to the diagnostics panel');
    assert.match(entry.error.rawBody ?? '', /<html/i, 'with the page it got');
    const notice = api.prompts.asked.filter((q) => q.kind === 'notification').at(-1);
    assert.match(notice?.message ?? '', /Could not download the PDF of invoice/);
    assert.deepEqual(notice?.buttons, ['Show Details']);
  });

  it('a platform without invoice PDFs says so, as information', async () => {
    const info = (await admin.info()) as unknown as { documents?: { noPdfCompany?: string | null } };
    const companyId = info.documents?.noPdfCompany;
    assert.ok(companyId, 'the emulator names a company on a platform without PDFs');
    const node = api.tree.root?.showCompany({ id: companyId, name: 'No PDFs' } as CompanyNode['company']);
    assert.ok(node);
    const [invoice] = (await children(api, node.invoices)).filter((n) => kindOf(n) === 'record') as RecordNode[];
    assert.ok(invoice, 'the company has invoices');
    const folder = mkdtempSync(join(dir, 'nopdf-'));
    const result = await answering(api, [vscode.Uri.file(join(folder, 'x.pdf'))], () =>
      run('dataPlatform.saveInvoicePdf', invoice),
    );
    assert.equal(result?.outcome, 'unsupported', JSON.stringify(result));
    assert.equal(result?.message, 'This platform does not provide invoice PDFs');
    assert.deepEqual(readdirSync(folder), []);
    const notice = api.prompts.asked.filter((q) => q.kind === 'notification').at(-1);
    assert.equal(notice?.message, 'This platform does not provide invoice PDFs');
  });

  it('a record’s Attachments folder lists its files: name, type, size, date, a codicon', async () => {
    const [, bill] = await records('bills');
    const [first] = await records('bills');
    assert.ok(first.getTreeItem().collapsibleState === vscode.TreeItemCollapsibleState.Collapsed);
    const rows = await attachmentsOf(first);
    assert.equal(rows.length, 3, 'the first record has three attachments');
    const names = rows.map((r) => labelOf(r));
    assert.ok(names.includes('Scanned receipt – Müller GmbH.png'), names.join(', '));
    const png = rows.find((r) => labelOf(r).endsWith('.png'));
    assert.match(String(png?.getTreeItem().description), /^image\/png · [\d.]+ (B|KB) · \d{4}-\d{2}-\d{2}/);
    assert.equal((png?.getTreeItem().iconPath as vscode.ThemeIcon).id, 'file-media');
    assert.match(png?.getTreeItem().contextValue ?? '', /^attachment download curl deleteAttachment type=bills/);
    // The second record has none.
    const none = await children(api, bill.attachments);
    assert.deepEqual(none.map(labelOf), ['No attachments']);
    if (canScreenshot()) {
      // The README's picture: the bill's JSON beside its attachments, the sidebar wide enough to
      // read each row's type, size and date.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
      await vscode.commands.executeCommand('dataPlatform.openRecord', first);
      await api.companiesView.reveal(first.attachments as AttachmentsFolderNode, { expand: true, select: false });
      if (png) await api.companiesView.reveal(png, { select: true, focus: true });
      await vscode.commands.executeCommand('dataPlatform.companies.focus');
      for (let i = 0; i < 6; i++) await vscode.commands.executeCommand('workbench.action.increaseViewSize');
      await screenshot('attachments');
      for (let i = 0; i < 6; i++) await vscode.commands.executeCommand('workbench.action.decreaseViewSize');
    }
  });

  it('a failed list shows an error row with Retry; Retry lists the attachments', async () => {
    const third = (await records('invoices'))[2];
    assert.ok(third?.attachments, 'a third invoice');
    await admin.addFault({ kind: 'status', status: 400, method: 'GET', path: '/attachments', times: 1 });
    const [error] = await children(api, third.attachments);
    assert.equal(kindOf(error), 'error');
    assert.match(error.getTreeItem().contextValue ?? '', /\bretry\b/);
    await vscode.commands.executeCommand('dataPlatform.retry', error);
    const rows = await children(api, third.attachments);
    assert.ok(
      rows.every((r) => kindOf(r) === 'attachment') || rows.map(labelOf).join() === 'No attachments',
      rows.map(labelOf).join(', '),
    );
  });

  it('Open and Save As… of an attachment: the bytes the emulator serves', async () => {
    const [first] = await records('invoices');
    const rows = await attachmentsOf(first);
    const png = rows.find((r) => labelOf(r).endsWith('.png'));
    assert.ok(png);
    const served = await servedBytes(png.folder, png.attachment.id);
    const path = await opened(api, 'dataPlatform.openAttachment', png, join(mkdtempSync(join(dir, 'open-')), 'x.png'));
    assert.deepEqual(readFileSync(path), served);
    const target = vscode.Uri.file(join(mkdtempSync(join(dir, 'att-')), 'copy.png'));
    const saved = await answering(api, [target], () => run('dataPlatform.saveAttachment', png));
    assert.equal(saved?.outcome, 'saved', JSON.stringify(saved));
    assert.deepEqual(readFileSync(target.fsPath), served);
    const curl = await vscode.commands.executeCommand<string>('dataPlatform.copyAsCurl', png);
    assert.match(curl ?? '', new RegExp(`/attachments/${png.attachment.id}/download`));
    assert.match(curl ?? '', /--output /, 'the body goes to a file, never the terminal');
    assert.ok(!(curl ?? '').includes((await emulator()).key), 'no key in it');
  });

  it('a body over the size cap is refused while it streams: nothing left', async () => {
    const [, second] = await records('invoices');
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('downloads.maxSizeMB', 1, vscode.ConfigurationTarget.Global);
    const place = { companyId: company.company.id, dataType: 'invoices', recordId: second.record.id };
    await addGeneratedAttachment({ ...place, size: 3 * 1024 * 1024, contentType: 'application/pdf', name: 'big.pdf' });
    second.attachments?.refresh();
    const big = (await attachmentsOf(second)).find((r) => labelOf(r) === 'big.pdf');
    assert.ok(big, 'the big file is listed');
    const folder = mkdtempSync(join(dir, 'big-'));
    api.diagnostics.clear();
    const result = await answering(api, [vscode.Uri.file(join(folder, 'big.pdf'))], () =>
      run('dataPlatform.saveAttachment', big),
    );
    assert.equal(result?.outcome, 'failed', JSON.stringify(result));
    assert.equal(result?.error?.kind, 'responseTooLarge');
    assert.match(result?.message ?? '', /^Could not download big\.pdf: .*dataPlatform\.downloads\.maxSizeMB/);
    assert.deepEqual(readdirSync(folder), [], 'nothing left behind');
    assert.ok(api.diagnostics.entries().some((e) => e.error.kind === 'responseTooLarge'));
    await vscode.workspace
      .getConfiguration('dataPlatform')
      .update('downloads.maxSizeMB', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a download cut short, or stalled past the request timeout, fails with nothing left', async () => {
    const [, second] = await records('invoices');
    const big = (await attachmentsOf(second)).find((r) => labelOf(r) === 'big.pdf');
    assert.ok(big, 'the generated file of the cap test');
    const node: AttachmentNode = big;
    const settings = vscode.workspace.getConfiguration('dataPlatform');
    for (const kind of ['cutBody', 'stallBody']) {
      await admin.clearFaults();
      await admin.addFault({ kind, path: '/download' });
      if (kind === 'stallBody') await settings.update('requestTimeout', 1, vscode.ConfigurationTarget.Global);
      const folder = mkdtempSync(join(dir, `${kind}-`));
      const result = await answering(api, [vscode.Uri.file(join(folder, 'big.pdf'))], () =>
        run('dataPlatform.saveAttachment', node),
      );
      assert.equal(result?.outcome, 'failed', `${kind}: ${JSON.stringify(result)}`);
      assert.deepEqual(readdirSync(folder), [], `${kind}: nothing left behind`);
    }
    await settings.update('requestTimeout', undefined, vscode.ConfigurationTarget.Global);
    await admin.clearFaults();
  });

  it('Upload Attachment… to a bill asks on production: declined, nothing sent; accepted, one POST and it is listed', async () => {
    await setEnvironment(api, accountId, 'production');
    const [, bill] = await records('bills');
    const file = join(dir, 'receipt-upload.txt');
    writeFileSync(file, 'Paid in cash, 12 January.\n');
    await admin.clearRequests();
    const upload = (answer: boolean) =>
      answering(api, [vscode.Uri.file(file), answer], () =>
        vscode.commands.executeCommand<WriteResult>('dataPlatform.uploadAttachment', bill.attachments),
      );
    assert.deepEqual(await upload(false), { outcome: 'cancelled' });
    assert.match(modals(api).at(-1)?.message ?? '', /Upload receipt-upload\.txt to Bill/);
    assert.deepEqual(await writes(), [], 'declined: nothing sent');
    const done = await upload(true);
    assert.equal(done?.outcome, 'done', JSON.stringify(done));
    assert.deepEqual(
      (await writes()).map((r) => r.method),
      ['POST'],
      'sent once',
    );
    await waitFor('the upload listed', async () =>
      (await attachmentsOf(bill)).some((r) => labelOf(r) === 'receipt-upload.txt'),
    );
  });

  it('an upload whose answer was lost is found among the attachments by name and size, not sent again', async () => {
    await setEnvironment(api, accountId, 'local');
    const [, invoice] = await records('invoices');
    const file = join(dir, 'lost-answer.csv');
    writeFileSync(file, 'a,b\n1,2\n');
    await admin.addFault({ kind: 'appliedThenGateway', method: 'POST', path: '/attachment', times: 1 });
    await admin.clearRequests();
    const result = await answering(api, [vscode.Uri.file(file)], () =>
      vscode.commands.executeCommand<WriteResult & { recovered?: true }>('dataPlatform.uploadAttachment', invoice),
    );
    assert.equal(result?.outcome, 'done', JSON.stringify(result));
    assert.equal(result?.recovered, true, 'found after the lost answer');
    assert.equal(result?.value?.name, 'lost-answer.csv');
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path.split('/').slice(-1)[0]}`),
      ['POST attachment'],
      'sent once, to the invoice’s upload path',
    );
    await setEnvironment(api, accountId, 'production');
  });

  it('Delete Attachment names the file on production, sends once and follows the push until it leaves the list', async () => {
    const [, bill] = await records('bills');
    const row = (await attachmentsOf(bill)).find((r) => labelOf(r) === 'receipt-upload.txt');
    assert.ok(row, 'the uploaded file is there');
    await admin.clearRequests();
    const result = await answering(api, [true], () =>
      vscode.commands.executeCommand<WriteResult>('dataPlatform.deleteAttachment', row),
    );
    assert.equal(result?.outcome, 'done', JSON.stringify(result));
    assert.match(modals(api).at(-1)?.message ?? '', /Delete the attachment receipt-upload\.txt of Bill/);
    assert.deepEqual(
      (await writes()).map((r) => r.method),
      ['DELETE'],
    );
    const key = result?.value?.pushOperationKey;
    assert.ok(key, 'answered with a push operation');
    await waitFor(
      'the push followed to its end',
      () => api.tree.rootOf(accountId)?.pushes.get(key)?.status === 'Success',
      20_000,
    );
    await waitFor(
      'the attachment gone from the list',
      async () => {
        const [, fresh] = await records('bills');
        return !(await attachmentsOf(fresh)).some((r) => labelOf(r) === 'receipt-upload.txt');
      },
      20_000,
    );
  });

  it('a delete refused 404 after its lost first try settled meanwhile is that try’s success, sent nothing more', async () => {
    await setEnvironment(api, accountId, 'local');
    const [first] = await records('bills');
    const row = (await attachmentsOf(first)).find((r) => labelOf(r).endsWith('.png'));
    assert.ok(row, 'a seeded attachment to delete');
    // The first try is taken but its answer lost, and it settles only after the command's looks;
    // the retry's own answer (a 404: nothing left to delete) comes after that settle.
    await admin.addPushRule({ delayMs: 6_000, times: 1 });
    await admin.addFault({ kind: 'appliedThenGateway', method: 'DELETE', path: '/attachments/', times: 1 });
    await admin.clearRequests();
    const lost = await vscode.commands.executeCommand<WriteResult & { lost?: true }>(
      'dataPlatform.deleteAttachment',
      row,
    );
    assert.equal(lost?.outcome, 'failed', JSON.stringify(lost));
    assert.equal(lost?.lost, true, 'its answer lost, its effect not seen yet');
    await admin.addFault({
      kind: 'status',
      status: 404,
      latencyMs: 5_000,
      method: 'DELETE',
      path: '/attachments/',
      times: 1,
    });
    const retried = await answering(api, [true], () =>
      vscode.commands.executeCommand<WriteResult & { recovered?: true }>('dataPlatform.deleteAttachment', row),
    );
    assert.equal(retried?.outcome, 'done', JSON.stringify(retried));
    assert.equal(retried?.recovered, true, 'the first try was found gone after the 404');
    assert.deepEqual(
      (await writes()).map((r) => r.method),
      ['DELETE', 'DELETE'],
      'the first try and the one retry the user agreed to',
    );
    await setEnvironment(api, accountId, 'production');
  });

  it('without a Linked accounting connection the folder says so instead of listing', async () => {
    const ids = (await admin.connections()).few ?? [];
    assert.ok(ids.length > 0);
    for (const id of ids) await admin.deauthorize(company.company.id, id).catch(() => undefined);
    const [first] = await records('invoices');
    first.attachments?.refresh();
    const rows = await children(api, first.attachments);
    assert.deepEqual(rows.map(labelOf), ['No Linked accounting connection: attachments are read through one']);
  });
});
