// Accounts: two accounts on the same emulator (the normal account and the Free-trial account, each with its own key) browsed side by side,
// each with its own companies, errors and rate limit; commands acting on the node's account; and
// renaming, moving and removing an account. Runs last (files run in name order) and leaves the
// one account it found.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ACCOUNTS_KEY } from '../../src/accounts/accountList';
import type { DataPlatformApi } from '../../src/testApi';
import type { AccountRoot } from '../../src/tree/accountRoot';
import type { TreeNode } from '../../src/tree/node';
import type { CompanyNode } from '../../src/tree/companyNodes';
import {
  addAccount,
  admin,
  answering,
  canScreenshot,
  canType,
  children,
  createCompany,
  emulator,
  keyboard,
  kindOf,
  labelOf,
  openView,
  removeAccount,
  renameAccount,
  runQuery,
  screenshot,
  setEnvironment,
  signIn,
  waitFor,
} from './helpers';

const contextOf = (n: TreeNode) => n.getTreeItem().contextValue ?? '';
const companiesOf = (nodes: TreeNode[]) => nodes.filter((n) => kindOf(n) === 'company') as CompanyNode[];

describe('accounts: two accounts on the same emulator, side by side', () => {
  let api: DataPlatformApi;
  let trialKey: string;
  let trialId = '';
  let first: AccountRoot;
  let trial: AccountRoot;
  const dir = mkdtempSync(join(tmpdir(), 'dp-accounts-'));

  before(async () => {
    api = await openView();
    // Signed out, then in again with the normal account's key (whatever an earlier suite left): the
    // account's root is rebuilt, so no pages an earlier suite loaded remain, and what it selected
    // names no account.
    await vscode.commands.executeCommand('dataPlatform.signOut', { accountId: api.connection.account.id });
    await signIn(api);
    trialKey = (await admin.info()).keys.freeTrial;
  });
  afterEach(() => admin.clearFaults());
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (trialId && api.accounts.get(trialId)) await api.accounts.remove(trialId);
  });

  it('Add Account adds a second account on the same origin with its own key: one root per account', async () => {
    const { url } = await emulator();
    const added = await addAccount(api, { name: 'Free trial', baseUrl: url, key: trialKey });
    assert.equal(added?.outcome, 'added');
    assert.equal(added?.key?.outcome, 'stored', 'the key was checked, then stored');
    trialId = added?.account?.id ?? '';
    assert.equal(await api.accounts.getKey(trialId), trialKey);
    await waitFor('two accounts in the view', () => api.tree.several);
    const roots = (await children(api)) as AccountRoot[];
    assert.deepEqual(roots.map(labelOf), [api.connection.account.name, 'Free trial']);
    assert.deepEqual(
      roots.map((r) => r.getTreeItem().description),
      [new URL(url).host, new URL(url).host],
    );
    assert.match(contextOf(roots[1]), /^account\b.*\bsignOut\b/);
    [first, trial] = roots;
    assert.equal(trial.accountId, trialId);
  });

  it('a command with neither a node nor a selection asks which account, by keys', async function () {
    if (!canType()) this.skip();
    // What an earlier suite selected belongs to a tree rebuilt since: it names no account now.
    const uri = vscode.Uri.file(join(dir, 'asked.json'));
    const running = vscode.commands.executeCommand<{ outcome: string; written?: number }>(
      'dataPlatform.exportCompanies',
    );
    const pick = await waitFor(
      'the account pick',
      () => api.quickPick()?.title === 'Export: account' && api.quickPick(),
    );
    // The save dialog, asked once the account is picked below.
    api.prompts.answers.push(uri);
    assert.deepEqual(
      pick.items.map((i) => i.label),
      [api.connection.account.name, 'Free trial'],
    );
    await keyboard.type('trial');
    await waitFor('Free trial highlighted', () => api.quickPick()?.active === 'Free trial');
    await keyboard.press('Enter');
    assert.equal((await running)?.written, 50, "the picked account's companies");
  });

  it('each account lists its own companies, the company nodes knowing their account', async () => {
    const [normalTop, trialTop] = [await children(api, first), await children(api, trial)];
    const normal = companiesOf(normalTop);
    const trialCompanies = companiesOf(trialTop);
    assert.equal(normal.length, 100, 'the normal account: its first page');
    assert.equal(trialCompanies.length, 50, 'the Free-trial account: its 50 companies');
    const normalIds = new Set(normal.map((c) => c.company.id));
    assert.ok(
      trialCompanies.every((c) => !normalIds.has(c.company.id)),
      'no company of one account under the other',
    );
    assert.equal(trialCompanies[0].account.id, trialId);
    assert.equal(normal[0].account.id, first.accountId);
    // Tree item ids stay unique when two accounts show the same ids.
    assert.match(String(api.tree.getTreeItem(trialCompanies[0]).id), new RegExp(`^${trialId}/company:`));
  });

  it('the status bar shows the account in use with the rate limit its own key has left; the tooltip each account', () => {
    const name = api.connection.account.name.replace(/[.]/g, '\\.');
    const inUse = api.statusBar.accountId === trialId ? 'Free trial' : name;
    assert.match(api.statusBar.text, new RegExp(`^\\$\\(cloud\\) ${inUse} · [\\d,]+ left$`));
    const tooltip = api.statusBar.tooltip.replace(/\\/g, '');
    for (const account of [api.connection.account.name, 'Free trial']) assert.ok(tooltip.includes(`**${account}**`));
    assert.equal(tooltip.match(/Rate limit: [\d,]+ of [\d,]+ left/g)?.length, 2, 'each budget');
  });

  it("a 401 on one account's key shows under its root only and asks for that account's key", async () => {
    const prompts = api.keyPrompts().length;
    await admin.addFault({ kind: 'status', status: 401, account: 'freeTrial', path: '^/companies$' });
    await vscode.commands.executeCommand('dataPlatform.refresh', trial);
    const shown = await children(api, trial);
    const error = shown.find((n) => contextOf(n).startsWith('error'));
    assert.equal(error && labelOf(error), 'Key rejected');
    await waitFor('the prompt for the trial key', () => api.keyPrompts().length === prompts + 1);
    assert.match(api.keyPrompts()[prompts], /The API key for Free trial was rejected/);
    assert.equal(api.diagnostics.entries()[0].account, 'Free trial', 'the diagnostics entry names its account');

    await vscode.commands.executeCommand('dataPlatform.refresh', first);
    assert.equal(companiesOf(await children(api, first)).length, 100, 'the other account lists its companies');
    assert.equal(api.connection.state.kind, 'ready');
    await admin.clearFaults();
    await vscode.commands.executeCommand('dataPlatform.retry', error);
    assert.equal(companiesOf(await children(api, trial)).length, 50);
  });

  it('a fault on one account leaves the other untouched', async () => {
    // 501: a server error the client does not retry, so the test does not wait out the backoff.
    await admin.addFault({ kind: 'status', status: 501, account: 'normal', path: '^/companies$' });
    await vscode.commands.executeCommand('dataPlatform.refresh', first);
    await vscode.commands.executeCommand('dataPlatform.refresh', trial);
    const [normalTop, trialTop] = [await children(api, first), await children(api, trial)];
    assert.ok(
      normalTop.some((n) => contextOf(n).startsWith('error')),
      'the normal account shows its failure',
    );
    assert.equal(companiesOf(trialTop).length, 50, 'the trial account lists its companies');
    assert.ok(!trialTop.some((n) => contextOf(n).startsWith('error')));
    await admin.clearFaults();
    await vscode.commands.executeCommand('dataPlatform.refresh', first);
    assert.equal(companiesOf(await children(api, first)).length, 100);
  });

  it('commands act on the account they are given: create a company, export, run a query', async () => {
    // The Free-trial account is at its limit: the 402 proves the trial key made the request.
    const refused = await createCompany(api, { accountId: trialId, name: 'Fifty-first' });
    assert.equal(refused?.outcome, 'failed');
    assert.equal(refused?.error?.status, 402);
    // The 402 opens the diagnostics panel on its body; closed once it is there.
    (await waitFor('the diagnostics panel', () => api.diagnosticsPanel.panel)).dispose();

    const uri = vscode.Uri.file(join(dir, 'trial.json'));
    const exported = await answering(api, [uri], () =>
      vscode.commands.executeCommand<{ outcome: string; written?: number }>('dataPlatform.exportCompanies', {
        accountId: trialId,
      }),
    );
    assert.equal(exported?.outcome, 'written');
    assert.equal(exported.written, 50);
    const ids = (JSON.parse(readFileSync(uri.fsPath, 'utf8')) as { id: string }[]).map((c) => c.id);
    assert.deepEqual(
      ids,
      trial.pagedList?.items.map((c) => c.id),
    );

    const company = trial.pagedList?.items[0];
    const shown = await runQuery(api, { accountId: trialId, companyId: company?.id ?? '', query: 'status=Paid' });
    assert.equal(shown?.outcome, 'shown');
    assert.equal(
      trial.companyNode(company?.id ?? '')?.queries.length,
      1,
      "the query node sits under the trial account's company",
    );
  });

  it('a command without a node acts on the account of the selected node', async () => {
    await api.companiesView.reveal(trial, { select: true, focus: true });
    await waitFor('the trial account selected', () => api.companiesView.selection[0] === trial);
    const uri = vscode.Uri.file(join(dir, 'selected.json'));
    const exported = await answering(api, [uri], () =>
      vscode.commands.executeCommand<{ outcome: string; written?: number }>('dataPlatform.exportCompanies'),
    );
    assert.equal(exported?.written, 50, "the selected account's 50 companies");
    await waitFor('the status bar on the selected account', () => api.statusBar.accountId === trialId);
    assert.match(api.statusBar.text, /^\$\(cloud\) Free trial · [\d,]+ left$/);
  });

  it('takes a screenshot of two accounts side by side', async function () {
    if (!canScreenshot()) this.skip();
    const firstId = first.accountId;
    const firstName = first.connection.account.name;
    const config = vscode.workspace.getConfiguration('dataPlatform');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.closePanel');
    // The README's picture of a production account: its root and the status bar flame-marked.
    await renameAccount(api, firstId, 'Live books');
    await setEnvironment(api, firstId, 'production');
    const before = api.tree.rootOf(trialId);
    // A few companies a page, so both accounts fit on the screen.
    await config.update('pageSize', 6, vscode.ConfigurationTarget.Global);
    try {
      await waitFor('the tree rebuilt for the page size', () => api.tree.rootOf(trialId) !== before);
      await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
      for (const id of [firstId, trialId]) {
        const root = api.tree.rootOf(id);
        if (root) await api.companiesView.reveal(root, { expand: true, select: false, focus: false });
        await waitFor('its companies', async () => root && companiesOf(await children(api, root)).length === 6);
      }
      const live = api.tree.rootOf(firstId);
      if (live) await api.companiesView.reveal(live, { select: true, focus: false });
      await waitFor('the status bar on the production account', () => api.statusBar.text.startsWith('$(flame) '));
      await screenshot('accounts');
    } finally {
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
      await renameAccount(api, firstId, firstName);
      await setEnvironment(api, firstId, 'local');
    }
  });

  it('Add Local Emulator adds the emulator with its own demo key in one step, and says where it comes from when none answers', async () => {
    const { url, key } = await emulator();
    const added = await vscode.commands.executeCommand<{
      outcome: string;
      account?: { id: string; name: string };
      key?: { outcome: string };
    }>('dataPlatform.addEmulatorAccount', { baseUrl: url });
    assert.equal(added?.outcome, 'added');
    assert.equal(added?.account?.name, 'Local emulator');
    assert.equal(added?.key?.outcome, 'stored');
    assert.equal(await api.accounts.getKey(added?.account?.id ?? ''), key, "the emulator's demo key, typed by nobody");
    await removeAccount(api, added?.account?.id ?? '');
    const none = await vscode.commands.executeCommand<{ outcome: string; message?: string }>(
      'dataPlatform.addEmulatorAccount',
      { baseUrl: 'http://127.0.0.1:1' },
    );
    assert.equal(none?.outcome, 'invalid');
    assert.match(none?.message ?? '', /No emulator answers at http:\/\/127\.0\.0\.1:1\b.*npm run emulator/);
    assert.equal(api.accounts.list().length, 2, 'nothing added');
  });

  it('renames and moves an account; a key never follows it to another origin; removing it deletes its key', async () => {
    const { url } = await emulator();
    assert.deepEqual(await renameAccount(api, trialId, 'Trial'), { outcome: 'done' });
    await waitFor('the new name', async () => ((await children(api)) as AccountRoot[]).map(labelOf).includes('Trial'));
    assert.match(api.statusBar.tooltip, /\*\*Trial\*\*/);

    const elsewhere = url.replace('127.0.0.1', 'localhost');
    const moved = await answering(api, [elsewhere], () =>
      vscode.commands.executeCommand<{ outcome: string; keyForgotten?: boolean }>('dataPlatform.changeBaseUrl', {
        accountId: trialId,
      }),
    );
    assert.deepEqual(moved, { outcome: 'done', keyForgotten: true });
    assert.equal(await api.accounts.getKey(trialId), undefined);
    const root = await waitFor('the moved account without a key', () => {
      const r = api.tree.rootOf(trialId);
      return r?.connection.state.kind === 'noKey' && r;
    });
    const [problem] = await children(api, root);
    assert.match(contextOf(problem), /\bsetKey\b/, 'its root offers Set API Key');
    assert.equal(
      companiesOf(await children(api, api.tree.rootOf(api.connection.account.id))).length,
      100,
      'the other account is untouched',
    );

    await api.savedQueries.add(trialId, 'any-company', { dataType: 'invoices', query: 'status=Paid' });
    assert.deepEqual(await removeAccount(api, trialId), { outcome: 'done' });
    assert.deepEqual(api.savedQueries.list(trialId, 'any-company'), [], 'its saved query nodes are gone too');
    assert.equal(api.accounts.get(trialId), undefined);
    assert.equal(
      (api.globalState.get<unknown[]>(ACCOUNTS_KEY) ?? []).length,
      1,
      'the stored list holds the one account left',
    );
    assert.equal(await api.accounts.getKey(trialId), undefined, 'its key is gone from secret storage');
    await waitFor('one account again', () => !api.tree.several);
    assert.equal(companiesOf(await children(api)).length, 100, 'its companies at the top level again');
  });
});
