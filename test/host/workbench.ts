// The web workbench of the offline server, loaded in headless Chromium through playwright-core.
// With the smoke-test driver enabled the workbench hands every log line (including the
// extension host's console output) to `codeAutomationLog`, and the tests' exit code to
// `codeAutomationExit`.
import { renameSync, writeFileSync } from 'node:fs';
import { format } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { KeysRequest } from './protocol';
import type { Level } from './session';

export interface BrowserLogFile {
  relativePath: string;
  contents: string;
}

export interface WorkbenchOptions {
  chromiumPath: string;
  url: string;
  onLog: (level: Level, line: string) => void;
  /** The workbench reported the end of the tests. */
  onExit: (code: number, logs: BrowserLogFile[]) => void;
  /** The page or the browser went away before reporting an exit. */
  onCrash: (reason: string) => void;
  viewport?: { width: number; height: number };
}

export interface Workbench {
  /** Writes a PNG of the whole workbench; the rename makes it appear complete or not at all. */
  screenshot(path: string): Promise<void>;
  /** Real keystrokes into whatever has focus in the workbench (a quick pick's input box). */
  keys(request: KeysRequest): Promise<void>;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // performance.memory otherwise answers a bucketed figure cached for 20 minutes: the table
  // benchmark reads its page's heap from it.
  '--enable-precise-memory-info',
];

const LEVELS: readonly Level[] = ['trace', 'debug', 'info', 'warn', 'error'];

export async function openWorkbench(opts: WorkbenchOptions): Promise<Workbench> {
  const browser: Browser = await chromium.launch({ executablePath: opts.chromiumPath, args: CHROMIUM_ARGS });
  let closing = false;
  try {
    const page: Page = await browser.newPage({ viewport: opts.viewport ?? { width: 1400, height: 900 } });
    // Both must exist before the workbench starts, or it never finds them.
    await page.exposeFunction('codeAutomationLog', (level: unknown, args: unknown) => {
      const l = LEVELS.includes(level as Level) ? (level as Level) : 'info';
      const parts: unknown[] = Array.isArray(args) ? args : [args];
      opts.onLog(l, format(...parts));
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown, logs: unknown) => {
      opts.onExit(typeof code === 'number' ? code : 1, Array.isArray(logs) ? (logs as BrowserLogFile[]) : []);
    });
    page.on('crash', () => opts.onCrash('the workbench page crashed'));
    page.on('pageerror', (err) => opts.onLog('error', `page error: ${err.message}`));
    browser.on('disconnected', () => {
      if (!closing) opts.onCrash('the browser closed unexpectedly');
    });
    await page.goto(opts.url);
    return {
      async screenshot(path: string) {
        const tmp = `${path}.tmp`;
        writeFileSync(tmp, await page.screenshot({ type: 'png' }));
        renameSync(tmp, path);
      },
      async keys(request: KeysRequest) {
        // A short delay per key, like a person, so every keystroke is its own input event.
        if (request.type !== undefined) await page.keyboard.type(request.type, { delay: 15 });
        if (request.press !== undefined) await page.keyboard.press(request.press);
      },
      async close() {
        closing = true;
        await browser.close().catch(() => undefined);
      },
    };
  } catch (err) {
    closing = true;
    await browser.close().catch(() => undefined);
    throw err;
  }
}
