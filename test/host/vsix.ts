// Installs a packaged extension into a host's extensions folder. What the package holds is checked
// in the host, on the folder VS Code unpacked it into (test/installed/beforeReload.test.ts).
import { join } from 'node:path';
import type { OfflineHost } from './install';
import type { Log } from './log';
import { runStep } from './run';

export interface InstallDirs {
  userDataDir: string;
  extensionsDir: string;
}

/** `--install-extension` of the VS Code server: what `code --install-extension` does on a
 * desktop, offline, in about a second. */
export async function installVsixOffline(host: OfflineHost, vsix: string, dirs: InstallDirs, log: Log): Promise<void> {
  log(`installing ${vsix} into ${dirs.extensionsDir}`);
  await runStep(
    host.node,
    [
      host.entry,
      // Its own config file: otherwise code-server writes ~/.config/code-server/config.yaml.
      '--config',
      join(dirs.userDataDir, 'code-server.yaml'),
      '--user-data-dir',
      dirs.userDataDir,
      '--extensions-dir',
      dirs.extensionsDir,
      '--install-extension',
      vsix,
    ],
    { log, what: `installing ${vsix}` },
  );
}
