// A test run in the offline host: the VS Code server from code-server plus its web workbench in
// headless Chromium. The extension and its tests run in the server's Node extension host.
import { join } from 'node:path';
import { writeFailureLogs, type LogFile } from './failureLogs';
import { freePort } from './freePort';
import { ensureOfflineHost } from './install';
import type { Log } from './log';
import { startServer, workbenchUrl, type RunningServer } from './server';
import type { HostOutcome, Session } from './session';
import { installVsixOffline } from './vsix';
import { openWorkbench, type Workbench } from './workbench';

export interface HostRunOptions {
  extensionDevelopmentPath: string;
  extensionTestsPath: string;
  workspaceDir: string;
  /** Fresh per run: user-data and extensions folders go in here. */
  tmpDir: string;
  /** A packaged .vsix to install into the run's extensions folder before the host starts. */
  install?: string;
  /** Environment of the extension host. */
  env: Record<string, string>;
  /** User settings of the run. */
  settings?: Record<string, unknown>;
  /** Display language of the run (`qps-ploc` for the localisation tests); English when not given. */
  locale?: string;
  logsDir: string;
  session: Session;
  log: Log;
  /** Called with a clean-up step as soon as something needs cleaning (for Ctrl-C). */
  onCleanup: (step: () => Promise<void>) => void;
}

/** The profile of one run: both hosts start VS Code with these two folders. */
export function runDirs(tmpDir: string): { userDataDir: string; extensionsDir: string } {
  return { userDataDir: join(tmpDir, 'user-data'), extensionsDir: join(tmpDir, 'extensions') };
}

export async function runOfflineHost(cacheDir: string, opts: HostRunOptions): Promise<HostOutcome> {
  const host = await ensureOfflineHost(cacheDir, opts.log);
  const port = await freePort();
  const { session } = opts;
  let server: RunningServer | undefined;
  let workbench: Workbench | undefined;
  let browserLogs: LogFile[] = [];
  let cleanedUp = false;
  const cleanup = async () => {
    cleanedUp = true;
    await workbench?.close();
    await server?.stop();
  };
  opts.onCleanup(cleanup);
  const dirs = runDirs(opts.tmpDir);
  try {
    if (opts.install) await installVsixOffline(host, opts.install, dirs, opts.log);
    opts.log(`starting the VS Code server (code-server) on 127.0.0.1:${port}`);
    server = await startServer({
      host,
      port,
      ...dirs,
      settings: opts.settings,
      locale: opts.locale,
      testDriver: true,
      onOutput: (line) => session.feed(`[server] ${line}`, 'debug'),
      log: opts.log,
    });
    const url = workbenchUrl({
      origin: server.origin,
      port,
      folder: opts.workspaceDir,
      extensionDevelopmentPath: opts.extensionDevelopmentPath,
      extensionTestsPath: opts.extensionTestsPath,
      extensionEnvironment: opts.env,
    });
    const serverExit = server.exited;
    const ended = new Promise<HostOutcome>((resolve) => {
      // server.exited only ever resolves (on the process's exit), so there is no rejection to handle.
      void serverExit.then((how) => resolve({ code: 1, reason: `the VS Code server exited (${how}) during the run` }));
      opts.log('opening the workbench in headless Chromium');
      openWorkbench({
        chromiumPath: host.chromium,
        url,
        onLog: (level, line) => session.feed(line, level),
        onExit: (code, logs) => {
          browserLogs = logs;
          resolve({ code });
        },
        onCrash: (reason) => resolve({ code: 1, reason }),
      }).then(
        (w) => {
          workbench = w;
          if (cleanedUp) void w.close(); // the run ended (timeout, Ctrl-C) while the page loaded
          session.setScreenshotter((path) => w.screenshot(path));
          session.setKeyboard((request) => w.keys(request));
        },
        (err: Error) => resolve({ code: 1, reason: `could not open the workbench: ${err.message}` }),
      );
    });
    const outcome = await session.wait(ended);
    if (outcome.code !== 0) {
      writeFailureLogs(
        opts.logsDir,
        [...browserLogs, { relativePath: 'runner-transcript.log', contents: session.transcript.join('\n') + '\n' }],
        [{ from: join(dirs.userDataDir, 'logs'), to: 'server-logs' }],
      );
      opts.log(`logs written to ${opts.logsDir}`);
    }
    return outcome;
  } finally {
    await cleanup();
  }
}
