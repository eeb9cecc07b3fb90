// A file that appears under its name only when complete: written under a temporary name next to
// the target (same folder, so the same file system and an atomic rename), synced, then renamed onto
// it. Given up, the temporary file is deleted, so nothing half-written stays and a file already
// there stays as it was. Created readable by the user only (0600): it holds the account's data
// while it is written. Shared by the export and the downloads.
import { randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { cutToBytes } from '../util/utf8';
import { MAX_FILE_NAME_BYTES } from './fileNames';

/** The target's name as its temporary file holds it: cut (on a character boundary) so the whole
 * temporary name fits in MAX_FILE_NAME_BYTES, for any name the user may choose. */
function nameInTemp(name: string, random: string): string {
  return cutToBytes(name, MAX_FILE_NAME_BYTES - `..${random}.part`.length);
}

/** `.<name>.<random>.part`: hidden on Unix, and recognisably an unfinished file. */
export function tempNameFor(name: string, random = randomBytes(6).toString('hex')): string {
  return `.${nameInTemp(name, random)}.${random}.part`;
}

/** The temporary file of a write to `target`: in the target's folder, so the rename is atomic. */
export function tempPathFor(target: string, random?: string): string {
  return join(dirname(target), tempNameFor(basename(target), random));
}

export class AtomicFile {
  private closing?: Promise<void>;
  private done = false;

  private constructor(
    readonly target: string,
    readonly temp: string,
    private readonly handle: FileHandle,
  ) {}

  /** A new temporary file for `target`, opened `wx` (never into a file that exists, not even a
   * leftover of ours) with mode 0600. */
  static async create(target: string): Promise<AtomicFile> {
    const temp = tempPathFor(target);
    return new AtomicFile(target, temp, await open(temp, 'wx', 0o600));
  }

  /** Writes `length` bytes of `bytes` from `offset`, all of them. */
  async write(bytes: Uint8Array, offset = 0, length = bytes.length - offset): Promise<{ bytesWritten: number }> {
    if (this.done) throw new Error('The file is already finished');
    for (let at = 0; at < length;) at += (await this.handle.write(bytes, offset + at, length - at)).bytesWritten;
    return { bytesWritten: length };
  }

  /** Writes the buffers in order, all of them (one system call for many, most of the time). */
  async writeAll(buffers: readonly Buffer[]): Promise<void> {
    if (this.done) throw new Error('The file is already finished');
    const total = buffers.reduce((sum, b) => sum + b.length, 0);
    const { bytesWritten } = await this.handle.writev(buffers);
    if (bytesWritten < total) {
      const rest = Buffer.concat(buffers).subarray(bytesWritten);
      await this.write(rest);
    }
  }

  /** Flushes what is written so far to the disk, so the final sync has little left to do. */
  async flushToDisk(): Promise<void> {
    if (!this.done) await this.handle.datasync();
  }

  /** Synced (a crash right after cannot leave an empty file under the name), given `mode`, then
   * renamed onto the target. A failure deletes the temporary file and is passed on. */
  async commit(mode = 0o600): Promise<void> {
    if (this.done) throw new Error('The file is already finished');
    this.done = true;
    try {
      await this.handle.sync();
      if (mode !== 0o600) await this.handle.chmod(mode);
      await this.close();
      await rename(this.temp, this.target);
    } catch (e) {
      await this.discard();
      throw e;
    }
  }

  /** Closes and deletes the temporary file; the target is untouched. Never fails. */
  async abort(): Promise<void> {
    this.done = true;
    await this.discard();
  }

  private close(): Promise<void> {
    return (this.closing ??= this.handle.close());
  }

  private async discard(): Promise<void> {
    await this.close().catch(() => undefined);
    await rm(this.temp, { force: true }).catch(() => undefined);
  }
}
