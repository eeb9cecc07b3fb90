// Reading requests and writing answers on Node's http objects: bodies up to 1 MB, a decided
// ApiResponse serialised once (so a truncatedJson fault can cut the real bytes), and files streamed
// with backpressure (a download is never held whole), whole or, for a fault, cut short.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ApiResponse } from './errors';
import { type FileSource, bufferSource, firstBytes, slicedSource } from './fileBytes';

const MAX_BODY_BYTES = 1_000_000;

export class TooLarge extends Error {}

/** A Content-Type header's media type, lower case, without parameters (`''` when none is sent). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** A loopback host name (the emulator listens on nothing else): `localhost`, `127.x.x.x`, `::1`. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new TooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A body that writes its own JSON, the bytes JSON.stringify would give (a page built as it is
 * serialised, lazyPage.ts). toJSON keeps any other JSON.stringify of it right.
 */
export abstract class JsonBody {
  abstract toBuffer(): Buffer;
  abstract toJSON(): unknown;
}

/** A file answered as it is (a PDF, an attachment's download): its type, and its bytes streamed. */
export class FileBody {
  constructor(
    readonly contentType: string,
    readonly source: FileSource,
  ) {}
}

/** An answer ready to write. */
export interface Written {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** A body streamed instead of `body` (a file). */
  stream?: FileSource;
  /** A fault's answer cut short: Content-Length of the whole body, only `bytes` of it sent, then the
   * socket is closed, or left open sending nothing (`stall`) until the client gives up. */
  cut?: { bytes: number; then: 'close' | 'stall' };
}

/** Serialises a decided response; JSON bodies get `application/json`, a file its own type. */
export function render(response: ApiResponse, extraHeaders: Record<string, string>): Written {
  const headers: Record<string, string> = { ...extraHeaders, ...response.headers };
  if (response.body === undefined) return { status: response.status, headers, body: Buffer.alloc(0) };
  if (response.body instanceof FileBody) {
    headers['Content-Type'] = response.body.contentType;
    return { status: response.status, headers, body: Buffer.alloc(0), stream: response.body.source };
  }
  headers['Content-Type'] = 'application/json; charset=utf-8';
  const body =
    response.body instanceof JsonBody ? response.body.toBuffer() : Buffer.from(JSON.stringify(response.body), 'utf8');
  return { status: response.status, headers, body };
}

/** The answer with only its first `bytes` (and a Content-Length that says so). */
export function slicedWritten(w: Written, bytes: number): Written {
  return w.stream ? { ...w, stream: slicedSource(w.stream, bytes) } : { ...w, body: w.body.subarray(0, bytes) };
}

/** The bytes of an answer: its stream or its body. */
export function sourceOf(w: Written): FileSource {
  return w.stream ?? bufferSource(w.body);
}

/** Writes the answer; resolves once it is written (a stalled one: once its few bytes are). */
export function send(res: ServerResponse, w: Written): Promise<void> {
  const length = w.stream ? w.stream.length : w.body.length;
  const cut = w.cut;
  // A cut answer promises more than it sends, even when the real body is empty.
  const claimed = cut ? Math.max(length, cut.bytes + 1) : length;
  res.writeHead(w.status, { ...w.headers, 'Content-Length': String(claimed) });
  if (!w.stream && !cut) {
    res.end(w.body);
    return Promise.resolve();
  }
  const source = sourceOf(w);
  const bytes = Readable.from(firstBytes(source.open(), cut ? Math.min(cut.bytes, length) : length));
  return new Promise((resolve) => {
    res.on('close', () => {
      bytes.destroy();
      resolve();
    });
    bytes.on('error', () => res.destroy());
    bytes.on('end', () => {
      if (!cut) return;
      if (cut.then === 'close') res.socket?.destroySoon();
      else resolve();
    });
    bytes.pipe(res, { end: !cut });
  });
}
