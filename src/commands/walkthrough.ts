// The Getting Started walkthrough's UI side: the context keys that tick its steps off (which
// action completes which step is src/walkthrough/steps.ts), the command that opens it, and
// whether "Add Local Emulator" is offered (dataPlatform.emulatorAvailable). Steps are observed
// without touching the commands: each command's result through register.ts, and the opening of a
// list of records through the Companies view's provider, which VS Code asks for its children.
import * as vscode from 'vscode';
import { emulatorAvailable, type FetchLike } from '../accounts/emulatorPreset';
import type { Connections } from '../connection/connections';
import type { Log } from '../log';
import { RecordListNode } from '../tree/dataNodes';
import type { TreeNode } from '../tree/node';
import { CompaniesTreeProvider } from '../tree/provider';
import { actionOfCommand, WALKTHROUGH_ID, WalkthroughProgress, type WalkthroughAction } from '../walkthrough/steps';
import { onCommandDone, registerCommand } from './register';

export interface ContextKeySet {
  readonly key: string;
  readonly value: unknown;
}

/** Sets context keys; under the test switch it also keeps each one set, oldest first. */
export class ContextKeys {
  private readonly kept: ContextKeySet[] = [];

  constructor(private readonly remember: boolean) {}

  setContextKey(key: string, value: unknown): void {
    if (this.remember) this.kept.push({ key, value });
    void vscode.commands.executeCommand('setContext', key, value);
  }

  get record(): readonly ContextKeySet[] {
    return this.kept;
  }
}

/** The Companies view's provider, saying when a list of records (a data type, a query) is opened. */
export class BrowsedTree extends CompaniesTreeProvider {
  onBrowse: () => void = () => undefined;

  override getChildren(element?: TreeNode): TreeNode[] | Promise<TreeNode[]> {
    if (element instanceof RecordListNode) this.onBrowse();
    return super.getChildren(element);
  }
}

/** Whether an emulator can answer, asked at activation and on Refresh, never awaited by either. */
export class EmulatorOffer {
  private checks = 0;
  /** The last check's answer: Add Account… offers the emulator only then. */
  available = false;

  constructor(
    private readonly keys: ContextKeys,
    private readonly development: boolean,
    private readonly fetchImpl: FetchLike,
  ) {}

  /** Sets the key from this check, unless a later check has started meanwhile. */
  async check(url?: string): Promise<boolean> {
    const mine = ++this.checks;
    const available = await emulatorAvailable(this.development, this.fetchImpl, url);
    if (mine === this.checks) {
      this.available = available;
      this.keys.setContextKey('dataPlatform.emulatorAvailable', available);
    }
    return available;
  }
}

/** Ticks the steps off as the user does them, and registers Get Started. Under the test switch
 * (`remember`) every action heard is kept, oldest first, even those done before. */
export function registerWalkthrough(deps: {
  extensionId: string;
  keys: ContextKeys;
  tree: BrowsedTree;
  log: Log;
  connections: Pick<Connections, 'list' | 'onDidChangeList'>;
  remember: boolean;
}): { heard: readonly WalkthroughAction[]; disposables: vscode.Disposable[] } {
  const progress = new WalkthroughProgress((key, value) => deps.keys.setContextKey(key, value));
  const heard: WalkthroughAction[] = [];
  const did = (action: WalkthroughAction | undefined) => {
    if (action && deps.remember) heard.push(action);
    for (const step of progress.did(action)) deps.log.info(`walkthrough: step ${step} done`);
  };
  onCommandDone((command, result) => did(actionOfCommand(command, result)));
  deps.tree.onBrowse = () => did('browse');
  // An account there already (added in an earlier session, or by `npm start`) is step one done.
  const accounts = () => {
    if (deps.connections.list().length > 0) did('account');
  };
  const open = registerCommand('dataPlatform.openWalkthrough', async () => {
    await vscode.commands.executeCommand(
      'workbench.action.openWalkthrough',
      `${deps.extensionId}#${WALKTHROUGH_ID}`,
      false,
    );
    progress.replay();
  });
  return { heard, disposables: [open, deps.connections.onDidChangeList(accounts)] };
}
