// Syncs and sync schedules in the real host against the emulator (issue 20): a queued sync is
// watched to its end (the list refreshes by itself), Set Sync Schedule changes a type's schedule,
// and a Free-trial account's hourly schedule is refused with the 402, its body in the panel.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SaveSettingsResult } from '../../src/commands/syncSettings';
import type { ScheduleResult } from '../../src/commands/syncs';
import type { SyncSetting } from '../../src/api/models';
import type { DataPlatformApi } from '../../src/testApi';
import type { CompanyNode } from '../../src/tree/companyNodes';
import {
  admin,
  answering,
  children,
  emulatorClient,
  firstPageCompany,
  openView,
  setApiKey,
  signIn,
  waitFor,
} from './helpers';

describe('syncs and sync schedules', function () {
  // A queued sync ends 3 s after it was queued; the watch polls after 1 s, then 2 s, then 4 s.
  this.timeout(30_000);
  let api: DataPlatformApi;
  /** Set Sync Schedule on the list, the hours typed into its box. */
  const schedule = (list: unknown, hours: number) =>
    answering(api, [String(hours)], () =>
      vscode.commands.executeCommand<ScheduleResult>('dataPlatform.setSyncSchedule', list),
    );

  before(async () => {
    api = await openView();
    await signIn(api);
  });

  after(async () => {
    // Later suites expect the seeded data sets and the normal key.
    await admin.reset();
    await signIn(api);
    await vscode.commands.executeCommand('dataPlatform.refresh');
  });

  async function companyNamed(which: string): Promise<CompanyNode> {
    const id = (await admin.info()).companies[which];
    const c = await firstPageCompany(api, id);
    assert.ok(c, `${which} is on the first page`);
    await children(api, c);
    await waitFor('its data statuses', () => c.dataStatus.state === 'loaded');
    return c;
  }

  it('Queue Sync watches the sync to its end: the statuses and the list refresh by themselves', async () => {
    const company = await companyNamed('notRequested');
    assert.equal(company.dataStatus.of('invoices'), undefined, 'never requested');
    await admin.clearRequests();
    assert.equal(await vscode.commands.executeCommand<boolean>('dataPlatform.queueSync', company.invoices), true);
    await waitFor(
      'the finished sync seen without a refresh',
      () => company.dataStatus.of('invoices')?.currentStatus === 'Complete',
      20_000,
    );
    const polls = (await admin.requests()).filter((r) => r.method === 'GET' && r.path.includes('/data/history/'));
    assert.ok(polls.length >= 1, 'the pull operation was polled');
    // The Sync history shows it, complete.
    const history = await waitFor('the sync in the history', async () => {
      const rows = await children(api, company.syncHistory);
      return rows.some((n) => n.getTreeItem().description === 'complete') && rows;
    });
    assert.ok(history.length >= 1);
    // The list loads its records now (no longer the 409 of a data set never synced).
    const rows = await children(api, company.invoices);
    assert.ok(rows.length > 0 && rows.every((n) => !(n.getTreeItem().contextValue ?? '').startsWith('error')));
  });

  it('Refresh All Data syncs every type once and is watched through the data status to its end', async () => {
    const company = await companyNamed('empty');
    await admin.clearRequests();
    assert.equal(await vscode.commands.executeCommand<boolean>('dataPlatform.refreshAllData', company), true);
    const posts = (await admin.requests()).filter((r) => r.method === 'POST');
    assert.deepEqual(
      posts.map((r) => r.path),
      [`/companies/${company.company.id}/data/all`],
    );
    // The company's statuses are read again at once (the syncs run), then again once they have
    // ended, with no refresh from the test.
    const node = () => api.tree.root?.companyNode(company.company.id);
    await waitFor('the running syncs shown', () => node()?.dataStatus.of('invoices')?.currentStatus === 'Fetching');
    await waitFor(
      'the finished syncs shown',
      () => node()?.dataStatus.of('invoices')?.currentStatus === 'Complete',
      20_000,
    );
  });

  it('Set Sync Schedule changes one type’s schedule, which the API then reads back', async () => {
    const company = await companyNamed('few');
    const r = await schedule(company.invoices, 6);
    assert.deepEqual(r, { outcome: 'saved', hours: 6 });
    const settings = await (await emulatorClient()).getSyncSettings(company.company.id);
    assert.equal(settings.settings.find((s) => s.dataType === 'invoices')?.syncSchedule, 6);
    assert.equal(settings.settings.find((s) => s.dataType === 'bills')?.syncSchedule, 24, 'the others kept');
  });

  it('Edit Sync Settings opens every type’s settings; Save Sync Settings sends the edited document', async () => {
    const company = await companyNamed('few');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('dataPlatform.editSyncSettings', company);
    assert.ok(uri, 'a settings document');
    assert.equal(uri.scheme, 'dataplatform-settings');
    const doc = await vscode.workspace.openTextDocument(uri);
    const value = JSON.parse(doc.getText()) as { $schema: string; settings: SyncSetting[] };
    assert.ok(value.settings.length >= 10, 'one entry per data type');
    const invoices = value.settings.find((s) => s.dataType === 'invoices');
    assert.ok(invoices);
    const edited = {
      ...value,
      settings: value.settings.map((s) =>
        s.dataType === 'invoices' ? { ...s, syncSchedule: 48, monthsToSync: 12 } : s,
      ),
    };
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(edited, null, 2));
    assert.ok(await vscode.workspace.applyEdit(edit));
    await admin.clearRequests();
    const saved = await vscode.commands.executeCommand<SaveSettingsResult>('dataPlatform.saveSyncSettings', uri);
    assert.deepEqual(saved, { outcome: 'saved', count: value.settings.length });
    const after = await (await emulatorClient()).getSyncSettings(company.company.id);
    const now = after.settings.find((s) => s.dataType === 'invoices');
    assert.equal(now?.syncSchedule, 48);
    assert.equal(now?.monthsToSync, 12);
    assert.equal((await admin.requests()).filter((r) => r.method === 'POST').length, 1, 'sent once');
    assert.equal(doc.isDirty, false, 'the document is saved once the API took it');

    // The locked setting of this company cannot be changed: a 400, its body in the panel.
    const locked = edited.settings.map((s) => (s.isLocked ? { ...s, syncSchedule: 1 } : s));
    const again = new vscode.WorkspaceEdit();
    again.replace(
      uri,
      new vscode.Range(0, 0, doc.lineCount, 0),
      JSON.stringify({ ...edited, settings: locked }, null, 2),
    );
    assert.ok(await vscode.workspace.applyEdit(again));
    const refused = await vscode.commands.executeCommand<SaveSettingsResult>('dataPlatform.saveSyncSettings', uri);
    assert.equal(refused?.outcome, 'failed', JSON.stringify(refused));
    if (refused?.outcome === 'failed') assert.equal(refused.error.status, 400);
    (await waitFor('the diagnostics panel', () => api.diagnosticsPanel.panel)).dispose();
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('an hourly schedule on a Free trial is refused with the 402, its body in the diagnostics panel', async () => {
    const info = await admin.info();
    await setApiKey(api, info.keys.freeTrial);
    await waitFor('the free-trial connection', () => api.connection.state.kind === 'ready');
    // The account's first company (the API Keys folder comes before the companies).
    const company = (await children(api)).find((n) => (n.getTreeItem().contextValue ?? '').startsWith('company')) as
      CompanyNode | undefined;
    assert.ok(company, 'a company of the Free-trial account');
    await children(api, company);
    api.diagnostics.clear();
    const r = await schedule(company.invoices, 1);
    assert.equal(r?.outcome, 'failed', JSON.stringify(r));
    if (r?.outcome !== 'failed') return;
    assert.equal(r.error.status, 402);
    assert.equal(r.error.kind, 'syncScheduleNotAllowed');
    assert.match(r.error.body?.error ?? '', /Sync schedule not allowed/);
    assert.equal(api.diagnostics.size, 1, 'reported once');
    const panel = await waitFor('the diagnostics panel', () => api.diagnosticsPanel.panel);
    panel.dispose();
    // A daily schedule is allowed.
    const daily = await schedule(company.invoices, 24);
    assert.deepEqual(daily, { outcome: 'saved', hours: 24 });
  });
});
