// The one switch for what only tests need: the integration runner sets DP_TEST_HOOKS=on in the
// extension host's environment, and only then does the extension keep its log lines and prompts,
// track its quick picks, answer its questions from a queue, return its internals from `activate`
// (DataPlatformApi, below), and let the diagnostics page report what it shows and obey the tests'
// clicks. A user's extension host never has it, so a user's extension computes and sends none of it. Types only besides the switch: the
// test runner imports this file in plain Node.
import type * as vscode from 'vscode';
import type { AccountList } from './accounts/accountList';
import type { PromptHooks } from './commands/answerQueue';
import type { progressRunning } from './commands/progress';
import type { QuickPickSnapshot } from './commands/quickPicks';
import type { registerCommand } from './commands/register';
import type { ContextKeySet, EmulatorOffer } from './commands/walkthrough';
import type { Connection } from './connection/connection';
import type { Connections } from './connection/connections';
import type { DiagnosticsStore } from './diagnostics/store';
import type { LogLine } from './log';
import type { DiagnosticsPanelApi } from './diagnostics/panel';
import type { QueryHistory } from './persistence/queryHistory';
import type { SavedQueries } from './persistence/savedQueries';
import type { StatusBar } from './statusBar';
import type { TreeNode } from './tree/node';
import type { WalkthroughAction } from './walkthrough/steps';
import type { CompaniesTreeProvider } from './tree/provider';
import type { ReportViewsApi } from './panels/reportViewApi';
import type { TableViewsApi } from './panels/tableViewApi';

export const TEST_HOOKS_ENV = 'DP_TEST_HOOKS';

export function testHooksEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  return env[TEST_HOOKS_ENV] === 'on';
}

/** What `activate` returns under the test switch (src/testApi.ts) for the integration tests;
 * not a public contract, and nothing at all in a user's extension. */
export interface DataPlatformApi {
  readonly log: vscode.LogOutputChannel;
  /** Every line written to the log (scrubbed), oldest first. */
  logLines(): readonly LogLine[];
  readonly companiesView: vscode.TreeView<TreeNode>;
  readonly tree: CompaniesTreeProvider;
  /** The first account's connection (the only one for most users). */
  readonly connection: Connection;
  readonly connections: Connections;
  readonly accounts: AccountList;
  /** The application-wide state the account list lives in. */
  readonly globalState: vscode.Memento;
  readonly diagnostics: DiagnosticsStore;
  readonly diagnosticsPanel: DiagnosticsPanelApi;
  readonly statusBar: StatusBar;
  /** Messages of the "enter a new key?" prompts shown after a 401, oldest first. */
  keyPrompts(): readonly string[];
  /** Number of times `dataPlatform.refresh` ran without a node. */
  refreshCount(): number;
  /** Recent queries per company (Run query…). */
  readonly queryHistory: QueryHistory;
  /** The query nodes kept across reloads, per scope and company. */
  readonly savedQueries: SavedQueries;
  /** The extension's quick pick on screen, as the user sees it. */
  quickPick(): QuickPickSnapshot | undefined;
  /** Progress notifications (and window progress) of the extension still running. */
  progressRunning: typeof progressRunning;
  /** The extension's own command registration, for a test to register a command that fails. */
  registerCommand: typeof registerCommand;
  /** Every context key the walkthrough and the emulator's offer set, oldest first. */
  contextKeys(): readonly ContextKeySet[];
  /** Every walkthrough action heard (a step's thing done), oldest first, repeats included. */
  walkthroughActions(): readonly WalkthroughAction[];
  /** Whether "Add Local Emulator" is offered: `check(url)` asks again (of another address). */
  readonly emulatorOffer: EmulatorOffer;
  /** Every question asked (src/commands/prompt.ts), and the answers the next ones get (none left:
   * a modal or dialog is declined, a quick pick or input box shown for real). */
  readonly prompts: PromptHooks;
  /** The report views (financial statements, aged reports). */
  readonly reportViews: ReportViewsApi;
  /** The list tables (Open as Table). */
  readonly tables: TableViewsApi;
}
