// API keys in the real host against the emulator: each account's API Keys folder (first, before
// its companies) lists its keys by name, last four characters and date, the one in use marked;
// Create API Key… up to the tenth key, the eleventh refused with the 409 said and reported;
// Delete API Key, and of the key in use; with two accounts each has its own folder. No whole key
// reaches a tree item, a tooltip, the log or the diagnostics. The emulator is put back after.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CreateApiKeyResult, DeleteApiKeyResult } from '../../src/commands/apiKeys';
import { lastFour } from '../../src/format/apiKeyLabels';
import type { Answer } from '../../src/commands/answerQueue';
import type { DataPlatformApi } from '../../src/testApi';
import type { ApiKeyNode, ApiKeysNode } from '../../src/tree/apiKeyNodes';
import type { AccountRoot } from '../../src/tree/accountRoot';
import type { TreeNode } from '../../src/tree/node';
import { assertNoSecret } from '../support/secretScan';
import {
  addTrialAccount,
  admin,
  answering,
  canScreenshot,
  canType,
  children,
  createApiKey,
  emulator,
  emulatorClient,
  EXTENSION_ID,
  firstAccountKey,
  keyboard,
  kindOf,
  labelOf,
  modals,
  openView,
  removeAccount,
  screenshot,
  signIn,
  viewItemMatches,
  waitFor,
} from './helpers';

const remove = (arg: unknown) => vscode.commands.executeCommand<DeleteApiKeyResult>('dataPlatform.deleteApiKey', arg);
const descriptionOf = (n: TreeNode) => String(n.getTreeItem().description ?? '');
const iconOf = (n: TreeNode) => (n.getTreeItem().iconPath as vscode.ThemeIcon | undefined)?.id;

describe('API keys: list, create up to the limit, delete, per account', () => {
  let api: DataPlatformApi;
  const create = (c: { accountId: string; name: string }, then: Answer[] = []) => createApiKey(api, c, then);
  let accountId = '';
  let trialId = '';

  const root = (): AccountRoot => {
    const r = api.tree.rootOf(accountId);
    assert.ok(r, 'the account has a root');
    return r;
  };
  /** The key nodes of an account's folder, as the view gets them. */
  const keyNodes = async (folder: ApiKeysNode = root().apiKeys): Promise<ApiKeyNode[]> =>
    (await children(api, folder)).filter((n) => kindOf(n) === 'apiKey') as ApiKeyNode[];
  /** Every whole key the account has, read from the emulator with its demo key. */
  const wholeKeys = async (): Promise<string[]> =>
    (await (await emulatorClient()).listApiKeys()).results.map((k) => k.apiKey);

  before(async () => {
    api = await openView();
    await signIn(api);
    accountId = api.connection.account.id;
  });

  after(async () => {
    // The view would open the folder again in later suites, sending requests into their logs.
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    if (trialId && api.accounts.get(trialId)) await api.accounts.remove(trialId);
    api.diagnosticsPanel.panel?.dispose();
    // Later test files see the seeded keys, and the demo key stored.
    await admin.reset();
    await signIn(api);
  });

  it('shows the API Keys folder first, and lists the demo key by name, last four and date, marked in use', async () => {
    const top = await children(api);
    assert.equal(kindOf(top[0]), 'apiKeys');
    assert.equal(labelOf(top[0]), 'API Keys');
    assert.equal(iconOf(top[0]), 'key');
    assert.equal(top.filter((n) => kindOf(n) === 'company').length, 100, 'the companies follow, as before');

    await admin.clearRequests();
    const [demo, ...others] = await keyNodes();
    assert.deepEqual(others, []);
    assert.deepEqual(
      (await admin.requests()).map((r) => `${r.method} ${r.path}`),
      ['GET /apiKeys'],
      'one request, not paged',
    );
    const { key } = await emulator();
    assert.equal(labelOf(demo), 'Emulator demo key');
    assert.match(descriptionOf(demo), new RegExp(`^…${lastFour(key)} · .+2021 · in use$`));
    assert.equal(iconOf(demo), 'verified-filled', 'the key in use stands out');
    assert.match(String(demo.getTreeItem().contextValue), /^apiKey\b.*\bdeleteApiKey\b/);
    await waitFor('the count on the folder', () => descriptionOf(root().apiKeys) === '1 of 10');
  });

  it("offers Create on the folder (inline and menu) and in the palette, Delete on a key's menu only", () => {
    const { menus } = (
      vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        contributes: { menus: Record<string, { command: string; when: string; group?: string }[]> };
      }
    ).contributes;
    const entries = (command: string) => menus['view/item/context'].filter((m) => m.command === command);
    const folder = String(root().apiKeys.getTreeItem().contextValue);
    const key = 'apiKey deleteApiKey';
    const creates = entries('dataPlatform.createApiKey');
    assert.ok(creates.some((m) => m.group?.startsWith('inline') && viewItemMatches(m.when, folder)));
    assert.ok(creates.some((m) => !m.group?.startsWith('inline') && viewItemMatches(m.when, folder)));
    const deletes = entries('dataPlatform.deleteApiKey');
    assert.ok(deletes.length > 0 && deletes.every((m) => !m.group?.startsWith('inline')), 'never inline');
    assert.ok(deletes.some((m) => viewItemMatches(m.when, key)));
    assert.ok(!deletes.some((m) => viewItemMatches(m.when, folder)), 'not on the folder');
    const palette = (command: string) => menus.commandPalette.find((m) => m.command === command)?.when;
    assert.equal(palette('dataPlatform.createApiKey'), 'dataPlatform.state == ready');
    assert.equal(palette('dataPlatform.deleteApiKey'), 'false');
  });

  it('Create API Key… checks the name as it is typed', async function () {
    if (!canType()) this.skip();
    const running = vscode.commands.executeCommand<CreateApiKeyResult>('dataPlatform.createApiKey', { accountId });
    await waitFor('the name box', () => api.quickPick()?.title?.startsWith('Create API Key for'));
    const tooLong = 'Nightly export to the warehouse, EU region, read-only';
    assert.ok(tooLong.length > 50);
    await keyboard.type(tooLong);
    await waitFor('the length refused as typed', () =>
      api.quickPick()?.validationMessage?.includes(`at most 50 characters, please (${tooLong.length} now)`),
    );
    await keyboard.press('Enter');
    assert.equal(api.quickPick()?.value, tooLong, 'Enter does not take a name too long');
    await keyboard.press('Control+A');
    await keyboard.type('Nightly export');
    await waitFor('the message gone', () => api.quickPick()?.validationMessage === undefined);
    await keyboard.press('Enter');
    const result = await running;
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    const node = result?.outcome === 'created' ? root().apiKeys.keyNode(result.apiKeyId) : undefined;
    assert.equal(node && labelOf(node), 'Nightly export');
  });

  it('the new key is offered in a modal that waits for the user; its Copy Key (first: Enter) puts the whole key on the clipboard, and only its last four are shown', async () => {
    await vscode.env.clipboard.writeText('');
    const asked = modals(api).length;
    // The modal's first button pressed (the test queue stands for the click).
    const result = await create({ accountId, name: 'Copied key' }, [true]);
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    if (result?.outcome !== 'created') return;
    const [offered, ...more] = modals(api).slice(asked);
    assert.deepEqual(more, [], 'one modal');
    assert.match(
      offered.message,
      new RegExp(`^API key "Copied key" \\(…${result.last4}\\) created for .+\\. Copy it now`),
    );
    assert.deepEqual(offered.buttons, ['Copy Key', 'Use for This Account']);
    assert.equal(result.copied, true);
    assert.ok(result.revealed, 'the new key is shown and selected');
    const copied = await vscode.env.clipboard.readText();
    assert.ok((await wholeKeys()).includes(copied), 'a key the API knows');
    assert.equal(lastFour(copied), result.last4);
    const node = root().apiKeys.keyNode(result.apiKeyId);
    assert.ok(node);
    assert.match(descriptionOf(node), new RegExp(`^…${result.last4} · `));
    assert.doesNotMatch(descriptionOf(node), /in use/);
    assertNoSecret(copied, { result, log: api.logLines(), offered });
  });

  it('takes a screenshot of the API Keys folder', async function () {
    if (!canScreenshot()) this.skip();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    await api.companiesView.reveal(root().apiKeys, { expand: true, select: false, focus: false });
    await waitFor('the keys shown', async () => (await keyNodes()).length >= 2);
    await screenshot('api-keys');
  });

  it('creates keys up to the tenth; the eleventh gets the 409, said with what to do and reported', async () => {
    for (let n = (await keyNodes()).length + 1; n <= 10; n++) {
      const result = await create({ accountId, name: `Test key ${n}` });
      assert.equal(result?.outcome, 'created', `key ${n}: ${JSON.stringify(result)}`);
    }
    assert.equal((await keyNodes()).length, 10);
    await waitFor('the folder full', () => descriptionOf(root().apiKeys) === '10 of 10');

    api.diagnostics.clear();
    await admin.clearRequests();
    const refused = await create({ accountId, name: 'The eleventh' });
    assert.equal(refused?.outcome, 'limit', JSON.stringify(refused));
    if (refused?.outcome !== 'limit') return;
    assert.equal(refused.error.status, 409);
    assert.equal(
      refused.message,
      `${api.connection.account.name} already has 10 API keys, the most an account can hold. Delete a key it no longer needs, then create the new one.`,
    );
    assert.equal(api.diagnostics.size, 1, 'reported once');
    const [entry] = api.diagnostics.entries();
    assert.equal(entry.error.kind, 'apiKeyLimit');
    assert.equal(entry.account, api.connection.account.name);
    assert.deepEqual(
      (await admin.requests()).filter((r) => r.method === 'POST').map((r) => [r.path, r.status]),
      [['/apiKeys', 409]],
    );
    assert.equal((await keyNodes()).length, 10, 'nothing was added');
  });

  it('never shows a whole key: not in a tree item, a tooltip, the log or the diagnostics', async () => {
    const folder = root().apiKeys;
    const items = [folder, ...(await keyNodes())].map((n) => {
      const item = api.tree.getTreeItem(n);
      const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip;
      return { id: item.id, label: item.label, description: item.description, tooltip, context: item.contextValue };
    });
    assert.equal(items.length, 11);
    const places = {
      'tree items': items,
      log: api.logLines().map((l) => l.message),
      diagnostics: api.diagnostics.entries(),
    };
    const keys = await wholeKeys();
    assert.equal(keys.length, 10);
    for (const key of keys) assertNoSecret(key, places);
  });

  it('deletes a key once confirmed: the folder and the API hold one fewer; a key already gone is said', async () => {
    const before = await keyNodes();
    const victim = before.find((n) => labelOf(n) === 'Test key 10');
    assert.ok(victim);
    const result = await answering(api, [true], () => remove({ accountId, apiKeyId: victim.apiKey.id }));
    assert.deepEqual(result, { outcome: 'deleted', apiKeyId: victim.apiKey.id, wasInUse: false });
    const after = await keyNodes();
    assert.equal(after.length, 9);
    assert.ok(!after.some((n) => n.apiKey.id === victim.apiKey.id));
    assert.equal((await wholeKeys()).length, 9);
    await waitFor('the count on the folder', () => descriptionOf(root().apiKeys) === '9 of 10');

    const again = await answering(api, [true], () => remove({ accountId, apiKeyId: victim.apiKey.id }));
    assert.deepEqual(again, { outcome: 'notFound', apiKeyId: victim.apiKey.id });
  });

  it('with two accounts, each root has its own API Keys folder first, listing its own keys', async () => {
    trialId = await addTrialAccount(api);
    const trialKey = (await admin.info()).keys.freeTrial;
    const trial = api.tree.rootOf(trialId);
    assert.ok(trial);
    for (const r of [root(), trial]) assert.equal(kindOf((await children(api, r))[0]), 'apiKeys');
    assert.match(String(trial.getTreeItem().contextValue), /\bcreateApiKey\b/, 'the account root offers Create');

    const [trialDemo, ...none] = await keyNodes(trial.apiKeys);
    assert.deepEqual(none, []);
    assert.match(descriptionOf(trialDemo), new RegExp(`^…${lastFour(trialKey)} · .+ · in use$`));
    const made = await create({ accountId: trialId, name: 'Trial key' });
    assert.equal(made?.outcome, 'created', JSON.stringify(made));
    assert.deepEqual((await keyNodes(trial.apiKeys)).map(labelOf), ['Emulator demo key', 'Trial key']);
    assert.equal((await keyNodes()).length, 9, 'the other account is untouched');

    await removeAccount(api, trialId);
    await waitFor('one account again', () => !api.tree.several);
  });

  it('an account added while the window is open: a key row selected in the view is the selection at once, and Delete deletes it', async function () {
    if (!canType()) this.skip();
    trialId = await addTrialAccount(api);
    const made = await create({ accountId: trialId, name: 'Spare trial key' });
    assert.equal(made?.outcome, 'created', JSON.stringify(made));
    // As the user does it, in the workbench: the folder selected, opened with the right arrow, a row
    // below it selected with the down arrow and Enter (the selection comes from the view, not from
    // the extension's reveal).
    const trial = api.tree.rootOf(trialId);
    assert.ok(trial);
    await api.companiesView.reveal(trial.apiKeys, { select: true, focus: true, expand: false });
    await waitFor('the folder selected', () => api.companiesView.selection[0] === api.tree.rootOf(trialId)?.apiKeys);
    await keyboard.press('ArrowRight');
    const spare = made?.outcome === 'created' ? made.apiKeyId : '';
    // Read, not loaded, here: the view's own request loads the folder, as for a user.
    await waitFor('the keys loaded', () => trial.apiKeys.keys?.some((k) => k.id === spare));
    const selectedKey = () => {
      const [selected] = api.companiesView.selection;
      return selected && kindOf(selected) === 'apiKey' ? (selected as ApiKeyNode) : undefined;
    };
    // Down the rows to the new key (the account has others): each a selection made in the view.
    for (let i = 0; i < 5 && selectedKey()?.apiKey.id !== spare; i++) {
      const before = api.companiesView.selection[0];
      await keyboard.press('ArrowDown');
      // The arrow moves the focus; Enter selects the focused row (list.select), as a click would.
      await keyboard.press('Enter');
      await waitFor('another row selected', () => api.companiesView.selection[0] !== before);
    }
    const row = selectedKey();
    assert.equal(row?.apiKey.id, spare);
    api.prompts.answers.push(true);
    const result = await vscode.commands.executeCommand<DeleteApiKeyResult>('dataPlatform.deleteSelected');
    assert.deepEqual(result, { outcome: 'deleted', apiKeyId: spare, wasInUse: false });

    await removeAccount(api, trialId);
    await waitFor('one account again', () => !api.tree.several);
  });

  it('Use for This Account stores the new key through Set API Key, and the folder marks it in use', async () => {
    const result = await create({ accountId, name: 'Key in use' }, ['Use for This Account']);
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    if (result?.outcome !== 'created') return;
    assert.equal(result.used, 'stored');
    assert.equal(lastFour((await firstAccountKey.get(api)) ?? ''), result.last4, 'the new key is stored');
    await waitFor('a ready connection', () => api.connection.state.kind === 'ready');
    const nodes = await keyNodes();
    const inUse = nodes.filter((n) => descriptionOf(n).endsWith('in use'));
    assert.deepEqual(
      inUse.map((n) => n.apiKey.id),
      [result.apiKeyId],
      'only the new key is marked',
    );
  });

  it('deleting the key in use: the first question says it is the key in use, Enter keeps it on both; once both are answered, the account is signed out', async () => {
    const inUse = (await keyNodes()).find((n) => n.apiKey.inUse);
    assert.ok(inUse);
    const asked = modals(api).length;
    // Declined (an empty queue): nothing deleted.
    assert.deepEqual(await remove({ accountId, apiKeyId: inUse.apiKey.id }), { outcome: 'cancelled' });
    const [first] = modals(api).slice(asked);
    assert.match(first.detail, /This is the key .+ itself uses: the account stops working until another key is set\./);
    assert.deepEqual(first.buttons, ['Keep the Key', 'Delete'], 'Enter presses the first: it keeps the key');
    api.prompts.answers.push(true, true);
    const result = await remove({ accountId, apiKeyId: inUse.apiKey.id });
    const second = modals(api).at(-1);
    assert.match(second?.message ?? '', /^This is the key .+ uses: the account will stop working/);
    assert.deepEqual(second?.buttons, ['Keep the Key', 'Delete Anyway']);
    assert.deepEqual(result, { outcome: 'deleted', apiKeyId: inUse.apiKey.id, wasInUse: true });
    await waitFor('the account without a key', () => api.connection.state.kind === 'noKey');
    assert.equal(await firstAccountKey.get(api), undefined, 'the deleted key is gone from secret storage');
    assert.equal((await wholeKeys()).length, 9, 'one key fewer in the API');
  });
});
