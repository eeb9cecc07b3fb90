// Connections in the real host against the emulator (issue 32): a company without a connection
// says so; Create Connection… picks an integration, creates it PendingAuth and offers its link;
// the test plays the company user's browser (GET the link page, POST its Authorize form); the
// watch sees Linked and says so, and the first sync completes. Unlink and Delete Connection each
// ask on a production account: declined, nothing is sent; accepted, sent once.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Company, DataConnection } from '../../src/api/models';
import type { CreateConnectionResult } from '../../src/commands/connections';
import type { WriteResult } from '../../src/commands/writeOnce';
import type { DataPlatformApi } from '../../src/testApi';
import type { CompanyNode } from '../../src/tree/companyNodes';
import type { ConnectionNode } from '../../src/tree/connectionNodes';
import {
  admin,
  answering,
  canScreenshot,
  children,
  emulatorClient,
  kindOf,
  labelOf,
  modals,
  openView,
  refusal,
  screenshot,
  setEnvironment,
  signIn,
  waitFor,
} from './helpers';

/** The company user's browser: the link page read, its Authorize form posted as a form would be. */
async function authorizeInBrowser(linkUrl: string): Promise<string> {
  const page = await fetch(linkUrl);
  assert.equal(page.status, 200);
  const html = await page.text();
  const form =
    /<form id="authorize" method="post" action="([^"]+)"><input type="hidden" name="token" value="([^"]+)">/.exec(html);
  assert.ok(form, 'the page has an Authorize form with its token');
  const action = new URL(form[1].replace(/&amp;/g, '&'), linkUrl);
  const posted = await fetch(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: form[2] }).toString(),
  });
  assert.equal(posted.status, 200, await posted.clone().text());
  return posted.text();
}

describe('connections: create, authorize, watch, unlink, delete', function () {
  // The watch polls after 1 s, 2 s, 4 s; the first syncs end 3 s after they were queued.
  this.timeout(60_000);
  let api: DataPlatformApi;
  let company: Company;
  let node: CompanyNode;
  let accountId = '';
  const writes = async () => (await admin.requests()).filter((r) => r.method !== 'GET');
  const connectionNodes = async (): Promise<ConnectionNode[]> =>
    (await children(api, node.connections)).filter((n) => kindOf(n) === 'connection') as ConnectionNode[];
  const notices = () => api.prompts.asked.filter((q) => q.kind === 'notification');

  before(async () => {
    api = await openView();
    await signIn(api);
    accountId = api.connection.account.id;
    const client = await emulatorClient();
    company = await client.createCompany({ name: 'Connections Co' });
    await children(api);
    const shown = api.tree.root?.showCompany(company);
    assert.ok(shown, 'the new company is shown');
    node = shown;
  });

  beforeEach(async () => {
    api.prompts.answers.length = 0;
    await admin.clearRequests();
  });

  after(async () => {
    api.prompts.answers.length = 0;
    await setEnvironment(api, accountId, 'local');
    await admin.reset();
    await signIn(api);
    await vscode.commands.executeCommand('dataPlatform.refresh');
  });

  it('a company without a connection says so: on its row, in its Connections folder', async () => {
    assert.match(String(node.getTreeItem().description), /no connection/);
    const kids = await children(api, node);
    assert.equal(labelOf(kids[1]), 'Connections', 'the Connections folder follows Data');
    const rows = await children(api, node.connections);
    assert.deepEqual(rows.map(kindOf), ['message']);
    assert.match(labelOf(rows[0]), /No connections: Create Connection…/);
    // Never synced without a connection: the list's 409 reads as the reason, not as an error.
    const invoices = await children(api, node.invoices);
    assert.deepEqual(invoices.map(kindOf), ['message']);
    assert.equal(labelOf(invoices[0]), 'No data: the company has no connection (Create Connection…)');
  });

  it('shows a disabled integration as such and does not create it', async () => {
    const result = await answering(api, ['Shopify'], () =>
      vscode.commands.executeCommand<CreateConnectionResult>('dataPlatform.createConnection', node),
    );
    assert.deepEqual(result, { outcome: 'cancelled' });
    assert.match(refusal(api) ?? '', /Disabled for this account: it cannot be linked/);
    assert.deepEqual(await writes(), [], 'nothing sent');
  });

  it('creates a connection from a picked integration, offers its link, and the watch sees it Linked', async () => {
    const result = await answering(api, ['Xero', 'Copy Link URL'], () =>
      vscode.commands.executeCommand<CreateConnectionResult>('dataPlatform.createConnection', node.connections),
    );
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    if (result?.outcome !== 'created') return;
    const { connection } = result;
    assert.equal(connection.status, 'PendingAuth');
    assert.equal(connection.platformName, 'Xero');
    assert.ok(result.link.ok, 'the emulator’s own loopback link may be opened');
    // One POST, no other write; the offer was answered "Copy Link URL".
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [`POST /companies/${company.id}/connections`],
    );
    const offer = notices().find((q) => q.buttons.includes('Open Link'));
    assert.deepEqual(offer?.buttons, ['Open Link', 'Copy Link URL']);
    await waitFor('the link copied', async () => (await vscode.env.clipboard.readText()) === connection.linkUrl);
    const pending = await waitFor('the pending connection in the folder', async () =>
      (await connectionNodes()).find((n) => n.connection.id === connection.id),
    );
    assert.match(pending.getTreeItem().contextValue ?? '', /\bopenLink\b.*status=PendingAuth/);
    assert.match(String(node.getTreeItem().description), /no linked connection/);

    // The company's user, in the browser.
    assert.match(await authorizeInBrowser(connection.linkUrl), /Linked|authorized/i);

    const linked = await waitFor('the notification that it is Linked', () =>
      notices().find((q) => /Xero connection of Connections Co is Linked/.test(q.message)),
    );
    assert.deepEqual(linked.buttons, []);
    const shown = await waitFor('the folder showing it Linked', async () =>
      (await connectionNodes()).find((n) => n.connection.id === connection.id && n.connection.status === 'Linked'),
    );
    assert.match(shown.getTreeItem().contextValue ?? '', /status=Linked/);
    assert.doesNotMatch(String(node.getTreeItem().description ?? ''), /no (linked )?connection/);
  });

  it('the first sync after linking completes: the Sync history shows it', async () => {
    const done = await waitFor(
      'a completed sync of invoices',
      async () => {
        node.syncHistory.refresh();
        const rows = await children(api, node.syncHistory);
        return rows.find((r) => /^Invoices/.test(labelOf(r)) && r.getTreeItem().description === 'complete');
      },
      20_000,
    );
    assert.ok(done);
  });

  it('a connection deauthorized on the platform shows so, and the company has no linked connection again', async () => {
    await admin.deauthorize(company.id);
    node.connections.refresh();
    const [row] = await connectionNodes();
    assert.equal(row.connection.status, 'Deauthorized');
    assert.match(row.getTreeItem().contextValue ?? '', /\bunlink\b.*status=Deauthorized/);
    assert.match(String(row.getTreeItem().description), /^Deauthorized · Accounting · synced/);
    assert.match(String(node.getTreeItem().description), /no linked connection/);
  });

  it('Unlink asks on production: declined, nothing is sent; accepted, one PATCH and the row says Unlinked', async () => {
    await setEnvironment(api, accountId, 'production');
    await admin.clearRequests();
    const [linked] = await connectionNodes();
    const unlink = (answer: boolean) =>
      answering(api, [answer], () =>
        vscode.commands.executeCommand<WriteResult<DataConnection>>('dataPlatform.unlinkConnection', linked),
      );
    assert.deepEqual(await unlink(false), { outcome: 'cancelled' });
    assert.match(modals(api).at(-1)?.message ?? '', /Unlink the Xero connection of Connections Co/);
    assert.deepEqual(await writes(), [], 'declined: nothing sent');
    const done = await unlink(true);
    assert.equal(done?.outcome, 'done', JSON.stringify(done));
    assert.deepEqual(
      (await writes()).map((r) => r.method),
      ['PATCH'],
    );
    await waitFor('the row Unlinked', async () =>
      (await connectionNodes()).some((n) => n.connection.status === 'Unlinked'),
    );
  });

  it('a create whose answer was lost is found among the connections, not sent again', async () => {
    await setEnvironment(api, accountId, 'local');
    await admin.addFault({ kind: 'appliedThenGateway', method: 'POST', path: '/connections', times: 1 });
    await admin.clearRequests();
    const result = await answering(api, ['QuickBooks Online'], () =>
      vscode.commands.executeCommand<CreateConnectionResult>('dataPlatform.createConnection', node),
    );
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    assert.equal(result?.outcome === 'created' && result.recovered, true, 'found after the lost answer');
    assert.equal(result?.outcome === 'created' && result.connection.status, 'PendingAuth');
    assert.deepEqual(
      (await writes()).map((r) => r.method),
      ['POST'],
      'sent once',
    );
    await waitFor('two connections', async () => (await connectionNodes()).length === 2);
  });

  it('Update Authorization: an editable document of strings, pushed once', async () => {
    await admin.clearRequests();
    const pending = (await connectionNodes()).find((n) => n.connection.status === 'PendingAuth');
    assert.ok(pending);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('dataPlatform.editConnectionAuthorization', pending);
    assert.equal(uri?.scheme, 'dataplatform-authorization');
    const doc = await vscode.workspace.openTextDocument(uri);
    const { $schema } = JSON.parse(doc.getText()) as { $schema: string };
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify({ $schema, token: 'abc' }));
    assert.ok(await vscode.workspace.applyEdit(edit));
    const pushed = await vscode.commands.executeCommand<{ outcome: string }>(
      'dataPlatform.pushConnectionAuthorization',
      uri,
    );
    assert.equal(pushed?.outcome, 'done', JSON.stringify(pushed));
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [`PUT /companies/${company.id}/connections/${pending.connection.id}/authorization`],
    );
  });

  it('a delete whose answer was lost and did not take asks, on any account, before it is sent again', async () => {
    await admin.addFault({ kind: 'status', status: 503, method: 'DELETE', path: '/connections/', times: 1 });
    await admin.clearRequests();
    const pending = (await connectionNodes()).find((n) => n.connection.status === 'PendingAuth');
    assert.ok(pending);
    const remove = (answers: boolean[]) =>
      answering(api, answers, () =>
        vscode.commands.executeCommand<WriteResult<true>>('dataPlatform.deleteConnection', pending),
      );
    const lost = await remove([]);
    assert.equal(lost?.outcome, 'failed', JSON.stringify(lost));
    assert.equal(lost?.outcome === 'failed' && lost.lost, true);
    const asked = modals(api).length;
    assert.deepEqual(await remove([false]), { outcome: 'cancelled' }, 'asked, declined');
    assert.match(modals(api).at(-1)?.message ?? '', /An earlier Delete Connection .* got no usable answer/);
    assert.equal(modals(api).length, asked + 1);
    assert.deepEqual(await remove([true]), { outcome: 'done', value: true });
    assert.deepEqual(
      (await writes()).map((r) => r.method),
      ['DELETE', 'DELETE'],
      'the lost one, then one more after the question',
    );
    await waitFor('one connection left', async () => (await connectionNodes()).length === 1);
    await waitFor('its watch stopped with it', () => api.progressRunning() === 0);
  });

  it('Delete Connection asks on production: declined, nothing is sent; accepted, one DELETE and it leaves the folder', async () => {
    await setEnvironment(api, accountId, 'production');
    await admin.clearRequests();
    const [connection] = await connectionNodes();
    const remove = (answer: boolean) =>
      answering(api, [answer], () =>
        vscode.commands.executeCommand<WriteResult<true>>('dataPlatform.deleteConnection', connection),
      );
    assert.deepEqual(await remove(false), { outcome: 'cancelled' });
    assert.match(modals(api).at(-1)?.message ?? '', /Delete the Xero connection of Connections Co/);
    assert.deepEqual(await writes(), [], 'declined: nothing sent');
    assert.deepEqual(await remove(true), { outcome: 'done', value: true });
    assert.deepEqual(
      (await writes()).map((r) => r.method),
      ['DELETE'],
    );
    await waitFor('the folder empty again', async () => (await connectionNodes()).length === 0);
  });

  it('a watched connection unlinked before it was authorized: the watch ends and says so', async () => {
    await setEnvironment(api, accountId, 'local');
    const result = await answering(api, ['Sandbox'], () =>
      vscode.commands.executeCommand<CreateConnectionResult>('dataPlatform.createConnection', node),
    );
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    await waitFor('the watch running', () => api.progressRunning() === 1);
    const pending = await waitFor('the pending connection', async () =>
      (await connectionNodes()).find((n) => n.connection.status === 'PendingAuth'),
    );
    // No queued answer: the link is offered in a real notification, beside the watch's progress.
    const offer = await waitFor('the link offered', () =>
      notices().find((q) => /Sandbox connection of Connections Co waits for authorization/.test(q.message)),
    );
    assert.deepEqual(offer.buttons, ['Open Link', 'Copy Link URL']);
    const unlinked = await vscode.commands.executeCommand<WriteResult<DataConnection>>(
      'dataPlatform.unlinkConnection',
      pending,
    );
    assert.equal(unlinked?.outcome, 'done', JSON.stringify(unlinked));
    await waitFor('the watch’s last word', () =>
      notices().some((q) => /Sandbox connection of Connections Co is Unlinked: it was not authorized/.test(q.message)),
    );
    await waitFor('the watch ended', () => api.progressRunning() === 0);
  });

  it('a company with a Linked, a Deauthorized and a pending connection: the link offered in a real notification', async () => {
    // Made over the API, as another client would: two linked at their link page, one then revoked.
    const client = await emulatorClient();
    const harbour = await client.createCompany({ name: 'Harbour Tiles Ltd' });
    for (const key of ['gbol', 'qhyg']) {
      const made = await client.connections.create(harbour.id, key);
      await authorizeInBrowser(made.linkUrl);
      if (key === 'qhyg') await admin.deauthorize(harbour.id, made.id);
    }
    await vscode.commands.executeCommand('dataPlatform.refresh');
    await children(api);
    const company = api.tree.root?.showCompany(harbour);
    assert.ok(company, 'the company is shown');
    // Earlier suites' notifications cleared, so the picture shows this one's.
    await vscode.commands.executeCommand('notifications.clearAll');
    const result = await answering(api, ['FreshBooks'], () =>
      vscode.commands.executeCommand<CreateConnectionResult>('dataPlatform.createConnection', company),
    );
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    if (result?.outcome !== 'created') return;
    const rows = await waitFor('three connections in the folder', async () => {
      const kids = (await children(api, company.connections)).filter((n) => kindOf(n) === 'connection');
      return kids.length === 3 && (kids as ConnectionNode[]);
    });
    assert.deepEqual(rows.map((r) => r.connection.status).sort(), ['Deauthorized', 'Linked', 'PendingAuth']);
    await waitFor('the link offered', () =>
      notices().find((q) => /FreshBooks connection of Harbour Tiles Ltd waits for authorization/.test(q.message)),
    );
    if (canScreenshot()) {
      // The README's picture: the notification centre shows the offer beside the watch's progress.
      const pending = rows.find((r) => r.connection.status === 'PendingAuth');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      if (pending) await api.companiesView.reveal(pending, { select: true, focus: true });
      await vscode.commands.executeCommand('notifications.showList');
      await screenshot('connections');
      await vscode.commands.executeCommand('notifications.hideList');
    }
    // The watch ends once the company's user authorizes it.
    await authorizeInBrowser(result.connection.linkUrl);
    await waitFor('the watch ended', () => api.progressRunning() === 0, 20_000);
  });
});
