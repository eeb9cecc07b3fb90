// Copy as cURL in a real extension host: on a company, an invoices node, a query node, an invoice,
// an error node and a diagnostics entry (its webview button). Each copied command is run with
// `sh -c` and the emulator's key in the environment (curl is on the machine and on CI) and must
// get the body the client gets; the key is nowhere in the copied text. A server's `_links.next`
// href holding curl glob patterns and a bidi override (the emulator never writes one, so a small
// loopback server plays the API for an account of its own) is repeated once, to the same path.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import type { TreeNode } from '../../src/tree/node';
import type { CompanyNode } from '../../src/tree/companyNodes';
import { TestServer } from '../support/httpDouble';
import {
  addAccount,
  admin,
  children,
  createCompany,
  emulator,
  emulatorClient,
  kindOf,
  openView,
  signIn,
  sleep,
  viewItemMatches,
  waitFor,
} from './helpers';
import { contextValue, listContext, queryContext, recordContext } from '../../src/tree/contextValues';
import { getInvoice, listInvoices } from '../support/invoiceReads';

const run = promisify(execFile);
const COMMAND = 'dataPlatform.copyAsCurl';
const contextOf = (n: TreeNode) => n.getTreeItem().contextValue ?? '';
/** Plain data, as the API sent it. */
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('Copy as cURL in a real VS Code extension host', function () {
  this.timeout(60_000);
  let api: DataPlatformApi;
  let key: string;

  /** Runs the command on `target`, reads the clipboard, checks the key is not in it, runs it. */
  async function copyAndRun(target: unknown): Promise<{ text: string; body: unknown }> {
    await vscode.env.clipboard.writeText('before');
    const returned = await vscode.commands.executeCommand<string | undefined>(COMMAND, target);
    const text = await vscode.env.clipboard.readText();
    assert.equal(text, returned, 'the command copies what it returns');
    return { text, body: await runCopied(text) };
  }

  async function runCopied(text: string): Promise<unknown> {
    for (const form of [
      key,
      Buffer.from(key).toString('base64'),
      Buffer.from(`${key}:`).toString('base64'),
      encodeURIComponent(key),
    ]) {
      assert.ok(!text.includes(form), 'the key is nowhere in the copied text');
    }
    assert.match(text, /^curl .*\$DATA_PLATFORM_API_KEY/s);
    const { stdout } = await run('sh', ['-c', text], { env: { ...process.env, DATA_PLATFORM_API_KEY: key } });
    return JSON.parse(stdout);
  }

  async function company(which: string): Promise<CompanyNode> {
    const id = (await admin.info()).companies[which];
    await children(api);
    const node = api.tree.root?.companyNode(id);
    assert.ok(node, `company ${which} is on the first page`);
    return node;
  }

  before(async () => {
    await run('sh', ['-c', 'command -v curl']).catch(() => assert.fail('curl is needed to run a copied command'));
    api = await openView();
    await signIn(api);
    key = (await emulator()).key;
  });
  afterEach(() => admin.clearFaults());

  it('is on the context menus of companies, lists, queries, records and error nodes with a request, and in the palette', async () => {
    const pkg = vscode.extensions.all.find((e) => e.id === 'dataplatform.data-platform-explorer')?.packageJSON as {
      contributes: { menus: Record<string, { command: string; when: string }[]> };
    };
    const item = pkg.contributes.menus['view/item/context'].find((m) => m.command === COMMAND);
    assert.ok(item);
    const companyContext = (await company('few')).getTreeItem().contextValue ?? '';
    const offered = [
      companyContext,
      listContext('invoices'),
      queryContext('invoices'),
      queryContext('bills', true),
      recordContext('invoices'),
      recordContext('bills'),
      contextValue('error', ['retry', 'details', 'curl']),
      contextValue('error', ['retry', 'details', 'setKey', 'curl']),
    ];
    for (const value of offered) assert.ok(viewItemMatches(item.when, value), `${value} has the menu`);
    const none = [
      contextValue('dataFolder', ['refresh', 'query']),
      contextValue('loadMore'),
      contextValue('error', ['retry', 'details']),
      contextValue('error', ['retry', 'details', 'setKey']),
      contextValue('message'),
    ];
    for (const value of none) assert.ok(!viewItemMatches(item.when, value), `${value} has none`);
    assert.match(
      pkg.contributes.menus.commandPalette.find((m) => m.command === COMMAND)?.when ?? '',
      /^dataPlatform\.selection =~ \/\\bcurl\\b\/$/,
    );
  });

  it('a company, its invoices, a query and an invoice: each copied command gets what the client gets', async () => {
    const client = await emulatorClient();
    const few = await company('few');
    const id = few.company.id;
    const copied = await copyAndRun(few);
    assert.deepEqual(copied.body, json(await client.getCompany(id)));

    // The list's first page at the size the tree loads it with (the default, 100).
    assert.deepEqual((await copyAndRun(few.invoices)).body, json(await listInvoices(client, id, { pageSize: 100 })));

    const query = few.addQuery({ query: 'status=Paid || totalAmount>100', orderBy: '-totalAmount' });
    const fromQuery = await copyAndRun(query);
    assert.match(fromQuery.text, /query=status%3DPaid%20%7C%7C%20totalAmount%3E100&orderBy=-totalAmount'/);
    assert.deepEqual(
      fromQuery.body,
      json(
        await listInvoices(client, id, {
          pageSize: 100,
          query: 'status=Paid || totalAmount>100',
          orderBy: '-totalAmount',
        }),
      ),
    );

    const [invoice] = (await children(api, few.invoices)).filter((n) => contextOf(n) === recordContext('invoices'));
    assert.ok(invoice);
    const fromInvoice = await copyAndRun(invoice);
    const first = few.invoices.pagedList?.items[0];
    assert.ok(first);
    assert.deepEqual(fromInvoice.body, json(await getInvoice(client, id, first.id)));
    few.removeQuery(query);
  });

  it('an error node copies the request that failed, which gets the same error; a request never sent has none', async () => {
    const unsupported = await company('unsupported');
    const failed = (await children(api, unsupported.invoices)).find((n) => contextOf(n).startsWith('error '));
    assert.ok(failed, 'the 404 shows as an error node');
    assert.match(contextOf(failed), /\bcurl\b/);
    const { text, body } = await copyAndRun(failed);
    assert.match(text, new RegExp(`/companies/${unsupported.company.id}/data/invoices\\?page=1&pageSize=100'`));
    assert.equal((body as { statusCode: number }).statusCode, 404);

    // A filter the checker refuses is never sent: its error node has nothing to copy.
    const few = await company('few');
    const query = few.addQuery({ query: 'status=' });
    try {
      const refused = (await children(api, query)).find((n) => contextOf(n).startsWith('error '));
      assert.ok(refused, 'the refused filter shows as an error node');
      assert.doesNotMatch(contextOf(refused), /curl/);
      await vscode.env.clipboard.writeText('kept');
      assert.equal(await vscode.commands.executeCommand(COMMAND, refused), undefined);
      assert.equal(await vscode.env.clipboard.readText(), 'kept');
    } finally {
      few.removeQuery(query);
    }
  });

  it('from the palette, acts on the selection; with nothing to copy, copies nothing', async () => {
    const few = await company('few');
    await api.companiesView.reveal(few, { select: true, focus: true });
    await waitFor('the company selected', () => api.companiesView.selection[0] === few);
    const { body } = await copyAndRun(undefined);
    assert.equal((body as { id: string }).id, few.company.id);

    const [data] = await children(api, few);
    await api.companiesView.reveal(data, { select: true, focus: true });
    await waitFor('the Data folder selected', () => api.companiesView.selection[0] === data);
    await vscode.env.clipboard.writeText('kept');
    assert.equal(await vscode.commands.executeCommand(COMMAND), undefined);
    assert.equal(await vscode.env.clipboard.readText(), 'kept');
  });

  it('a diagnostics entry shows its request and copies it from its button; the copy gets the same error', async () => {
    const { url } = await emulator();
    const unsupported = await company('unsupported');
    await children(api, unsupported.invoices);
    const entry = await waitFor('the 404 in the diagnostics', () =>
      api.diagnostics
        .entries()
        .find(
          (e) =>
            e.error.status === 404 && e.error.path.startsWith(`/companies/${unsupported.company.id}/data/invoices?`),
        ),
    );
    const requestLine = `GET ${url}${entry.error.path}`;
    const panel = await vscode.commands.executeCommand<DataPlatformApiPanel>('dataPlatform.showDiagnostics', entry.id);
    await waitFor('the entry rendered', () => panel.lastRender()?.ids.includes(entry.id));
    assert.ok(panel.lastRender()?.text.includes(requestLine), 'the entry shows method and whole URL');

    await vscode.env.clipboard.writeText('before');
    await panel.post({ type: 'click', action: 'copyCurl', id: entry.id });
    const text = await waitFor('the clipboard', async () => {
      const t = await vscode.env.clipboard.readText();
      return t !== 'before' && t;
    });
    assert.ok(text.includes(`'${url}${entry.error.path}'`));
    const body = (await runCopied(text)) as { statusCode: number; error: string };
    assert.equal(body.statusCode, 404);
    assert.equal(body.error, entry.error.body?.error);
    // The command on the entry by id copies the same text; an unknown id copies nothing.
    assert.equal((await copyAndRun({ diagnosticsEntry: entry.id })).text, text);
    await vscode.env.clipboard.writeText('kept');
    assert.equal(await vscode.commands.executeCommand(COMMAND, { diagnosticsEntry: 'no-such-entry' }), undefined);
    await sleep(100);
    assert.equal(await vscode.env.clipboard.readText(), 'kept');
    panel.panel?.dispose();
  });

  it('a diagnostics entry of a write whose answer was lost copies with a line saying it may already have been applied (issue 30, item 11)', async () => {
    await admin.addFault({ kind: 'reset', method: 'POST', path: '^/companies$', times: 1 });
    try {
      const lost = await createCompany(api, { name: 'Maybe Made Ltd' });
      assert.equal(lost?.outcome, 'failed', JSON.stringify(lost));
    } finally {
      await admin.clearFaults();
    }
    const entry = api.diagnostics.entries().find((e) => e.error.method === 'POST' && e.error.kind === 'network');
    assert.ok(entry, 'the lost create is in the diagnostics');
    await vscode.env.clipboard.writeText('before');
    const text = await vscode.commands.executeCommand<string>(COMMAND, { diagnosticsEntry: entry.id });
    assert.equal(await vscode.env.clipboard.readText(), text);
    const [first, second] = text.split('\n');
    assert.match(first, /^# WARNING: this POST got no usable answer, so it may already have been applied/);
    assert.match(second, /^curl .*--request POST/);
  });

  it('an error node whose page came from a hostile _links.next href: the copy makes that one request, nothing invisible in it', async () => {
    const server = await TestServer.start();
    const href = '/companies/[0-9][0-9]{a,b}/\u202Egpj.exe?page=2&x={a,b}[1-40]';
    server.otherwise((_req, res, recorded) => {
      res.setHeader('Content-Type', 'application/json');
      if (recorded.url.startsWith('/companies?page=1&')) {
        const self = { href: recorded.url };
        res.end(
          JSON.stringify({
            results: [{ id: 'c1', name: 'Hostile Links Ltd' }],
            pageNumber: 1,
            pageSize: 100,
            totalResults: 101,
            _links: { self, current: self, next: { href } },
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ statusCode: 404, service: 'test', error: 'No such page', correlationId: 'hostile' }));
    });
    // Loopback, but not the emulator: the environment is asked (production, as it was inferred).
    const added = await addAccount(api, { name: 'Hostile links', baseUrl: server.url, key, environment: 'production' });
    const accountId = added?.account?.id ?? '';
    try {
      assert.equal(added?.outcome, 'added');
      const root = await waitFor('the account root', () => api.tree.rootOf(accountId));
      assert.equal((await children(api, root)).filter((n) => kindOf(n) === 'company').length, 1);
      server.requests.splice(0);
      await vscode.commands.executeCommand('dataPlatform.loadMore', root);
      const failed = (await children(api, root)).find((n) => contextOf(n).startsWith('error '));
      assert.ok(failed, 'the failed page shows as an error node');
      const sentByExtension = server.requests.map((r) => r.url);
      assert.deepEqual(
        sentByExtension,
        ['/companies/[0-9][0-9]%7Ba,b%7D/%E2%80%AEgpj.exe?page=2&x={a,b}[1-40]'],
        'the page the extension asked for',
      );

      server.requests.splice(0);
      const { text, body } = await copyAndRun(failed);
      assert.match(text, /^[\x20-\x7e\n]*$/, 'printable ASCII only: no bidi override, nothing invisible');
      assert.match(text, /--globoff/);
      assert.deepEqual(
        server.requests.map((r) => r.url),
        sentByExtension,
        'one request, to the path the extension sent',
      );
      assert.equal((body as { error: string }).error, 'No such page');
    } finally {
      if (api.accounts.get(accountId)) await api.accounts.remove(accountId);
      await server.close();
    }
  });
});

type DataPlatformApiPanel = DataPlatformApi['diagnosticsPanel'];
