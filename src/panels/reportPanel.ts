// The report views: one webview panel per account, company and report, revealed when open. The
// page keeps which report it shows (company, kind, parameters) with `setState`; after a window
// reload the serializer reads that back (checked: it is untrusted input) and fetches it again.
import * as vscode from 'vscode';
import type { ReportKind, ReportParams } from '../api';
import type { Connections } from '../connection/connections';
import type { ReportError } from '../diagnostics/reporter';
import type { Log } from '../log';
import type { CompaniesTreeProvider } from '../tree/provider';
import { defaultParams, pageStateOf, type ReportPageState } from './reportProtocol';
import { REPORT_VIEW_TYPE, reportPanelTitle, ReportView } from './reportView';
import type { ReportViewsApi } from './reportViewApi';

interface ReportViewDeps {
  log: Log;
  connections: Connections;
  tree: CompaniesTreeProvider;
  report: ReportError;
}

/** Which report to open: the company of an account, the report, and its parameters if not the default. */
interface ReportTarget {
  accountId: string;
  companyId: string;
  companyName: string;
  kind: ReportKind;
  params?: ReportParams;
}

const keyOf = (s: Pick<ReportPageState, 'accountId' | 'companyId' | 'kind'>) =>
  JSON.stringify([s.accountId, s.companyId, s.kind]);

/** The open report views, for the commands (commands/reports.ts) and the tests. */
export class ReportViews {
  private readonly views = new Map<string, ReportView>();
  private template?: string;
  private readonly media: vscode.Uri;

  constructor(
    extensionUri: vscode.Uri,
    private readonly deps: ReportViewDeps,
    private readonly testHooks: boolean,
  ) {
    this.media = vscode.Uri.joinPath(extensionUri, 'media');
  }

  /** Opens the report, or reveals it (with `params`, fetched again, when given). */
  async open(target: ReportTarget): Promise<ReportView> {
    const open = this.views.get(keyOf(target));
    if (open) {
      open.panel.reveal(undefined, false);
      if (target.params) void open.load(target.params);
      return open;
    }
    const state: ReportPageState = {
      version: 1,
      accountId: target.accountId,
      companyId: target.companyId,
      companyName: target.companyName,
      kind: target.kind,
      params: target.params ?? defaultParams(target.kind),
    };
    const panel = vscode.window.createWebviewPanel(
      REPORT_VIEW_TYPE,
      reportPanelTitle(state),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      { enableFindWidget: true },
    );
    return this.adopt(panel, state);
  }

  /** The serializer's path: a revived panel shows the report its saved state names, fetched again;
   * a state that is not ours closes the panel rather than show a broken one. */
  async restore(panel: vscode.WebviewPanel, saved: unknown): Promise<void> {
    const state = pageStateOf(saved);
    if (!state) {
      panel.dispose();
      return;
    }
    // The account may have gone: the page says it is not connected, as for any other account.
    const existing = this.views.get(keyOf(state));
    if (existing && existing.panel !== panel) existing.dispose();
    await this.adopt(panel, state);
  }

  /** The view of a panel; the active report panel's when none is given. */
  viewOf(panel?: vscode.WebviewPanel): ReportView | undefined {
    const all = [...this.views.values()];
    return panel ? all.find((v) => v.panel === panel) : (all.find((v) => v.panel.active) ?? all.at(-1));
  }

  get all(): readonly ReportView[] {
    return [...this.views.values()];
  }

  dispose(): void {
    for (const v of this.views.values()) v.dispose();
    this.views.clear();
  }

  private async adopt(panel: vscode.WebviewPanel, state: ReportPageState): Promise<ReportView> {
    const view = new ReportView(panel, state, {
      media: this.media,
      template: () => this.loadTemplate(),
      connections: this.deps.connections,
      report: this.deps.report,
      log: this.deps.log,
      testHooks: this.testHooks,
    });
    const key = keyOf(state);
    this.views.set(key, view);
    await view.adopt(() => {
      if (this.views.get(key) === view) this.views.delete(key);
    });
    return view;
  }

  private async loadTemplate(): Promise<string> {
    this.template ??= new TextDecoder().decode(
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.media, 'report.html')),
    );
    return this.template;
  }
}

export function registerReportViews(
  context: vscode.ExtensionContext,
  deps: ReportViewDeps,
  testHooks: boolean,
): ReportViewsApi & { readonly views: ReportViews } {
  const views = new ReportViews(context.extensionUri, deps, testHooks);
  context.subscriptions.push(
    views,
    // Revives a report after a window reload (activation by `onWebviewPanel:dataPlatform.report`).
    vscode.window.registerWebviewPanelSerializer(REPORT_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => views.restore(panel, state),
    }),
  );
  return {
    views,
    open: async (companyId, kind, params) => {
      const connection = deps.connections.list()[0];
      if (!connection) throw new Error('no account');
      const company = deps.tree.root?.companyNode(companyId)?.company;
      const companyName = company?.name ?? companyId;
      const view = await views.open({ accountId: connection.account.id, companyId, companyName, kind, params });
      return view.panel;
    },
    panels: () => views.all.map((v) => v.panel),
    lastRender: (panel) => views.viewOf(panel)?.lastRender,
    post: (panel, message) => panel.webview.postMessage(message),
    restore: (panel, state) => views.restore(panel, state),
    settled: async (panel) => {
      await views.viewOf(panel)?.inFlight;
    },
    table: (panel) => views.viewOf(panel)?.table,
  };
}
