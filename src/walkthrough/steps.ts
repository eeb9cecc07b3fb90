// The Getting Started walkthrough's progress, without `vscode`: which of the user's actions
// completes which step, and the context key (named in the step's `completionEvents` in
// package.json) that says so. src/commands/walkthrough.ts sets them; VS Code ticks the steps.

/** `contributes.walkthroughs[].id`. */
export const WALKTHROUGH_ID = 'dataPlatform.gettingStarted';

/** What the user does that a step teaches. */
export type WalkthroughAction = 'account' | 'browse' | 'query' | 'export' | 'diagnostics';

/** The context key each action turns true. */
export const ACTION_CONTEXT_KEYS: Readonly<Record<WalkthroughAction, string>> = {
  account: 'dataPlatform.walkthrough.accountAdded',
  browse: 'dataPlatform.walkthrough.browsed',
  query: 'dataPlatform.walkthrough.queried',
  export: 'dataPlatform.walkthrough.exported',
  diagnostics: 'dataPlatform.walkthrough.diagnosticsShown',
};

/** The steps of package.json and the action each stands for; the first has two forms (with the
 * emulator's button where an emulator can answer, and without). */
export const WALKTHROUGH_STEPS: readonly { id: string; action: WalkthroughAction }[] = [
  { id: 'addAccount', action: 'account' },
  { id: 'addAccountOrEmulator', action: 'account' },
  { id: 'browse', action: 'browse' },
  { id: 'query', action: 'query' },
  { id: 'export', action: 'export' },
  { id: 'diagnostics', action: 'diagnostics' },
];

/** The outcome a command resolved to that means the user did the step's thing (a cancelled pick
 * or a refused export does not count). */
const COMMAND_OUTCOMES: Readonly<Record<string, { action: WalkthroughAction; outcome?: string }>> = {
  'dataPlatform.addAccount': { action: 'account', outcome: 'added' },
  'dataPlatform.addEmulatorAccount': { action: 'account', outcome: 'added' },
  'dataPlatform.runQuery': { action: 'query', outcome: 'shown' },
  'dataPlatform.filter': { action: 'query', outcome: 'shown' },
  'dataPlatform.exportRecords': { action: 'export', outcome: 'written' },
  'dataPlatform.exportCompanies': { action: 'export', outcome: 'written' },
  // Show Details on an error node opens the panel through this command too.
  'dataPlatform.showDiagnostics': { action: 'diagnostics' },
};

/** The action a command's result stands for, if any. */
export function actionOfCommand(command: string, result: unknown): WalkthroughAction | undefined {
  const rule = COMMAND_OUTCOMES[command];
  if (!rule || result === undefined || result === null) return undefined;
  if (rule.outcome === undefined) return rule.action;
  const outcome = typeof result === 'object' ? (result as { outcome?: unknown }).outcome : undefined;
  return outcome === rule.outcome ? rule.action : undefined;
}

/** The actions done in this window. Each context key is pulsed (true, then false at once): VS
 * Code's walkthrough service ticks a step when its key turns true, but takes a key already true
 * when it registers the walkthrough (which it may do only when the walkthrough is first opened) as
 * seen, and then never ticks that step in the session. `replay` pulses every done action again,
 * for a walkthrough opened after the user acted. */
export class WalkthroughProgress {
  private readonly done = new Set<WalkthroughAction>();

  constructor(private readonly setContextKey: (key: string, value: boolean) => void) {}

  /** Records the action; returns the ids of the steps it completes now (none when done before). */
  did(action: WalkthroughAction | undefined): string[] {
    if (action === undefined || this.done.has(action)) return [];
    this.done.add(action);
    this.pulse(action);
    return WALKTHROUGH_STEPS.filter((s) => s.action === action).map((s) => s.id);
  }

  replay(): void {
    for (const action of this.done) this.pulse(action);
  }

  private pulse(action: WalkthroughAction): void {
    this.setContextKey(ACTION_CONTEXT_KEYS[action], true);
    this.setContextKey(ACTION_CONTEXT_KEYS[action], false);
  }
}
