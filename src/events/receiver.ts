// The event receiver: a listening socket on the user's machine that webhook deliveries are sent
// to (through the user's tunnel, or straight from the emulator). So it is built for hostile
// senders: bound to 127.0.0.1 only, and a connection from any other address is dropped anyway;
// a path with a random part nobody can guess; a few connections at once; header size, header
// time, request time and body time all bounded, so a slow sender cannot hold it; bodies capped
// at 1 MB (declared length first, then counted as they stream). Every refusal is answered with a
// status and counted by reason (intake.ts); nothing is thrown, and a handler that throws is
// contained. It sends no request of its own.
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type Server, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { REFUSALS, type ReceivedDelivery, type Refusal, intake } from './intake';
import type { SigningSecret } from './signature';

export type { ReceivedDelivery, Refusal } from './intake';

const MAX_BODY_BYTES = 1024 * 1024;

export interface ReceiverOptions {
  /** Each delivery read, verified or not (a rejected one is for showing, never for acting on). */
  onDelivery: (delivery: ReceivedDelivery) => void;
  /** The consumer's signing secret, read at each delivery (it may be given while listening). */
  secret?: () => SigningSecret | undefined;
  /** 0 (the default): a free port. */
  port?: number;
  /** The path deliveries are posted to; by default `/events/` and 16 random characters. */
  path?: string;
  maxBodyBytes?: number;
  maxHeaderBytes?: number;
  maxConnections?: number;
  headersTimeoutMs?: number;
  /** The whole request, headers and body; at least `headersTimeoutMs`. */
  requestTimeoutMs?: number;
  /** Reading one request's body. */
  bodyTimeoutMs?: number;
  /** A connection with nothing under way is closed after this long. */
  idleTimeoutMs?: number;
  /** The clock signatures' timestamps are checked against (tests move it). */
  now?: () => number;
}

const DEFAULTS = {
  maxBodyBytes: MAX_BODY_BYTES,
  maxHeaderBytes: 16 * 1024,
  maxConnections: 4,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  bodyTimeoutMs: 15_000,
  idleTimeoutMs: 5_000,
};
const REMEMBERED_IDS = 1000;

/** 127.0.0.0/8 and ::1, as a socket reports them (IPv4 may come mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export class EventReceiver {
  readonly path: string;
  private readonly settings: Required<Omit<ReceiverOptions, 'secret' | 'path' | 'port' | 'onDelivery' | 'now'>>;
  private readonly counts = new Map<Refusal, number>(REFUSALS.map((r) => [r, 0]));
  private delivered = 0;
  private readonly ids = new Set<string>();
  private readonly sockets = new Set<Socket>();
  private readonly served = new WeakSet<Socket>();
  private server: Server | undefined;
  private address: AddressInfo | undefined;

  constructor(private readonly options: ReceiverOptions) {
    this.path = options.path ?? `/events/${randomBytes(12).toString('base64url')}`;
    this.settings = { ...DEFAULTS, ...definedOnly(options) };
  }

  /** Listens on 127.0.0.1; resolves with the URL to register as the consumer's. */
  async start(): Promise<string> {
    if (this.server) return this.url;
    const s = this.settings;
    const server = createServer(
      {
        maxHeaderSize: s.maxHeaderBytes,
        headersTimeout: s.headersTimeoutMs,
        requestTimeout: Math.max(s.requestTimeoutMs, s.headersTimeoutMs),
        keepAliveTimeout: s.idleTimeoutMs,
        // How often Node checks the two timeouts above: often enough for short test settings.
        connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(s.headersTimeoutMs / 4))),
      },
      (req, res) => {
        this.served.add(req.socket);
        intake(req, res, this.intakeSettings()).catch(() => res.destroy());
      },
    );
    server.maxConnections = s.maxConnections;
    server.on('drop', () => this.count('tooManyConnections'));
    server.on('connection', (socket: Socket) => this.admit(socket));
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => this.clientError(err, socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', () => undefined);
    this.server = server;
    this.address = server.address() as AddressInfo;
    return this.url;
  }

  get url(): string {
    if (!this.address) throw new Error('The event receiver is not listening.');
    return `http://127.0.0.1:${this.address.port}${this.path}`;
  }

  get listening(): boolean {
    return this.server !== undefined;
  }

  /** Stops listening and closes every connection, under way or idle. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.address = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Refusals so far, by reason, and the deliveries handed on (verified or unsigned). */
  stats(): { delivered: number; refused: Record<Refusal, number> } {
    return { delivered: this.delivered, refused: Object.fromEntries(this.counts) as Record<Refusal, number> };
  }

  /** Connections from anywhere but loopback are dropped at once (the bind should make them impossible). */
  admit(socket: Socket): void {
    if (!isLoopbackAddress(socket.remoteAddress)) {
      this.count('notLoopback');
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setTimeout(this.settings.idleTimeoutMs, () => {
      // A connection that never sent a request is a slow sender; one between requests is just idle.
      if (!this.served.has(socket)) this.count('timeout');
      socket.destroy();
    });
  }

  private clientError(err: NodeJS.ErrnoException, socket: Socket): void {
    const reason: Refusal | undefined =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? 'headersTooLarge'
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'timeout'
          : err.code === 'ECONNRESET'
            ? undefined
            : 'malformed';
    if (reason) this.count(reason);
    const status = reason === 'headersTooLarge' ? 431 : reason === 'timeout' ? 408 : 400;
    if (socket.writable && reason)
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  private count(reason: Refusal): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }

  private intakeSettings(): Parameters<typeof intake>[2] {
    return {
      path: this.path,
      maxBodyBytes: this.settings.maxBodyBytes,
      bodyTimeoutMs: this.settings.bodyTimeoutMs,
      secret: this.options.secret ?? (() => undefined),
      now: this.options.now ?? Date.now,
      count: (reason) => this.count(reason),
      seen: (id) => this.seen(id),
      deliver: (delivery) => this.deliver(delivery),
    };
  }

  private seen(id: string): boolean {
    if (this.ids.has(id)) return true;
    this.ids.add(id);
    if (this.ids.size > REMEMBERED_IDS) this.ids.delete(this.ids.values().next().value as string);
    return false;
  }

  private deliver(delivery: ReceivedDelivery): void {
    if (delivery.verification.kind !== 'rejected') this.delivered++;
    try {
      this.options.onDelivery(delivery);
    } catch {
      // The handler's own failure is its business: the sender was answered, the receiver goes on.
    }
  }
}

function definedOnly(options: ReceiverOptions): Partial<typeof DEFAULTS> {
  const out: Partial<typeof DEFAULTS> = {};
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
