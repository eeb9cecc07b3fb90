// A file picked from disk as an upload: its name and type as the multipart part states them, its
// size known before sending (so the request has a Content-Length), and its bytes streamed from disk
// each time the client opens it (a retry of a connection refused before anything was sent opens it
// again), never read whole into memory.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import type { UploadSource } from '../api';
import { t } from '../l10n';

/** The content types of the documents an accounting platform takes as attachments. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  zip: 'application/zip',
  json: 'application/json',
  xml: 'application/xml',
};

/** The content type of a file named `name`, from its extension (any case). */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

const megabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);

/** A file refused before anything is sent: not a file, or over the cap. The message is the user's. */
export class UploadRefused extends Error {
  override readonly name = 'UploadRefused';
}

/** `path` as an upload of at most `maxBytes`. Refuses (UploadRefused) a folder, anything but a
 * regular file, and a file over the cap; an fs error (ENOENT, EACCES) is passed on. */
export async function fileUploadSource(path: string, maxBytes: number): Promise<UploadSource> {
  const info = await stat(path);
  const name = basename(path);
  if (info.isDirectory()) throw new UploadRefused(t('{0} is a folder: choose a file to upload.', name));
  if (!info.isFile()) throw new UploadRefused(t('{0} is not a regular file: choose a file to upload.', name));
  if (info.size > maxBytes)
    throw new UploadRefused(
      t('{0} is {1} MB, over the upload limit of {2} MB.', name, megabytes(info.size), megabytes(maxBytes)),
    );
  const size = info.size;
  return {
    name,
    contentType: contentTypeOf(name),
    size,
    // `end` holds the stream to the size announced: a file that grew since is not sent past it.
    open: () => (size === 0 ? Readable.from([]) : createReadStream(path, { start: 0, end: size - 1 })),
  };
}
