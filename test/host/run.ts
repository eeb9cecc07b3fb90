// Runs an install step with its output streaming to the terminal, and a heartbeat for steps that
// stay silent for minutes (npm hides install-script output).
import { spawn } from 'node:child_process';
import { heartbeat, type Log } from './log';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  log: Log;
  /** Shown in progress and error lines, e.g. "installing code-server". */
  what: string;
}

export function runStep(cmd: string, args: readonly string[], opts: RunOptions): Promise<void> {
  const stop = heartbeat(opts.log, `still ${opts.what}`);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: 'inherit' });
    child.on('error', (err) => {
      stop();
      reject(new Error(`${opts.what}: cannot run ${cmd}: ${err.message}`));
    });
    child.on('exit', (code, signal) => {
      stop();
      if (code === 0) resolve();
      else reject(new Error(`${opts.what}: ${cmd} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}
