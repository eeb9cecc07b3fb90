// A test run in a desktop VS Code through @vscode/test-electron: given by VSCODE_EXECUTABLE_PATH
// or downloaded into .vscode-test/. The process is spawned here rather than by `runTests` so its
// output can be read for the markers and the watchdog can kill it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath } from '@vscode/test-electron';
import { prepareDisplayLanguage } from './displayLanguage';
import { writeFailureLogs } from './failureLogs';
import { runDirs, type HostRunOptions } from './offline';
import { runStep } from './run';
import { writeUserSettings } from './server';
import type { HostOutcome } from './session';

export function downloadVSCode(cachePath: string): Promise<string> {
  return downloadAndUnzipVSCode({ cachePath });
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // The group of the process we spawned (detached), so its helpers go too.
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // already gone
  }
}

export async function runElectronHost(executable: string, opts: HostRunOptions): Promise<HostOutcome> {
  const { userDataDir, extensionsDir } = runDirs(opts.tmpDir);
  if (opts.install) {
    const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(executable);
    opts.log(`installing ${opts.install} into ${extensionsDir}`);
    await runStep(
      cli,
      [
        ...cliArgs,
        `--user-data-dir=${userDataDir}`,
        `--extensions-dir=${extensionsDir}`,
        '--install-extension',
        opts.install,
      ],
      {
        log: opts.log,
        what: `installing ${opts.install}`,
      },
    );
  }
  writeUserSettings(userDataDir, opts.settings ?? {});
  const args = [
    opts.workspaceDir,
    '--no-sandbox',
    '--disable-gpu-sandbox',
    '--disable-updates',
    '--skip-welcome',
    '--skip-release-notes',
    '--no-cached-data',
    '--disable-workspace-trust',
    '--new-window',
    `--user-data-dir=${userDataDir}`,
    `--extensions-dir=${extensionsDir}`,
    `--extensionDevelopmentPath=${opts.extensionDevelopmentPath}`,
    `--extensionTestsPath=${opts.extensionTestsPath}`,
    ...(opts.locale ? prepareDisplayLanguage(userDataDir, opts.locale) : []),
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env };
  delete env.ELECTRON_RUN_AS_NODE; // set by some terminals inside VS Code; would start plain Node
  opts.log(`starting ${executable}`);
  const child = spawn(executable, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  const pid = child.pid;
  let exited = false;
  const exit = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (pid === undefined || exited) return;
    killGroup(pid, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      exit,
      new Promise((r) => {
        timer = setTimeout(r, 3000);
      }),
    ]);
    clearTimeout(timer);
    if (!exited) killGroup(pid, 'SIGKILL');
  };
  opts.onCleanup(stop);
  const ended = new Promise<HostOutcome>((resolve) => {
    child.on('error', (err) => resolve({ code: 1, reason: `could not start VS Code: ${err.message}` }));
    child.on('exit', (code, signal) => {
      exited = true;
      resolve(signal ? { code: 1, reason: `VS Code was killed by ${signal}` } : { code: code ?? 1 });
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split(/\r?\n/);
      rest = lines.pop() ?? '';
      for (const l of lines) opts.session.feed(l);
    });
  }
  try {
    const outcome = await opts.session.wait(ended);
    if (outcome.code !== 0) {
      writeFailureLogs(
        opts.logsDir,
        [{ relativePath: 'runner-transcript.log', contents: opts.session.transcript.join('\n') + '\n' }],
        [{ from: join(userDataDir, 'logs'), to: 'vscode-logs' }],
      );
      opts.log(`logs written to ${opts.logsDir}`);
    }
    return outcome;
  } finally {
    await stop();
  }
}
