// Where a download goes on disk and what an upload reads, for the document commands: a safe file
// name, a sink that writes a file atomically (a temporary file, 0600, renamed into place only
// once every byte arrived; removed on anything else), the extension's download cache, and a file
// picked from disk as an upload source.
import { createReadStream, promises as fsp } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { ByteSink, UploadSource } from '../api';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** `name` as one file name that writes nowhere else; `fallback` when nothing usable is left. */
export function safeFileName(name: string, fallback: string): string {
  let cleaned = name.replace(/\s+/g, ' ').replace(UNSAFE, '_').trim().replace(/^\.+/, '_');
  if (RESERVED.test(cleaned)) cleaned = `_${cleaned}`;
  const bytes = Buffer.from(cleaned, 'utf8');
  if (bytes.length > 200)
    cleaned = Array.from(cleaned).reduce((s, ch) => (Buffer.byteLength(s + ch) <= 200 ? s + ch : s), '');
  return cleaned === '' || /^[._ ]+$/.test(cleaned) ? fallback : cleaned;
}

/** A sink writing `path` atomically: nothing at `path` until commit. */
export async function fileSink(path: string): Promise<ByteSink> {
  await fsp.mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.part`);
  const handle = await fsp.open(temp, 'wx', 0o600);
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await handle.close();
    }
  };
  return {
    async write(chunk) {
      await handle.write(chunk);
    },
    async commit() {
      await handle.sync();
      await close();
      await fsp.rename(temp, path);
    },
    async abort() {
      await close().catch(() => undefined);
      await fsp.rm(temp, { force: true });
    },
  };
}

/** The cache file of a download: one folder per document, so two documents of one name do not
 * meet, and the file keeps its name (the viewer shows it). */
export function cachePath(root: string, parts: readonly string[], name: string): string {
  return join(root, 'downloads', ...parts.map((p) => safeFileName(p, '_')), name);
}

const TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
};

/** A file on disk to upload, streamed from disk each time it is opened. */
export async function fileUploadSource(path: string): Promise<UploadSource> {
  const stat = await fsp.stat(path);
  if (!stat.isFile()) throw new Error(`${path} is not a file`);
  return {
    name: basename(path),
    contentType: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    size: stat.size,
    open: () => createReadStream(path),
  };
}
