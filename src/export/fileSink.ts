// An export's file: written under a temporary name next to the target and renamed onto it only
// when the export succeeded. A cancelled or failed export deletes its temporary file, so nothing
// appears where the user asked, and a file already there stays as it was.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BufferedWrites } from './bufferedWrites';
import type { ExportSink } from './exportList';

/** `.<name>.<random>.part`: hidden on Unix, and recognisably an export's unfinished file. */
export function tempNameFor(name: string, random = randomBytes(6).toString('hex')): string {
  return `.${name}.${random}.part`;
}

/** The temporary file of an export to `target`: in the target's folder, so on the same file
 * system, and the final rename is atomic. */
export function tempPathFor(target: string, random?: string): string {
  return join(dirname(target), tempNameFor(basename(target), random));
}

/** Whether a file name is one of the temporary files of an export of `target`. */
export function isTempFileOf(target: string, name: string): boolean {
  const prefix = `.${basename(target)}.`;
  return name.startsWith(prefix) && /^[0-9a-f]+\.part$/.test(name.slice(prefix.length));
}

/**
 * Runs `work` with a sink into a new temporary file, then moves the file onto `target`. When
 * `work` fails (or is cancelled), the temporary file is deleted and the failure passed on.
 */
export async function writeFileAtomically<R>(target: string, work: (sink: ExportSink) => Promise<R>): Promise<R> {
  const temp = tempPathFor(target);
  // `wx`: never write into a file that exists, not even a leftover of ours.
  const handle = await open(temp, 'wx');
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= handle.close());
  try {
    const writes = new BufferedWrites((bytes, offset, length) => handle.write(bytes, offset, length));
    const result = await work({ write: (text) => writes.write(text) });
    // On disk before the rename: a crash right after cannot leave an empty file under the name.
    await handle.sync();
    await close();
    await rename(temp, target);
    return result;
  } catch (e) {
    await close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
}
