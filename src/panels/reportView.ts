// One report panel: a company's report with its parameters. The host fetches (never the page),
// checks what the page sends, and answers each request with a sequence number: a newer request
// aborts the older one, and an answer that is not the latest's is dropped here and in the page,
// so a slow answer never overwrites a newer one.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type ReportParams } from '../api';
import type { Connections } from '../connection/connections';
import { forAccount, type ReportError } from '../diagnostics/reporter';
import { createNonce } from '../diagnostics/html';
import { t } from '../l10n';
import type { Log } from '../log';
import type { ReportTable } from '../reports/reportTable';
import { curlCommand } from '../share/curl';
import { reportItemTitle } from '../tree/reportNodes';
import { reportMessage } from './reportAnswer';
import { fetchReport, reportRequestLine } from './reportFetch';
import { renderReportPage } from './reportHtml';
import { pageMessageOf, type HostToPage, type ReportPageState } from './reportProtocol';
import type { ReportRenderSnapshot } from './reportViewApi';

export const REPORT_VIEW_TYPE = 'dataPlatform.report';
/** The command the page's Export button runs (commands/reports.ts: the save dialog lives there). */
export const EXPORT_REPORT_COMMAND = 'dataPlatform.exportReport';

interface ReportViewHost {
  media: vscode.Uri;
  template(): Promise<string>;
  connections: Connections;
  report: ReportError;
  log: Log;
  testHooks: boolean;
}

/** "Balance sheet — Acme Ltd". */
export const reportPanelTitle = (s: Pick<ReportPageState, 'kind' | 'companyName'>): string =>
  t('{0} — {1}', reportItemTitle(s.kind), s.companyName);

export class ReportView {
  private seq = 0;
  private controller?: AbortController;
  /** The latest fetch, until it settles (tests and Refresh wait for it). */
  inFlight?: Promise<void>;
  private shown?: { table: ReportTable; request: string };
  private snapshot?: ReportRenderSnapshot;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    readonly panel: vscode.WebviewPanel,
    private current: ReportPageState,
    private readonly host: ReportViewHost,
  ) {}

  get state(): ReportPageState {
    return this.current;
  }
  /** The table shown now (Export), once a report arrived. */
  get table(): ReportTable | undefined {
    return this.shown?.table;
  }
  get lastRender(): ReportRenderSnapshot | undefined {
    return this.snapshot;
  }

  /** Gives the panel its options, listeners and a fresh page (a created or a revived panel alike). */
  async adopt(onDispose: () => void): Promise<void> {
    const { panel, host } = this;
    panel.title = reportPanelTitle(this.current);
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [host.media] };
    panel.iconPath = vscode.Uri.joinPath(host.media, 'dataplatform.svg');
    panel.onDidDispose(
      () => {
        this.controller?.abort();
        for (const d of this.subscriptions.splice(0)) d.dispose();
        onDispose();
      },
      undefined,
      this.subscriptions,
    );
    panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(m), undefined, this.subscriptions);
    const uri = (name: string) => panel.webview.asWebviewUri(vscode.Uri.joinPath(host.media, name)).toString();
    panel.webview.html = renderReportPage(await host.template(), {
      cspSource: panel.webview.cspSource,
      nonce: createNonce(),
      lang: vscode.env.language,
      testHooks: host.testHooks,
      styleUri: uri('report.css'),
      scriptUri: uri('report.js'),
    });
  }

  post(message: HostToPage): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }

  /** Fetches the report with `params` (the current ones when none are given). */
  load(params: ReportParams = this.current.params): Promise<void> {
    this.current = { ...this.current, params };
    this.controller?.abort();
    const controller = (this.controller = new AbortController());
    const seq = ++this.seq;
    void this.post({ type: 'loading', seq, params });
    const fetched = (this.inFlight = this.fetch(seq, controller).finally(() => {
      if (this.inFlight === fetched) this.inFlight = undefined;
    }));
    return fetched;
  }

  private resend(shown: { table: ReportTable; request: string }): void {
    const seq = ++this.seq;
    void this.post(reportMessage(seq, shown.table, shown.request, vscode.env.language));
  }

  private async fetch(seq: number, controller: AbortController): Promise<void> {
    const { companyId, kind, params } = this.current;
    const connection = this.host.connections.get(this.current.accountId);
    const client = connection?.client;
    if (!client) {
      void this.post({
        type: 'error',
        seq,
        message: t('The account of this report is not connected: set its API key.'),
      });
      return;
    }
    try {
      const answer = await fetchReport(client, companyId, kind, params, controller.signal);
      if (seq !== this.seq) return;
      if (answer.outcome === 'unavailable') {
        this.shown = undefined;
        const message = t(
          'The {0} report is not available for this company: its accounting platform does not offer it.',
          reportItemTitle(kind),
        );
        void this.post({ type: 'unavailable', seq, message });
        return;
      }
      this.shown = answer;
      void this.post(reportMessage(seq, answer.table, answer.request, vscode.env.language));
    } catch (e) {
      if (seq !== this.seq || controller.signal.aborted || isCancellation(e)) return;
      this.failed(seq, e);
    }
  }

  /** An API error goes to the diagnostics panel, tagged with the account, as every error; anything
   * else is a bug, logged. The page says it short, with Retry. */
  private failed(seq: number, e: unknown): void {
    const connection = this.host.connections.get(this.current.accountId);
    let request: string | undefined;
    if (isApiError(e)) {
      const report = connection ? forAccount(this.host.report, () => connection.account) : this.host.report;
      report(e);
      request = e.request?.url !== undefined ? `${e.method} ${e.request.url}` : undefined;
    } else {
      this.host.log.error(
        `report ${this.current.kind} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      );
    }
    const message = isApiError(e) ? e.message : t('The report could not be read. The log has the details.');
    void this.post({ type: 'error', seq, message, ...(request ? { request } : {}) });
  }

  /** The report's request as a curl command, the key read from an environment variable. */
  async copyCurl(): Promise<void> {
    const client = this.host.connections.get(this.current.accountId)?.client;
    if (!client) return;
    const { companyId, kind, params } = this.current;
    const { request } = reportRequestLine(client, companyId, kind, params);
    await vscode.env.clipboard.writeText(client.redact(curlCommand(request)));
    vscode.window.setStatusBarMessage(t('Copied the request as a curl command'), 3000);
  }

  private onMessage(raw: unknown): void {
    const m = pageMessageOf(this.current.kind, raw);
    if (!m) return;
    switch (m.type) {
      case 'ready':
        // A new page (first load, shown again, reloaded): it holds nothing yet.
        void this.post({ type: 'init', state: this.current, title: this.panel.title });
        // A page shown again (not kept while hidden) gets what it showed, without a second fetch.
        if (this.shown && this.inFlight === undefined) this.resend(this.shown);
        else void this.load();
        break;
      case 'params':
        void this.load(m.params);
        break;
      case 'refresh':
        void this.load();
        break;
      case 'export':
        void vscode.commands.executeCommand(EXPORT_REPORT_COMMAND, this.panel);
        break;
      case 'copyCurl':
        void this.copyCurl();
        break;
      case 'rendered':
        if (this.host.testHooks) this.snapshot = m;
        break;
    }
  }

  dispose(): void {
    this.controller?.abort();
    this.panel.dispose();
  }
}
