// The Reports folder and the report view against the emulator: each report opens in its panel
// and its totals agree with the emulator's own records, the page's parameters reach the API as
// the contract's query parameters, the report exports as CSV, an unavailable aged report and an
// error say so in the page (the error also in the diagnostics panel, with Retry), and a reloaded
// panel shows its report again from the state its page kept.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DataPlatformClient, DataRecord, ReportKind } from '../../src/api';
import type { ReportRenderSnapshot } from '../../src/panels/reportViewApi';
import type { DataPlatformApi } from '../../src/testApi';
import type { CompanyNode } from '../../src/tree/companyNodes';
import type { ReportsFolderNode } from '../../src/tree/reportNodes';
import {
  admin,
  answering,
  canScreenshot,
  children,
  emulator,
  emulatorClient,
  EXTENSION_ID,
  labelOf,
  openView,
  screenshot,
  shownCompany,
  signIn,
  waitFor,
} from './helpers';

const VIEW_TYPE = 'dataPlatform.report';

/** The page's latest report once it satisfies `check`. */
function rendered(
  api: DataPlatformApi,
  panel: vscode.WebviewPanel,
  what: string,
  check: (r: ReportRenderSnapshot) => boolean,
): Promise<ReportRenderSnapshot> {
  return waitFor(
    what,
    () => {
      const r = api.reportViews.lastRender(panel);
      return r && check(r) ? r : undefined;
    },
    15_000,
  );
}

const hasRows = (r: ReportRenderSnapshot) => r.rows.length > 0 && !r.loading;

/** Sums of a company's posted invoices per issue day's range, in the company's base currency
 * (the emulator's ledger: subtotal × rate, in cents). */
function incomeBetween(invoices: readonly DataRecord[], from: string, to: string): number {
  let cents = 0;
  for (const inv of invoices as readonly Record<string, unknown>[]) {
    const day = typeof inv.issueDate === 'string' ? inv.issueDate.slice(0, 10) : '';
    const deleted = (inv.metadata as { isDeleted?: boolean } | undefined)?.isDeleted === true;
    if (day < from || day > to || inv.status === 'Draft' || inv.status === 'Void' || deleted) continue;
    const rate = typeof inv.currencyRate === 'number' && inv.currencyRate > 0 ? inv.currencyRate : 1;
    cents += Math.round(Math.round(Number(inv.subTotal) * 100) * rate);
  }
  return cents / 100;
}

describe('reports: the Reports folder and the report view', function () {
  this.timeout(60_000);
  let api: DataPlatformApi;
  let emu: DataPlatformClient;
  let ids: Record<string, string>;
  let company: CompanyNode;
  let folder: ReportsFolderNode;

  const open = (kind: ReportKind, node = folder) =>
    vscode.commands.executeCommand<vscode.WebviewPanel>('dataPlatform.openReport', node.node(kind));
  const logged = async (kind: string) =>
    (await admin.requests()).filter((r) => r.path.endsWith(`/${kind}`) && r.path.includes(company.company.id));

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    emu = await emulatorClient();
    ids = (await admin.info()).companies;
    company = await shownCompany(api, emu, ids.few);
    folder = company.reports;
  });
  afterEach(async () => {
    await admin.clearFaults();
    for (const p of api.reportViews.panels()) p.dispose();
  });

  it('lists the reports and the company info under Reports, each opening on click; the company tooltip gains the info', async () => {
    const shown = await children(api, company);
    assert.ok(shown.includes(folder), 'a Reports folder under the company');
    assert.equal(labelOf(folder), 'Reports');
    const items = await children(api, folder);
    assert.deepEqual(items.map(labelOf), [
      'Balance sheet',
      'Profit and loss',
      'Cash flow statement',
      'Aged debtors',
      'Aged creditors',
      'Company info',
    ]);
    for (const item of items) {
      const treeItem = item.getTreeItem();
      assert.equal(treeItem.command?.command, 'dataPlatform.openReport');
      // By identity: the tests' copy of the node classes is not the bundle's.
      assert.ok(treeItem.command?.arguments?.[0] === item, labelOf(item));
      assert.match(String(treeItem.contextValue), /^report openReport report=\w+$/);
    }
    const info = await emu.reports.companyInfo(ids.few);
    const tooltip = await waitFor('the info in the tooltip', () => {
      const text = (company.getTreeItem().tooltip as vscode.MarkdownString).value;
      return text.includes('Base currency') && text;
    });
    assert.ok(tooltip.includes(String(info.baseCurrency)), tooltip);
    if (info.companyLegalName) assert.ok(tooltip.includes('Legal name'), tooltip);
    await admin.clearRequests();
    company.getTreeItem();
    await children(api, folder);
    assert.deepEqual(
      (await admin.requests()).filter((r) => r.path.endsWith('/data/info')),
      [],
      'read once per company, not on every render or expand',
    );

    const uri = await vscode.commands.executeCommand<vscode.Uri>('dataPlatform.openReport', folder.node('info'));
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.deepEqual(JSON.parse(doc.getText()), JSON.parse(JSON.stringify(info)));
    assert.equal(vscode.workspace.fs.isWritableFileSystem(uri.scheme), false, 'read-only');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the profit and loss with its chart: income per period is the sum of that period’s invoices', async () => {
    const panel = await open('profitAndLoss');
    assert.equal(panel.title, `Profit and loss — ${company.company.name}`);
    const r = await rendered(api, panel, 'the profit and loss', hasRows);
    assert.equal(r.images, 0, 'no IMG element');
    assert.equal(r.scriptsWithoutNonce, 0, 'every script has the nonce');
    assert.equal(r.chart.series, 3, 'income, expenses and net profit');
    assert.ok(r.chart.marks > 0 && r.chart.label.length > 0, JSON.stringify(r.chart));
    const table = api.reportViews.table(panel);
    assert.ok(table);
    assert.equal(table.columns.length, r.columns.length);
    const invoices = (await emu.listRecords('invoices', ids.few, { pageSize: 5000 })).results;
    const income = table.rows.find((row) => row.role !== 'account' && /^(total )?income$/i.test(row.label));
    assert.ok(income, `an income total among ${table.rows.map((x) => x.label).join(', ')}`);
    table.columns.forEach((column, i) => {
      assert.ok(column.from && column.to, `column ${column.label} says its days`);
      const expected = incomeBetween(invoices, column.from, column.to);
      assert.ok(
        Math.abs((income.values[i] ?? 0) - expected) < 0.005,
        `${column.label}: ${income.values[i]} ≠ ${expected}`,
      );
    });
    assert.ok(invoices.length > 0 && table.rows.every((row) => !row.mismatches), 'every total adds up');
    if (canScreenshot()) await screenshot('report');
  });

  it('opens each statement and aged report; the balance sheet balances; one panel per report, revealed again', async () => {
    for (const kind of ['balanceSheet', 'cashFlowStatement', 'agedDebtor'] as const) {
      const panel = await open(kind);
      const r = await rendered(api, panel, kind, hasRows);
      assert.deepEqual(
        r.rows.filter((row) => row.flagged).map((row) => row.label),
        [],
        `${kind}: every total adds up`,
      );
      assert.ok(r.chart.marks > 0, `${kind}: a chart`);
      if (kind === 'balanceSheet') assert.equal(r.chart.series, 3, 'assets, liabilities, equity');
      assert.equal(await open(kind), panel, 'opened again: the same panel');
    }
    assert.equal(api.reportViews.panels().length, 3);
    const named = await vscode.commands.executeCommand<vscode.WebviewPanel>('dataPlatform.openReport', {
      companyId: ids.few,
      kind: 'balanceSheet',
    });
    assert.equal(named, api.reportViews.panels()[0], 'named by company and kind (the palette’s path past its picks)');
    await admin.clearRequests();
    await vscode.commands.executeCommand('dataPlatform.refreshReport', named);
    assert.equal((await logged('balanceSheet')).length, 1, 'Refresh Report reads it again');
  });

  it('sends the parameters chosen in the page as the contract’s query parameters, and refuses wrong ones in the page', async () => {
    const panel = await open('profitAndLoss');
    await rendered(api, panel, 'the first render', hasRows);
    await admin.clearRequests();
    await api.reportViews.post(panel, {
      type: 'drive',
      action: 'setParams',
      params: { periodLength: 3, periodsToCompare: 4, startMonth: '2025-01-01' },
    });
    const r = await rendered(api, panel, 'four quarters', (x) => hasRows(x) && x.columns.length === 4);
    assert.deepEqual(r.params, { periodLength: 3, periodsToCompare: 4, startMonth: '2025-01-01' });
    const sent = await logged('profitAndLoss');
    assert.equal(sent.length, 1, JSON.stringify(sent));
    assert.equal(sent[0].query.periodLength, '3');
    assert.equal(sent[0].query.periodsToCompare, '4');
    assert.match(sent[0].query.startMonth ?? '', /^2025-01-01/);
    assert.ok(r.text.includes('periodLength=3'), 'the request line under the table');
    const { key } = await emulator();
    assert.ok(!r.text.includes(key), 'never the key');

    await admin.clearRequests();
    await api.reportViews.post(panel, { type: 'drive', action: 'setParams', params: { periodsToCompare: 99 } });
    await rendered(api, panel, 'the refusal', (x) => /Check the parameters/.test(x.text));
    assert.deepEqual(await logged('profitAndLoss'), [], 'nothing sent for a wrong parameter');
  });

  it('sends an aged report’s parameters after checking it is available', async () => {
    const panel = await open('agedDebtor');
    await rendered(api, panel, 'aged debtors', hasRows);
    await admin.clearRequests();
    const params = { reportDate: '2025-06-30', numberOfPeriods: 3, periodLengthDays: 45 };
    await api.reportViews.post(panel, { type: 'drive', action: 'setParams', params });
    const r = await rendered(
      api,
      panel,
      'the new buckets',
      (x) => hasRows(x) && 'periodLengthDays' in x.params && x.params.periodLengthDays === 45,
    );
    assert.deepEqual(r.params, params);
    const sent = (await admin.requests()).filter((x) => x.path.includes('/reports/agedDebtor'));
    assert.deepEqual(
      sent.map((x) => x.path.split('/').pop()),
      ['available', 'agedDebtor'],
      'available first',
    );
    assert.deepEqual(sent[1].query, { reportDate: '2025-06-30', numberOfPeriods: '3', periodLengthDays: '45' });
  });

  it('exports the report as CSV: the table’s rows and columns, without the key', async () => {
    const panel = await open('profitAndLoss');
    const r = await rendered(api, panel, 'the profit and loss', hasRows);
    const dir = mkdtempSync(join(tmpdir(), 'dp-report-'));
    try {
      const file = vscode.Uri.file(join(dir, 'pl.csv'));
      await answering(api, [file], () =>
        api.reportViews.post(panel, { type: 'drive', action: 'click', button: 'export' }),
      );
      const text = await waitFor('the CSV file', () => {
        try {
          return readFileSync(file.fsPath, 'utf8');
        } catch {
          return undefined;
        }
      });
      const lines = text.trim().split(/\r?\n/);
      assert.ok(lines.length >= r.rows.length, `${lines.length} lines for ${r.rows.length} rows`);
      for (const column of r.columns) assert.ok(lines[0].includes(column), `header lacks ${column}: ${lines[0]}`);
      assert.ok(
        r.rows.every((row) => text.includes(row.label)),
        'every row',
      );
      assert.ok(!text.includes((await emulator()).key), 'never the key');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says plainly that an aged report is not available, without fetching it', async () => {
    const { url } = await emulator();
    const info = (await (await fetch(`${url}/_emulator/info`)).json()) as {
      reports: { noAgedCreditorCompany: string | null };
    };
    const id = info.reports.noAgedCreditorCompany;
    assert.ok(id, 'the emulator has a company whose platform cannot make aged creditors');
    const node = await shownCompany(api, emu, id);
    await admin.clearRequests();
    const panel = await open('agedCreditor', node.reports);
    const r = await rendered(api, panel, 'the unavailable report', (x) => !!x.problem);
    assert.match(r.problem ?? '', /not available/);
    assert.equal(r.retry, false, 'no Retry: it would say the same');
    assert.equal(r.rows.length, 0);
    const sent = (await admin.requests()).filter((x) => x.path.includes('/reports/agedCreditor'));
    assert.deepEqual(
      sent.map((x) => x.path.split('/').pop()),
      ['available'],
    );
  });

  it('flags a total of the API that does not add up, in words beside the figure', async () => {
    await admin.addFault({ kind: 'misstatedTotal', path: '/data/financials/profitAndLoss' });
    const panel = await open('profitAndLoss');
    const r = await rendered(
      api,
      panel,
      'the misstated report',
      (x) => hasRows(x) && x.rows.some((row) => row.flagged),
    );
    assert.match(r.text, /does not add up: lines sum to [\d,.]+/);
  });

  it('reports an error to the diagnostics panel and offers Retry in the page', async () => {
    await admin.addFault({ kind: 'status', status: 400, path: '/data/financials/cashFlowStatement' });
    const before = api.diagnostics.entries().length;
    const panel = await open('cashFlowStatement');
    const r = await rendered(api, panel, 'the error', (x) => !!x.problem);
    assert.equal(r.retry, true);
    assert.equal(r.rows.length, 0);
    const entry = await waitFor('the diagnostics entry', () => api.diagnostics.entries().length > before);
    assert.ok(entry);
    assert.ok(
      api.diagnostics.entries().some((e) => e.error.path.includes('cashFlowStatement')),
      'the failed request is in the diagnostics panel',
    );
    await admin.clearFaults();
    await api.reportViews.post(panel, { type: 'drive', action: 'click', button: 'retry' });
    const again = await rendered(api, panel, 'the report after Retry', hasRows);
    assert.equal(again.problem, '');
  });

  it('shows a newer request’s answer, never an older one that arrives later', async () => {
    const panel = await open('profitAndLoss');
    await rendered(api, panel, 'the first render', hasRows);
    await admin.addFault({ kind: 'latency', latencyMs: 1500, path: '/data/financials/profitAndLoss', times: 1 });
    await api.reportViews.post(panel, { type: 'drive', action: 'setParams', params: { periodsToCompare: 2 } });
    await api.reportViews.post(panel, { type: 'drive', action: 'setParams', params: { periodsToCompare: 5 } });
    await rendered(api, panel, 'the newer answer', (x) => hasRows(x) && x.columns.length === 5);
    await new Promise((r) => setTimeout(r, 1800));
    const r = api.reportViews.lastRender(panel);
    assert.equal(r?.columns.length, 5, 'the slow, older answer did not overwrite it');
  });

  it('comes back after a window reload from the state its page kept (the panel serializer)', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { activationEvents: string[] };
    assert.ok(manifest.activationEvents.includes(`onWebviewPanel:${VIEW_TYPE}`));
    const panel = await open('balanceSheet');
    await api.reportViews.post(panel, {
      type: 'drive',
      action: 'setParams',
      params: { periodLength: 6, periodsToCompare: 2 },
    });
    const shown = await rendered(api, panel, 'two half years', (x) => hasRows(x) && x.columns.length === 2);
    const saved = shown.persisted;
    assert.deepEqual((saved as { params: unknown }).params, { periodLength: 6, periodsToCompare: 2 });
    panel.dispose();

    const revived = vscode.window.createWebviewPanel(VIEW_TYPE, 'revived', vscode.ViewColumn.Active, {});
    await api.reportViews.restore(revived, saved);
    const r = await rendered(api, revived, 'the restored report', (x) => hasRows(x) && x.columns.length === 2);
    assert.equal(revived.title, `Balance sheet — ${company.company.name}`);
    assert.deepEqual(r.params, { periodLength: 6, periodsToCompare: 2 });
    assert.equal(r.images, 0);

    const junk = vscode.window.createWebviewPanel(VIEW_TYPE, 'junk', vscode.ViewColumn.Active, {});
    let closed = false;
    junk.onDidDispose(() => (closed = true));
    await api.reportViews.restore(junk, { version: 1, kind: '<img src=x>', companyId: 'x' });
    assert.ok(closed, 'a state that is not ours closes the panel');
  });
});
