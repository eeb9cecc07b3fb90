// Which host runs the integration tests. A desktop VS Code (test-electron) where one is given or
// can be downloaded and shown; the offline VS Code server everywhere else (CI, no internet).
import type { Log } from './log';

export type HostChoice = { kind: 'electron'; executable: string } | { kind: 'offline' };

export interface ChooseInput {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** Downloads (or finds cached) desktop VS Code; fails fast without internet. */
  download: () => Promise<string>;
  log: Log;
}

export async function chooseHost({ env, platform, download, log }: ChooseInput): Promise<HostChoice> {
  const wanted = env.DP_TEST_HOST;
  if (wanted && wanted !== 'electron' && wanted !== 'offline') {
    throw new Error(`DP_TEST_HOST must be "electron" or "offline", not "${wanted}"`);
  }
  if (wanted === 'offline') return { kind: 'offline' };
  if (env.VSCODE_EXECUTABLE_PATH) return { kind: 'electron', executable: env.VSCODE_EXECUTABLE_PATH };
  if (wanted === 'electron') return { kind: 'electron', executable: await download() };
  // A desktop VS Code cannot open a window without a display server (CI containers).
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    log('no display: using the offline VS Code server (DP_TEST_HOST=electron to force a desktop VS Code)');
    return { kind: 'offline' };
  }
  try {
    return { kind: 'electron', executable: await download() };
  } catch (err) {
    log(`desktop VS Code not available (${(err as Error).message.split('\n')[0]}): using the offline VS Code server`);
    return { kind: 'offline' };
  }
}
