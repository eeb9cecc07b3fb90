// An export's file: written through an AtomicFile (src/files), so it appears under its name only
// when the export succeeded; a cancelled or failed export leaves neither a file nor a temporary
// one, and a file already there stays as it was. A new export keeps the temporary file's mode
// (0600: it holds the account's records); one that replaces a file takes that file's mode.
import { stat } from 'node:fs/promises';
import { AtomicFile } from '../files/atomicFile';
import { BufferedWrites } from './bufferedWrites';
import type { ExportSink } from './exportList';

export { tempNameFor, tempPathFor } from '../files/atomicFile';

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
  const file = await AtomicFile.create(target);
  let result: R;
  try {
    const writes = new BufferedWrites((bytes, offset, length) => file.write(bytes, offset, length));
    result = await work({ write: (text) => writes.write(text) });
  } catch (e) {
    await file.abort();
    throw e;
  }
  await file.commit((await modeOf(target)) ?? 0o600);
  return result;
}
