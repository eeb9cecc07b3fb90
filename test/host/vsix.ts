// The packaged extension as a test sees it: the files a .vsix holds (read from the zip's central
// directory, no unzip needed) and its installation into a host's extensions folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OfflineHost } from './install';
import type { Log } from './log';
import { runStep } from './run';

export interface VsixEntry {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;

/** The entries of a zip file (a .vsix), in their stored order. */
export function listZip(bytes: Buffer): VsixEntry[] {
  // The end record sits in the last 22 bytes plus a comment of at most 64 KiB.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip file: no end of central directory record');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: VsixEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (bytes.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error(`broken zip: no file header at ${at}`);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({ name: bytes.toString('utf8', at + 46, at + 46 + nameLength), size });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export function listVsix(file: string): VsixEntry[] {
  return listZip(readFileSync(file));
}

export interface InstallDirs {
  userDataDir: string;
  extensionsDir: string;
}

/** `--install-extension` of the VS Code server: what `code --install-extension` does on a
 * desktop, offline, in about a second. */
export async function installVsixOffline(host: OfflineHost, vsix: string, dirs: InstallDirs, log: Log): Promise<void> {
  log(`installing ${vsix} into ${dirs.extensionsDir}`);
  await runStep(host.node, [
    host.entry,
    // Its own config file: otherwise code-server writes ~/.config/code-server/config.yaml.
    '--config', join(dirs.userDataDir, 'code-server.yaml'),
    '--user-data-dir', dirs.userDataDir,
    '--extensions-dir', dirs.extensionsDir,
    '--install-extension', vsix,
  ], { log, what: `installing ${vsix}` });
}
