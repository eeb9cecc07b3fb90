// The HTTP server: admin endpoints on a reserved prefix, then for API calls faults, the rate
// limit, authentication and the API itself; every API call lands in the request log.
import { STATUS_CODES, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { handleAdmin } from './admin';
import { handleApi } from './api';
import { readApiKey } from './auth';
import { type AccountName, type DemoKeys, EmulatorState, type WellKnownCompanies } from './state';
import { ApiResponse, MESSAGES, accountExpired, errorBody, errorResponse, forbidden, unauthorized } from './errors';
import { FaultController, type FaultEntry } from './faults';
import { RateLimiter } from './rateLimit';
import { RequestLog } from './requestLog';

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
}

export interface RunningEmulator {
  url: string;
  port: number;
  keys: DemoKeys;
  companies: WellKnownCompanies;
  faults: FaultController;
  requests: RequestLog;
  reset(): void;
  close(): Promise<void>;
}

export const ADMIN_PREFIX = '/_emulator';
const MAX_BODY_BYTES = 1_000_000;

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

function positiveInteger(name: string, value: number | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new Error(`Emulator option ${name} must be an integer of at least ${min}`);
  return value;
}

const sleep = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

class TooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
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

interface Written {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Serialises a decided response; JSON bodies get `application/json`. */
function render(response: ApiResponse, extraHeaders: Record<string, string>): Written {
  const headers: Record<string, string> = { ...extraHeaders, ...response.headers };
  if (response.body === undefined) return { status: response.status, headers, body: Buffer.alloc(0) };
  headers['Content-Type'] = 'application/json; charset=utf-8';
  return { status: response.status, headers, body: Buffer.from(JSON.stringify(response.body), 'utf8') };
}

function send(res: ServerResponse, w: Written): void {
  res.writeHead(w.status, { ...w.headers, 'Content-Length': String(w.body.length) });
  res.end(w.body);
}

function retryAfterHeader(fault: FaultEntry, fallback?: number): Record<string, string> {
  const value = fault.retryAfter ?? fallback;
  return value === undefined ? {} : { 'Retry-After': String(value) };
}

/** The answer an injected fault gives instead of (or, for truncatedJson, made from) the real one. */
function faultAnswer(fault: FaultEntry, rateHeaders: Record<string, string>, real: () => Written): Written {
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? 500;
      let response: ApiResponse;
      if (status === 401) response = unauthorized();
      else if (status === 402) response = accountExpired();
      else if (status === 403) response = forbidden();
      else if (status === 409) response = errorResponse(409, 'PullApi', MESSAGES.notRequested);
      else {
        const message = (MESSAGES as Record<string, string>)[String(status)] ?? `${STATUS_CODES[status] ?? 'Error'}.`;
        response = new ApiResponse(status, errorBody(status, 'PublicApi', message));
      }
      return render(response, { ...rateHeaders, ...retryAfterHeader(fault, status === 429 ? 1 : undefined) });
    }
    case 'html': {
      // A proxy's page: no rate-limit headers, as a gateway in front of the API would send.
      const status = fault.status ?? 502;
      const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
      const html = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
      return { status, headers: { 'Content-Type': 'text/html', ...retryAfterHeader(fault) }, body: Buffer.from(html) };
    }
    case 'malformedJson':
      return {
        status: fault.status ?? 200,
        headers: { ...rateHeaders, 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(fault) },
        body: Buffer.from("{results: [{'id': 'not json'},], pageNumber: 1,"),
      };
    case 'truncatedJson': {
      const w = real();
      const body = w.body.subarray(0, Math.max(1, Math.floor(w.body.length / 2)));
      return { status: fault.status ?? w.status, headers: { ...w.headers, 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(fault) }, body };
    }
    case 'emptyBody':
      return { status: fault.status ?? 200, headers: { ...rateHeaders, 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(fault) }, body: Buffer.alloc(0) };
    case 'textBody': {
      const status = fault.status ?? 500;
      return { status, headers: { ...rateHeaders, 'Content-Type': 'text/plain; charset=utf-8', ...retryAfterHeader(fault) }, body: Buffer.from(`${status} ${STATUS_CODES[status] ?? 'Error'}: the upstream service failed.`) };
    }
    case 'reset':
    case 'latency':
      throw new Error(`fault kind ${fault.kind} has no answer`);
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`The emulator listens on loopback addresses only, not on ${host}`);
  const now = options.now ?? (() => new Date());
  const seed = positiveInteger('seed', options.seed, 1);
  const latencyMs = positiveInteger('latencyMs', options.latencyMs, 0);
  const rateLimit = options.rateLimit ?? { limit: 10000, windowMs: 60000 };
  if (!(rateLimit.limit >= 1) || !(rateLimit.windowMs >= 1)) throw new Error('Emulator option rateLimit needs limit ≥ 1 and windowMs ≥ 1');
  const state = new EmulatorState({
    seed,
    invoices: positiveInteger('invoices', options.invoices, 25000),
    companies: positiveInteger('companies', options.companies, 120),
    now,
    fewInvoices: options.invoiceRecords,
  });
  const faults = new FaultController(seed);
  const requests = new RequestLog();
  const limiter = new RateLimiter(rateLimit, now);
  const log = options.log ?? (() => undefined);
  const sockets = new Set<Socket>();
  let baseUrl = '';

  const reset = (): void => {
    state.reset();
    faults.reset();
    requests.clear();
    limiter.clear();
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const time = now().toISOString();
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://emulator.invalid');
    } catch {
      send(res, render(errorResponse(400, 'PublicApi', 'The request URL is not valid.'), {}));
      return;
    }
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
    const query = Object.fromEntries(url.searchParams);
    const elapsed = (): string => `${Number((process.hrtime.bigint() - started) / 1_000_000n)}ms`;

    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (e) {
      const w = render(errorResponse(413, 'PublicApi', 'The request body is too large.'), {});
      res.setHeader('Connection', 'close');
      send(res, w);
      if (!(e instanceof TooLarge)) req.destroy();
      return;
    }

    if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) {
      const w = render(handleAdmin({ method, path: path.slice(ADMIN_PREFIX.length), body }, { url: baseUrl, state, faults, requests, reset }), {});
      send(res, w);
      log(`${method} ${url.pathname}${url.search} ${w.status} ${elapsed()} (admin)`);
      return;
    }

    const decision = faults.decide(method, path);
    await sleep(latencyMs + decision.latencyMs);

    const key = readApiKey(req.headers.authorization);
    const auth = key === undefined ? ({ kind: 'unknown' } as const) : state.authenticate(key);
    const account: AccountName | undefined = auth.kind === 'ok' ? auth.account : undefined;
    const fault = decision.fault;
    const faultName = fault?.kind ?? (decision.delayed ? 'latency' : undefined);
    const record = (status: number): void => {
      requests.add({ time, method, path, query, status, ...(account ? { account } : {}), ...(faultName ? { fault: faultName } : {}) });
      log(`${method} ${url.pathname}${url.search} ${status} ${elapsed()}${account ? ` account=${account}` : ''}${faultName ? ` fault=${faultName}` : ''}`);
    };

    if (fault?.kind === 'reset') {
      record(0);
      req.socket.destroy();
      return;
    }

    // The API's own answer: rate limit, then credential, then the endpoint.
    const real = (): Written => {
      const rate = limiter.take(key);
      if (!rate.allowed) {
        return render(errorResponse(429, 'PublicApi', MESSAGES[429], undefined, { 'Retry-After': String(rate.retryAfter) }), rate.headers);
      }
      let response: ApiResponse;
      if (auth.kind === 'unknown') response = unauthorized();
      else if (auth.kind === 'outdated') response = forbidden();
      else if (state.isExpired(auth.account)) response = accountExpired();
      else response = handleApi({ method, path, params: url.searchParams, body, account: auth.account }, state);
      return render(response, rate.headers);
    };

    let w: Written;
    try {
      w = fault ? faultAnswer(fault, limiter.peek(key), real) : real();
    } catch (e) {
      // A bug in the emulator still answers in the API's shape, and says what broke.
      w = render(errorResponse(500, 'PublicApi', `${MESSAGES[500]} (emulator: ${e instanceof Error ? e.message : String(e)})`), limiter.peek(key));
    }
    send(res, w);
    record(w.status);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, render(errorResponse(500, 'PublicApi', MESSAGES[500]), {}));
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

  baseUrl = `http://${urlHost}:${address.port}`;

  return {
    url: baseUrl,
    port: address.port,
    keys: { ...state.keys },
    companies: { ...state.wellKnown },
    faults,
    requests,
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
