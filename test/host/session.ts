// One host run seen from the runner: every output line of the host passes through here. Marker
// lines (results, heartbeat, screenshot and keystroke requests) are acted on and kept off the terminal; the
// rest streams to the terminal and is kept for the failure logs.
import { writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseMessage, type Counts, type KeysRequest } from './protocol';
import type { Watchdog } from './watchdog';

export type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export interface SessionOptions {
  watchdog: Watchdog;
  /** Prints one line to the terminal. */
  print: (line: string) => void;
  /** Where screenshot requests may write; undefined when the host cannot take screenshots. */
  screenshotDir?: string;
  /** Levels that reach the terminal (everything is kept in the transcript). */
  printLevels?: readonly Level[];
}

export interface HostOutcome {
  code: number;
  /** Why the run failed without a test failure (crash, hang, missing results). */
  reason?: string;
}

/** Harmless offline messages of the workbench, kept for the logs but not printed. */
const NOISE = [/ENOTFOUND open-vsx\.org/, /ENOTFOUND .*(marketplace|update)\.(visualstudio|code)\./];

export function isKnownNoise(text: string): boolean {
  const first = text.split('\n', 1)[0];
  return NOISE.some((re) => re.test(first));
}

export class Session {
  counts: Counts | undefined;
  readonly transcript: string[] = [];
  private takeScreenshot: ((path: string) => Promise<void>) | undefined;
  private sendKeys: ((request: KeysRequest) => Promise<void>) | undefined;
  /** Screenshots and keystrokes run one after another, in the order the tests asked. */
  private pending: Promise<void> = Promise.resolve();
  private readonly printLevels: readonly Level[];

  constructor(private readonly opts: SessionOptions) {
    this.printLevels = opts.printLevels ?? ['info', 'warn', 'error'];
  }

  /** Called once the host can take screenshots (the workbench page is open). */
  setScreenshotter(take: (path: string) => Promise<void>): void {
    this.takeScreenshot = take;
  }

  /** Called once the host can receive keystrokes (the workbench page is open). */
  setKeyboard(send: (request: KeysRequest) => Promise<void>): void {
    this.sendKeys = send;
  }

  /** One message of the host; may span several lines (a stack trace). */
  feed(text: string, level: Level = 'info'): void {
    this.transcript.push(level === 'info' ? text : `[${level}] ${text}`);
    const msg = parseMessage(text);
    if (!msg) {
      if (this.printLevels.includes(level) && !isKnownNoise(text)) for (const l of text.split('\n')) this.opts.print(l);
      return;
    }
    if (msg.kind === 'heartbeat') this.opts.watchdog.beat();
    else if (msg.kind === 'results') this.counts = msg.counts;
    else if (msg.kind === 'keys') this.keys(msg.request);
    else this.screenshot(msg.path);
  }

  /** Types or presses as asked, then acknowledges with `keys-<id>.done` (or `.failed`, holding the
   * reason) in the screenshot folder, which the test polls. */
  private keys(request: KeysRequest): void {
    const dir = this.opts.screenshotDir;
    const send = this.sendKeys;
    if (!dir || !send) {
      this.opts.print(`[host] keystroke request ignored (this host cannot type): ${request.id}`);
      return;
    }
    const ack = (suffix: string, text: string) => {
      try {
        writeFileSync(join(dir, `keys-${request.id}.${suffix}`), text);
      } catch (err) {
        // The test times out waiting and says so; the chain must go on for later requests.
        this.opts.print(`[host] could not acknowledge keystrokes ${request.id}: ${(err as Error).message}`);
      }
    };
    this.pending = this.pending
      .then(() => send(request))
      .then(
        () => ack('done', ''),
        (err: Error) => {
          this.opts.print(`[host] keystrokes failed: ${err.message}`);
          ack('failed', err.message);
        },
      );
  }

  private screenshot(path: string): void {
    const dir = this.opts.screenshotDir;
    const abs = resolve(path);
    if (!dir || !this.takeScreenshot) {
      this.opts.print(`[host] screenshot request ignored (this host cannot take screenshots): ${path}`);
      return;
    }
    // Only inside the screenshot folder: a test must not make the runner write anywhere else.
    const rel = relative(dir, abs);
    if (
      !isAbsolute(path) ||
      !abs.endsWith('.png') ||
      rel.startsWith('..') ||
      isAbsolute(rel) ||
      dirname(abs) !== resolve(dir)
    ) {
      this.opts.print(`[host] screenshot request refused (must be a .png directly in ${dir}): ${path}`);
      return;
    }
    const take = this.takeScreenshot;
    this.pending = this.pending
      .then(() => take(abs))
      .then(
        () => this.opts.print(`[host] screenshot written: ${abs}`),
        (err: Error) => this.opts.print(`[host] screenshot failed: ${err.message}`),
      );
  }

  /** Waits for the host to end, polling the watchdog. `ended` resolves with the host's verdict.
   * Called once the host is launched, after any install: the watchdog's limits start here. */
  async wait(ended: Promise<HostOutcome>, pollMs = 1000): Promise<HostOutcome> {
    this.opts.watchdog.start();
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<HostOutcome>((res) => {
      timer = setInterval(() => {
        const reason = this.opts.watchdog.verdict();
        if (reason) res({ code: 1, reason });
      }, pollMs);
    });
    try {
      const outcome = await Promise.race([ended, hung]);
      await this.pending;
      return this.judge(outcome);
    } finally {
      clearInterval(timer);
    }
  }

  /** The host's exit code alone can hide a run that never reported results. */
  judge(outcome: HostOutcome): HostOutcome {
    if (outcome.reason) return outcome;
    const c = this.counts;
    if (!c) return { code: outcome.code || 1, reason: 'the extension host ended without reporting test results' };
    if (c.failed > 0 && outcome.code === 0) return { code: 1 };
    return outcome;
  }
}
