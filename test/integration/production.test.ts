// Safe on production, in the real host against the emulator: the emulator's account (local by
// default, so nothing asks) is set to production through Set Environment's argument; then its root
// and the status bar say so, and every write asks a modal question naming the account. The host
// cannot click a modal: under the test switch each question is recorded and answered from
// `api.prompts.answers` (none left: declined). Declined, nothing reaches the emulator.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DeleteApiKeyResult } from '../../src/commands/apiKeys';
import type { PushResult } from '../../src/commands/push';
import type { Answer } from '../../src/commands/answerQueue';
import type { Environment } from '../../src/accounts/environment';
import type { DataPlatformApi } from '../../src/testApi';
import { VALID_BODIES } from '../support/pushBodies';
import {
  addAccount,
  admin,
  answering,
  canType,
  createApiKey,
  createCompany,
  emulator,
  emulatorClient,
  firstPageCompany,
  invoiceDraft,
  keyboard,
  modals,
  openView,
  removeAccount,
  setEnvironment,
  signIn,
  waitFor,
} from './helpers';

const confirmWrites = (value: string | undefined) =>
  vscode.workspace.getConfiguration('dataPlatform').update('confirmWrites', value, vscode.ConfigurationTarget.Global);

describe('Safe on production: writes ask first', () => {
  let api: DataPlatformApi;
  let accountId = '';
  const asked = () => modals(api);
  const create = (c: { accountId: string; name: string }, then: Answer[] = []) => createCompany(api, c, then);
  const posts = async () => (await admin.requests()).filter((r) => r.method !== 'GET').map((r) => r.path);
  const environment = async (env: Environment) => {
    assert.deepEqual(await setEnvironment(api, accountId, env), { outcome: 'done' });
    await waitFor(`the ${env} account`, () => api.connection.account.environment === env);
  };

  before(async () => {
    api = await openView();
    await signIn(api);
    accountId = api.connection.account.id;
  });

  beforeEach(async () => {
    api.prompts.answers.length = 0;
    await admin.clearRequests();
  });

  after(async () => {
    api.prompts.answers.length = 0;
    await confirmWrites(undefined);
    await environment('local');
    // Later test files count the seeded companies and keys.
    await admin.reset();
    await signIn(api);
    await vscode.commands.executeCommand('dataPlatform.refresh');
  });

  it('the emulator is a local account: Create Company asks nothing', async () => {
    assert.equal(api.connection.account.environment, 'local', 'inferred from its loopback address');
    const before = asked().length;
    const result = await create({ accountId, name: 'Local Co' });
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    assert.equal(asked().length, before, 'no question');
    assert.equal(api.statusBar.background, undefined);
    assert.equal(api.companiesView.description, undefined);
  });

  it('Set Environment makes it production: its root and the status bar say so', async () => {
    await environment('production');
    const root = api.tree.rootOf(accountId);
    assert.ok(root);
    const item = root.getTreeItem();
    const icon = item.iconPath as vscode.ThemeIcon;
    assert.equal(icon.id, 'flame');
    assert.equal((icon.color as unknown as { id: string }).id, 'dataPlatform.productionForeground');
    assert.equal(item.description, 'Production');
    assert.match((item.tooltip as vscode.MarkdownString).value, /Production: every write asks first/);
    assert.match((item.tooltip as vscode.MarkdownString).value, /Base URL: http:\/\/127\\\.0\\\.0\\\.1:\d+/);
    await waitFor('the status bar', () => api.statusBar.text.startsWith('$(flame) '));
    assert.equal(api.statusBar.background, 'statusBarItem.warningBackground');
    if (api.connections.list().length === 1)
      assert.equal(api.companiesView.description, 'Production', 'alone, the account has no root: the view says it');
    assert.match(api.statusBar.tooltip, /Production: every write asks first/);
  });

  it('on production Create Company asks, naming the account; declined, nothing is sent', async () => {
    const before = asked().length;
    const result = await create({ accountId, name: 'Prod Co' });
    assert.equal(result?.outcome, 'cancelled');
    const [question] = asked().slice(before);
    assert.ok(question, 'asked');
    assert.equal(asked().length, before + 1, 'once');
    assert.equal(question.message, `Create the company "Prod Co" in ${api.connection.account.name}?`);
    assert.match(
      question.detail,
      new RegExp(`^${api.connection.account.name.replace(/\./g, '\\.')} is a production account`),
    );
    assert.deepEqual(await posts(), [], 'nothing sent');
    const companies = (await (await emulatorClient()).listCompanies({ query: 'name="Prod Co"' })).results;
    assert.equal(companies.length, 0, 'nothing created');
  });

  it('accepted, the company is created', async () => {
    const result = await create({ accountId, name: 'Prod Co' }, [true]);
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    assert.deepEqual(await posts(), ['/companies']);
  });

  it('Create API Key asks too; Delete API Key asks once, its question naming production, whatever its caller passes', async () => {
    const before = asked().length;
    const created = await createApiKey(api, { accountId, name: 'prod key' });
    assert.equal(created?.outcome, 'cancelled');
    assert.match(asked()[before]?.message ?? '', /^Create the API key "prod key" for /);
    const made = await createApiKey(api, { accountId, name: 'prod key' }, [true]);
    assert.equal(made?.outcome, 'created', JSON.stringify(made));
    if (made?.outcome !== 'created') return;
    const deleting = asked().length;
    // Another extension or a command link cannot answer the production question (issue 37).
    const kept = await vscode.commands.executeCommand<DeleteApiKeyResult>('dataPlatform.deleteApiKey', {
      accountId,
      apiKeyId: made.apiKeyId,
      confirmed: true,
      inUseConfirmed: true,
    });
    assert.equal(kept?.outcome, 'cancelled');
    assert.equal(asked().length, deleting + 1, 'one question, not two');
    assert.match(asked()[deleting].detail, /is a production account/);
    assert.deepEqual(await posts(), ['/apiKeys'], 'only the accepted create was sent');
  });

  it('the sync writes ask on production too: declined, Queue Sync, Refresh All Data and a schedule send nothing', async () => {
    const company = await firstPageCompany(api, (await admin.info()).companies.notRequested);
    assert.ok(company);
    const before = asked().length;
    assert.equal(await vscode.commands.executeCommand('dataPlatform.queueSync', company.invoices), false);
    assert.equal(await vscode.commands.executeCommand('dataPlatform.refreshAllData', company), false);
    const schedule = await answering(api, ['6'], () =>
      vscode.commands.executeCommand<{ outcome: string }>('dataPlatform.setSyncSchedule', company.invoices),
    );
    assert.equal(schedule?.outcome, 'cancelled');
    assert.deepEqual(
      asked()
        .slice(before)
        .map((q) => q.message.split('?')[0].replace(api.connection.account.name, 'ACCOUNT')),
      [
        `Queue a sync of Invoices for ${company.company.name} in ACCOUNT`,
        `Queue a sync of every data type for ${company.company.name} in ACCOUNT`,
        `Sync Invoices of ${company.company.name} in ACCOUNT every 6 hours`,
      ],
    );
    assert.deepEqual(await posts(), [], 'nothing sent');
  });

  it('Push and Save Sync Settings ask too: declined, the draft and the settings stay unsent', async () => {
    const info = await admin.info();
    const doc = await invoiceDraft(info.companies.empty, VALID_BODIES.invoices);
    const before = asked().length;
    const pushed = await vscode.commands.executeCommand<PushResult>('dataPlatform.pushDraft', doc.uri);
    assert.equal(pushed?.outcome, 'cancelled', JSON.stringify(pushed));
    assert.match(
      asked()[before]?.message ?? '',
      new RegExp(`^Push the Invoices draft to .* in ${api.connection.account.name}\\?$`),
    );

    const company = await firstPageCompany(api, info.companies.notRequested);
    assert.ok(company);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('dataPlatform.editSyncSettings', company);
    assert.ok(uri, 'a settings document (a read: nothing asked)');
    assert.equal(asked().length, before + 1);
    const saved = await vscode.commands.executeCommand<{ outcome: string }>('dataPlatform.saveSyncSettings', uri);
    assert.equal(saved?.outcome, 'cancelled', JSON.stringify(saved));
    assert.equal(asked().length, before + 2, 'Save asked');
    assert.deepEqual(await posts(), [], 'nothing sent');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('with confirmWrites: always, a local account asks too', async () => {
    await environment('local');
    await confirmWrites('always');
    const before = asked().length;
    const result = await create({ accountId, name: 'Asked Co' });
    assert.equal(result?.outcome, 'cancelled');
    assert.match(asked()[before]?.detail ?? '', /is a local account/);
    assert.deepEqual(await posts(), []);
    await confirmWrites(undefined);
    assert.equal((await create({ accountId, name: 'Asked Co' }))?.outcome, 'created');
    assert.equal(asked().length, before + 1, 'back to the default: no question');
  });

  it('Add Account: elsewhere than loopback the environment is asked', async () => {
    const asks = () => api.prompts.asked.filter((q) => q.message.startsWith('Add Account: environment of '));
    const before = asks().length;
    const remote = { baseUrl: 'https://remote.example' };
    const live = await addAccount(api, { name: 'Remote live', ...remote, environment: 'production' });
    const sandbox = await addAccount(api, { name: 'Remote sandbox', ...remote, environment: 'test' });
    try {
      assert.equal(asks().length, before + 2, 'asked each time');
      assert.equal(live?.account?.environment, 'production');
      assert.equal(sandbox?.account?.environment, 'test');
    } finally {
      for (const added of [live, sandbox]) if (added?.account) await removeAccount(api, added.account.id);
    }
  });

  it('Add Account: a loopback address is local only where the emulator itself answers (a tunnel to production is not)', async () => {
    const { url } = await emulator();
    const asks = () => api.prompts.asked.filter((q) => q.message.startsWith('Add Account: environment of '));
    const before = asks().length;
    // Something on loopback that is not the emulator (nothing listens on port 1): asked, as
    // anywhere else; where the emulator answers, local without a question.
    const tunnel = await addAccount(api, {
      name: 'Loopback tunnel',
      baseUrl: 'http://127.0.0.1:1',
      environment: 'production',
    });
    assert.equal(asks().length, before + 1, 'the tunnel: asked');
    const local = await addAccount(api, { name: 'Loopback emulator', baseUrl: url });
    try {
      assert.equal(asks().length, before + 1, 'the emulator: not asked');
      assert.equal(tunnel?.account?.environment, 'production');
      assert.equal(local?.account?.environment, 'local');
    } finally {
      for (const added of [tunnel, local]) if (added?.account) await removeAccount(api, added.account.id);
    }
  });
});

describe('The status bar: the account in use, and its actions', () => {
  let api: DataPlatformApi;

  before(async () => {
    api = await openView();
    await signIn(api);
  });

  afterEach(async () => {
    if (api.quickPick()) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('shows the account and what its key has left; every account in the tooltip', async () => {
    const { name } = api.connection.account;
    await vscode.commands.executeCommand('dataPlatform.refresh');
    await api.tree.getChildren();
    await waitFor('the budget', () => / · [\d,]+ left$/.test(api.statusBar.text));
    assert.ok(api.statusBar.text.startsWith(`$(cloud) ${name} · `), api.statusBar.text);
    assert.match(api.statusBar.tooltip, /Local environment[\s\S]*Rate limit: [\d,]+ of [\d,]+ left/);
  });

  it('a click offers the useful actions, naming the account they act on', async () => {
    const { name } = api.connection.account;
    const shown = vscode.commands.executeCommand<string | undefined>('dataPlatform.statusBarActions');
    const pick = await waitFor('the actions', () =>
      api.quickPick()?.title === `Data Platform: ${name}` ? api.quickPick() : undefined,
    );
    assert.equal(pick.placeholder, `What to do with ${name}`);
    assert.deepEqual(
      pick.items.filter((i) => i.description === name).map((i) => i.label),
      ['$(key) Set API Key…', '$(flame) Set Environment…'],
      'the rows that act on that account alone name it',
    );
    const labels = pick.items.map((i) => i.label);
    assert.deepEqual(labels, [
      '$(refresh) Refresh',
      '$(search) Find Company…',
      '$(list-filter) Run Query…',
      '$(key) Set API Key…',
      '$(flame) Set Environment…',
      '$(add) Add Account…',
      '$(debug-console) Show Diagnostics',
      '$(output) Show Log',
    ]);
    if (canType()) {
      await keyboard.type('Show Log');
      await waitFor('Show Log highlighted', () => api.quickPick()?.active === '$(output) Show Log');
      await keyboard.press('Enter');
      assert.equal(await shown, 'dataPlatform.showLog');
    } else {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await shown, undefined);
    }
  });
});
