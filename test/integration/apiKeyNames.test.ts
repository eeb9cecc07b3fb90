// Issue 30: a key's name is the server's text, and may hold a key. A key named with the account's
// own key (made directly through the API, as another tool could) is listed in the API Keys folder
// with that name redacted: no row, tooltip or log line shows the key. The key is deleted after.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import type { ApiKeyNode } from '../../src/tree/apiKeyNodes';
import { assertNoSecret } from '../support/secretScan';
import { emulator, emulatorClient, kindOf, openView, signIn, waitFor } from './helpers';

describe('API keys: a name holding a key', () => {
  let api: DataPlatformApi;
  let created: string | undefined;

  before(async () => {
    api = await openView();
    await signIn(api);
  });

  // The key made here is deleted through the API, and the folder loaded again: the account is
  // left as it was found, signed in with the same key.
  after(async () => {
    if (created !== undefined) await (await emulatorClient()).deleteApiKey(created);
    api.tree.root?.apiKeys.refresh();
  });

  it('shows the name redacted in the API Keys folder: no row, tooltip or log line holds the key', async () => {
    const { key } = await emulator();
    created = (await (await emulatorClient()).createApiKey({ name: key })).id;
    const folder = api.tree.root?.apiKeys;
    assert.ok(folder, 'the account has an API Keys folder');
    folder.refresh();
    const row = await waitFor('the new key listed', async () => {
      const rows = ((await api.tree.getChildren(folder)) ?? []).filter((n) => kindOf(n) === 'apiKey') as ApiKeyNode[];
      return rows.find((n) => n.apiKey.id === created);
    });
    const item = api.tree.getTreeItem(row);
    const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip;
    assert.equal(item.label, '***');
    assertNoSecret(key, {
      'tree row': { label: item.label, description: item.description, tooltip },
      'kept summary': row.apiKey,
      log: api.logLines().map((l) => l.message),
    });
  });
});
