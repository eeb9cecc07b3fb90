// What a binary transfer needs from its caller and tells it: a download streams into a sink the
// caller opens once the answer is known to be the file (status, content type and first bytes
// checked), within a byte cap, with progress; an upload streams from a source the caller opens
// (again, for a retry of a connection refused before anything was sent). Free of `vscode` and fs.
import type { Readable } from 'node:stream';
import type { CallOptions } from './transportOptions';

/** What the server said about the file before its bytes. `fileName` is the server's text as it
 * came (Content-Disposition): never a path; the caller sanitises it (src/files). */
export interface FileMeta {
  contentType?: string;
  fileName?: string;
  /** Content-Length when the server gave one. */
  length?: number;
}

/** Where a download's bytes go. Written in order, awaited (backpressure); exactly one of `commit`
 * (every byte arrived) or `abort` (anything else: nothing may be left behind) is called. */
export interface ByteSink {
  write(chunk: Buffer): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export interface DownloadOptions extends CallOptions {
  /** The transfer stops at this many bytes (a `responseTooLarge` error) and the sink is aborted. */
  maxBytes: number;
  /** Called once the answer is the file; not called for an error answer. */
  open(meta: FileMeta): Promise<ByteSink>;
  /** Bytes received so far; `total` from Content-Length when known. */
  onProgress?(received: number, total: number | undefined): void;
}

/** The outcome of a download whose sink was committed. */
export interface Downloaded {
  meta: FileMeta;
  bytes: number;
}

/** A file to upload: its name and type as sent in the multipart part, its size (Content-Length is
 * computed, never chunked), and a fresh stream of its bytes each time `open` is called. */
export interface UploadSource {
  name: string;
  contentType: string;
  size: number;
  open(): Readable;
}

export interface UploadOptions extends CallOptions {
  /** Bytes sent so far. */
  onProgress?(sent: number, total: number): void;
}
