// An export's file: written under a temporary name next to the target and renamed onto it only
// when the export succeeded. A cancelled or failed export deletes its temporary file, so nothing
// appears where the user asked, and a file already there stays as it was. The temporary file is
// created readable by the user only (0600): it holds the account's records while it is written.
// A new export keeps that mode; one that replaces a file takes that file's mode.
import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { cutToBytes } from '../util/utf8';
import { BufferedWrites } from './bufferedWrites';
import type { ExportSink } from './exportList';

/** The longest file name (UTF-8 bytes) of ext4, APFS, NTFS (in UTF-16 units, fewer) and most others. */
const MAX_NAME_BYTES = 255;

/** The target's name as its temporary file holds it: cut (on a character boundary) so the whole
 * temporary name fits in MAX_NAME_BYTES, for any name the user may choose. */
function nameInTemp(name: string, random: string): string {
  return cutToBytes(name, MAX_NAME_BYTES - `..${random}.part`.length);
}

/** `.<name>.<random>.part`: hidden on Unix, and recognisably an export's unfinished file. */
export function tempNameFor(name: string, random = randomBytes(6).toString('hex')): string {
  return `.${nameInTemp(name, random)}.${random}.part`;
}

/** The temporary file of an export to `target`: in the target's folder, so on the same file
 * system, and the final rename is atomic. */
export function tempPathFor(target: string, random?: string): string {
  return join(dirname(target), tempNameFor(basename(target), random));
}

/** The mode of the file at `path` (permission bits), undefined when there is none. */
async function modeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mode & 0o777;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` with a sink into a new temporary file, then moves the file onto `target`. When
 * `work` fails (or is cancelled), the temporary file is deleted and the failure passed on.
 */
export async function writeFileAtomically<R>(target: string, work: (sink: ExportSink) => Promise<R>): Promise<R> {
  const temp = tempPathFor(target);
  // `wx`: never write into a file that exists, not even a leftover of ours.
  const handle = await open(temp, 'wx', 0o600);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= handle.close());
  try {
    const writes = new BufferedWrites((bytes, offset, length) => handle.write(bytes, offset, length));
    const result = await work({ write: (text) => writes.write(text) });
    // On disk before the rename: a crash right after cannot leave an empty file under the name.
    await handle.sync();
    const replaced = await modeOf(target);
    if (replaced !== undefined && replaced !== 0o600) await handle.chmod(replaced);
    await close();
    await rename(temp, target);
    return result;
  } catch (e) {
    await close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
}
