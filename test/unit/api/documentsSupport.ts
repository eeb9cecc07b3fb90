// What the documents tests share: a sink that records what it was told, a client that logs every
// attempt and trace line, and a server that writes a body in chunks, stalls or cuts it short.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataPlatformClient } from '../../../src/api/client';
import type { RecordPlace } from '../../../src/api/documents';
import type { ByteSink, DownloadOptions, FileMeta } from '../../../src/api/downloads';
import type { RequestSummary, TraceEntry } from '../../../src/api/transportOptions';

export const KEY = 'sk_test_documents_5f4e3d2c1b0a';
export const INVOICE: RecordPlace = {
  companyId: 'c1',
  connectionId: 'conn-1',
  dataType: 'invoices',
  recordId: 'inv-1',
};
export const BILL: RecordPlace = { companyId: 'c1', connectionId: 'conn-1', dataType: 'bills', recordId: 'bill-1' };

/** A PDF's bytes: `%PDF-`, then `n` bytes in all. */
export function pdfBytes(n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + 7) & 0xff;
  b.write('%PDF-1.7\n', 0, 'latin1');
  return b;
}

/** A sink that keeps what it was given and says what happened to it. */
export class MemorySink implements ByteSink {
  readonly chunks: Buffer[] = [];
  readonly events: string[] = [];
  /** Writes at once: more than 1 means a write began before the last one ended. */
  maxPending = 0;
  private pending = 0;
  constructor(
    private readonly writeMs = 0,
    private readonly failAt?: number,
  ) {}
  async write(chunk: Buffer): Promise<void> {
    this.pending++;
    this.maxPending = Math.max(this.maxPending, this.pending);
    try {
      if (this.writeMs) await new Promise((r) => setTimeout(r, this.writeMs));
      if (this.failAt !== undefined && this.chunks.length >= this.failAt) throw new Error('ENOSPC: disk full');
      this.chunks.push(Buffer.from(chunk));
    } finally {
      this.pending--;
    }
  }
  commit(): Promise<void> {
    this.events.push('commit');
    return Promise.resolve();
  }
  abort(): Promise<void> {
    this.events.push('abort');
    return Promise.resolve();
  }
  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Download options that open `sink` (counted), with a cap and the progress recorded. */
export function opening(
  sink: MemorySink,
  more: Partial<DownloadOptions> = {},
): DownloadOptions & { opened: FileMeta[]; progress: Array<[number, number | undefined]> } {
  const opened: FileMeta[] = [];
  const progress: Array<[number, number | undefined]> = [];
  return {
    maxBytes: 10 * 1024 * 1024,
    open: (meta) => {
      opened.push(meta);
      return Promise.resolve(sink);
    },
    onProgress: (received, total) => progress.push([received, total]),
    opened,
    progress,
    ...more,
  };
}

/** A client whose attempts and trace lines are kept, with no real backoff. */
export function loggingClient(
  baseUrl: string,
  more: Partial<ConstructorParameters<typeof DataPlatformClient>[0]> = {},
) {
  const summaries: RequestSummary[] = [];
  const traces: TraceEntry[] = [];
  const waits: number[] = [];
  const client = new DataPlatformClient({
    baseUrl,
    apiKey: KEY,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    onRequest: (s) => summaries.push(s),
    onTrace: (t) => traces.push(t),
    traceEnabled: () => true,
    ...more,
  });
  return { client, summaries, traces, waits };
}

export interface Arrival {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type RawHandler = (req: http.IncomingMessage, res: http.ServerResponse, arrival: Arrival) => void;

/** A server that keeps every request's raw bytes and answers each with the next handler. */
export class RawServer {
  readonly arrivals: Arrival[] = [];
  private readonly handlers: RawHandler[] = [];
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(port = 0): Promise<RawServer> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const arrival = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        self.arrivals.push(arrival);
        const handler = self.handlers.shift();
        if (handler) return handler(req, res, arrival);
        res.writeHead(599);
        res.end('no handler');
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const self = new RawServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  on(...handlers: RawHandler[]): this {
    this.handlers.push(...handlers);
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Answers with `body` written in chunks of `chunk` bytes, waiting a turn between them. */
export function chunked(status: number, headers: Record<string, string>, body: Buffer, chunk = 16 * 1024): RawHandler {
  return (_req, res) => {
    res.writeHead(status, headers);
    let at = 0;
    const more = (): void => {
      if (res.destroyed) return;
      if (at >= body.length) return void res.end();
      const ok = res.write(body.subarray(at, at + chunk));
      at += chunk;
      if (ok) setImmediate(more);
      else res.once('drain', more);
    };
    more();
  };
}

/** Sends the headers and `first` bytes of the body, then nothing (until the client gives up). */
export function stalling(headers: Record<string, string>, first: Buffer): RawHandler {
  return (_req, res) => {
    res.writeHead(200, headers);
    res.write(first);
  };
}

/** Sends the headers (announcing `length` bytes) and `first`, then drops the connection. */
export function cutting(headers: Record<string, string>, first: Buffer, length: number): RawHandler {
  return (req, res) => {
    res.writeHead(200, { ...headers, 'Content-Length': String(length) });
    res.write(first, () => setTimeout(() => req.socket.destroy(), 20));
  };
}
