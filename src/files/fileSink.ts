// Where a download's bytes go on disk: a ByteSink over an AtomicFile, so the file appears under
// its name only when every byte arrived, and a download refused, cut short, over its cap or
// cancelled leaves nothing. The file stays 0600 even where it replaces one: a downloaded document
// is the account's data. The name comes from the server, so the path is built only by `targetIn`.
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { ByteSink } from '../api';
import { AtomicFile } from './atomicFile';
import { safeFileName } from './fileNames';

/**
 * The path of `name` (a server's text) inside `folder`: sanitised, and refused when it would still
 * resolve anywhere but directly inside the folder (defence in depth: the sanitiser leaves no
 * separator, so this throwing is a bug, never a user's file written elsewhere).
 */
export function targetIn(folder: string, name: string, fallback = 'download'): string {
  const base = resolve(folder);
  const target = join(base, safeFileName(name, fallback));
  const inside = relative(base, target);
  if (!inside || inside.startsWith('..') || isAbsolute(inside) || /[/\\]/.test(inside))
    throw new Error(`Refused to write outside the chosen folder: ${JSON.stringify(name)}`);
  return target;
}

class FileByteSink implements ByteSink {
  private finished = false;

  constructor(private readonly file: AtomicFile) {}

  async write(chunk: Buffer): Promise<void> {
    await this.file.write(chunk);
  }

  async commit(): Promise<void> {
    this.finished = true;
    await this.file.commit(0o600);
  }

  async abort(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    await this.file.abort();
  }
}

/** A sink into a new temporary file next to `target`, renamed onto it by `commit`, deleted by
 * `abort`. Fails (ENOENT, EACCES…) before any byte is asked for when the folder cannot be written. */
export async function fileByteSink(target: string): Promise<ByteSink> {
  return new FileByteSink(await AtomicFile.create(target));
}
