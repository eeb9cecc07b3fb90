// Entry point: wiring only. Builds the long-lived objects (log, accounts and their connections, diagnostics,
// tree, status bar), connects their events and registers the commands from their own modules.
import * as vscode from 'vscode';
import { isApiError } from './api';
import { AccountList } from './accounts/accountList';
import { EMULATOR_URL } from './accounts/emulatorPreset';
import { devEmulatorUrl, ensureDevEmulatorAccount, START_SCRIPT_ENV } from './accounts/devEmulator';
import { KeyPrompt } from './commands/keyPrompt';
import { setTranslator, t } from './l10n';
import { accountOfNode, accountResolver, reporterOf, type ResolveAccount } from './commands/accountTarget';
import { registerAccountCommands } from './commands/accounts';
import { registerAddAccountCommands } from './commands/addAccount';
import { registerApiKeyCommands } from './commands/apiKeys';
import { registerCompanyCommands } from './commands/companies';
import { registerConnectionCommands } from './commands/connections';
import { registerDocumentCommands } from './commands/documents';
import { registerExportCommands } from './commands/export';
import { registerFindCompanyCommands } from './commands/findCompany';
import { registerAccountKeyCommands, setAccountKey } from './commands/accountKey';
import { countProgress, progressRunning } from './commands/progress';
import { registerQueryCommands } from './commands/query';
import { registerRecordCommands } from './commands/records';
import { registerPushCommands } from './commands/push';
import { registerPushHistoryCommands } from './commands/pushSettled';
import { registerStatusBarActions } from './commands/statusBarActions';
import { registerSyncCommands } from './commands/syncs';
import { registerSyncSettingsCommands } from './commands/syncSettings';
import { DraftFileSystem } from './push/drafts';
import { registerShareCommands } from './commands/share';
import { registerSelectionCommands } from './commands/selection';
import { answerFromQueue } from './commands/prompt';
import { trackQuickPicks, visibleQuickPick } from './commands/quickPicks';
import { registerTreeCommands } from './commands/tree';
import { ContextKeys, EmulatorOffer, registerWalkthrough } from './commands/walkthrough';
import { Connections } from './connection/connections';
import { createConnectionFactory } from './connection/factory';
import { logConnectionState } from './connection/stateLog';
import { showAccounts } from './tree/accountStates';
import { createReporter, type ReportError } from './diagnostics/reporter';
import { DiagnosticsStore } from './diagnostics/store';
import { Log } from './log';
import { QueryHistory } from './persistence/queryHistory';
import { QueryNodeStore } from './persistence/queryNodeStore';
import { registerDiagnostics } from './diagnostics/panel';
import { registerDiagnosticsCommands } from './commands/diagnostics';
import { StatusBar } from './statusBar';
import { loadAllConcurrency, pageSize, requestTimeoutMs } from './settings';
import { testHooksEnabled, type DataPlatformApi } from './testApi';
import { within } from './util/within';
import type { CompanyNodeLike } from './tree/context';
import type { TreeNode } from './tree/node';
import { createCompaniesView, createQueryStore } from './tree/companiesView';
import type { CompaniesTreeProvider } from './tree/provider';
import { PushTrackers } from './push/trackers';
import { onCommandFailure, registerCommand } from './commands/register';
import { registerReportViews } from './panels/reportPanel';
import { registerTables } from './panels/tablePanel';
import { registerReportCommands } from './commands/reports';
import { registerTableCommands } from './commands/table';

/** How long activation waits for the first read of the accounts and their keys. */
const FIRST_LOAD_LIMIT_MS = 5000;

/** Development mode, or the built copy `npm start` installed into the VS Code server. */
const developing = (context: vscode.ExtensionContext): boolean =>
  context.extensionMode === vscode.ExtensionMode.Development || process.env[START_SCRIPT_ENV] === '1';

/** The emulator of `npm start` (development only), then a connection per account. */
async function startAccounts(
  context: vscode.ExtensionContext,
  accounts: AccountList,
  connections: Connections,
): Promise<void> {
  if (developing(context)) await ensureDevEmulatorAccount(accounts, process.env, fetch);
  await connections.sync();
}

/** Under the test switch only: quick picks are described, questions answered from the tests'
 * queue and progress is counted for the tests. */
function enableTestHooks(): void {
  trackQuickPicks();
  countProgress();
  answerFromQueue();
}

interface Core {
  log: Log;
  diagnostics: DiagnosticsStore;
  statusBar: StatusBar;
  accounts: AccountList;
  connections: Connections;
  tree: CompaniesTreeProvider;
  /** Each account's pushes followed, whatever the tree does. */
  pushes: PushTrackers;
  view: vscode.TreeView<TreeNode>;
  report: ReportError;
  account: ResolveAccount;
  keyPrompt: KeyPrompt;
  queryStore: QueryNodeStore<CompanyNodeLike>;
  /** The extension's storage: documents opened from the tree are downloaded there. */
  storage: vscode.Uri;
}

/** The commands of every module, each given what it needs of the core. */
function registerCommands(
  core: Core,
  history: QueryHistory,
  refreshAll: () => Promise<void>,
  emulator: EmulatorOffer,
): vscode.Disposable[] {
  const { accounts, connections, tree, view, account, diagnostics } = core;
  const connectionOf = (accountId: string) => connections.get(accountId);
  const accountKeyDeps = { accounts, account };
  const { drafts, disposables: draftDisposables } = DraftFileSystem.register();
  return [
    ...draftDisposables,
    ...registerPushCommands({ view, account, drafts }),
    ...registerPushHistoryCommands(drafts),
    ...registerSyncCommands(),
    ...[registerSyncSettingsCommands, registerConnectionCommands].flatMap((register) => register({ drafts, account })),
    ...registerAccountKeyCommands(accountKeyDeps),
    ...registerAccountCommands({ accounts, account, forgetAccount: (id) => core.queryStore.saved.forgetScope(id) }),
    ...registerStatusBarActions({ statusBar: core.statusBar, connections, tree, view }),
    ...registerAddAccountCommands({
      accounts,
      connections,
      fetch,
      setKey: (accountId, key) => setAccountKey(accountKeyDeps, { accountId }, key),
      emulator,
    }),
    ...registerTreeCommands({ view, account, refreshAll }),
    ...registerSelectionCommands({ view, onDidChangeTreeData: tree.onDidChangeTreeData }),
    ...registerCompanyCommands({ view, account }),
    ...registerFindCompanyCommands({ tree, view, connections, report: core.report }),
    ...registerApiKeyCommands({
      view,
      account,
      accounts,
      setKey: (accountId, key) => setAccountKey(accountKeyDeps, { accountId }, key),
    }),
    ...registerQueryCommands({ tree, view, account, pageSize, history, settled: () => core.queryStore.settled() }),
    ...registerExportCommands({ view, account, pageSize, concurrency: loadAllConcurrency }),
    ...registerDocumentCommands({ view, account }, core.storage),
    // Copy as cURL builds the request with the client of the node's account.
    ...registerShareCommands({ view, client: (node) => accountOfNode(node)?.connection.client, pageSize, diagnostics }),
    ...registerRecordCommands({
      client: (ref) => connectionOf(ref.accountId)?.client,
      report: (e, ref) => reporterOf({ connections, report: core.report }, { accountId: ref.accountId })(e),
      defaultAccountId: () => connections.list()[0]?.account.id,
      account,
      pageSize,
      onDidChangeConnection: connections.onDidChange,
    }),
  ];
}

/** The walkthrough's progress, and whether the emulator is offered: from the start in development
 * mode (the one `npm start` runs, at its address), otherwise once the user asks for it. */
function startGuide(context: vscode.ExtensionContext, core: Core, testHooks: boolean) {
  const contextKeys = new ContextKeys(testHooks);
  const development = developing(context);
  const emulatorOffer = new EmulatorOffer(
    contextKeys,
    development,
    fetch,
    (development ? devEmulatorUrl(process.env) : undefined) ?? EMULATOR_URL,
  );
  const { tree, log, connections } = core;
  const extensionId = context.extension.id;
  const walkthrough = registerWalkthrough({ extensionId, contextKeys, tree, log, connections, remember: testHooks });
  return { contextKeys, emulatorOffer, ...walkthrough };
}

/** Keeps the view, status bar, context keys and prompts in step with the accounts. */
function followAccounts(core: Core): vscode.Disposable[] {
  const { connections, tree, pushes, view, log, statusBar, keyPrompt } = core;
  const show = () => showAccounts(connections.list(), { statusBar, view });
  return [
    connections.onDidChange(({ connection, state }) => {
      keyPrompt.reset(connection.account.id);
      logConnectionState(connection, state, log);
      show();
      tree.reset(connection.account.id);
    }),
    connections.onDidChangeList(() => {
      show();
      pushes.keepOnly(connections.list().map((c) => c.account.id));
      tree.accountsChanged();
    }),
  ];
}

/** A command's failure it did not handle itself: an API error is reported (diagnostics panel, log)
 * and said, offering its details; anything else is a bug, logged with its stack and shown. `arg`
 * (the command's first argument: a node, `{ accountId }`) says whose account an API error is. */
function reportCommandFailure(
  command: string,
  e: unknown,
  arg: unknown,
  to: { log: Log; report: ReportError; connections: Connections },
): void {
  if (isApiError(e)) {
    reporterOf(to, arg)(e);
    // A refusal's body (the 402's reason, a 400's validation) is what the user needs to read.
    if (e.status === 402 || e.status === 400) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
    const details = t('Show Details');
    void vscode.window.showErrorMessage(e.message, details).then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
    });
    return;
  }
  to.log.error(`command ${command} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  // The error's own text stays in the log, whose lines are scrubbed of keys; a notification is not.
  void vscode.window
    .showErrorMessage(t('{0} failed unexpectedly. The log has the details.', command), t('Show Log'))
    .then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.showLog');
    });
}

/** Returns the extension's internals to the tests, and nothing at all without the test switch. */
export async function activate(context: vscode.ExtensionContext): Promise<DataPlatformApi | undefined> {
  // First of all: every message built from here on is in the display language.
  setTranslator(vscode.l10n.t);
  const testHooks = testHooksEnabled(process.env);
  if (testHooks) enableTestHooks();
  const channel = vscode.window.createOutputChannel('Data Platform', { log: true });
  const log = new Log(channel, { remember: testHooks });
  const accounts = new AccountList(context.globalState, context.secrets, () => crypto.randomUUID());
  const statusBar = new StatusBar();
  const diagnostics = new DiagnosticsStore();
  const connections = createConnections(context, { accounts, log, statusBar, channel });
  const keyPrompt = new KeyPrompt(connections, testHooks);
  const report = createReporter({ diagnostics, log, onUnauthorized: (a) => keyPrompt.offer(a) });
  onCommandFailure((command, e, args) => reportCommandFailure(command, e, args[0], { log, report, connections }));
  const { tree, view, queryStore, pushes } = createCompaniesView(connections, report, createQueryStore(context, log));
  const core: Core = {
    log,
    diagnostics,
    statusBar,
    accounts,
    connections,
    tree,
    pushes,
    view,
    report,
    keyPrompt,
    queryStore,
    storage: context.globalStorageUri,
    account: accountResolver({ tree, view, connections, report }),
  };
  const queryHistory = new QueryHistory(context.globalState);
  const guide = startGuide(context, core, testHooks);
  const panels = registerPanels(context, core, testHooks);
  let refreshes = 0;
  const refreshAll = async (): Promise<void> => {
    if (testHooks) refreshes++;
    log.info('refresh requested');
    guide.emulatorOffer.refresh();
    await connections.sync();
    tree.reset();
  };
  context.subscriptions.push(channel, diagnostics, accounts, connections, statusBar, tree, pushes, view);
  context.subscriptions.push(
    ...wire(core, channel, queryHistory, refreshAll, guide.emulatorOffer),
    ...guide.disposables,
  );

  void vscode.commands.executeCommand('setContext', 'dataPlatform.state', 'loading');
  // The command that activated the extension runs once `activate` resolves, and must find the keys
  // read (a palette "Set API Key" in a fresh window found "not loaded" otherwise). Bounded, so a
  // secret storage that never answers cannot hold every command back.
  const started = startAccounts(context, accounts, connections).then(() =>
    showAccounts(connections.list(), { statusBar, view }),
  );
  await within(started, FIRST_LOAD_LIMIT_MS);

  if (!testHooks) return undefined;
  return testApiOf(core, { channel, context, panels, queryHistory, guide, refreshCount: () => refreshes });
}

/** The events and commands, with the Show Log command that needs the channel itself. */
function wire(
  core: Core,
  channel: vscode.LogOutputChannel,
  history: QueryHistory,
  refreshAll: () => Promise<void>,
  emulator: EmulatorOffer,
) {
  return [
    ...followAccounts(core),
    registerCommand('dataPlatform.showLog', () => {
      channel.show(true);
      return channel;
    }),
    ...registerCommands(core, history, refreshAll, emulator),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('dataPlatform.pageSize')) core.tree.reset();
    }),
  ];
}

/** A connection per account, each client telling the API who calls. */
function createConnections(
  context: vscode.ExtensionContext,
  deps: { accounts: AccountList; log: Log; statusBar: StatusBar; channel: vscode.LogOutputChannel },
): Connections {
  const version = (context.extension.packageJSON as { version?: string }).version ?? '0';
  return new Connections(
    deps.accounts,
    createConnectionFactory({
      accounts: deps.accounts,
      log: deps.log,
      statusBar: deps.statusBar,
      traceEnabled: () => deps.channel.logLevel === vscode.LogLevel.Trace,
      userAgent: `data-platform-explorer/${version} vscode/${vscode.version}`,
      maxInFlight: loadAllConcurrency,
      timeoutMs: requestTimeoutMs,
    }),
  );
}

/** The webview panels: diagnostics, reports, tables (what the tests may inspect of them). */
function registerPanels(context: vscode.ExtensionContext, core: Core, testHooks: boolean) {
  const { panel: diagnosticsPanel, bodies } = registerDiagnostics(context, core.diagnostics, testHooks);
  context.subscriptions.push(...registerDiagnosticsCommands(diagnosticsPanel, bodies));
  const reportViews = registerReportViews(context, core, testHooks);
  const client = (accountId: string) => core.connections.get(accountId)?.client;
  context.subscriptions.push(
    ...registerReportCommands({ views: reportViews.views, account: core.account, pageSize, client }),
  );
  const tables = registerTables(context, core, testHooks);
  context.subscriptions.push(...registerTableCommands(tables, core.view));
  return {
    diagnosticsPanel,
    reportViews,
    tables,
  };
}

/** What `activate` returns under the test switch (src/testApi.ts). */
function testApiOf(
  core: Core,
  more: {
    channel: vscode.LogOutputChannel;
    context: vscode.ExtensionContext;
    queryHistory: QueryHistory;
    guide: ReturnType<typeof startGuide>;
    panels: Pick<DataPlatformApi, 'diagnosticsPanel' | 'reportViews' | 'tables'>;
    refreshCount: () => number;
  },
): DataPlatformApi {
  const { log, view, tree, connections, accounts, diagnostics, statusBar, keyPrompt, queryStore } = core;
  return {
    log: more.channel,
    logLines: () => log.lines(),
    companiesView: view,
    tree,
    get connection() {
      return connections.list()[0];
    },
    connections,
    accounts,
    globalState: more.context.globalState,
    diagnostics,
    statusBar,
    keyPrompts: () => keyPrompt.shown ?? [],
    refreshCount: more.refreshCount,
    queryHistory: more.queryHistory,
    savedQueries: queryStore.saved,
    quickPick: visibleQuickPick,
    progressRunning,
    registerCommand,
    contextKeys: () => more.guide.contextKeys.record,
    walkthroughActions: () => more.guide.heard,
    emulatorOffer: more.guide.emulatorOffer,
    prompts: answerFromQueue(),
    ...more.panels,
  };
}

export function deactivate(): void {}
