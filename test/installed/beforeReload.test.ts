// The installed .vsix, first phase: it is the packaged copy and holds only what runs, it activates,
// lists the emulator's companies and opens an invoice JSON tab, which the second phase expects back
// after the window reload.
import * as assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import type { CompanyNode } from '../../src/tree/companyNodes';
import { BUNDLE_BUDGET_KB } from '../support/bundleBudget';
import {
  apiGet,
  installedExtension,
  pathInExtensionsDir,
  rememberOpened,
  setKey,
  tabsShowing,
  waitFor,
  wellKnownCompany,
} from './shared';

/** Every file under `dir`, relative, with forward slashes. */
function filesUnder(dir: string, root = dir): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? filesUnder(p, root) : [relative(root, p).split('\\').join('/')];
    })
    .sort();
}

/** What may ship: the bundle, the webview's files and icons, the walkthrough's pages, the manifest
 * and the documents vsce adds. No sources, maps, tests, emulator, node_modules or caches. */
const ALLOWED = [
  /^package\.json$/,
  /^readme\.md$/,
  /^changelog\.md$/,
  /^LICENSE\.txt$/,
  /^\.vsixmanifest$/, // written by VS Code when it installs a .vsix
  /^dist\/extension\.js$/,
  /^package\.nls(\.[\w-]+)?\.json$/,
  /^l10n\/bundle\.l10n\.[\w-]+\.json$/,
  /^media\/[\w-]+\.(js|css|html|svg|png)$/,
  /^media\/walkthrough\/[\w-]+\.(md|svg)$/,
];
const REQUIRED = [
  'package.json',
  'readme.md',
  'changelog.md',
  'LICENSE.txt',
  'dist/extension.js',
  'media/diagnostics.html',
  'media/diagnostics.js',
  'media/diagnostics.css',
  // The report and table pages (the panels read them from media/ at run time).
  ...['report', 'table'].flatMap((page) => ['html', 'js', 'css'].map((ext) => `media/${page}.${ext}`)),
  'media/icon.png',
  'media/dataplatform.svg',
  // Each walkthrough step's page (the unit test holds package.json to these files).
  ...['account', 'browse', 'query', 'export', 'diagnostics'].map((page) => `media/walkthrough/${page}.md`),
  'package.nls.json',
  'package.nls.qps-ploc.json',
  'l10n/bundle.l10n.qps-ploc.json',
];
const BUNDLE_BUDGET = BUNDLE_BUDGET_KB * 1024;

describe('the installed extension, before a window reload', () => {
  const ext = installedExtension();

  it('is the copy installed from the .vsix, holding only what runs, with a bundle within its budget', () => {
    const where = pathInExtensionsDir(ext);
    assert.ok(where, `loaded from the extensions folder the .vsix went into, not from ${ext.extensionPath}`);
    assert.match(where, /^dataplatform\.data-platform-explorer-\d+\.\d+\.\d+/);
    const files = filesUnder(ext.extensionPath);
    console.log(
      `    package files: ${files.map((f) => `${f} (${statSync(join(ext.extensionPath, f)).size} B)`).join(', ')}`,
    );
    assert.deepEqual(
      files.filter((f) => !ALLOWED.some((re) => re.test(f))),
      [],
      'nothing but what runs',
    );
    assert.deepEqual(
      REQUIRED.filter((f) => !files.includes(f)),
      [],
      'everything that runs',
    );
    const bundle = statSync(join(ext.extensionPath, 'dist', 'extension.js')).size;
    assert.ok(bundle <= BUNDLE_BUDGET, `the production bundle is ${bundle} bytes, over the ${BUNDLE_BUDGET} budget`);
  });

  it('activates', async () => {
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('lists the emulator companies once the key is set', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.dataPlatform');
    await setKey();
    const api = ext.exports;
    assert.ok(api, 'the runner sets the test switch, so the extension returns its internals');
    const expected = (await apiGet<{ results: { id: string }[] }>('/companies?page=1&pageSize=100')).results.map(
      (c) => c.id,
    );
    const shown = await waitFor('the companies in the view', async () => {
      const nodes = (await api.tree.getChildren()) ?? [];
      const companies = nodes.filter((n) => n.getTreeItem().contextValue?.split(' ')[0] === 'company') as CompanyNode[];
      return companies.length > 0 && companies.map((c) => c.company.id);
    });
    assert.deepEqual(shown, expected, 'the first page of companies, in the API order');
  });

  it('opens an invoice as a read-only JSON tab titled by its number, and leaves it open for the reload', async () => {
    const companyId = await wellKnownCompany('few');
    const [invoice] = (
      await apiGet<{ results: { id: string; invoiceNumber: string }[] }>(
        `/companies/${companyId}/data/invoices?page=1&pageSize=1`,
      )
    ).results;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openRecord', {
      companyId,
      dataType: 'invoices',
      recordId: invoice.id,
    });
    const doc = editor.document;
    assert.equal(doc.uri.scheme, 'dataplatform');
    assert.equal(doc.languageId, 'json');
    assert.deepEqual(JSON.parse(doc.getText()), await apiGet(`/companies/${companyId}/data/invoices/${invoice.id}`));
    const [tab] = tabsShowing(doc.uri);
    assert.equal(tab?.label, `${invoice.invoiceNumber}.json`);
    assert.equal(vscode.workspace.fs.isWritableFileSystem('dataplatform'), false, 'read-only');
    await vscode.commands.executeCommand('workbench.action.keepEditor'); // pinned, as a user keeps a tab
    rememberOpened({ uri: doc.uri.toString(), companyId, invoiceId: invoice.id });
    // Away from the Companies view: after the reload, only the restored tab can activate the extension.
    await vscode.commands.executeCommand('workbench.view.explorer');
  });
});
