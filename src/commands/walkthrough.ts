// The Getting Started walkthrough's UI side: the context keys that tick its steps off (which
// action completes which step is src/walkthrough/steps.ts), the command that opens it, and
// whether "Add Local Emulator" is offered (dataPlatform.emulatorAvailable). Steps are observed
// without touching the commands: each command's result through register.ts, and the opening of a
// list of records through the Companies view's provider (its onDidBrowse).
import * as vscode from 'vscode';
import { EMULATOR_URL, probeEmulator, type EmulatorProbe, type FetchLike } from '../accounts/emulatorPreset';
import type { Connections } from '../connection/connections';
import type { Log } from '../log';
import type { CompaniesTreeProvider } from '../tree/provider';
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

/** The look at the port on Refresh: nobody waits on it, but a port that swallows the request
 * should not keep a socket open for long. */
const LOOK_AGAIN_TIMEOUT_MS = 1000;

/** Whether "Add Local Emulator" is offered (dataPlatform.emulatorAvailable), and at which address.
 * In development mode (`npm start`, the "Run Extension" launch) the emulator started beside the
 * window is offered from the start, at its own address. Otherwise no local port is looked at until
 * the user asks for the emulator (Add Account's "Local emulator…", Add Local Emulator): an
 * installed extension probes nothing on its own, and whatever else listens on the port is never
 * offered to a user who did not ask. */
export class EmulatorOffer {
  /** How many looks at a port were started (none until the user asks, outside development mode). */
  private checks = 0;
  private asked = false;
  /** The last look's answer: Add Account… offers the emulator first only then. */
  available: boolean;

  constructor(
    private readonly contextKeys: ContextKeys,
    private readonly development: boolean,
    private readonly fetchImpl: FetchLike,
    /** Where the emulator is looked for: the one `npm start` runs, else the usual port, else the
     * last address where the user found one. */
    private where: string = EMULATOR_URL,
  ) {
    this.available = development;
    if (development) contextKeys.setContextKey('dataPlatform.emulatorAvailable', true);
  }

  /** A look the user asked for: its answer (and the key it handed out), also kept as the offer,
   * unless a later look has started meanwhile. */
  async probe(url: string = this.url, timeoutMs?: number): Promise<EmulatorProbe> {
    this.asked = true;
    const mine = ++this.checks;
    const probe = await probeEmulator(url, this.fetchImpl, timeoutMs);
    if (probe.ok) this.where = probe.baseUrl;
    if (mine === this.checks && !this.development) {
      this.available = probe.ok;
      this.contextKeys.setContextKey('dataPlatform.emulatorAvailable', probe.ok);
    }
    return probe;
  }

  get url(): string {
    return this.where;
  }

  get looks(): number {
    return this.checks;
  }

  /** Whether an emulator answers at `url` (as `probe`). */
  async check(url?: string): Promise<boolean> {
    return (await this.probe(url)).ok;
  }

  /** Refresh looks again only where the user has asked for the emulator before. */
  refresh(): void {
    if (this.asked && !this.development) void this.probe(this.url, LOOK_AGAIN_TIMEOUT_MS);
  }
}

/** Ticks the steps off as the user does them, and registers Get Started. Under the test switch
 * (`remember`) every action heard is kept, oldest first, even those done before. */
export function registerWalkthrough(deps: {
  extensionId: string;
  contextKeys: ContextKeys;
  tree: Pick<CompaniesTreeProvider, 'onDidBrowse'>;
  log: Log;
  connections: Pick<Connections, 'list' | 'onDidChangeList'>;
  remember: boolean;
}): { heard: readonly WalkthroughAction[]; disposables: vscode.Disposable[] } {
  const progress = new WalkthroughProgress((key, value) => deps.contextKeys.setContextKey(key, value));
  const heard: WalkthroughAction[] = [];
  const did = (action: WalkthroughAction | undefined) => {
    if (action && deps.remember) heard.push(action);
    for (const step of progress.did(action)) deps.log.info(`walkthrough: step ${step} done`);
  };
  onCommandDone((command, result) => did(actionOfCommand(command, result)));
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
  const browsed = deps.tree.onDidBrowse(() => did('browse'));
  return { heard, disposables: [open, browsed, deps.connections.onDidChangeList(accounts)] };
}
