// A real HTTP server on 127.0.0.1 with an ephemeral port that answers from a queue of canned
// replies, and records every request it receives (so tests can assert "nothing was sent" or
// "the POST went out exactly once"). Replies can also reset the socket, hang, answer slowly
// or cut the body short.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, recorded: RecordedRequest) => void;

export interface CannedReply {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: string | object;
  contentType?: string;
  /** Waits this long before answering (real time; use only with generous limits). */
  delayMs?: number;
}

export type Reply = CannedReply | Handler;

export class TestServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: Reply[] = [];
  private fallback?: Handler;

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<TestServer> {
    // `self` is set in the same turn as listen() completes, before any request can be handled.
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => self.handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const self = new TestServer(server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** Queues replies, answered in order. */
  reply(...replies: Reply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Answers every request once the queue is empty (for paging servers). */
  otherwise(handler: Handler): this {
    this.fallback = handler;
    return this;
  }

  get count(): number {
    return this.requests.length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
    this.requests.push(recorded);
    const next = this.queue.shift();
    if (typeof next === 'function') return next(req, res, recorded);
    if (next === undefined) {
      if (this.fallback) return this.fallback(req, res, recorded);
      res.writeHead(599, { 'Content-Type': 'text/plain' });
      res.end('test double: no reply queued');
      return;
    }
    const send = (): void => {
      const text =
        typeof next.body === 'string' || next.body === undefined ? (next.body ?? '') : JSON.stringify(next.body);
      const contentType = next.contentType ?? (typeof next.body === 'object' ? 'application/json' : undefined);
      res.writeHead(next.status, { ...(contentType ? { 'Content-Type': contentType } : {}), ...next.headers });
      res.end(text);
    };
    if (next.delayMs) setTimeout(send, next.delayMs);
    else send();
  }
}

/** Canned replies. */
export const replies = {
  json(status: number, body: unknown, headers?: Record<string, string>): CannedReply {
    return { status, body: JSON.stringify(body), contentType: 'application/json; charset=utf-8', headers };
  },
  text(status: number, body: string, contentType = 'text/plain', headers?: Record<string, string>): CannedReply {
    return { status, body, contentType, headers };
  },
  /** The API's error body. */
  error(
    status: number,
    error: string,
    extra: Record<string, unknown> = {},
    headers?: Record<string, string>,
  ): CannedReply {
    return replies.json(
      status,
      {
        statusCode: status,
        service: 'PublicApi',
        error,
        correlationId: '0f6a3e2c-1d1b-4c1e-9a53-6d1f0f1b2c3d',
        ...extra,
      },
      headers,
    );
  },
  /** Closes the connection without answering: the client sees a reset / socket hang up. */
  reset(): Handler {
    return (req) => req.socket.destroy();
  },
  /** Never answers; the connection is closed when the server closes. */
  hang(): Handler {
    return () => undefined;
  },
  /** Sends headers and part of the body, then drops the connection. */
  cutOff(status: number, partialBody: string): Handler {
    return (req, res) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(partialBody.length + 100) });
      res.write(partialBody);
      setImmediate(() => req.socket.destroy());
    };
  },
  /** A redirect (302 unless told) to `location`. */
  redirect(location: string, status = 302): CannedReply {
    return { status, headers: { Location: location } };
  },
};

/** A port on 127.0.0.1 that nothing listens on (a server was there and closed). */
export async function refusedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Serves `items` as a paged list the way the API does: `page`/`pageSize` from the query string,
 * `_links` relative to the base URL (so without `basePrefix`), `next` absent on the last page.
 */
export function pagedList(items: readonly { id: string }[], basePrefix = ''): Handler {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.slice(basePrefix.length);
    const page = Number(url.searchParams.get('page') ?? '1');
    const pageSize = Number(url.searchParams.get('pageSize') ?? '100');
    const link = (p: number): { href: string } => ({ href: `${path}?page=${p}&pageSize=${pageSize}` });
    const pages = Math.ceil(items.length / pageSize);
    const body = {
      results: items.slice((page - 1) * pageSize, page * pageSize),
      pageNumber: page,
      pageSize,
      totalResults: items.length,
      _links: {
        self: { href: path },
        current: link(page),
        ...(page < pages ? { next: link(page + 1) } : {}),
        ...(page > 1 ? { previous: link(page - 1) } : {}),
      },
    };
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}
