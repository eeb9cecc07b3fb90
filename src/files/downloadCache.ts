// Where "Open PDF" and "Open attachment" put a file before the system's viewer (or an editor) opens
// it: the extension's storage, one folder per download (created 0700), the file under its own
// sanitised name inside it, so two invoices with the same number do not collide and the viewer's
// title reads as the document's name. Cleared on start: entries older than a day go, then the
// oldest until the whole fits a cap, so the cache cannot grow without bound.
import { chmod, lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ByteSink } from '../api';
import { fileByteSink, targetIn } from './fileSink';

/** The cache's folder under the storage root (the extension's global storage). */
const CACHE_FOLDER = 'downloads';
const DAY_MS = 24 * 60 * 60 * 1000;
/** An entry this young may be a download under way or a file a viewer is opening: kept. */
const IN_USE_MS = 60 * 1000;

interface CacheLimits {
  /** Entries older than this are removed on cleanup. */
  maxAgeMs: number;
  /** Then the oldest go until the rest take at most this many bytes. */
  maxBytes: number;
}

const DEFAULT_LIMITS: CacheLimits = { maxAgeMs: DAY_MS, maxBytes: 500 * 1024 * 1024 };

/** A download into the cache: `path` is the file once `sink` is committed. */
interface CachedDownload {
  path: string;
  sink: ByteSink;
}

interface Entry {
  path: string;
  modified: number;
  bytes: number;
}

/** Bytes of the files under `path` and when it last changed (the newest of them). */
async function measure(path: string): Promise<Entry> {
  // lstat: a link is measured (and removed) as itself, never followed out of the cache.
  const info = await lstat(path);
  if (!info.isDirectory()) return { path, modified: info.mtimeMs, bytes: info.size };
  let entry: Entry = { path, modified: info.mtimeMs, bytes: 0 };
  for (const name of await readdir(path)) {
    const inner = await measure(join(path, name));
    entry = { path, modified: Math.max(entry.modified, inner.modified), bytes: entry.bytes + inner.bytes };
  }
  return entry;
}

export class DownloadCache {
  readonly folder: string;

  constructor(
    storageRoot: string,
    private readonly limits: CacheLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.folder = join(storageRoot, CACHE_FOLDER);
  }

  /** The cache's folder, created (with its parents) readable by the user only. */
  private async ensureFolder(): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    await chmod(this.folder, 0o700);
  }

  /** A sink for `name` (a server's text, sanitised; `fallback` when nothing of it is left) in a
   * new folder of its own. Aborted, the folder goes too. */
  async download(name: string, fallback: string): Promise<CachedDownload> {
    await this.ensureFolder();
    const own = await mkdtemp(join(this.folder, 'd-'));
    try {
      const path = targetIn(own, name, fallback);
      const file = await fileByteSink(path);
      const sink: ByteSink = {
        write: (chunk) => file.write(chunk),
        commit: () => file.commit(),
        abort: async () => {
          await file.abort();
          await rm(own, { recursive: true, force: true }).catch(() => undefined);
        },
      };
      return { path, sink };
    } catch (e) {
      await rm(own, { recursive: true, force: true }).catch(() => undefined);
      throw e;
    }
  }

  /** Removes entries older than the age limit, then the oldest until the rest fit the size cap
   * (never one changed in the last minute). Resolves with the bytes removed; a file it cannot
   * remove (open in a viewer on Windows) stays for the next time. */
  async cleanup(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return 0;
    }
    const entries = (await Promise.all(names.map((n) => measure(join(this.folder, n)).catch(() => undefined))))
      .filter((e): e is Entry => e !== undefined)
      .sort((a, b) => a.modified - b.modified);
    const now = this.now();
    let total = entries.reduce((sum, e) => sum + e.bytes, 0);
    let removed = 0;
    for (const entry of entries) {
      const old = now - entry.modified > this.limits.maxAgeMs;
      const over = total > this.limits.maxBytes && now - entry.modified > IN_USE_MS;
      if (!old && !over) continue;
      try {
        await rm(entry.path, { recursive: true });
        total -= entry.bytes;
        removed += entry.bytes;
      } catch {
        // Still open somewhere: the next start tries again.
      }
    }
    return removed;
  }
}
