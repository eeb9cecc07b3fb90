// The installed .vsix, second phase, in the window the first phase reloaded: the invoice tab came
// back, the installed extension was activated by it (onFileSystem:dataplatform; the Companies view
// is not showing) and serves its content.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { apiGet, installedExtension, pathInExtensionsDir, recallOpened, setKey, tabsShowing, waitFor } from './shared';

describe('the installed extension, after a window reload', () => {
  it('restores the invoice tab and serves it from the installed copy', async () => {
    const opened = recallOpened();
    const uri = vscode.Uri.parse(opened.uri);
    await waitFor('the restored invoice tab', () => tabsShowing(uri).length > 0);
    const ext = installedExtension();
    assert.ok(pathInExtensionsDir(ext), 'still the installed copy');
    await waitFor('the extension activated by the restored tab', () => ext.isActive);
    const doc = await vscode.workspace.openTextDocument(uri);
    const expected = await apiGet(`/companies/${opened.companyId}/data/invoices/${opened.invoiceId}`);
    if (!doc.getText().startsWith('{')) {
      // The web workbench keeps secrets in memory only: the reload forgot the key, and the tab says so
      // until one is set. A desktop VS Code keeps it in the OS keychain and shows the invoice at once.
      assert.match(doc.getText(), /no API key is set/);
      await setKey();
    }
    await waitFor('the invoice in the restored tab', () => doc.getText().startsWith('{'));
    assert.deepEqual(JSON.parse(doc.getText()), expected);
  });
});
