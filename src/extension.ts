// Entry point: wiring only. Builds the long-lived objects (log, keys, connection, diagnostics,
// tree, status bar), connects their events and registers the commands from their own modules.
import * as vscode from 'vscode';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, type ApiError } from './api';
import { KeyStore } from './auth/keyStore';
import { setTranslator, t } from './l10n';
import { registerCreateCompanyCommands } from './commands/createCompany';
import { registerInvoiceCommands } from './commands/invoice';
import { registerKeyCommands, type SetKeyResult } from './commands/keys';
import { registerQueryCommands } from './commands/query';
import { visibleQuickPick, type QuickPickSnapshot } from './commands/quickPicks';
import { registerTreeCommands } from './commands/tree';
import { Connection, type ConnectionState } from './connection/connection';
import { DiagnosticsStore } from './diagnostics/store';
import { Log, type LogLine } from './log';
import { QueryHistory } from './query/history';
import { registerDiagnostics, type DiagnosticsPanelApi } from './panels/diagnosticsPanel';
import { StatusBar } from './statusBar';
import { within } from './util/within';
import type { TreeNode } from './tree/node';
import { CompaniesTreeProvider } from './tree/provider';

/** What `activate` returns: used by the integration tests, not a public contract. */
export interface DataPlatformApi {
  readonly log: vscode.LogOutputChannel;
  /** Every line written to the log (scrubbed), oldest first. */
  logLines(): readonly LogLine[];
  readonly companiesView: vscode.TreeView<TreeNode>;
  readonly tree: CompaniesTreeProvider;
  readonly connection: Connection;
  readonly keys: KeyStore;
  readonly diagnostics: DiagnosticsStore;
  readonly diagnosticsPanel: DiagnosticsPanelApi;
  readonly statusBar: StatusBar;
  /** Messages of the "enter a new key?" prompts shown after a 401, oldest first. */
  keyPrompts(): readonly string[];
  /** Number of times `dataPlatform.refresh` ran without a node. */
  refreshCount(): number;
  /** Recent queries per company (Run query…). */
  readonly queryHistory: QueryHistory;
  /** The extension's quick pick on screen, as the user sees it. */
  quickPick(): QuickPickSnapshot | undefined;
}

export type { SetKeyResult };

function setting<T>(name: string): T | undefined {
  return vscode.workspace.getConfiguration('dataPlatform').get<T>(name);
}

function pageSize(): number {
  const n = Number(setting<number>('pageSize') ?? DEFAULT_PAGE_SIZE);
  return Number.isInteger(n) ? Math.min(MAX_PAGE_SIZE, Math.max(1, n)) : DEFAULT_PAGE_SIZE;
}

/** How long activation waits for the first read of the setting and the key. */
const FIRST_LOAD_LIMIT_MS = 5000;

export async function activate(context: vscode.ExtensionContext): Promise<DataPlatformApi> {
  // First of all: every message built from here on is in the display language.
  setTranslator(vscode.l10n.t);
  const channel = vscode.window.createOutputChannel('Data Platform', { log: true });
  const log = new Log(channel);
  const keys = new KeyStore(context.secrets);
  const statusBar = new StatusBar();
  const diagnostics = new DiagnosticsStore();
  const diagnosticsPanel = registerDiagnostics(context, diagnostics);
  const version = (context.extension.packageJSON as { version?: string }).version ?? '0';
  const connection = new Connection({
    readBaseUrl: () => setting<string>('baseUrl'),
    keys,
    userAgent: `data-platform-explorer/${version} vscode/${vscode.version}`,
    hooks: {
      onRequest: (s) => log.request(s),
      // Bodies only when the user asked for trace; the client builds no entry otherwise.
      onTrace: (t) => log.trafficTrace(t),
      traceEnabled: () => channel.logLevel === vscode.LogLevel.Trace,
      onRateLimit: (r) => statusBar.setRateLimit(r),
      onKeys: (k) => log.setSecrets(k),
    },
  });

  // Every ApiError of the extension passes here exactly once: diagnostics, log, and for a 401 an
  // offer to enter a new key.
  const reported = new WeakSet<object>();
  const prompts: string[] = [];
  let prompting = false;
  const offerNewKey = (): void => {
    const state = connection.state;
    if (prompting || state.kind !== 'ready') return;
    prompting = true;
    const message = t('The API key for {0} was rejected (401 Unauthorized). Enter a new key?', state.host);
    prompts.push(message);
    void vscode.window.showWarningMessage(message, t('Set API Key')).then((choice) => {
      prompting = false;
      if (choice) void vscode.commands.executeCommand('dataPlatform.setApiKey');
    });
  };
  const report = (error: ApiError, options: { prompt?: boolean } = {}): void => {
    if (error.kind === 'cancelled' || reported.has(error)) return;
    reported.add(error);
    diagnostics.add(error);
    log.apiError(error);
    if (error.kind === 'unauthorized' && options.prompt !== false) offerNewKey();
  };

  const client = () => (connection.state.kind === 'ready' ? connection.state.client : undefined);
  const tree = new CompaniesTreeProvider({
    client,
    pageSize,
    report,
    now: Date.now,
    onRootRendered: (empty) => void vscode.commands.executeCommand('setContext', 'dataPlatform.noCompanies', empty),
  });
  const companiesView = vscode.window.createTreeView('dataPlatform.companies', { treeDataProvider: tree, showCollapseAll: true });
  const queryHistory = new QueryHistory(context.globalState);

  const applyState = (state: ConnectionState): void => {
    prompting = false;
    statusBar.setState(state);
    companiesView.message = state.kind === 'invalidBaseUrl' || state.kind === 'secretsUnavailable' ? state.message : undefined;
    void vscode.commands.executeCommand('setContext', 'dataPlatform.state', state.kind);
    void vscode.commands.executeCommand('setContext', 'dataPlatform.noCompanies', false);
    log.info(
      state.kind === 'invalidBaseUrl'
        ? `base URL refused: ${state.message}`
        : state.kind === 'secretsUnavailable'
          ? state.message
          : `API ${state.baseUrl}: ${state.kind === 'ready' ? 'key set' : 'no key'}`,
    );
    tree.reset();
  };

  let refreshes = 0;
  const refreshAll = async (): Promise<void> => {
    refreshes++;
    log.info('refresh requested');
    await connection.reload();
    tree.reset();
  };

  context.subscriptions.push(
    channel,
    diagnostics,
    keys,
    connection,
    statusBar,
    tree,
    companiesView,
    connection.onDidChange(applyState),
    vscode.commands.registerCommand('dataPlatform.showLog', () => {
      channel.show(true);
      return channel;
    }),
    ...registerKeyCommands({ connection, keys, report }),
    ...registerTreeCommands({ tree, view: companiesView, client, refreshAll, report }),
    ...registerCreateCompanyCommands({ tree, view: companiesView, client, report }),
    ...registerQueryCommands({ tree, view: companiesView, client, pageSize, history: queryHistory, report }),
    ...registerInvoiceCommands({ client, pageSize, report, companies: () => tree.root?.ensureList(), onDidChangeConnection: connection.onDidChange }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('dataPlatform.baseUrl')) void connection.reload();
      else if (e.affectsConfiguration('dataPlatform.pageSize')) tree.reset();
    }),
  );
  void vscode.commands.executeCommand('setContext', 'dataPlatform.state', 'loading');
  // The command that activated the extension runs once `activate` resolves, and must find the key
  // read (a palette "Set API Key" in a fresh window found "not loaded" otherwise). Bounded, so a
  // secret storage that never answers cannot hold every command back.
  await within(connection.reload(), FIRST_LOAD_LIMIT_MS);

  return {
    log: channel,
    logLines: () => log.lines(),
    companiesView,
    tree,
    connection,
    keys,
    diagnostics,
    diagnosticsPanel,
    statusBar,
    keyPrompts: () => prompts,
    refreshCount: () => refreshes,
    queryHistory,
    quickPick: visibleQuickPick,
  };
}

export function deactivate(): void {}
