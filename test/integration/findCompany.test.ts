// Find Company… and Open Record by ID… in the real workbench, against the emulator: a company
// beyond the loaded pages is found by a search of the API and revealed (selected) without paging
// to it; typing in the pick sends that search; a record opens by its id with one GET, and a wrong
// id opens nothing and says so.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Company } from '../../src/api';
import { DataPlatformClient } from '../../src/api/client';
import type { FindCompanyResult } from '../../src/commands/findCompany';
import type { OpenByIdResult } from '../../src/commands/records';
import { parseRecordUri } from '../../src/documents/recordUri';
import type { QuickPickSnapshot } from '../../src/commands/quickPicks';
import { formatValue } from '../../src/query';
import type { DataPlatformApi } from '../../src/testApi';
import { listContext, recordContext } from '../../src/tree/contextValues';
import {
  addTrialAccount,
  admin,
  answering,
  canType,
  children,
  emulator,
  emulatorClient,
  emulatorInvoice,
  findCompany,
  firstPageCompany,
  keyboard,
  openView,
  refusal,
  signIn,
  sleep,
  viewItemMatches,
  waitFor,
} from './helpers';

const PAGE_SIZE = 5;

describe('Find Company and Open Record by ID', function () {
  let api: DataPlatformApi;
  /** Open Record by ID on the list, the id typed into its box. */
  const openById = (list: unknown, id: string) =>
    answering(api, [id], () => vscode.commands.executeCommand<OpenByIdResult>('dataPlatform.openRecordById', list));
  let emu: DataPlatformClient;
  let notLoaded: Company[];

  const setPageSize = (n: number | undefined) =>
    vscode.workspace.getConfiguration('dataPlatform').update('pageSize', n, vscode.ConfigurationTarget.Global);

  /** Companies far beyond the first page whose names no other company's name contains. */
  async function companiesNotLoaded(): Promise<Company[]> {
    const all = (await emu.listCompanies({ pageSize: 1000 })).results;
    const unique = all
      .slice(40)
      .filter((c) => /^[A-Za-z ]+$/.test(c.name) && all.filter((o) => o.name.includes(c.name)).length === 1);
    assert.ok(unique.length >= 2, 'uniquely named companies beyond the first pages');
    return unique;
  }

  const companyListRequests = async () => (await admin.requests()).filter((r) => r.path === '/companies');

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    await setPageSize(PAGE_SIZE);
    emu = await emulatorClient();
    notLoaded = await companiesNotLoaded();
  });

  beforeEach(async () => {
    await vscode.commands.executeCommand('dataPlatform.refresh', api.tree.root);
    await waitFor('the first page of companies', async () => {
      await api.tree.getChildren();
      return api.tree.root?.pagedList?.items.length === PAGE_SIZE;
    });
    await admin.clearRequests();
  });

  afterEach(async () => {
    if (api?.quickPick()) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  after(async () => setPageSize(undefined));

  it('reveals and selects a company that is not loaded, shown after the loaded page without paging to it; paging later shows it once', async () => {
    const [target] = notLoaded;
    const root = api.tree.root;
    assert.ok(root && !root.pagedList?.items.some((c) => c.id === target.id), 'not on the loaded page');

    const result = await findCompany(api, ` ${target.name.slice(1)} `, target.id);
    assert.equal(result?.outcome, 'revealed');
    const { node, revealed, accountId } = result;
    assert.equal(accountId, api.connection.account.id);
    assert.ok(revealed, 'revealed in the view');
    assert.strictEqual(root.companyNode(target.id), node);
    await waitFor('the company selected in the view', () => api.companiesView.selection[0] === node);

    // One search, one small page; no further page of the list.
    const requests = await companyListRequests();
    assert.deepEqual(
      requests.map((r) => r.query),
      [{ page: '1', pageSize: '20', query: `name~${formatValue(target.name.slice(1))}` }],
    );
    assert.equal(root.pagedList?.items.length, PAGE_SIZE);
    const top = await api.tree.getChildren();
    assert.equal(top.indexOf(node), PAGE_SIZE + 1, 'after the API Keys folder and the loaded page, before Load more');
    assert.equal(node.getTreeItem().label, target.name, 'its label is the name, for the tree’s type-to-find');

    // Paging reaches it: the same node, once, in its place.
    await vscode.commands.executeCommand('dataPlatform.loadAll', root);
    await waitFor('every page', () => root.pagedList?.hasMore === false);
    const all = await api.tree.getChildren();
    assert.equal(all.filter((n) => n === node).length, 1, 'shown once');
    const index = root.pagedList?.items.findIndex((c) => c.id === target.id) ?? -1;
    assert.ok(index >= PAGE_SIZE);
    assert.strictEqual(all[index + 1], node, 'at its place in the list');
  });

  it('a company already loaded is revealed where it is; a search that finds nothing says so', async () => {
    const loaded = api.tree.root?.pagedList?.items[2];
    assert.ok(loaded);
    const result = await findCompany(api, loaded.name, loaded.id);
    assert.equal(result?.outcome, 'revealed');
    const top = await api.tree.getChildren();
    assert.equal(top.indexOf(result.node), 3);
    assert.equal(api.tree.root?.pagedList?.items.length, PAGE_SIZE);

    // The row that says so cannot be accepted: the pick goes unanswered.
    const noMatch = (r: { label: string }) => r.label.includes('No company matches');
    const none = await answering(api, [{ value: 'No Such Company Zzqx', row: noMatch }], () =>
      vscode.commands.executeCommand<FindCompanyResult>('dataPlatform.findCompany'),
    );
    assert.deepEqual(none, { outcome: 'cancelled' });
    assert.equal(refusal(api), '$(info) No company matches "No Such Company Zzqx".');
  });

  it('typing in the pick searches the API; Enter reveals the company found', async function () {
    if (!canType()) this.skip();
    const [, target] = notLoaded;
    const pick = async (what: string, check: (p: QuickPickSnapshot) => boolean): Promise<QuickPickSnapshot> =>
      waitFor(what, async () => {
        const p = api.quickPick();
        // The rows reach the workbench a moment after the extension sets them.
        if (!p || !check(p)) return undefined;
        await sleep(250);
        const again = api.quickPick();
        return again && check(again) ? again : undefined;
      });
    const running = vscode.commands.executeCommand<FindCompanyResult>('dataPlatform.findCompany');
    const opened = await pick('the Find Company pick', (p) => p.title === 'Find Company');
    assert.equal(opened.items.length, PAGE_SIZE, 'the loaded companies, before anything is typed');
    assert.ok(!opened.items.some((i) => i.label === target.name));

    await keyboard.type(target.name);
    const found = await pick(
      'the company found by the search',
      (p) => !p.busy && p.value === target.name && p.active === target.name,
    );
    assert.equal(found.items.find((i) => i.label === target.name)?.detail?.split(' · ')[0], target.id);
    const searches = (await companyListRequests()).map((r) => r.query);
    assert.ok(searches.length >= 1, 'searched while typing');
    assert.deepEqual(searches.at(-1), { page: '1', pageSize: '20', query: `name~${formatValue(target.name)}` });

    await keyboard.press('Enter');
    const result = await running;
    assert.equal(result?.outcome, 'revealed');
    assert.equal((result as { company: Company }).company.id, target.id);
    await waitFor(
      'the company selected',
      () => api.companiesView.selection[0] === api.tree.root?.companyNode(target.id),
    );
  });

  it('the pick names the account on every row, with one account too, and says when nothing matches', async function () {
    if (!canType()) this.skip();
    const running = vscode.commands.executeCommand<FindCompanyResult>('dataPlatform.findCompany');
    const opened = await waitFor('the Find Company pick', () => {
      const p = api.quickPick();
      return p?.title === 'Find Company' && p.items.length > 0 && p;
    });
    const name = api.connection.account.name;
    assert.ok(
      opened.items.every((i) => (i.description ?? '').split(' · ')[0] === name),
      JSON.stringify(opened.items.slice(0, 2)),
    );
    await keyboard.type('No Such Company Zzqx');
    const none = await waitFor('the no-match row', () => {
      const p = api.quickPick();
      // Typing searches as it goes: the row of a search for part of the text may come first.
      return p && !p.busy && p.items.some((i) => i.label.includes('No Such Company Zzqx')) && p;
    });
    assert.deepEqual(
      none.items.map((i) => i.label),
      ['$(info) No company matches "No Such Company Zzqx".'],
      'only the row: the loaded companies are not offered as matches',
    );
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await running, { outcome: 'cancelled' });
  });

  it('Open Record by ID opens the record with one GET; a wrong id reports the 404 and opens nothing', async () => {
    const ids = (await admin.info()).companies;
    const company = await firstPageCompany(api, ids.few);
    assert.ok(company, 'the few-invoices company is on the first page');
    const invoice = (await emu.listRecords('invoices', ids.few, { pageSize: 1 })).results[0];
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const opened = await openById(company.invoices, ` ${invoice.id} `);
    assert.equal(opened?.outcome, 'opened');
    const doc = (opened as { editor: vscode.TextEditor }).editor.document;
    assert.equal(parseRecordUri(doc.uri)?.recordId, invoice.id, 'the id trimmed');
    const gets = (await admin.requests()).filter((r) => r.path.endsWith(`/data/invoices/${invoice.id}`));
    assert.equal(gets.length, 1, 'fetched once');
    assert.deepEqual(JSON.parse(doc.getText()), await emulatorInvoice(ids.few, invoice.id));

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const reported = api.diagnostics.size;
    const missing = await openById(company.invoices, 'no-such-invoice');
    assert.deepEqual(missing, {
      outcome: 'notFound',
      message: `Invoices: no record with the id or invoiceNumber no-such-invoice in company ${company.company.name}.`,
    });
    assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, 0, 'no tab opened');
    assert.equal(api.diagnostics.size, reported + 1, 'the 404 is in the diagnostics');
    assert.equal(api.diagnostics.entries()[0].error.status, 404);
  });

  it('Open Record by ID takes what the tree shows too: an invoice number is looked up through the list', async () => {
    const ids = (await admin.info()).companies;
    const company = await firstPageCompany(api, ids.few);
    assert.ok(company);
    const invoice = (await emu.listRecords('invoices', ids.few, { pageSize: 1 })).results[0] as {
      id: string;
      invoiceNumber?: string;
    };
    assert.ok(invoice.invoiceNumber, 'the emulator numbers its invoices');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await admin.clearRequests();
    const opened = await openById(company.invoices, invoice.invoiceNumber);
    assert.equal(opened?.outcome, 'opened');
    const doc = (opened as { editor: vscode.TextEditor }).editor.document;
    assert.equal(parseRecordUri(doc.uri)?.recordId, invoice.id);
    const lookups = (await admin.requests()).filter((r) => r.path.endsWith(`/companies/${ids.few}/data/invoices`));
    assert.deepEqual(
      lookups.map((r) => r.query.query),
      [`invoiceNumber=${formatValue(invoice.invoiceNumber)}`],
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('is offered where a user looks: Find Company in the view title with the search icon, Open Record by ID on a data type', () => {
    const manifest = vscode.extensions.getExtension('dataplatform.data-platform-explorer')?.packageJSON as {
      contributes: {
        commands: { command: string; icon?: string }[];
        menus: Record<string, { command: string; when?: string; group?: string }[]>;
      };
    };
    const { commands, menus } = manifest.contributes;
    const icon = (command: string) => commands.find((c) => c.command === command)?.icon;
    assert.equal(icon('dataPlatform.findCompany'), '$(search)');
    assert.notEqual(icon('dataPlatform.runQuery'), '$(search)', 'one search icon in the title');
    const navigation = menus['view/title'].filter((m) => m.group?.startsWith('navigation'));
    assert.ok(navigation.some((m) => m.command === 'dataPlatform.findCompany'));
    assert.ok(navigation.length <= 4, 'at most four icons in the view title');
    const byId = menus['view/item/context'].filter((m) => m.command === 'dataPlatform.openRecordById');
    assert.ok(
      byId.some((m) => viewItemMatches(m.when, listContext('bills'))),
      'on a data type',
    );
    assert.ok(!byId.some((m) => viewItemMatches(m.when, recordContext('bills'))), 'not on a record');
    assert.ok(menus.commandPalette.some((m) => m.command === 'dataPlatform.openRecordById' && m.when === 'false'));
  });
});

describe('Find Company with two accounts', () => {
  let api: DataPlatformApi;
  let trialId = '';

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    trialId = await addTrialAccount(api);
  });

  after(async () => {
    if (api?.quickPick()) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    if (trialId && api.accounts.get(trialId)) await api.accounts.remove(trialId);
    await waitFor('one account again', () => !api.tree.several);
  });

  /** A company of the Free-trial account whose name no company of either account contains. */
  async function trialOnlyCompany(also: (c: Company) => boolean = () => true): Promise<Company> {
    const { url } = await emulator();
    const keys = (await admin.info()).keys;
    const list = async (key: string) =>
      (await new DataPlatformClient({ baseUrl: url, apiKey: key }).listCompanies({ pageSize: 1000 })).results;
    const [normal, trial] = [await list(keys.normal), await list(keys.freeTrial)];
    const everyName = [...normal, ...trial].map((c) => c.name);
    const unique = trial.find(
      (c) => /^[A-Za-z ]+$/.test(c.name) && everyName.filter((n) => n.includes(c.name)).length === 1 && also(c),
    );
    assert.ok(unique, 'a company only the Free-trial account has');
    return unique;
  }

  it('searches every account and reveals the company under its own account', async () => {
    // A company on no page the view holds: a loaded one would be offered (and taken) before the
    // search is sent.
    const config = vscode.workspace.getConfiguration('dataPlatform');
    const before = api.tree.rootOf(trialId);
    await config.update('pageSize', 5, vscode.ConfigurationTarget.Global);
    await waitFor('the tree rebuilt for the page size', () => api.tree.rootOf(trialId) !== before);
    const shown = new Set(
      (await children(api, api.tree.rootOf(trialId))).map((n) => (n as { company?: Company }).company?.id),
    );
    const target = await trialOnlyCompany((c) => !shown.has(c.id));
    try {
      await admin.clearRequests();
      const result = await findCompany(api, target.name, target.id);
      assert.equal(result?.outcome, 'revealed');
      assert.equal(result.accountId, trialId);
      const trial = api.tree.rootOf(trialId);
      assert.ok(trial);
      assert.strictEqual(api.tree.getParent(result.node), trial, 'under the Free-trial account');
      await waitFor('the company selected', () => api.companiesView.selection[0] === result.node);
      const searches = (await admin.requests()).filter((r) => r.path === '/companies' && r.query.query);
      assert.equal(searches.length, 2, 'one search per account');
    } finally {
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("run from an account's row (its menu, or the view's title with the row selected), it still searches every account", async () => {
    const trial = api.tree.rootOf(trialId);
    assert.ok(trial);
    const running = vscode.commands.executeCommand<FindCompanyResult>('dataPlatform.findCompany', trial);
    const shown = await waitFor('the Find Company pick', () => {
      const p = api.quickPick();
      return p?.title === 'Find Company' && p.items.some((i) => i.separator) && p;
    });
    assert.deepEqual(
      shown.items.filter((i) => i.separator).map((i) => i.label),
      [api.connection.account.name, 'Free trial'],
    );
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await running, { outcome: 'cancelled' });
  });

  it('the pick names the account of each row', async function () {
    if (!canType()) this.skip();
    const target = await trialOnlyCompany();
    const running = vscode.commands.executeCommand<FindCompanyResult>('dataPlatform.findCompany');
    await waitFor('the Find Company pick', () => api.quickPick()?.title === 'Find Company');
    await keyboard.type(target.name);
    const shown = await waitFor('the company found in the Free-trial account', () => {
      const p = api.quickPick();
      return p && !p.busy && p.items.some((i) => i.label === target.name) && p;
    });
    const separators = shown.items.filter((i) => i.separator).map((i) => i.label);
    assert.deepEqual(separators, [api.connection.account.name, 'Free trial']);
    assert.match(shown.items.find((i) => i.label === target.name)?.description ?? '', /^Free trial\b/);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await running, { outcome: 'cancelled' });
  });

  it("one account's failed search is a row of its own and an entry in the panel; the other's results stay", async function () {
    if (!canType()) this.skip();
    const target = await trialOnlyCompany();
    // 501: a server error the client does not retry, so the test does not wait out the backoff.
    await admin.addFault({ kind: 'status', status: 501, account: 'normal', path: '^/companies$' });
    const reported = api.diagnostics.size;
    try {
      const running = vscode.commands.executeCommand<FindCompanyResult>('dataPlatform.findCompany');
      await waitFor('the Find Company pick', () => api.quickPick()?.title === 'Find Company');
      await keyboard.type(target.name);
      // Before the search answers, the pick lists the companies already loaded: wait for its rows.
      const isFailure = (label: string) => /^\$\(warning\) .*: the search failed: /.test(label);
      const shown = await waitFor('both answers', () => {
        const p = api.quickPick();
        return p && !p.busy && p.items.some((i) => isFailure(i.label)) && p;
      });
      const failed = shown.items.filter((i) => isFailure(i.label));
      assert.equal(failed.length, 1, JSON.stringify(failed));
      // The rows also hold the loaded companies (the pick's own filter narrows them to the text).
      assert.match(
        shown.items.find((i) => i.label === target.name)?.description ?? '',
        /^Free trial\b/,
        "the other account's answer",
      );
      assert.ok(failed[0].label.includes(api.connection.account.name), 'the row names the failing account');
      assert.equal(api.diagnostics.size, reported + 1, 'the 501 is in the diagnostics');
      assert.equal(api.diagnostics.entries()[0].error.status, 501);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.deepEqual(await running, { outcome: 'cancelled' });
    } finally {
      await admin.clearFaults();
    }
  });
});
