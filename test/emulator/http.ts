// Reading requests and writing answers on Node's http objects: bodies up to 1 MB, and a decided
// ApiResponse serialised once (so a truncatedJson fault can cut the real bytes).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiResponse } from './errors';

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

/** An answer ready to write. */
export interface Written {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Serialises a decided response; JSON bodies get `application/json`. */
export function render(response: ApiResponse, extraHeaders: Record<string, string>): Written {
  const headers: Record<string, string> = { ...extraHeaders, ...response.headers };
  if (response.body === undefined) return { status: response.status, headers, body: Buffer.alloc(0) };
  headers['Content-Type'] = 'application/json; charset=utf-8';
  const body =
    response.body instanceof JsonBody ? response.body.toBuffer() : Buffer.from(JSON.stringify(response.body), 'utf8');
  return { status: response.status, headers, body };
}

export function send(res: ServerResponse, w: Written): void {
  res.writeHead(w.status, { ...w.headers, 'Content-Length': String(w.body.length) });
  res.end(w.body);
}
