// The window `npm start` opens for a person in the offline VS Code server (scripts/start.mjs).
// Unlike a test run, it starts the server without the smoke-test driver, which keeps every
// notification out of sight: the built extension is installed into the server's extensions folder
// instead of loaded from the URL's payload, which only that driver reads.
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { START_SCRIPT_ENV } from '../../src/accounts/devEmulator';
import type { OfflineHost } from './install';
import type { Log } from './log';
import { startServer, type RunningServer } from './server';

export interface StartWindowOptions {
  host: OfflineHost;
  port: number;
  /** The repository: its built extension (`dist/`) is what the window runs. */
  root: string;
  /** Fresh per start: the user-data, extensions and workspace folders go in here. */
  tmpDir: string;
  /** The extension host's environment (it inherits the server's): the emulator's address and key. */
  env: Record<string, string>;
  settings?: Record<string, unknown>;
  onOutput: (line: string) => void;
  log: Log;
}

export interface StartedWindow {
  server: RunningServer;
  /** The workbench with the workspace folder open. */
  url: string;
}

/** Links the repository into the extensions folder under the name VS Code gives an installed copy
 * (`publisher.name-version`): a rebuild (`npm run watch`) and a window reload run the new build. */
function installLink(root: string, extensionsDir: string): void {
  const { publisher, name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    string
  >;
  mkdirSync(extensionsDir, { recursive: true });
  // A junction on Windows needs no administrator; elsewhere the type is ignored.
  symlinkSync(root, join(extensionsDir, `${publisher}.${name}-${version}`), 'junction');
}

export async function startWindow(opts: StartWindowOptions): Promise<StartedWindow> {
  const extensionsDir = join(opts.tmpDir, 'extensions');
  const workspace = join(opts.tmpDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  installLink(opts.root, extensionsDir);
  const server = await startServer({
    host: opts.host,
    port: opts.port,
    userDataDir: join(opts.tmpDir, 'user-data'),
    extensionsDir,
    settings: opts.settings,
    // An installed extension is not in development mode: this tells it that `npm start` opened it.
    env: { ...opts.env, [START_SCRIPT_ENV]: '1' },
    testDriver: false,
    onOutput: opts.onOutput,
    log: opts.log,
  });
  return { server, url: `${server.origin}/?folder=${encodeURIComponent(workspace)}` };
}
