// Entry point: wiring only. The company tree, keys and queries arrive with later issues; for now
// the view container, the log and the commands are real so the host tests have something to drive.
import * as vscode from 'vscode';
import { DiagnosticsStore } from './diagnostics/store';
import { registerDiagnostics, type DiagnosticsPanelApi } from './panels/diagnosticsPanel';

/** What `activate` returns: used by the integration tests, not a public contract. */
export interface DataPlatformApi {
  readonly log: vscode.LogOutputChannel;
  readonly companiesView: vscode.TreeView<never>;
  /** Number of times `dataPlatform.refresh` ran. */
  refreshCount(): number;
  /** Every API error the user may read; the diagnostics panel shows it. */
  readonly diagnostics: DiagnosticsStore;
  readonly diagnosticsPanel: DiagnosticsPanelApi;
}

/** Placeholder until the company tree exists: no items, a message naming the API it would use. */
class CompaniesPlaceholder implements vscode.TreeDataProvider<never> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  refresh(): void {
    this.changed.fire();
  }
  getTreeItem(element: never): vscode.TreeItem {
    return element;
  }
  getChildren(): never[] {
    return [];
  }
  dispose(): void {
    this.changed.dispose();
  }
}

function baseUrl(): string {
  return vscode.workspace.getConfiguration('dataPlatform').get<string>('baseUrl') ?? '';
}

export function activate(context: vscode.ExtensionContext): DataPlatformApi {
  const log = vscode.window.createOutputChannel('Data Platform', { log: true });
  const companies = new CompaniesPlaceholder();
  const companiesView = vscode.window.createTreeView('dataPlatform.companies', { treeDataProvider: companies });
  const showBaseUrl = () => {
    companiesView.message = `API: ${baseUrl()}`;
  };
  showBaseUrl();
  let refreshes = 0;
  const diagnostics = new DiagnosticsStore();
  context.subscriptions.push(diagnostics);
  const diagnosticsPanel = registerDiagnostics(context, diagnostics);

  context.subscriptions.push(
    log,
    companies,
    companiesView,
    vscode.commands.registerCommand('dataPlatform.showLog', () => {
      log.show(true);
      return log;
    }),
    vscode.commands.registerCommand('dataPlatform.refresh', () => {
      refreshes++;
      log.info('refresh requested');
      companies.refresh();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('dataPlatform.baseUrl')) showBaseUrl();
    }),
  );
  log.info(`activated; API base URL ${baseUrl()}`);
  return { log, companiesView, refreshCount: () => refreshes, diagnostics, diagnosticsPanel };
}

export function deactivate(): void {}
