// The hostile server: a real HTTP server on 127.0.0.1 that plays one corpus case at a time from
// its data (test/hostile/corpus.ts), and a second one on `localhost` that stands for "another
// host" and must never be reached. Large bodies are streamed in chunks, so a 64 MB answer costs
// the test process no 64 MB of its own.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fill, type ReplySpec } from './corpus';

export interface Seen {
  method: string;
  /** Path and query as received. */
  url: string;
  body: string;
}

const CHUNK = 1024 * 1024;

/** Writes `bytes` bytes: `prefix`, then `fillWith` repeated, then `suffix`, waiting for the socket
 * to drain between chunks; stops quietly when the client goes away. */
function stream(res: http.ServerResponse, bytes: number, prefix: string, suffix: string, fillWith: string): void {
  const head = Buffer.from(prefix);
  const tail = Buffer.from(suffix);
  let left = bytes - head.length - tail.length;
  if (left < 0) throw new Error('streamed body shorter than its prefix and suffix');
  const chunk = Buffer.alloc(CHUNK, fillWith);
  let gone = false;
  res.on('close', () => (gone = true));
  res.write(head);
  const more = (): void => {
    while (!gone && left > 0) {
      const n = Math.min(left, CHUNK);
      left -= n;
      if (!res.write(n === CHUNK ? chunk : chunk.subarray(0, n))) {
        res.once('drain', more);
        return;
      }
    }
    if (!gone) res.end(tail);
  };
  more();
}

export class HostileServer {
  /** Requests of the current case. */
  readonly seen: Seen[] = [];
  /** Requests that reached the other host, ever: must stay empty. */
  readonly elsewhere: Seen[] = [];
  private replies: ReplySpec[] = [];
  private used = new Set<number>();
  private repeatLast = false;

  private constructor(
    private readonly server: http.Server,
    private readonly other: http.Server,
    readonly origin: string,
    readonly otherOrigin: string,
  ) {}

  static async start(): Promise<HostileServer> {
    const listen = async (server: http.Server, host: string): Promise<number> => {
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return (server.address() as AddressInfo).port;
    };
    const server = http.createServer((req, res) => read(req, (body) => self.answer(req, res, body)));
    const other = http.createServer((req, res) => {
      read(req, (body) => self.elsewhere.push({ method: req.method ?? '', url: req.url ?? '', body }));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"results":[],"pageNumber":1,"pageSize":1,"totalResults":0,"_links":{}}');
    });
    const port = await listen(server, '127.0.0.1');
    const otherPort = await listen(other, 'localhost');
    // Another host name for the same machine: its origin differs in host and port.
    const self = new HostileServer(server, other, `http://127.0.0.1:${port}`, `http://localhost:${otherPort}`);
    return self;
  }

  /** Plays `replies` from now on; the request log starts empty. */
  play(replies: readonly ReplySpec[], repeatLast = false): void {
    this.replies = [...replies];
    this.used = new Set();
    this.repeatLast = repeatLast;
    this.seen.length = 0;
  }

  async close(): Promise<void> {
    for (const s of [this.server, this.other]) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }

  /** The first reply not used yet whose `when` the request's URL contains (or that has none). */
  private pick(url: string): ReplySpec | undefined {
    const index = this.replies.findIndex((r, i) => !this.used.has(i) && (r.when === undefined || url.includes(r.when)));
    if (index >= 0) {
      this.used.add(index);
      return this.replies[index];
    }
    return this.repeatLast ? this.replies[this.replies.length - 1] : undefined;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    this.seen.push({ method: req.method ?? '', url: req.url ?? '', body });
    const reply = this.pick(req.url ?? '');
    if (!reply) {
      res.writeHead(599, { 'Content-Type': 'text/plain' });
      res.end('hostile server: no reply scripted for this request');
      return;
    }
    if (reply.reset) {
      req.socket.destroy();
      return;
    }
    const vars = {
      origin: this.origin,
      host: new URL(this.origin).host,
      other: this.otherOrigin,
      n: String(this.seen.length),
    };
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(reply.headers ?? {}).map(([k, v]) => [k, asHeader(fill(v, vars))]),
    );
    if (reply.json !== undefined) headers['Content-Type'] ??= 'application/json; charset=utf-8';
    if (reply.stream) {
      const s = reply.stream;
      res.writeHead(reply.status, { ...headers, ...(s.chunked ? {} : { 'Content-Length': String(s.bytes) }) });
      stream(res, s.bytes, fill(s.prefix ?? '', vars), fill(s.suffix ?? '', vars), s.fill ?? ' ');
      return;
    }
    const text = reply.json !== undefined ? fill(JSON.stringify(reply.json), vars) : fill(reply.body ?? '', vars);
    if (reply.cut) {
      // Promises more than it sends, then drops the connection: a body cut short on the wire.
      res.writeHead(reply.status, { ...headers, 'Content-Length': String(Buffer.byteLength(text) + 100) });
      res.write(text);
      setImmediate(() => req.socket.destroy());
      return;
    }
    res.writeHead(reply.status, headers);
    res.end(text);
  }
}

/** A header value as a server writes any text: its UTF-8 bytes, which Node sends one per char. */
function asHeader(value: string): string {
  return Buffer.from(value, 'utf8').toString('latin1');
}

function read(req: http.IncomingMessage, done: (body: string) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
}
