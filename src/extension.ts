// Entry point: wiring only. Builds the long-lived objects (log, keys, connection, diagnostics,
// tree, status bar), connects their events and registers the commands from their own modules.
import * as vscode from 'vscode';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, type DataPlatformClient } from './api';
import { KeyPrompt } from './auth/keyPrompt';
import { KeyStore } from './auth/keyStore';
import { setTranslator } from './l10n';
import { registerCreateCompanyCommands } from './commands/createCompany';
import { registerExportCommands } from './commands/export';
import { registerKeyCommands, type SetKeyResult } from './commands/keys';
import { countProgress, progressRunning } from './commands/progress';
import { registerQueryCommands } from './commands/query';
import { registerRecordCommands } from './commands/records';
import { registerShareCommands } from './commands/share';
import { trackQuickPicks, visibleQuickPick, type QuickPickSnapshot } from './commands/quickPicks';
import { registerTreeCommands } from './commands/tree';
import { Connection } from './connection/connection';
import { showConnectionState } from './connection/stateUi';
import { createReporter, type ReportError } from './diagnostics/reporter';
import { DiagnosticsStore } from './diagnostics/store';
import { Log, type LogLine } from './log';
import { QueryHistory } from './query/history';
import { registerDiagnostics, type DiagnosticsPanelApi } from './panels/diagnosticsPanel';
import { StatusBar } from './statusBar';
import { testHooksEnabled } from './testHooks';
import { within } from './util/within';
import type { TreeNode } from './tree/node';
import { CompaniesTreeProvider } from './tree/provider';

/** What `activate` returns under the test switch (src/testHooks.ts) for the integration tests;
 * not a public contract, and nothing at all in a user's extension. */
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
  /** Progress notifications (and window progress) of the extension still running. */
  progressRunning(): number;
}

export type { SetKeyResult };

function setting<T>(name: string): T | undefined {
  return vscode.workspace.getConfiguration('dataPlatform').get<T>(name);
}

/** A whole-number setting clamped to 1–`max`; anything else (a hand-edited 2.5, "x") is the default. */
function wholeSetting(name: string, fallback: number, max: number): number {
  const n = Number(setting<number>(name) ?? fallback);
  return Number.isInteger(n) ? Math.min(max, Math.max(1, n)) : fallback;
}

function pageSize(): number {
  return wholeSetting('pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
}

/** Pages Load all asks for at once: 1 walks the next links one by one. */
const DEFAULT_LOAD_ALL_CONCURRENCY = 4;
const MAX_LOAD_ALL_CONCURRENCY = 8;

function loadAllConcurrency(): number {
  return wholeSetting('loadAllConcurrency', DEFAULT_LOAD_ALL_CONCURRENCY, MAX_LOAD_ALL_CONCURRENCY);
}

/** How long activation waits for the first read of the setting and the key. */
const FIRST_LOAD_LIMIT_MS = 5000;

function createConnection(context: vscode.ExtensionContext, keys: KeyStore, channel: vscode.LogOutputChannel, log: Log, statusBar: StatusBar): Connection {
  const version = (context.extension.packageJSON as { version?: string }).version ?? '0';
  return new Connection({
    readBaseUrl: () => setting<string>('baseUrl'),
    keys,
    userAgent: `data-platform-explorer/${version} vscode/${vscode.version}`,
    // The Load all setting bounds every GET of the client, not just one Load all's pages.
    maxInFlight: loadAllConcurrency,
    hooks: {
      onRequest: (s) => log.request(s),
      // Bodies only when the user asked for trace; the client builds no entry otherwise.
      onTrace: (entry) => log.trafficTrace(entry),
      traceEnabled: () => channel.logLevel === vscode.LogLevel.Trace,
      onRateLimit: (r) => statusBar.setRateLimit(r),
      onGate: (e) => log.gate(e),
      onKeys: (k) => log.setSecrets(k),
    },
  });
}

function createCompaniesView(client: () => DataPlatformClient | undefined, report: ReportError) {
  const tree = new CompaniesTreeProvider({
    client,
    pageSize,
    loadAllConcurrency,
    report,
    now: Date.now,
    onRootRendered: (empty) => void vscode.commands.executeCommand('setContext', 'dataPlatform.noCompanies', empty),
  });
  const view = vscode.window.createTreeView('dataPlatform.companies', { treeDataProvider: tree, showCollapseAll: true });
  return { tree, view };
}

/** Under the test switch only: quick picks are described and progress is counted for the tests. */
function enableTestHooks(): void {
  trackQuickPicks();
  countProgress();
}

/** Returns the extension's internals to the tests, and nothing at all without the test switch. */
export async function activate(context: vscode.ExtensionContext): Promise<DataPlatformApi | undefined> {
  // First of all: every message built from here on is in the display language.
  setTranslator(vscode.l10n.t);
  const testHooks = testHooksEnabled(process.env);
  if (testHooks) enableTestHooks();
  const channel = vscode.window.createOutputChannel('Data Platform', { log: true });
  const log = new Log(channel, { remember: testHooks });
  const keys = new KeyStore(context.secrets);
  const statusBar = new StatusBar();
  const diagnostics = new DiagnosticsStore();
  const diagnosticsPanel = registerDiagnostics(context, diagnostics, testHooks);
  const connection = createConnection(context, keys, channel, log, statusBar);
  const keyPrompt = new KeyPrompt(connection, testHooks);
  const report = createReporter({ diagnostics, log, onUnauthorized: () => keyPrompt.offer() });
  const client = () => (connection.state.kind === 'ready' ? connection.state.client : undefined);
  const { tree, view } = createCompaniesView(client, report);
  const queryHistory = new QueryHistory(context.globalState);
  let refreshes = 0;
  const refreshAll = async (): Promise<void> => {
    if (testHooks) refreshes++;
    log.info('refresh requested');
    await connection.reload();
    tree.reset();
  };

  context.subscriptions.push(
    channel, diagnostics, keys, connection, statusBar, tree, view,
    connection.onDidChange((state) => {
      keyPrompt.reset();
      showConnectionState(state, { statusBar, view, log });
      tree.reset();
    }),
    vscode.commands.registerCommand('dataPlatform.showLog', () => {
      channel.show(true);
      return channel;
    }),
    ...registerKeyCommands({ connection, keys, report }),
    ...registerTreeCommands({ tree, view, client, refreshAll, report }),
    ...registerCreateCompanyCommands({ tree, view, client, report }),
    ...registerQueryCommands({ tree, view, client, pageSize, history: queryHistory, report }),
    ...registerExportCommands({ view, client, pageSize, concurrency: loadAllConcurrency, report }),
    ...registerShareCommands({ view, client, pageSize, diagnostics }),
    ...registerRecordCommands({ client, pageSize, report, companies: () => tree.root?.ensureList(), onDidChangeConnection: connection.onDidChange }),
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

  if (!testHooks) return undefined;
  return {
    log: channel, logLines: () => log.lines(), companiesView: view, tree, connection, keys, diagnostics, diagnosticsPanel, statusBar,
    keyPrompts: () => keyPrompt.shown ?? [], refreshCount: () => refreshes, queryHistory, quickPick: visibleQuickPick, progressRunning,
  };
}

export function deactivate(): void {}
