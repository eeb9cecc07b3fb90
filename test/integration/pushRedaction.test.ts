// Issue 30: a push that comes back Failed is a 200 answer, and what it says is the server's text.
// The emulator quotes a value outside a field's allowed values in its validation message, and names
// a field the options do not know in a warning: a draft holding the account's key there (as it is,
// as the Basic header, in Base64 and as HTML references) comes back Failed with the key in its
// validation. The key must show nowhere: the diagnostics entry and its raw body, the panel and its
// saved state, the push's tree row and tooltip, its Open JSON, the log.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PushResult } from '../../src/commands/push';
import type { DiagnosticsPanelApi } from '../../src/diagnostics/panel';
import type { RenderSnapshot } from '../../src/diagnostics/protocol';
import type { DataPlatformApi } from '../../src/testApi';
import { base64, htmlDecimal } from '../support/keyEncodings';
import { VALID_BODIES } from '../support/pushBodies';
import { assertNoSecret } from '../support/secretScan';
import { admin, emulator, invoiceDraft, openView, signIn, sleep, waitFor } from './helpers';

function rendered(panel: DiagnosticsPanelApi, what: string, check: (r: RenderSnapshot) => boolean) {
  return waitFor(`the diagnostics webview to render ${what}`, () => {
    const r = panel.lastRender();
    return r && check(r) && r;
  });
}

describe('Push: a Failed push echoing the key', function () {
  this.timeout(30_000);
  let api: DataPlatformApi;

  before(async () => {
    api = await openView();
    await signIn(api);
  });

  after(async () => {
    api.diagnosticsPanel.panel?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the key nowhere: entry, raw body, panel and its saved state, tree row, Open JSON, log', async () => {
    const { key } = await emulator();
    const companyId = (await admin.info()).companies.empty;
    const echoed = `${key} | Basic ${base64(`${key}:`)} | ${htmlDecimal(key)}`;
    const doc = await invoiceDraft(companyId, { ...VALID_BODIES.invoices, status: echoed, [`x ${key}`]: 1 });
    const reported = api.diagnostics.size;
    // The status the schema refuses is asked about first: Push Anyway, so the server answers Failed.
    api.prompts.answers.push(true);
    const r = await vscode.commands.executeCommand<PushResult>('dataPlatform.pushDraft', doc.uri);
    assert.deepEqual(api.prompts.answers, [], 'asked about the draft’s problems');
    assert.equal(r?.outcome, 'pushed', JSON.stringify(r));
    if (r?.outcome !== 'pushed') return;
    assert.equal(r.operation.status, 'Failed');
    // The answer names the status refused and the field it did not know: the test is not vacuous.
    const { validation } = r.operation;
    assert.ok(
      validation?.errors.some((e) => e.itemId === 'status'),
      JSON.stringify(r.operation),
    );
    assert.ok((validation?.warnings?.length ?? 0) > 0, JSON.stringify(r.operation));

    await waitFor('a diagnostics entry', () => api.diagnostics.size === reported + 1);
    const entry = api.diagnostics.entries()[0];
    const panel = await waitFor('the diagnostics panel', () => api.diagnosticsPanel.panel && api.diagnosticsPanel);
    await rendered(panel, 'the entry', (x) => x.ids.includes(entry.id));
    await panel.post({ type: 'click', action: 'raw', id: entry.id });
    const raw = await rendered(panel, 'the raw body', (x) => x.openRaw.includes(entry.id));
    const saved = await waitFor('the saved state', async () => {
      await panel.post({ type: 'drive', action: 'reportState' });
      await sleep(100);
      return panel.lastRender()?.persisted !== undefined && panel.lastRender();
    });

    const node = api.tree.root?.companyNode(companyId)?.pushHistory.operationNode(r.operation.pushOperationKey);
    assert.ok(node, 'the push is under Push history');
    const item = node.getTreeItem();
    const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dataPlatform.openPushOperation', node);
    assert.match(editor.document.getText(), /"status": "Failed"/);

    assertNoSecret(key, {
      'diagnostics entry': entry,
      'error notification': entry.error.message,
      'panel, raw body open': raw,
      'panel saved state': saved.persisted,
      'tree row': [item.label, item.description, tooltip],
      'Open JSON': editor.document.getText(),
      log: api.logLines(),
    });
  });
});
