// The Companies tree against the emulator: keys, lazy invoices, paging, errors and the log.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import type { ErrorNode } from '../../src/tree/leafNodes';
import type { TreeNode } from '../../src/tree/node';
import type { DataTypeNode } from '../../src/tree/dataNodes';
import type { CompanyNode } from '../../src/tree/companyNodes';
import {
  admin,
  answering,
  canScreenshot,
  children,
  emulator,
  emulatorInvoice,
  EXTENSION_ID,
  firstAccountKey,
  kindOf,
  labelOf,
  openView,
  refusal,
  screenshot,
  setApiKey,
  signIn,
  sleep,
  type LoggedRequest,
  waitFor,
} from './helpers';

const contextOf = (n: TreeNode) => n.getTreeItem().contextValue ?? '';
/** The nodes of a kind: `company`, `record`, `loadMore`, … (the first word of the contextValue). */
const byContext = (nodes: TreeNode[], kind: string) => nodes.filter((n) => kindOf(n) === kind);
/** Records what the provider asks the view to re-render (a node, or undefined for the tree). */
function changesOf(api: DataPlatformApi): { events: (TreeNode | undefined)[]; dispose(): void } {
  const events: (TreeNode | undefined)[] = [];
  const sub = api.tree.onDidChangeTreeData((n) => events.push(n));
  return {
    events,
    dispose: () => {
      sub.dispose();
    },
  };
}
const errorNode = (nodes: TreeNode[]) => nodes.find((n) => contextOf(n).startsWith('error')) as ErrorNode | undefined;

async function company(api: DataPlatformApi, which: string): Promise<CompanyNode> {
  const id = (await admin.info()).companies[which];
  await children(api);
  const node = api.tree.root?.companyNode(id);
  assert.ok(node, `company ${which} is on the first page`);
  return node;
}

/** The company's data set statuses loaded (or failed): they load in the background when the
 * company expands; waiting keeps that request out of the request logs tests read. */
const statusSettled = (c: CompanyNode) =>
  waitFor('the data set statuses', () => c.dataStatus.state === 'loaded' || c.dataStatus.state === 'failed');

async function invoicesOf(api: DataPlatformApi, which: string): Promise<DataTypeNode> {
  const c = await company(api, which);
  const [data] = await children(api, c);
  const [invoices] = await children(api, data);
  assert.equal(labelOf(invoices), 'Invoices');
  assert.strictEqual(invoices, c.invoices);
  await statusSettled(c);
  return c.invoices;
}

const tooltipOf = (n: TreeNode): string => {
  const tip = n.getTreeItem().tooltip;
  return typeof tip === 'string' ? tip : (tip?.value ?? '');
};

/** Invoice list requests in the log; of one company only when given (a rebuilt tree makes the view
 * re-expand the nodes it remembers, whose requests may land in the log at any time). */
const invoiceRequests = (log: LoggedRequest[], companyId?: string) =>
  log.filter(
    (r) =>
      r.path.includes('/data/invoices') && (companyId === undefined || r.path.includes(`/companies/${companyId}/`)),
  );

describe('companies tree against the emulator', () => {
  let api: DataPlatformApi;

  before(async () => {
    api = await openView();
  });
  afterEach(() => admin.clearFaults());

  it('refuses a wrong key without storing it, stores the right one in SecretStorage and lists the companies', async () => {
    const { key } = await emulator();
    await vscode.commands.executeCommand('dataPlatform.signOut');
    await waitFor('no key', () => api.connection.state.kind === 'noKey');
    assert.deepEqual(await children(api), [], 'no key: an empty tree, so the welcome view shows');

    const wrong = await setApiKey(api, 'not-a-real-key-123');
    assert.equal(wrong?.outcome, 'rejected');
    assert.equal(await firstAccountKey.get(api), undefined);

    await admin.clearRequests();
    await signIn(api);
    assert.equal(await firstAccountKey.get(api), key);
    const validation = (await admin.requests())[0];
    assert.equal(validation.path, '/companies');
    assert.equal(validation.query.pageSize, '1');

    const top = await children(api);
    const names = top.map(labelOf);
    for (const name of [
      'Many Invoices Wholesale Ltd',
      'Few Invoices Florists Ltd',
      'Unsupported Platform Builders Ltd',
    ]) {
      assert.ok(names.includes(name), `${name} is listed`);
    }
    assert.equal(byContext(top, 'company').length, 100, 'first page of companies (pageSize 100)');
    assert.equal(labelOf(byContext(top, 'loadMore')[0]), 'Load more (100 of 120 loaded)');
    assert.equal(byContext(top, 'loadAll').length, 1);
    assert.match(api.statusBar.text, /127\.0\.0\.1:\d+ · [\d,]+ left/);
  });

  it('fetches no invoices when a company expands, and one page when Invoices expands', async () => {
    await admin.clearRequests();
    const c = await company(api, 'many');
    const [data] = await children(api, c);
    assert.equal(labelOf(data), 'Data');
    assert.equal(
      data.getTreeItem().collapsibleState,
      vscode.TreeItemCollapsibleState.Expanded,
      'the Data folder is open',
    );
    const kids = await children(api, data);
    assert.equal(labelOf(kids[0]), 'Invoices');
    await statusSettled(c);
    assert.match(
      String(kids[0].getTreeItem().description),
      /^Complete · \d{4}-\d\d-\d\d$/,
      'the data set status before it is expanded',
    );
    assert.match(tooltipOf(kids[0]), /Data set: Complete/);
    assert.deepEqual(invoiceRequests(await admin.requests()), [], 'nothing fetched before Invoices is expanded');
    assert.equal(
      (await admin.requests()).filter((r) => r.path.endsWith('/dataStatus')).length,
      1,
      'one status request for every type',
    );

    const changes = changesOf(api);
    const items = await children(api, kids[0]);
    await sleep(200);
    changes.dispose();
    assert.deepEqual(
      changes.events.filter((n) => n === kids[0] || n === undefined),
      [],
      'the expand renders its page once: no second render of Invoices or the tree',
    );
    const log = invoiceRequests(await admin.requests());
    assert.equal(log.length, 1);
    assert.equal(log[0].query.page ?? '1', '1');
    assert.equal(log[0].query.pageSize, '100');
    const invoices = byContext(items, 'record');
    assert.equal(invoices.length, 100);
    assert.equal(labelOf(invoices[0]), 'INV-00001');
    assert.match(String(invoices[0].getTreeItem().description), /^.+ · [\d,]+\.\d\d [A-Z]{3} · .+$/);
    assert.equal(labelOf(byContext(items, 'loadMore')[0]), 'Load more (100 of 25,000 loaded)');
    assert.equal(kids[0].getTreeItem().description, '25,000');
  });

  it('Load more fetches exactly page 2 and appends it; concurrent clicks share one request', async () => {
    const invoices = await invoicesOf(api, 'many');
    await children(api, invoices);
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.loadMore', invoices);
    let log = invoiceRequests(await admin.requests());
    assert.deepEqual(
      log.map((r) => r.query.page),
      ['2'],
    );
    let items = await children(api, invoices);
    assert.equal(byContext(items, 'record').length, 200);
    assert.equal(labelOf(byContext(items, 'record')[100]), 'INV-00101');
    assert.equal(labelOf(byContext(items, 'loadMore')[0]), 'Load more (200 of 25,000 loaded)');

    await admin.clearRequests();
    await Promise.all([
      vscode.commands.executeCommand('dataPlatform.loadMore', invoices),
      vscode.commands.executeCommand('dataPlatform.loadMore', invoices),
    ]);
    log = invoiceRequests(await admin.requests());
    assert.deepEqual(
      log.map((r) => r.query.page),
      ['3'],
      'two clicks, one request',
    );
    items = await children(api, invoices);
    assert.equal(byContext(items, 'record').length, 300);
  });

  it('Load all walks the companies to totalResults', async () => {
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.loadAll', api.tree.root);
    const top = await children(api);
    assert.equal(byContext(top, 'company').length, 120);
    assert.equal(byContext(top, 'loadMore').length, 0);
    assert.equal(api.tree.root?.pagedList?.totalResults, 120);
    const pages = (await admin.requests()).filter((r) => r.path === '/companies').map((r) => r.query.page);
    assert.deepEqual(pages, ['2'], 'only the missing page');
  });

  it('a 429 shows an error node, keeps the pages, and Retry recovers', async () => {
    const invoices = await invoicesOf(api, 'many');
    const before = byContext(await children(api, invoices), 'record').length;
    assert.ok(before >= 300);
    const reported = api.diagnostics.size;
    // 60 s is beyond the client's longest automatic wait, so the failure reaches the tree.
    await admin.addFault({ kind: 'status', status: 429, path: '/data/invoices', times: 1, retryAfter: 60 });
    await vscode.commands.executeCommand('dataPlatform.loadMore', invoices);
    let items = await children(api, invoices);
    const err = errorNode(items);
    assert.ok(err, 'an error node');
    assert.match(labelOf(err), /^Rate limited — retry in \d+ s$/);
    assert.match(contextOf(err), /^error retry\b/);
    assert.equal(byContext(items, 'record').length, before, 'loaded pages kept');
    assert.equal(api.diagnostics.size, reported + 1, 'reported to diagnostics once');
    assert.equal(api.diagnostics.entries()[0].error.status, 429);

    // The countdown re-renders the error node alone (not 300+ invoices, not the tree), each second.
    const first = labelOf(err);
    const changes = changesOf(api);
    await sleep(2300);
    changes.dispose();
    assert.ok(changes.events.length >= 2, `ticks: ${changes.events.length}`);
    assert.ok(
      changes.events.every((n) => n === err),
      'only the error node',
    );
    assert.notEqual(labelOf(err), first, `the label counts down (${first} → ${labelOf(err)})`);
    assert.strictEqual(errorNode(await children(api, invoices)), err, 'the same node is rendered again');

    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.retry', err);
    items = await children(api, invoices);
    assert.equal(errorNode(items), undefined);
    assert.equal(byContext(items, 'record').length, before + 100);
    assert.deepEqual(
      invoiceRequests(await admin.requests()).map((r) => r.query.page),
      [String(before / 100 + 1)],
    );
  });

  it('a short 429 holds the requests back, is retried by itself, and is told once in the log, never the key', async () => {
    const { key } = await emulator();
    const invoices = await invoicesOf(api, 'many');
    const before = byContext(await children(api, invoices), 'record').length;
    const tag = `[${api.connection.account.name}] `;
    const told = (): string[] =>
      api
        .logLines()
        .filter((l) => l.message.startsWith(`${tag}rate limited (429)`))
        .map((l) => `${l.level} ${l.message}`);
    const toldBefore = told().length;
    await admin.addFault({ kind: 'status', status: 429, path: '/data/invoices', times: 1, retryAfter: 1 });
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.loadMore', invoices);
    const items = await children(api, invoices);
    assert.equal(errorNode(items), undefined, 'the retry after the wait succeeded');
    assert.equal(byContext(items, 'record').length, before + 100);
    assert.deepEqual(
      invoiceRequests(await admin.requests()).map((r) => r.status),
      [429, 200],
    );
    assert.deepEqual(
      told().slice(toldBefore),
      [`warn ${tag}rate limited (429): every request waits 1.0 s`],
      'tagged with the account',
    );
    const b64 = Buffer.from(key).toString('base64');
    assert.ok(api.logLines().every((l) => !l.message.includes(key) && !l.message.includes(b64)));
  });

  it('shows the right error nodes for 409 and 404 data sets, with Queue sync where it fits', async () => {
    const notRequestedCompany = await company(api, 'notRequested');
    const invoicesNode = await invoicesOf(api, 'notRequested');
    assert.equal(invoicesNode.getTreeItem().description, 'Never requested');
    const notRequested = await children(api, invoicesNode);
    const e409 = errorNode(notRequested);
    assert.equal(e409 && labelOf(e409), 'Invoices: not synced yet');
    assert.match(contextOf(e409!), /\bqueueSync\b/);

    const empty = await children(api, await invoicesOf(api, 'empty'));
    assert.deepEqual(empty.map(labelOf), ['No invoices']);

    const syncing = errorNode(await children(api, await invoicesOf(api, 'syncing')));
    assert.equal(syncing && labelOf(syncing), 'Invoices: sync in progress');
    // A normal state: a turning icon, not a warning, and no error in the diagnostics panel.
    assert.equal((syncing?.getTreeItem().iconPath as vscode.ThemeIcon).id, 'sync~spin');
    const still = syncing?.apiError;
    assert.ok(still?.status === 409);
    await waitFor('the 409 in the log', () => api.logLines().some((l) => l.message.includes(still.path)));
    assert.ok(!api.diagnostics.entries().some((d) => d.error === still), 'not in the diagnostics panel');

    const unsupported = errorNode(await children(api, await invoicesOf(api, 'unsupported')));
    assert.equal(unsupported && labelOf(unsupported), 'Not supported by Xero');
    assert.doesNotMatch(contextOf(unsupported!), /queueSync/);

    await admin.clearRequests();
    const queued = await vscode.commands.executeCommand<boolean>('dataPlatform.queueSync', e409);
    assert.equal(queued, true);
    const posted = (await admin.requests()).filter((r) => r.method === 'POST');
    assert.equal(posted.length, 1);
    assert.match(posted[0].path, /\/data\/queue\/invoices$/);
    // The company's statuses are refreshed with the invoices: no longer "never requested". The
    // node's description shows the status until the refreshed list has loaded again.
    await waitFor(
      'the data set status after the sync was queued',
      () =>
        notRequestedCompany.dataStatus.state === 'loaded' &&
        notRequestedCompany.dataStatus.of('invoices') !== undefined,
    );
    assert.match(
      notRequestedCompany.dataStatus.of('invoices')?.currentStatus ?? '',
      /^(Queued|Fetching|Mapping|Validating|Complete)/,
    );
    assert.match(tooltipOf(invoicesNode), /Data set: (Queued|Fetching|Mapping|Validating|Complete)/);
    assert.ok(
      (await admin.requests()).some((r) => r.path.endsWith('/dataStatus')),
      'the status was fetched again',
    );
  });

  it('a tree reset stops a running Load all and its status requests: no more pages, nothing reported', async () => {
    const config = vscode.workspace.getConfiguration('dataPlatform');
    const oldRoot = api.tree.root;
    await config.update('pageSize', 50, vscode.ConfigurationTarget.Global);
    try {
      await waitFor('the tree to be rebuilt for the new page size', () => api.tree.root !== oldRoot);
      const invoices = await invoicesOf(api, 'many');
      assert.equal(byContext(await children(api, invoices), 'record').length, 50);
      await admin.addFault({ kind: 'latency', latencyMs: 200, path: '/data/invoices' });
      const reported = api.diagnostics.size;
      await admin.clearRequests();
      let pages = 0;
      const running = invoices.loadAll(undefined, () => pages++);
      await waitFor('Load all to be under way', () => pages >= 2);

      api.tree.reset();
      const atReset = invoiceRequests(await admin.requests()).length;
      // The emulator logs a request once it answers: the ones in flight at the reset (at most
      // loadAllConcurrency) may still appear, and so may the first page of the rebuilt root's
      // node, which the view re-expands. Without the fix, Load all goes on with the old list:
      // dozens more pages in 1.5 s.
      const inFlight = config.get<number>('loadAllConcurrency') ?? 4;
      await new Promise((r) => setTimeout(r, 1500));
      const after = invoiceRequests(await admin.requests()).length;
      assert.ok(
        after <= atReset + inFlight + 1,
        `no page requested after the reset (${atReset} at the reset, ${after} later)`,
      );
      await running;
      assert.equal(invoices.pagedList, undefined, 'the detached node forgot its list');
      assert.equal(api.diagnostics.size, reported, 'nothing reported for the stopped load');
      // A late call for the detached node (the view may still ask for an element of the old tree)
      // fetches nothing: no new list, no page 1 of a list nobody shows.
      assert.deepEqual(await children(api, invoices), []);
      await invoices.loadMore();
      assert.equal(invoices.pagedList, undefined, 'still no list');
    } finally {
      await admin.clearFaults();
      const smallRoot = api.tree.root;
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
      await waitFor('the tree to be rebuilt for the default page size', () => api.tree.root !== smallRoot);
      // Loaded here, so the view's own fetch of the rebuilt root cannot land in the next test.
      await children(api);
    }
  });

  it('a 401 shows "Key rejected" and asks for a new key', async () => {
    const prompts = api.keyPrompts().length;
    await admin.addFault({ kind: 'status', status: 401, path: '^/companies$', times: 1 });
    await vscode.commands.executeCommand('dataPlatform.refresh');
    const top = await children(api);
    const err = errorNode(top);
    assert.equal(err && labelOf(err), 'Key rejected');
    assert.match(contextOf(err!), /\bsetKey\b/);
    await waitFor('the prompt for a new key', () => api.keyPrompts().length === prompts + 1);
    assert.match(api.keyPrompts()[prompts], /rejected \(401 Unauthorized\)/);

    await vscode.commands.executeCommand('dataPlatform.retry', err);
    assert.equal(byContext(await children(api), 'company').length, 100);
  });

  it('a proxy asking for credentials (407) shows "Proxy sign-in required" and opens the proxy settings', async () => {
    await admin.addFault({ kind: 'html', status: 407, path: '^/companies$', times: 1 });
    await vscode.commands.executeCommand('dataPlatform.refresh');
    const err = errorNode(await children(api));
    assert.equal(err && labelOf(err), 'Proxy sign-in required (407)');
    assert.match(contextOf(err!), /\bsettings\b/);
    assert.match(err!.error.message, /http\.proxy/);
    assert.equal(await vscode.commands.executeCommand('dataPlatform.openNetworkSettings', err), 'http.proxy');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    await vscode.commands.executeCommand('dataPlatform.retry', err);
    assert.equal(byContext(await children(api), 'company').length, 100);
  });

  it('Refresh while the first page is still loading loads it again, not an empty node', async () => {
    const invoices = await invoicesOf(api, 'few');
    await vscode.commands.executeCommand('dataPlatform.refresh', invoices);
    await admin.addFault({ kind: 'latency', latencyMs: 600, path: '/data/invoices', times: 1 });
    try {
      const changes = changesOf(api);
      const first = children(api, invoices);
      await sleep(150);
      await vscode.commands.executeCommand('dataPlatform.refresh', invoices);
      assert.deepEqual(byContext(await first, 'record'), [], 'the aborted load shows nothing');
      changes.dispose();
      assert.ok(changes.events.includes(invoices), 'the view is asked to render the node again');
      const items = await children(api, invoices);
      assert.equal(byContext(items, 'record').length, 7, 'and the fresh first page is there');
      // The emulator logs a request when it answers it: the aborted one is answered 600 ms after
      // it was sent, and must not land in the request log of a later test.
      await waitFor('the delayed request to be answered', async () =>
        (await admin.requests()).some((r) => r.fault === 'latency'),
      );
    } finally {
      await admin.clearFaults();
    }
  });

  it('Refresh on Invoices reloads only that node', async () => {
    const invoices = await invoicesOf(api, 'few');
    assert.equal(byContext(await children(api, invoices), 'record').length, 7);
    const many = await invoicesOf(api, 'many');
    const manyLoaded = many.pagedList?.items.length;
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.refresh', invoices);
    assert.equal(byContext(await children(api, invoices), 'record').length, 7);
    const log = await admin.requests();
    assert.deepEqual(
      log.map((r) => r.path),
      [`/companies/${invoices.company.id}/data/invoices`],
    );
    assert.equal(many.pagedList?.items.length, manyLoaded, 'other nodes keep what they loaded');
  });

  it('Load all walks invoices page by page to totalResults (page size from the setting)', async () => {
    const config = vscode.workspace.getConfiguration('dataPlatform');
    // The view loads what it shows expanded (an earlier test may have revealed this company's
    // invoices): collapsed, only this test's own calls fetch, so the request log is this test's.
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    const oldRoot = api.tree.root;
    await config.update('pageSize', 3, vscode.ConfigurationTarget.Global);
    try {
      await waitFor('the tree to be rebuilt for the new page size', () => api.tree.root !== oldRoot);
      const invoices = await invoicesOf(api, 'few');
      let items = await children(api, invoices);
      assert.equal(byContext(items, 'record').length, 3);
      assert.equal(labelOf(byContext(items, 'loadMore')[0]), 'Load more (3 of 7 loaded)');
      await admin.clearRequests();
      await vscode.commands.executeCommand('dataPlatform.loadAll', invoices);
      items = await children(api, invoices);
      assert.equal(byContext(items, 'record').length, 7);
      assert.equal(byContext(items, 'loadMore').length + byContext(items, 'loadAll').length, 0);
      const few = invoices.company.id;
      // Pages 2 and 3 by number, at once (dataPlatform.loadAllConcurrency): in either order.
      assert.deepEqual(
        invoiceRequests(await admin.requests(), few)
          .map((r) => [r.query.page, r.query.pageSize])
          .sort(),
        [
          ['2', '3'],
          ['3', '3'],
        ],
      );

      // Cancelling Load all (the progress notification's Cancel aborts this signal) keeps what it loaded.
      await vscode.commands.executeCommand('dataPlatform.refresh', invoices);
      assert.equal(byContext(await children(api, invoices), 'record').length, 3);
      await admin.clearRequests();
      const controller = new AbortController();
      await invoices.loadAll(controller.signal, () => controller.abort());
      items = await children(api, invoices);
      assert.equal(byContext(items, 'record').length, 6, 'the page loaded before the cancel stays');
      assert.equal(labelOf(byContext(items, 'loadMore')[0]), 'Load more (6 of 7 loaded)');
      assert.equal(errorNode(items), undefined, 'a cancel is not an error');
      // Page 2 was taken; page 3, asked for at the same time, was aborted (or never sent).
      const requests = invoiceRequests(await admin.requests(), few);
      const pages = requests.map((r) => r.query.page);
      assert.ok(pages.includes('2') && pages.every((p) => p === '2' || p === '3'), JSON.stringify(requests));
    } finally {
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a 403 says the key is outdated or not for this resource; Show details opens the panel on the error', async () => {
    await admin.addFault({ kind: 'status', status: 403, path: '/data/invoices', times: 1 });
    const invoices = await invoicesOf(api, 'few');
    await vscode.commands.executeCommand('dataPlatform.refresh', invoices);
    const err = errorNode(await children(api, invoices));
    assert.equal(err && labelOf(err), 'Key outdated or not for this resource');
    const correlationId = err?.apiError?.correlationId;
    assert.ok(correlationId);
    await vscode.commands.executeCommand('dataPlatform.showErrorDetails', err);
    const panel = await waitFor('the diagnostics panel', () => api.diagnosticsPanel.panel);
    await waitFor('the panel to focus the error', () => api.diagnosticsPanel.lastRender()?.focused !== undefined);
    assert.ok(api.diagnosticsPanel.lastRender()?.correlationIds.includes(correlationId));
    assert.equal(
      api.diagnostics.entries().filter((e) => e.error.correlationId === correlationId).length,
      1,
      'reported once',
    );
    panel.dispose();
    await vscode.commands.executeCommand('dataPlatform.retry', err);
  });

  it('copies an invoice’s id, and its JSON fetched whole (the tree keeps only what it shows)', async () => {
    const invoices = await invoicesOf(api, 'few');
    const [first] = byContext(await children(api, invoices), 'record');
    const id = await vscode.commands.executeCommand<string>('dataPlatform.copyId', first);
    assert.equal(await vscode.env.clipboard.readText(), id);
    assert.equal(id, invoices.pagedList?.items[0].id);
    assert.equal(invoices.pagedList?.items[0].lineItems, undefined, 'the tree holds the row, not the record');
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.copyJson', first);
    assert.equal(
      (await admin.requests()).filter((r) => r.path.endsWith(`/data/invoices/${id}`)).length,
      1,
      'one GET of the record',
    );
    const copied = JSON.parse(await vscode.env.clipboard.readText()) as { id: string; lineItems?: unknown[] };
    assert.deepEqual(copied, await emulatorInvoice(invoices.company.id, id));
    assert.ok(copied.lineItems?.length, 'with its line items');
  });

  it('Copy as JSON that cannot fetch the record says so, reports it and copies nothing', async () => {
    const invoices = await invoicesOf(api, 'few');
    const [, second] = byContext(await children(api, invoices), 'record');
    const id = invoices.pagedList?.items[1].id ?? '';
    // 501: a server error the client does not retry, so the test does not wait out the backoff.
    await admin.addFault({ kind: 'status', status: 501, path: `/data/invoices/${id}`, times: 50 });
    try {
      await vscode.env.clipboard.writeText('kept');
      const reported = api.diagnostics.size;
      assert.equal(await vscode.commands.executeCommand('dataPlatform.copyJson', second), undefined);
      assert.equal(await vscode.env.clipboard.readText(), 'kept');
      assert.equal(api.diagnostics.size, reported + 1, 'one diagnostics entry');
      assert.ok(api.diagnostics.entries()[0].error.path.includes(id));
    } finally {
      await admin.clearFaults();
    }
  });

  it('Copy ID and Copy as JSON from the palette act on the selection in the view', async () => {
    const palette = (
      vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        contributes: { menus: { commandPalette: { command: string; when: string }[] } };
      }
    ).contributes.menus.commandPalette;
    for (const command of ['dataPlatform.copyId', 'dataPlatform.copyJson']) {
      assert.match(
        palette.find((m) => m.command === command)?.when ?? '',
        /^dataPlatform\.selection =~ \/\\bcopy\\b\/$/,
        `${command} is in the palette while a company or a record is selected`,
      );
    }
    const invoices = await invoicesOf(api, 'few');
    const [, second] = byContext(await children(api, invoices), 'record');
    await api.companiesView.reveal(second, { select: true, focus: true });
    await waitFor('the invoice selected', () => api.companiesView.selection[0] === second);
    const id = await vscode.commands.executeCommand<string>('dataPlatform.copyId');
    assert.equal(id, invoices.pagedList?.items[1].id);
    assert.equal(await vscode.env.clipboard.readText(), id);
    await vscode.commands.executeCommand('dataPlatform.copyJson');
    assert.deepEqual(JSON.parse(await vscode.env.clipboard.readText()), await emulatorInvoice(invoices.company.id, id));

    const company = invoices.owner as CompanyNode;
    await api.companiesView.reveal(company, { select: true, focus: true });
    await waitFor('the company selected', () => api.companiesView.selection[0] === company);
    assert.equal(await vscode.commands.executeCommand<string>('dataPlatform.copyId'), company.company.id);

    // Nothing copyable selected (the Invoices node): nothing copied, the clipboard kept.
    await api.companiesView.reveal(invoices, { select: true, focus: true });
    await waitFor('Invoices selected', () => api.companiesView.selection[0] === invoices);
    await vscode.env.clipboard.writeText('kept');
    assert.equal(await vscode.commands.executeCommand('dataPlatform.copyId'), undefined);
    assert.equal(await vscode.env.clipboard.readText(), 'kept');
  });

  it('refuses a plain-http base URL that is not loopback for an account, which keeps its own', async () => {
    const { url } = await emulator();
    const id = api.connection.account.id;
    const refused = await answering(api, ['http://example.com:8080'], () =>
      vscode.commands.executeCommand<{ outcome: string }>('dataPlatform.changeBaseUrl', { accountId: id }),
    );
    assert.equal(refused?.outcome, 'cancelled', 'the input box does not take it');
    assert.match(refusal(api) ?? '', /https:\/\/ unless it is a loopback address/);
    assert.equal(api.accounts.get(id)?.baseUrl, url);
    assert.equal(api.connection.state.kind, 'ready');
    assert.equal(byContext(await children(api), 'company').length, 100);
  });

  it('follows SecretStorage changes made elsewhere (another window signing out or in)', async () => {
    const { key } = await emulator();
    await firstAccountKey.delete(api);
    await waitFor('the no-key state', () => api.connection.state.kind === 'noKey');
    assert.deepEqual(await children(api), []);
    await firstAccountKey.set(api, key);
    await waitFor('the ready state', () => api.connection.state.kind === 'ready');
    assert.equal(byContext(await children(api), 'company').length, 100);
  });

  it('logs one line per request and never the key', async () => {
    const { key } = await emulator();
    const lines = api.logLines();
    // Tagged with the account (the runner's base URL made it, named by its host).
    const tag = `[${api.connection.account.name}] `;
    assert.equal(tag, `[${new URL((await emulator()).url).host}] `);
    assert.ok(
      lines.some(
        (l) =>
          l.level === 'info' &&
          l.message.startsWith(tag) &&
          /GET \/companies\?page=1&pageSize=100 → 200 in \d+ ms/.test(l.message),
      ),
    );
    const b64 = Buffer.from(key).toString('base64');
    for (const l of lines) {
      assert.ok(!l.message.includes(key) && !l.message.includes(b64), `the key leaked into: ${l.message.slice(0, 80)}`);
    }
  });

  it('takes a screenshot of the tree with invoices loaded', async function () {
    if (!canScreenshot()) this.skip();
    await vscode.commands.executeCommand('workbench.actions.treeView.dataPlatform.companies.collapseAll');
    for (const which of ['few', 'unsupported', 'syncing']) {
      await api.companiesView.reveal(await invoicesOf(api, which), { expand: true, focus: false, select: false });
    }
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await screenshot('tree');
  });
});
