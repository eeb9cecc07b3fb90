// Invoice JSON tabs in the real workbench: content equals the emulator's record, read-only, JSON,
// titled by the invoice number, one tab per invoice, opened by a tree click or by ids, refreshed on
// demand, failures explained.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import type { Invoice } from '../../src/api';
import type { RecordNode } from '../../src/tree/dataNodes';
import type { CompanyNode } from '../../src/tree/companyNodes';
import { listContext, recordContext } from '../../src/tree/contextValues';
import { DATA_TYPES } from '../../src/dataTypes/catalog';
import {
  admin,
  canScreenshot,
  children,
  emulator,
  emulatorInvoice,
  firstPageCompany,
  openView,
  screenshot,
  signIn,
  viewItemMatches,
  waitFor,
} from './helpers';

/** A record node of the invoices type. */
type InvoiceNode = RecordNode & { record: Invoice };

const tabsOf = (uri: vscode.Uri) =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());

/** The (companyId, invoiceId) a document URI carries in its query. */
const idsOf = (uri: vscode.Uri) => Object.fromEntries(new URLSearchParams(uri.query));

const invoiceRequests = async (invoiceId: string) =>
  (await admin.requests()).filter((r) => r.path.endsWith(`/data/invoices/${invoiceId}`));

describe('invoice JSON tabs', () => {
  let api: DataPlatformApi;
  let company: CompanyNode;
  let invoices: InvoiceNode[];

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    const id = (await admin.info()).companies.few;
    await children(api);
    const node = await firstPageCompany(api, id);
    assert.ok(node, 'the few-invoices company is listed');
    company = node;
    invoices = (await children(api, company.invoices)).filter(
      (n) => n.getTreeItem().contextValue === recordContext('invoices'),
    ) as InvoiceNode[];
    assert.ok(invoices.length >= 3, 'a few invoices to open');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  afterEach(() => admin.clearFaults());
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('a click on an invoice opens its JSON titled by its number: the emulator record, language json, read-only scheme, a preview tab, one request', async () => {
    const node = invoices[0];
    const command = node.getTreeItem().command;
    assert.ok(command, 'the tree item has a click command');
    assert.equal(command.command, 'dataPlatform.openRecord');
    const number = node.record.invoiceNumber;
    assert.ok(number, 'emulator invoices have a number');
    await admin.clearRequests();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      command.command,
      ...((command.arguments ?? []) as unknown[]),
    );
    const doc = editor.document;

    assert.equal(doc.uri.scheme, 'dataplatform');
    assert.equal(doc.uri.path, `/${company.company.name}/invoices/${number}.json`);
    assert.deepEqual(idsOf(doc.uri), {
      companyId: company.company.id,
      invoiceId: node.record.id,
      account: api.connection.account.id,
    });
    assert.equal(
      (await invoiceRequests(node.record.id)).length,
      1,
      'the node knows the number: only the document fetches',
    );
    assert.equal(doc.isUntitled, false);
    assert.equal(doc.languageId, 'json');
    assert.deepEqual(JSON.parse(doc.getText()), await emulatorInvoice(company.company.id, node.record.id));
    const tabSize = vscode.workspace.getConfiguration('editor', { languageId: 'json' }).get<number>('tabSize') ?? 4;
    assert.ok(doc.getText().startsWith(`{\n${' '.repeat(tabSize)}"`), 'indented with the editor tab size for JSON');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), doc.uri.toString());

    const [tab] = tabsOf(doc.uri);
    assert.ok(tab, 'a tab shows it');
    assert.equal(tab.label, `${number}.json`, 'titled by the invoice number');
    assert.equal(tab.isPreview, true, 'a preview tab (workbench.editor.enablePreview is on by default)');

    const { key } = await emulator();
    assert.ok(!doc.getText().includes(key), 'the key is nowhere in the document');
    if (canScreenshot()) {
      // The invoice selected in the tree beside its tab, as a user sees it after the click.
      // Fresh nodes: a settings change since `before` may have rebuilt the tree.
      const fresh = await firstPageCompany(api, company.company.id);
      assert.ok(fresh);
      const shown = (await children(api, fresh.invoices)).find((n) => (n as InvoiceNode).record?.id === node.record.id);
      assert.ok(shown, 'the invoice is in the tree');
      await api.companiesView.reveal(fresh.invoices, { expand: true, select: false, focus: false });
      await api.companiesView.reveal(shown, { select: true, focus: false });
      await screenshot('invoice-json');
    }
  });

  it('is read-only: typing is blocked, writes are refused, and an API edit can neither be saved nor survive a Refresh', async () => {
    assert.equal(vscode.workspace.fs.isWritableFileSystem('dataplatform'), false);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', invoices[0]);
    const doc = editor.document;
    const before = doc.getText();

    // What a user does: type into the focused editor.
    await vscode.window.showTextDocument(doc, { preserveFocus: false });
    await vscode.commands.executeCommand('type', { text: 'typed' });
    assert.equal(doc.getText(), before, 'typing does nothing in a read-only editor');

    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(doc.uri, new TextEncoder().encode('{}'))),
      'the file system refuses writes',
    );

    // VS Code applies a WorkspaceEdit to the buffer of a read-only file too; it can go nowhere.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(0, 0), 'tampered');
    await vscode.workspace.applyEdit(edit);
    assert.equal(await doc.save(), false, 'saving is refused');
    await vscode.commands.executeCommand('dataPlatform.refreshRecord', doc.uri);
    await waitFor('the record back after Refresh', () => doc.getText() === before);
    assert.equal(doc.isDirty, false);
  });

  it('opening the same invoice again focuses its one tab, from the tree or by ids, even after another tab took focus', async () => {
    const node = invoices[1];
    const first = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', node);
    const uri = first.document.uri;
    // Pin it so the next open does not replace it, then look at another invoice.
    await vscode.commands.executeCommand('workbench.action.keepEditor');
    await vscode.commands.executeCommand('dataPlatform.openRecord', invoices[2]);
    assert.notEqual(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());

    const again = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', {
      companyId: company.company.id,
      dataType: 'invoices',
      recordId: node.record.id,
    });
    assert.equal(again.document.uri.toString(), uri.toString());
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'focused');
    await vscode.commands.executeCommand('dataPlatform.openRecord', node);
    assert.equal(tabsOf(uri).length, 1, 'one tab for the invoice');
    assert.equal(tabsOf(uri)[0].isPreview, false, 'still pinned');
  });

  it('opened by ids (the palette route), it is titled by the number and the invoice is fetched exactly once', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const node = invoices[2];
    await admin.clearRequests();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', {
      companyId: company.company.id,
      dataType: 'invoices',
      recordId: node.record.id,
    });
    const doc = editor.document;
    assert.equal(
      doc.uri.path,
      `/${company.company.id}/invoices/${node.record.invoiceNumber}.json`,
      'no company name given: its id',
    );
    assert.deepEqual(idsOf(doc.uri), {
      companyId: company.company.id,
      invoiceId: node.record.id,
      account: api.connection.account.id,
    });
    assert.equal(tabsOf(doc.uri)[0]?.label, `${node.record.invoiceNumber}.json`);
    // Counted before the direct fetch below, which the emulator logs too.
    assert.equal(
      (await invoiceRequests(node.record.id)).length,
      1,
      'the fetch for the number is the one the document shows',
    );
    assert.deepEqual(JSON.parse(doc.getText()), await emulatorInvoice(company.company.id, node.record.id));

    // With the company name the caller knows.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const named = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', {
      companyId: company.company.id,
      dataType: 'invoices',
      recordId: node.record.id,
      companyName: 'Florists / Ltd',
    });
    assert.equal(named.document.uri.path, `/Florists _ Ltd/invoices/${node.record.invoiceNumber}.json`);
  });

  it('a tree click, then the same invoice by ids, then a Refresh: one tab, focused, no request to focus it, refetched once', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const node = invoices[1];
    const first = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', node);
    await vscode.commands.executeCommand('workbench.action.keepEditor');
    await vscode.commands.executeCommand('dataPlatform.openRecord', invoices[2]);
    await admin.clearRequests();

    // Another label for the same invoice: the company id instead of its name.
    const again = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', {
      companyId: company.company.id,
      dataType: 'invoices',
      recordId: node.record.id,
    });
    assert.equal(again.document.uri.toString(), first.document.uri.toString(), 'the tab it already had');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), first.document.uri.toString(), 'focused');
    const tabs = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.label === `${node.record.invoiceNumber}.json`);
    assert.equal(tabs.length, 1, 'one tab for the invoice');
    assert.equal(tabs[0].isPreview, false, 'still pinned');
    assert.equal((await invoiceRequests(node.record.id)).length, 0, 'focusing fetches nothing');

    assert.equal(await vscode.commands.executeCommand('dataPlatform.refreshRecord', again.document.uri), true);
    await waitFor('a refetch', async () => (await invoiceRequests(node.record.id)).length === 1);
  });

  it('reopening from another editor group focuses the tab where it is instead of opening a second one', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const a = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', invoices[0]);
    await vscode.commands.executeCommand('workbench.action.keepEditor');
    await vscode.commands.executeCommand('dataPlatform.openRecord', invoices[1]);
    await vscode.commands.executeCommand('workbench.action.moveEditorToNextGroup');
    await waitFor(
      'two groups, the second active',
      () =>
        vscode.window.tabGroups.all.length === 2 &&
        vscode.window.tabGroups.activeTabGroup.viewColumn === vscode.ViewColumn.Two,
    );

    const again = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', invoices[0]);
    assert.equal(again.document.uri.toString(), a.document.uri.toString());
    assert.equal(again.viewColumn, vscode.ViewColumn.One, 'shown in the group that already had it');
    assert.equal(tabsOf(a.document.uri).length, 1, 'no second tab');
    assert.equal(vscode.window.tabGroups.activeTabGroup.viewColumn, vscode.ViewColumn.One, 'that group has the focus');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.editorLayoutSingle');
  });

  // The host hands out `when` clauses normalised (`'dataplatform'` quoted), hence the patterns.
  it('is offered on the records of every type: context menu and inline icon, and in the palette', () => {
    const manifest = vscode.extensions.getExtension('dataplatform.data-platform-explorer')?.packageJSON as {
      contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]> };
    };
    const open = manifest.contributes.menus['view/item/context'].filter((m) => m.command === 'dataPlatform.openRecord');
    for (const { id } of DATA_TYPES) {
      const on = open.filter((m) => viewItemMatches(m.when, recordContext(id)));
      assert.ok(
        on.some((m) => m.group?.startsWith('inline')),
        `inline icon on ${id}`,
      );
      assert.ok(
        on.some((m) => !m.group?.startsWith('inline')),
        `context menu entry on ${id}`,
      );
    }
    assert.ok(!open.some((m) => viewItemMatches(m.when, listContext('invoices'))), 'not on the lists');
    assert.ok(
      manifest.contributes.menus.commandPalette.some(
        (m) => m.command === 'dataPlatform.openRecord' && m.when !== 'false',
      ),
    );
    assert.ok(
      manifest.contributes.menus['editor/title'].some(
        (m) => m.command === 'dataPlatform.refreshRecord' && /^resourceScheme == '?dataplatform'?$/.test(m.when ?? ''),
      ),
    );
  });

  it('a second click on another invoice reuses the preview tab instead of piling up tabs', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const a = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', invoices[0]);
    const b = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', invoices[1]);
    assert.equal(tabsOf(a.document.uri).length, 0, 'the first preview was replaced');
    assert.equal(tabsOf(b.document.uri).length, 1);
  });

  it('Refresh refetches the open document; reopening a closed one fetches it fresh', async () => {
    const node = invoices[0];
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', node);
    await admin.clearRequests();
    assert.equal(await vscode.commands.executeCommand('dataPlatform.refreshRecord', editor.document.uri), true);
    await waitFor('a refetch', async () => (await invoiceRequests(node.record.id)).length === 1);

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.openRecord', node);
    await waitFor('a fresh fetch on reopen', async () => (await invoiceRequests(node.record.id)).length === 1);
  });

  it('a failing fetch shows an error text in the tab and an entry in diagnostics, not a crash', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const node = invoices[3] ?? invoices[2];
    // A server error the client does not retry (501): the backoff is the unit tests' subject, not this one's.
    await admin.addFault({ kind: 'status', status: 501, path: `/data/invoices/${node.record.id}`, times: 50 });
    const reported = api.diagnostics.size;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', node);
    const text = editor.document.getText();
    assert.match(text, /^\/\/ Invoices: could not load /);
    assert.match(text, /501/);
    assert.equal(api.diagnostics.size, reported + 1, 'one diagnostics entry');
    const entry = api.diagnostics.entries()[0];
    assert.equal(entry.error.status, 501);
    assert.ok(entry.error.path.includes(node.record.id));
    if (entry.error.correlationId) assert.ok(text.includes(entry.error.correlationId));
    const { key } = await emulator();
    assert.ok(!text.includes(key));

    // The fault gone, Refresh brings the record.
    await admin.clearFaults();
    await vscode.commands.executeCommand('dataPlatform.refreshRecord', editor.document.uri);
    await waitFor('the record after refresh', () => editor.document.getText().startsWith('{'));
    assert.deepEqual(JSON.parse(editor.document.getText()), await emulatorInvoice(company.company.id, node.record.id));
  });

  it('opened by ids while the fetch fails: titled by the id, the error text in the tab, reported once, fetched once', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const node = invoices[2];
    // A 404 is not retried by the client, so every request on the wire is an attempt of the extension's.
    await admin.addFault({ kind: 'status', status: 404, path: `/data/invoices/${node.record.id}`, times: 50 });
    await admin.clearRequests();
    const reported = api.diagnostics.size;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', {
      companyId: company.company.id,
      dataType: 'invoices',
      recordId: node.record.id,
    });
    assert.equal(tabsOf(editor.document.uri)[0]?.label, `${node.record.id}.json`);
    assert.match(editor.document.getText(), /^\/\/ Invoices: could not load [^\n]*\n\/\/ 404/);
    assert.equal(api.diagnostics.size, reported + 1, 'one diagnostics entry');
    assert.equal((await invoiceRequests(node.record.id)).length, 1, 'the failed fetch is the one the document shows');
  });

  it('a tab opened with no key (as VS Code restores one before the key is read) fills in by itself once a key is set', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // One that no other test opened, so neither VS Code nor the extension holds its text.
    const node = invoices[invoices.length - 1];
    assert.ok(invoices.length > 4, 'an invoice the other tests leave alone');
    // What a restored tab is: VS Code opens the URI itself, with nobody fetching first.
    const uri = vscode.Uri.from({
      scheme: 'dataplatform',
      path: `/${company.company.name}/invoices/${node.record.invoiceNumber ?? node.record.id}.json`,
      query: new URLSearchParams({
        companyId: company.company.id,
        invoiceId: node.record.id,
        account: api.connection.account.id,
      }).toString(),
    });
    await vscode.commands.executeCommand('dataPlatform.signOut');
    await waitFor('no key', () => api.connection.state.kind === 'noKey');
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      assert.match(doc.getText(), /no API key is set/);
    } finally {
      await signIn(api);
    }
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    assert.ok(doc, 'the document is still open');
    await waitFor('the record once the key is set', () => doc.getText().startsWith('{'));
    assert.deepEqual(JSON.parse(doc.getText()), await emulatorInvoice(company.company.id, node.record.id));
  });
});
