// Records changed in the real host against the emulator (issue 34): Edit Record… opens a record as
// read in an editable draft with the push options' schema; Push Update sends it once (a PUT) and,
// on Success, the record's row and its open JSON tab show the new version. On a production account
// each write asks first (declined: nothing sent); Delete Record names the record and its amount,
// and on Success the record leaves the list. A Failed update keeps the draft and shows its
// validation in the diagnostics panel; an update whose answer was lost is found in the push
// history instead of being sent again. Create works for every type the catalog says one can create.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CreateRecordResult, PushResult } from '../../src/commands/push';
import type { EditRecordResult, RecordWriteResult } from '../../src/commands/recordWrites';
import { dataType } from '../../src/dataTypes/catalog';
import { typeTitle } from '../../src/dataTypes/words';
import { PUSH_TYPES } from '../../src/push/types';
import type { DataPlatformApi } from '../../src/testApi';
import type { TreeNode } from '../../src/tree/node';
import { VALID_BODIES } from '../support/pushBodies';
import {
  admin,
  children,
  emulatorClient,
  firstPageCompany,
  kindOf,
  labelOf,
  modals,
  openView,
  setEnvironment,
  signIn,
  waitFor,
} from './helpers';

type Json = Record<string, unknown>;

const run = <T>(command: string, arg: unknown) => vscode.commands.executeCommand<T>(command, arg);
const edit = (arg: unknown) => run<EditRecordResult>('dataPlatform.editRecord', arg);
const pushUpdate = (uri: vscode.Uri) => run<RecordWriteResult>('dataPlatform.pushUpdate', uri);
const remove = (arg: unknown) => run<RecordWriteResult>('dataPlatform.deleteRecord', arg);

/** The document's record (its `$schema` line dropped). */
const recordOf = (doc: vscode.TextDocument): Json => {
  const { $schema: _schema, ...record } = JSON.parse(doc.getText()) as Json;
  return record;
};

async function replaceText(doc: vscode.TextDocument, value: Json): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(value, null, 2));
  assert.ok(await vscode.workspace.applyEdit(edit));
}

describe('Edit and delete records, create every type', function () {
  // A push settles after the emulator's push delay (1.5 s) and the first polls (1 s, then 2 s).
  this.timeout(60_000);
  let api: DataPlatformApi;
  let companyId = '';
  let connectionId = '';

  /** The first connection of the company, picked whenever Edit or Delete asks which. */
  const pickFirst = () => api.prompts.answers.push({ row: (r) => r.detail === connectionId });
  const requests = async (method: string) =>
    (await admin.requests()).filter((r) => r.method === method && r.path.includes('/push/'));
  const tracker = () => {
    const root = api.tree.root;
    assert.ok(root, 'an account');
    return root.pushes;
  };
  const settled = (op: { pushOperationKey: string }, status = 'Success') =>
    waitFor(`the push to end ${status}`, () => tracker().get(op.pushOperationKey)?.status === status, 30_000);

  /** The type's list under the company, and its record nodes as the view shows them. */
  const list = async (type: 'invoices' | 'bills') => {
    const company = await firstPageCompany(api, companyId);
    assert.ok(company, 'the company on the first page');
    return company.data.type(type);
  };
  const rows = async (type: 'invoices' | 'bills'): Promise<TreeNode[]> =>
    (await children(api, await list(type))).filter((n) => kindOf(n) === 'record');

  before(async () => {
    api = await openView();
    await signIn(api);
    companyId = (await admin.info()).companies.few;
    connectionId = (await admin.connections()).few[0];
  });

  afterEach(async () => {
    api.prompts.answers.length = 0;
    await admin.clearFaults();
    await admin.clearPushRules();
    await vscode.workspace.getConfiguration('dataPlatform').update('requestTimeout', undefined, true);
  });

  after(async () => {
    await setEnvironment(api, api.connection.account.id, 'local');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await admin.reset();
    await signIn(api);
  });

  it('edits an invoice from its JSON tab: asked on production (declined, nothing sent), then one PUT; the row and the JSON tab show the new version', async () => {
    const [row] = await rows('invoices');
    assert.ok(row, 'an invoice listed');
    const json = await run<vscode.TextEditor>('dataPlatform.openRecord', row);
    const shown = JSON.parse(json.document.getText()) as Json;
    pickFirst();
    // From the JSON tab (its editor title's Edit Record passes the document's URI).
    const opened = await edit(json.document.uri);
    assert.equal(opened?.outcome, 'opened', JSON.stringify(opened));
    if (opened?.outcome !== 'opened') return;
    assert.equal(opened.uri.scheme, 'dataplatform-edit');
    const doc = await vscode.workspace.openTextDocument(opened.uri);
    const record = recordOf(doc);
    assert.equal(record.id, shown.id, 'the record as read');
    assert.equal(record.sourceModifiedDate, shown.sourceModifiedDate, 'its version kept for the update’s check');
    assert.match(String((JSON.parse(doc.getText()) as Json).$schema), /^dataplatform-json:/);
    const number = `EDITED-${Date.now() % 100_000}`;
    await replaceText(doc, { ...(JSON.parse(doc.getText()) as Json), invoiceNumber: number });

    assert.deepEqual(await setEnvironment(api, api.connection.account.id, 'production'), { outcome: 'done' });
    await waitFor('the production account', () => api.connection.account.environment === 'production');
    await admin.clearRequests();
    const asked = modals(api).length;
    assert.deepEqual(await pushUpdate(doc.uri), { outcome: 'cancelled' });
    assert.match(
      modals(api)[asked]?.message ?? '',
      new RegExp(`^Update ${String(shown.invoiceNumber)} in .* in .*\\?$`),
    );
    assert.match(modals(api)[asked]?.detail ?? '', /production account/);
    assert.deepEqual(await requests('PUT'), [], 'declined: nothing sent');

    api.prompts.answers.push(true);
    const r = await pushUpdate(doc.uri);
    assert.equal(r?.outcome, 'done', JSON.stringify(r));
    if (r?.outcome !== 'done') return;
    const puts = await requests('PUT');
    assert.equal(puts.length, 1, 'one PUT');
    assert.ok(puts[0].path.endsWith(`/push/invoices/${encodeURIComponent(String(shown.id))}`), puts[0].path);
    await settled(r.value);
    await waitFor('the row’s new number', async () => (await rows('invoices')).some((n) => labelOf(n) === number));
    await waitFor('the JSON tab’s new version', () => {
      const tab = vscode.workspace.textDocuments.find((d) => d.uri.toString() === json.document.uri.toString());
      return tab?.getText().includes(number);
    });
  });

  it('a Failed update keeps the draft and shows its validation in the diagnostics panel', async () => {
    await setEnvironment(api, api.connection.account.id, 'local');
    await waitFor('the local account', () => api.connection.account.environment === 'local');
    const [row] = await rows('bills');
    assert.ok(row, 'a bill listed');
    pickFirst();
    const opened = await edit(row);
    assert.equal(opened?.outcome, 'opened', JSON.stringify(opened));
    if (opened?.outcome !== 'opened') return;
    const doc = await vscode.workspace.openTextDocument(opened.uri);
    // Another version than the platform's: the emulator fails the update, as Codat does.
    const value = JSON.parse(doc.getText()) as Json;
    await replaceText(doc, { ...value, sourceModifiedDate: '2001-01-01T00:00:00Z' });
    const reported = api.diagnostics.size;
    const r = await pushUpdate(doc.uri);
    assert.equal(r?.outcome, 'done', JSON.stringify(r));
    if (r?.outcome !== 'done') return;
    await settled(r.value, 'Failed');
    await waitFor('a diagnostics entry', () => api.diagnostics.size > reported);
    const entry = api.diagnostics.entries()[0];
    assert.ok(
      entry.error.body?.validation?.errors.some((e) => /sourceModifiedDate/.test(`${e.itemId ?? ''} ${e.message}`)),
      JSON.stringify(entry.error.body?.validation),
    );
    await waitFor('the diagnostics panel', () => api.diagnosticsPanel.panel);
    assert.ok(
      vscode.workspace.textDocuments.some((d) => d.uri.toString() === doc.uri.toString() && !d.isClosed),
      'the draft is still open to fix',
    );
  });

  it('an update a gateway answered 502 after the API took it is found in the push history, never sent twice', async () => {
    const [row] = await rows('invoices');
    pickFirst();
    const opened = await edit(row);
    if (opened?.outcome !== 'opened') return assert.fail(JSON.stringify(opened));
    const doc = await vscode.workspace.openTextDocument(opened.uri);
    await replaceText(doc, { ...(JSON.parse(doc.getText()) as Json), note: 'Lost and found' });
    await admin.addFault({ kind: 'appliedThenGateway', method: 'PUT', path: '/push/', times: 1 });
    await admin.clearRequests();
    const r = await pushUpdate(doc.uri);
    assert.equal(r?.outcome, 'done', JSON.stringify(r));
    if (r?.outcome !== 'done') return;
    assert.equal(r.recovered, true, 'found in the history');
    assert.equal((await requests('PUT')).length, 1, 'sent once');
    await settled(r.value);
  });

  it('deletes a bill: the production question names it and its amount; on Success it leaves the list', async () => {
    assert.deepEqual(await setEnvironment(api, api.connection.account.id, 'production'), { outcome: 'done' });
    await waitFor('the production account', () => api.connection.account.environment === 'production');
    const [row] = await rows('bills');
    assert.ok(row, 'a bill listed');
    const label = labelOf(row);
    const id = (row as unknown as { record: { id: string } }).record.id;
    await admin.clearRequests();
    const asked = modals(api).length;
    pickFirst();
    assert.deepEqual(await remove(row), { outcome: 'cancelled' });
    const question = modals(api)[asked];
    assert.match(
      question?.message ?? '',
      new RegExp(`^Delete ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\([\\d,.]+ [A-Z]{3}\\) from `),
    );
    assert.match(question?.detail ?? '', /production account/);
    assert.deepEqual(await requests('DELETE'), [], 'declined: nothing sent');

    pickFirst();
    api.prompts.answers.push(true);
    const r = await remove(row);
    assert.equal(r?.outcome, 'done', JSON.stringify(r));
    if (r?.outcome !== 'done') return;
    assert.equal((await requests('DELETE')).length, 1, 'one DELETE');
    await settled(r.value);
    await waitFor('the bill to leave the list', async () =>
      (await rows('bills')).every((n) => (n as unknown as { record: { id: string } }).record.id !== id),
    );
  });

  it('on a connection’s bank account: Edit Record and a create of its transactions go through that connection, no question which', async () => {
    await setEnvironment(api, api.connection.account.id, 'local');
    await waitFor('the local account', () => api.connection.account.environment === 'local');
    const company = await firstPageCompany(api, companyId);
    assert.ok(company);
    const [connection] = await children(api, company.connections);
    const accounts = (await children(api, connection)).find((n) => labelOf(n) === typeTitle('bankAccounts'));
    assert.ok(accounts, 'bank accounts under the connection');
    const [account] = (await children(api, accounts)).filter((n) => kindOf(n) === 'record');
    assert.ok(account, 'a bank account');
    const { id } = (account as unknown as { record: { id: string } }).record;
    const picks = api.prompts.asked.filter((q) => q.kind === 'pick').length;

    const opened = await edit(account);
    if (opened?.outcome !== 'opened') return assert.fail(JSON.stringify(opened));
    const doc = await vscode.workspace.openTextDocument(opened.uri);
    const name = `Renamed ${Date.now() % 100_000}`;
    await replaceText(doc, { ...(JSON.parse(doc.getText()) as Json), accountName: name });
    await admin.clearRequests();
    const r = await pushUpdate(doc.uri);
    if (r?.outcome !== 'done') return assert.fail(JSON.stringify(r));
    const [put] = await requests('PUT');
    assert.ok(
      put?.path.endsWith(`/connections/${connectionId}/push/bankAccounts/${encodeURIComponent(id)}`),
      put?.path,
    );
    await settled(r.value);
    await waitFor('the row’s new name', async () =>
      (await children(api, accounts)).some((n) => labelOf(n).includes(name)),
    );

    const [row] = (await children(api, accounts)).filter((n) => kindOf(n) === 'record');
    const transactions = (await children(api, row)).find((n) => labelOf(n) === typeTitle('bankTransactions'));
    assert.ok(transactions, 'the account’s transactions');
    const created = await run<CreateRecordResult>('dataPlatform.createRecord', transactions);
    if (created?.outcome !== 'opened') return assert.fail(JSON.stringify(created));
    const draft = await vscode.workspace.openTextDocument(created.uri);
    await replaceText(draft, { ...(JSON.parse(draft.getText()) as Json), ...VALID_BODIES.bankTransactions });
    const pushed = await run<PushResult>('dataPlatform.pushDraft', draft.uri);
    if (pushed?.outcome !== 'pushed') return assert.fail(JSON.stringify(pushed));
    const [post] = await requests('POST');
    const rowId = (row as unknown as { record: { id: string } }).record.id;
    assert.ok(post?.path.endsWith(`/push/bankAccounts/${encodeURIComponent(rowId)}/bankTransactions`), post?.path);
    assert.equal(api.prompts.asked.filter((q) => q.kind === 'pick').length, picks, 'no connection asked for');
    await settled(pushed.operation);
  });

  it('a direct cost created from its connection’s list: on Success that list, already loaded, reads again and holds it', async () => {
    await setEnvironment(api, api.connection.account.id, 'local');
    await waitFor('the local account', () => api.connection.account.environment === 'local');
    const company = await firstPageCompany(api, companyId);
    assert.ok(company);
    const [connection] = await children(api, company.connections);
    const costs = (await children(api, connection)).find((n) => labelOf(n) === typeTitle('directCosts'));
    assert.ok(costs, 'direct costs under the connection');
    await children(api, costs);
    const total = (costs as unknown as { pagedList?: { totalResults?: number } }).pagedList?.totalResults;
    assert.ok(total !== undefined, 'the list loaded');

    const created = await run<CreateRecordResult>('dataPlatform.createRecord', costs);
    if (created?.outcome !== 'opened') return assert.fail(JSON.stringify(created));
    const draft = await vscode.workspace.openTextDocument(created.uri);
    await replaceText(draft, { ...(JSON.parse(draft.getText()) as Json), ...VALID_BODIES.directCosts });
    const pushed = await run<PushResult>('dataPlatform.pushDraft', draft.uri);
    if (pushed?.outcome !== 'pushed') return assert.fail(JSON.stringify(pushed));
    await settled(pushed.operation);
    await waitFor('the connection’s list to hold the new direct cost', async () => {
      await children(api, costs);
      return (costs as unknown as { pagedList?: { totalResults?: number } }).pagedList?.totalResults === total + 1;
    });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('creates a record of every type the catalog says one can create, each to Success', async function () {
    // Eighteen drafts, each read (connections, options), filled and pushed.
    this.timeout(120_000);
    await setEnvironment(api, api.connection.account.id, 'local');
    await waitFor('the local account', () => api.connection.account.environment === 'local');
    await admin.clearRequests();
    const served = PUSH_TYPES.filter((type) => VALID_BODIES[type] !== undefined);
    assert.deepEqual(served, [...PUSH_TYPES], 'a valid body for every creatable type');
    // Each drafted, filled and pushed; then all followed together (each settles after the push delay).
    const pushes: { type: string; key: string }[] = [];
    // Bank transactions go under one of the connection's bank accounts.
    const client = await emulatorClient();
    const place = { companyId, connectionId };
    const [bankAccount] = (await client.listRecords('bankAccounts', place, { pageSize: 1 })).results;
    assert.ok(bankAccount, 'a bank account to push transactions to');
    for (const type of PUSH_TYPES) {
      const parentId = dataType(type).parent ? bankAccount.id : undefined;
      const created = await run<CreateRecordResult>('dataPlatform.createRecord', {
        companyId,
        connectionId,
        dataType: type,
        ...(parentId ? { parentId } : {}),
      });
      assert.equal(created?.outcome, 'opened', `${type}: ${JSON.stringify(created)}`);
      if (created?.outcome !== 'opened') continue;
      const doc = await vscode.workspace.openTextDocument(created.uri);
      // The template's required fields, filled with values the emulator's books hold.
      const template = JSON.parse(doc.getText()) as Json;
      await replaceText(doc, { ...template, ...VALID_BODIES[type] });
      const pushed = await run<PushResult>('dataPlatform.pushDraft', doc.uri);
      assert.equal(pushed?.outcome, 'pushed', `${type}: ${JSON.stringify(pushed)}`);
      if (pushed?.outcome === 'pushed') pushes.push({ type, key: pushed.operation.pushOperationKey });
      // Each draft closed once sent: eighteen open JSON editors slow the host's JSON service.
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    // Where the contract has them: the chart of accounts' options, bank transactions under their account.
    const sent = (await admin.requests()).map(
      (r) => `${r.method} ${r.path.replace(/^\/companies\/[^/]+\/connections\/[^/]+/, '')}`,
    );
    for (const request of [
      'GET /options/chartOfAccounts',
      'POST /push/accounts',
      `GET /options/bankAccounts/${bankAccount.id}/bankTransactions`,
      `POST /push/bankAccounts/${bankAccount.id}/bankTransactions`,
    ])
      assert.ok(sent.includes(request), `${request} in ${sent.join(', ')}`);
    await waitFor(
      'every create to succeed',
      () => pushes.every((p) => tracker().get(p.key)?.status === 'Success'),
      30_000,
    );
    assert.deepEqual(
      pushes.map((p) => p.type),
      [...PUSH_TYPES],
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
