// The ways of downloading one big attachment that the download benchmark compares: the
// extension's (the client's streamed download into the files layer's atomic 0600 sink, as the
// Save As… command runs it), and two yardsticks to the same emulator: bare node:http piped into
// fs.createWriteStream, and the system's curl writing to a file (`-o`).
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { DataPlatformClient } from '../../src/api/client';
import { fileByteSink } from '../../src/files/fileSink';
import type { BigAttachment } from './emulatorProcess';

/** Where the big attachment is, as the emulator's process reports it. */
export interface AttachmentTarget extends BigAttachment {
  key: string;
}

export interface Downloader {
  name: string;
  kind: 'extension' | 'http' | 'curl';
  /** Sets up for a target (a client, as the extension keeps one per connection); the download
   * writes the file at `path` and resolves with its size on disk. */
  downloader(target: AttachmentTarget): (path: string) => Promise<number>;
}

const authorization = (t: AttachmentTarget): string => `Basic ${Buffer.from(t.key).toString('base64')}`;

/** The path of the attachment's download, as the client builds it. */
export function downloadUrl(t: AttachmentTarget): string {
  const p = t.place;
  const parts = ['companies', p.companyId, 'connections', p.connectionId, 'data', p.dataType, p.recordId];
  return `${t.url}/${parts.map(encodeURIComponent).join('/')}/attachments/${encodeURIComponent(t.attachmentId)}/download`;
}

const sizeOf = async (path: string): Promise<number> => (await stat(path)).size;

/** The extension: `client.documents.downloadAttachment` into `fileByteSink` (src/files). */
export const extensionDownload: Downloader = {
  name: 'extension: client download into the atomic 0600 file sink',
  kind: 'extension',
  downloader(t) {
    // One attempt: a failure ends the run instead of hiding behind a retry's wait.
    const client = new DataPlatformClient({ baseUrl: t.url, apiKey: t.key, retry: { maxAttempts: 1 } });
    return async (path) => {
      const done = await client.documents.downloadAttachment(t.place, t.attachmentId, t.contentType, {
        maxBytes: t.bytes + 1024 * 1024,
        open: () => fileByteSink(path),
      });
      if (done.bytes !== t.bytes) throw new Error(`downloaded ${done.bytes} bytes, expected ${t.bytes}`);
      return sizeOf(path);
    };
  },
};

/** Bare node:http: the response piped into a write stream, nothing checked. */
export const bareHttpDownload: Downloader = {
  name: 'bare node:http into fs.createWriteStream',
  kind: 'http',
  downloader(t) {
    const agent = new http.Agent({ keepAlive: true });
    return async (path) => {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(downloadUrl(t), { agent, headers: { Authorization: authorization(t), Accept: '*/*' } }, resolve)
          .once('error', reject),
      );
      if (res.statusCode !== 200) throw new Error(`bare node:http: HTTP ${res.statusCode}`);
      await pipeline(res, createWriteStream(path));
      return sizeOf(path);
    };
  },
};

/** The system's curl, `-o` to the file; the key given on stdin (`--header @-`), not in argv. */
export const curlDownload: Downloader = {
  name: 'curl -o (the system’s curl)',
  kind: 'curl',
  downloader(t) {
    return async (path) => {
      await new Promise<void>((resolve, reject) => {
        const child = execFile(
          'curl',
          ['--silent', '--show-error', '--fail', '--globoff', '--header', '@-', '--output', path, downloadUrl(t)],
          (error: Error | null) => (error ? reject(error) : resolve()),
        );
        child.stdin?.end(`Authorization: ${authorization(t)}\nAccept: */*\n`);
      });
      return sizeOf(path);
    };
  },
};

/** Whether the system has curl (`curl --version` runs). */
export function hasCurl(): Promise<boolean> {
  return new Promise((resolve) => execFile('curl', ['--version'], (error) => resolve(!error)));
}
