// The report page on its own: what the host sends it is laid out with DOM APIs as text (a
// server's markup in a label stays text), rows indented by depth, a total that does not add up
// flagged in words, each change vs the column before on demand, the chart as SVG, and an answer to
// an older request than the one shown dropped.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ReportRenderSnapshot } from '../../src/panels/reportViewApi';
import type { DataPlatformApi } from '../../src/testApi';
import { admin, canScreenshot, emulatorClient, openView, screenshot, shownCompany, signIn, waitFor } from './helpers';

function rendered(
  api: DataPlatformApi,
  panel: vscode.WebviewPanel,
  what: string,
  check: (r: ReportRenderSnapshot) => boolean,
): Promise<ReportRenderSnapshot> {
  return waitFor(what, () => {
    const r = api.reportViews.lastRender(panel);
    return r && check(r) ? r : undefined;
  });
}

describe('reports: the report page lays out what it is sent', function () {
  this.timeout(30_000);
  let api: DataPlatformApi;
  let panel: vscode.WebviewPanel;

  before(async () => {
    api = await openView();
    if (api.connection.state.kind !== 'ready') await signIn(api);
    const ids = (await admin.info()).companies;
    const company = await shownCompany(api, await emulatorClient(), ids.few);
    panel = await vscode.commands.executeCommand<vscode.WebviewPanel>(
      'dataPlatform.openReport',
      company.reports.node('profitAndLoss'),
    );
  });
  after(() => {
    panel.dispose();
  });

  it('lays out what it is sent as text: indented rows, flagged totals in words, changes on demand, a chart of SVG', async () => {
    await rendered(api, panel, 'the page', (x) => !x.loading && (x.rows.length > 0 || !!x.problem));
    const label = '<img src=x onerror=alert(1)>';
    const bar = { x: 50, y: 10, width: 20, height: 90, series: 0, category: 0, value: 5, text: label };
    await api.reportViews.post(panel, {
      type: 'report',
      seq: 1_000_000,
      table: {
        kind: 'profitAndLoss',
        params: { periodLength: 1, periodsToCompare: 2 },
        title: 'Profit and loss',
        notes: [label],
        columns: [{ label: 'Jan 2026' }, { label }],
        rows: [
          { id: 's', label: 'Income', depth: 0, role: 'section', values: [null, null] },
          { id: 'a', label, depth: 1, role: 'account', values: [5, 7], changes: [null, 2] },
          {
            id: 't',
            label: 'Total income',
            depth: 0,
            role: 'total',
            values: [5, 9],
            changes: [null, 4],
            mismatches: [{ column: 1, expected: 7, rule: 'items' }],
          },
        ],
        chart: {
          layout: 'grouped',
          categories: ['Jan 2026', label],
          series: [{ name: label, role: 'income', values: [5, 7] }],
        },
      },
      texts: [
        { values: ['', ''], changes: ['', ''], expected: {} },
        { values: ['5.00', '7.00'], changes: ['', '+2.00'], expected: {} },
        { values: ['5.00', '9.00'], changes: ['', '+4.00'], expected: { 1: '7.00' } },
      ],
      chart: {
        width: 200,
        height: 120,
        plot: { x: 40, y: 10, width: 150, height: 90 },
        zeroY: 100,
        bars: [bar],
        ticks: [{ y: 10, value: 5, label: '5' }],
        labels: [{ x: 60, y: 115, text: label, category: 0 }],
        labelStep: 1,
        legend: [{ series: 0, name: label, swatch: { x: 0, y: 0, width: 8, height: 8 }, textX: 10, textY: 8 }],
        summary: `Chart: ${label}`,
        empty: false,
      },
      request: `GET ${label}`,
    });
    const r = await rendered(api, panel, 'the sent table', (x) => x.rows.length === 3 && x.columns[1] === label);
    assert.equal(r.images, 0, 'markup stays text');
    assert.ok(r.text.includes(label));
    assert.deepEqual(
      r.rows.map((row) => [row.label, row.depth, row.role, row.flagged]),
      [
        ['Income', 0, 'section', false],
        [label, 1, 'account', false],
        ['Total income', 0, 'total', true],
      ],
    );
    assert.ok(r.text.includes('does not add up: lines sum to 7.00'), 'the flag in words');
    assert.ok(!r.text.includes('+4.00'), 'changes hidden by default');
    assert.deepEqual(r.chart, { series: 1, marks: 1, label: `Chart: ${label}` });
    await api.reportViews.post(panel, { type: 'drive', action: 'click', button: 'changes' });
    const withChanges = await rendered(api, panel, 'the changes shown', (x) => x.showChanges === true);
    assert.ok(withChanges.text.includes('+4.00'), 'each change vs the column before');
    if (canScreenshot()) await screenshot('report-page-sent');
    // An answer to an older request than the one shown is dropped.
    await api.reportViews.post(panel, { type: 'error', seq: 1, message: 'stale' });
    await api.reportViews.post(panel, { type: 'drive', action: 'report' });
    await new Promise((done) => setTimeout(done, 300));
    assert.equal(api.reportViews.lastRender(panel)?.problem, '');
  });
});
