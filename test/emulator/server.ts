// The emulator's server: checks the options, builds the world, listens on a loopback address
// and serves every request through the route table in handler.ts.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { noPdfCompany } from './documentRoutes';
import { noAgedCreditorCompany } from './reports/routes';
import { MESSAGES, errorResponse } from './errors';
import { FaultController } from './faults';
import { type ServerContext, handle } from './handler';
import { isLoopbackHost, render, send } from './http';
import { DEFAULT_PUSH_DELAY_MS } from './pushOperations';
import type { PushRules } from './pushRules';
import { RateLimiter } from './rateLimit';
import { RequestLog } from './requestLog';
import { MAX_UPLOAD_BYTES } from './uploads';
import { type DemoKeys, EmulatorState, SYNC_DURATION_MS, type WellKnownCompanies } from './state';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  seed?: number;
  invoices?: number;
  companies?: number;
  latencyMs?: number;
  rateLimit?: { limit: number; windowMs: number };
  log?: (line: string) => void;
  now?: () => Date;
  /**
   * Records the `few` company serves as its invoices, as given, instead of its seven generated
   * ones: how a test runs fixed records (the shared filter corpus) through the real listing.
   */
  invoiceRecords?: readonly object[];
  /** How long a valid push stays Pending before it succeeds, on the `now` clock (default 1500 ms). */
  pushDelayMs?: number;
  /** How long a queued sync runs before it completes, on the `now` clock (default SYNC_DURATION_MS). */
  syncDurationMs?: number;
  /** The largest file an attachment upload may carry (default MAX_UPLOAD_BYTES, 100 MB): over it, 413. */
  uploadCapBytes?: number;
}

export interface RunningEmulator {
  url: string;
  port: number;
  /** The token admin calls must send in the X-Emulator-Token header (printed by the CLI). */
  adminToken: string;
  keys: DemoKeys;
  companies: WellKnownCompanies;
  faults: FaultController;
  /** Push rules: how the next pushes turn out (pushRules.ts); `reset()` clears them. */
  pushes: PushRules;
  /** A filler company on a platform without invoice PDFs (`…/pdf` answers 404 not supported). */
  noPdfCompany: string | undefined;
  /** A filler company whose platform lacks bill credit notes: its aged creditors report is unavailable. */
  noAgedCreditorCompany: string | undefined;
  /** The data connection ids of each well-known company (`few` has two, `syncing` none). */
  connections: Record<keyof WellKnownCompanies, string[]>;
  requests: RequestLog;
  /** Rate-limit windows held now (one per key seen lately, bounded): soak runs check the bound. */
  rateWindows(): number;
  reset(): void;
  close(): Promise<void>;
}

function positiveInteger(name: string, value: number | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min)
    throw new Error(`Emulator option ${name} must be an integer of at least ${min}`);
  return value;
}

/** Everything a request is served with, from the options (the URL comes once listening). */
function contextOf(options: EmulatorOptions): ServerContext {
  const now = options.now ?? (() => new Date());
  const seed = positiveInteger('seed', options.seed, 1);
  const latencyMs = positiveInteger('latencyMs', options.latencyMs, 0);
  const rateLimit = options.rateLimit ?? { limit: 10000, windowMs: 60000 };
  if (!(rateLimit.limit >= 1) || !(rateLimit.windowMs >= 1))
    throw new Error('Emulator option rateLimit needs limit ≥ 1 and windowMs ≥ 1');
  const state = new EmulatorState({
    seed,
    invoices: positiveInteger('invoices', options.invoices, 25000),
    companies: positiveInteger('companies', options.companies, 120),
    now,
    fewInvoices: options.invoiceRecords,
    pushDelayMs: positiveInteger('pushDelayMs', options.pushDelayMs, DEFAULT_PUSH_DELAY_MS),
    syncDurationMs: positiveInteger('syncDurationMs', options.syncDurationMs, SYNC_DURATION_MS),
  });
  const faults = new FaultController(seed);
  const requests = new RequestLog();
  const limiter = new RateLimiter(rateLimit, now);
  const reset = (): void => {
    state.reset();
    faults.reset();
    requests.clear();
    limiter.clear();
  };
  return {
    url: '',
    adminToken: randomBytes(24).toString('hex'),
    state,
    faults,
    requests,
    limiter,
    latencyMs,
    uploadCapBytes: positiveInteger('uploadCapBytes', options.uploadCapBytes, MAX_UPLOAD_BYTES),
    now,
    log: options.log ?? (() => undefined),
    reset,
  };
}

function wellKnownConnections(state: EmulatorState): RunningEmulator['connections'] {
  const ids = (id: string): string[] => (state.find(id)?.company.dataConnections ?? []).map((c) => c.id);
  const { many, few, empty, notRequested, syncing, unsupported } = state.wellKnown;
  return {
    many: ids(many),
    few: ids(few),
    empty: ids(empty),
    notRequested: ids(notRequested),
    syncing: ids(syncing),
    unsupported: ids(unsupported),
  };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`The emulator listens on loopback addresses only, not on ${host}`);
  const ctx = contextOf(options);
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res, ctx).catch(() => {
      if (!res.headersSent) void send(res, render(errorResponse(500, 'PublicApi', MESSAGES[500]), {}));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The emulator did not get a TCP port');
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  ctx.url = `http://${urlHost}:${address.port}`;
  return {
    url: ctx.url,
    port: address.port,
    adminToken: ctx.adminToken,
    keys: { ...ctx.state.keys },
    companies: { ...ctx.state.wellKnown },
    faults: ctx.faults,
    pushes: ctx.state.pushes.rules,
    connections: wellKnownConnections(ctx.state),
    noPdfCompany: noPdfCompany(ctx.state),
    noAgedCreditorCompany: noAgedCreditorCompany(ctx.state),
    requests: ctx.requests,
    rateWindows: () => ctx.limiter.size,
    reset: ctx.reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
