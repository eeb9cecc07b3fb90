// The offline VS Code server (code-server's bundled server) on a loopback port, one per run,
// with fresh user-data and extensions folders.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { prepareDisplayLanguage } from './displayLanguage';
import type { OfflineHost } from './install';
import type { Log } from './log';

export interface ServerOptions {
  host: OfflineHost;
  port: number;
  userDataDir: string;
  extensionsDir: string;
  /** Merged into the user settings file written before the start. */
  settings?: Record<string, unknown>;
  /** Extra environment; the extension host inherits the server's environment. */
  env?: NodeJS.ProcessEnv;
  /** Display language, e.g. `qps-ploc`; English when not given. */
  locale?: string;
  /** VS Code's smoke-test driver, which tests need: only with it does a built workbench read the
   * URL `payload` (the extension under development, its tests) and report their exit. It also
   * keeps every notification out of sight (no toasts), so a window for a person starts without it
   * (`npm start`: test/host/startWindow.ts). */
  testDriver: boolean;
  /** Each line the server prints. */
  onOutput: (line: string) => void;
  log: Log;
  readyTimeoutMs?: number;
}

export interface RunningServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  pid: number;
  /** Resolves when the server process has exited (with its exit code or signal). */
  exited: Promise<string>;
  /** SIGTERM to the server's process group, SIGKILL to whatever is left after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Keeps Chat out of screenshots and halves the log noise of a fresh profile. */
export const QUIET_SETTINGS = {
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  // Less to paint in a software-rendered headless workbench: no blinking cursor, no animation.
  'editor.cursorBlinking': 'solid',
  'workbench.reduceMotion': 'on',
  'editor.minimap.enabled': false,
  'editor.smoothScrolling': false,
  'workbench.list.smoothScrolling': false,
  'git.enabled': false,
};

export function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  const dir = join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2) + '\n');
}

function healthy(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get(`${origin}/healthz`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });
}

function forwardLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split(/\r?\n/);
    rest = parts.pop() ?? '';
    for (const p of parts) onLine(p);
  });
  stream.on('end', () => rest && onLine(rest));
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  mkdirSync(opts.extensionsDir, { recursive: true });
  writeUserSettings(opts.userDataDir, opts.settings ?? {});
  const origin = `http://127.0.0.1:${opts.port}`;
  const args = [
    opts.host.entry,
    // Its own config file: otherwise code-server creates ~/.config/code-server/config.yaml.
    '--config',
    join(opts.userDataDir, 'code-server.yaml'),
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${opts.port}`,
    '--user-data-dir',
    opts.userDataDir,
    '--extensions-dir',
    opts.extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    // Without it a built workbench ignores the URL `payload` (extension under development,
    // tests path) and never reports an exit code.
    ...(opts.testDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(opts.locale ? prepareDisplayLanguage(opts.userDataDir, opts.locale) : []),
  ];
  const child: ChildProcess = spawn(opts.host.node, args, {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid === undefined) {
    await new Promise((r) => child.once('error', r));
    throw new Error(`could not start the VS Code server with ${opts.host.node}`);
  }
  const pid = child.pid;
  forwardLines(child.stdout, opts.onOutput);
  forwardLines(child.stderr, opts.onOutput);
  let exitedWith: string | undefined;
  const exited = new Promise<string>((resolve) => {
    child.on('exit', (code, signal) => {
      exitedWith = String(signal ?? code);
      resolve(exitedWith);
    });
  });

  // The server runs in its own process group, so a blocked extension host that outlives it (it
  // ignores its parent going away) is still ours to end.
  const group = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false; // no process of the group is left
    }
  };
  const stop = async (graceMs = 5000): Promise<void> => {
    group('SIGTERM');
    const deadline = Date.now() + graceMs;
    while ((exitedWith === undefined || group(0)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    if (group(0)) {
      opts.log(`processes of the VS Code server (group ${pid}) still running after SIGTERM: SIGKILL`);
      group('SIGKILL');
    }
    if (exitedWith === undefined) await exited;
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  while (!(await healthy(origin))) {
    if (exitedWith !== undefined) throw new Error(`the VS Code server exited (${exitedWith}) before it was ready`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the VS Code server was not ready on ${origin}/healthz within ${opts.readyTimeoutMs ?? 60_000} ms`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { port: opts.port, origin, pid, exited, stop };
}

/** Workbench URL that opens `folder` with the extension under development (and its tests). */
export function workbenchUrl(opts: {
  origin: string;
  port: number;
  folder: string;
  extensionDevelopmentPath: string;
  extensionTestsPath?: string;
  extensionEnvironment?: Record<string, string>;
}): string {
  // Paths in the payload are URIs on the remote (the server), which is this same machine.
  const remote = `vscode-remote://127.0.0.1:${opts.port}`;
  const payload: [string, string][] = [
    ['extensionDevelopmentPath', remote + opts.extensionDevelopmentPath],
    ['skipWelcome', 'true'],
  ];
  if (opts.extensionTestsPath) payload.push(['extensionTestsPath', remote + opts.extensionTestsPath]);
  if (opts.extensionEnvironment) payload.push(['extensionEnvironment', JSON.stringify(opts.extensionEnvironment)]);
  return `${opts.origin}/?folder=${encodeURIComponent(opts.folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
