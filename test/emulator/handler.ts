// Serving one request: read the URL and body, then the first route whose prefix matches serves
// it. Admin calls are answered at once; API calls go through faults, latency, the rate limit,
// authentication and the API itself, and land in the request log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAdmin } from './admin';
import { handleApi } from './api';
import { LINK_PREFIX, linkAnswer } from './linkPage';
import { readApiKey } from './auth';
import { MESSAGES, accountExpired, errorResponse, forbidden, unauthorized } from './errors';
import { faultAnswer } from './faultAnswers';
import type { FaultController } from './faults';
import { TooLarge, type Written, isLoopbackHost, readBody, render, send } from './http';
import type { RateLimiter } from './rateLimit';
import type { RequestLog, RequestTicket } from './requestLog';
import type { AccountName, Authentication, EmulatorState } from './state';
import { type UploadLog, handleUpload, isUploadPath } from './uploads';
import { rateLimitReached } from './webhooks/hub';

export const ADMIN_PREFIX = '/_emulator';
/** The header an admin call carries the emulator's admin token in. */
export const ADMIN_TOKEN_HEADER = 'X-Emulator-Token';

/** What every request is served with; `url` is known once the server listens. */
export interface ServerContext {
  url: string;
  /** What an admin call must carry in ADMIN_TOKEN_HEADER: random per start, never served. */
  adminToken: string;
  state: EmulatorState;
  faults: FaultController;
  requests: RequestLog;
  limiter: RateLimiter;
  latencyMs: number;
  /** The largest file an upload may carry. */
  uploadCapBytes: number;
  now: () => Date;
  log: (line: string) => void;
  reset: () => void;
}

/** A request whose URL and body are read. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  /** The path as sent, without its query string, one trailing slash removed: never resolved
   * (`..`, `\`), so every route reads it one way (percentEncoding.ts readPath). */
  path: string;
  body: Buffer;
  /** An upload: its body is read as it streams, by the endpoint (uploads.ts), not before. */
  streamed: boolean;
  /** What the request log keeps of an upload that was taken. */
  upload?: UploadLog;
  /** The clock's time when it arrived, for the request log. */
  time: string;
  elapsed: () => string;
}

interface Route {
  matches: (path: string) => boolean;
  serve: (x: Exchange, ctx: ServerContext) => Promise<void> | void;
}

const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

function serveAdmin(x: Exchange, ctx: ServerContext): void {
  const token = x.req.headers[ADMIN_TOKEN_HEADER.toLowerCase()];
  const admin = {
    method: x.method,
    path: x.path.slice(ADMIN_PREFIX.length),
    body: x.body,
    token: typeof token === 'string' ? token : undefined,
    contentType: x.req.headers['content-type'],
  };
  const w = render(handleAdmin(admin, ctx), {});
  void send(x.res, w);
  ctx.log(`${x.method} ${x.path}${x.url.search} ${w.status} ${x.elapsed()} (admin)`);
}

/** The origin the request was sent to: its Host when that is a loopback name with the emulator's
 * port (a client that reached it as `localhost` gets links at `localhost`), else the emulator's URL. */
function originOf(x: Exchange, ctx: ServerContext): string {
  const own = new URL(ctx.url);
  const host = x.req.headers.host ?? '';
  const sent = urlOf(`http://${host}/`);
  const fits = sent !== undefined && sent.host === host.toLowerCase() && sent.port === own.port;
  return fits && isLoopbackHost(sent.hostname) ? sent.origin : ctx.url;
}

/** The API's own answer: rate limit, then credential, then the endpoint. */
async function apiAnswer(
  x: Exchange,
  ctx: ServerContext,
  key: string | undefined,
  auth: Authentication,
): Promise<Written> {
  const rate = ctx.limiter.take(key);
  if (!rate.allowed) {
    if (rate.first && auth.kind === 'ok') rateLimitReached(ctx.state, auth.account, rate.headers);
    return render(
      errorResponse(429, 'PublicApi', MESSAGES[429], undefined, { 'Retry-After': String(rate.retryAfter) }),
      rate.headers,
    );
  }
  if (auth.kind === 'unknown') return render(unauthorized(), rate.headers);
  if (auth.kind === 'outdated') return render(forbidden(), rate.headers);
  if (ctx.state.isExpired(auth.account)) return render(accountExpired(), rate.headers);
  const req = {
    method: x.method,
    path: x.path,
    params: x.url.searchParams,
    body: x.body,
    contentType: x.req.headers['content-type'],
    account: auth.account,
    origin: originOf(x, ctx),
  };
  if (!x.streamed) return render(handleApi(req, ctx.state), rate.headers);
  const answer = await handleUpload(req, x.req, ctx.state, ctx.uploadCapBytes);
  x.upload = answer.upload;
  return render(answer.response, rate.headers);
}

async function serveApi(x: Exchange, ctx: ServerContext): Promise<void> {
  const ticket = ctx.requests.enter();
  try {
    await answerApi(x, ctx, ticket);
  } finally {
    ctx.requests.leave();
  }
}

async function answerApi(x: Exchange, ctx: ServerContext, ticket: RequestTicket): Promise<void> {
  const key = readApiKey(x.req.headers.authorization);
  const auth: Authentication = key === undefined ? { kind: 'unknown' } : ctx.state.authenticate(key);
  const account: AccountName | undefined = auth.kind === 'ok' ? auth.account : undefined;
  const decision = ctx.faults.decide(x.method, x.path, account);
  await sleep(ctx.latencyMs + decision.latencyMs);
  const fault = decision.fault;
  const faultName = fault?.kind ?? (decision.delayed ? 'latency' : undefined);
  const record = (status: number): void => {
    const query = Object.fromEntries(x.url.searchParams);
    ctx.requests.add(
      {
        time: x.time,
        method: x.method,
        path: x.path,
        query,
        status,
        ...(account ? { account } : {}),
        ...(faultName ? { fault: faultName } : {}),
        ...(x.upload ? { upload: x.upload } : {}),
        inFlight: ticket.inFlight,
      },
      ticket,
    );
    ctx.log(
      `${x.method} ${x.path}${x.url.search} ${status} ${x.elapsed()}${account ? ` account=${account}` : ''}${faultName ? ` fault=${faultName}` : ''}`,
    );
  };
  if (fault?.kind === 'reset') {
    record(0);
    x.req.socket.destroy();
    return;
  }
  let w: Written;
  try {
    const real = (): Promise<Written> => apiAnswer(x, ctx, key, auth);
    w = fault ? await faultAnswer(fault, ctx.limiter.peek(key), real) : await real();
  } catch (e) {
    // A bug in the emulator still answers in the API's shape, and says what broke.
    w = render(
      errorResponse(500, 'PublicApi', `${MESSAGES[500]} (emulator: ${e instanceof Error ? e.message : String(e)})`),
      ctx.limiter.peek(key),
    );
  }
  // Logged once the answer's headers are out: a long download is in flight until it ends.
  const sent = send(x.res, w);
  record(w.status);
  await sent;
}

/** The link page (linkPage.ts): the platform's sign-in as the emulator plays it; no key, not the API. */
function serveLink(x: Exchange, ctx: ServerContext): void {
  const link = { method: x.method, path: x.path, body: x.body, contentType: x.req.headers['content-type'] };
  const w = linkAnswer(link, ctx.state);
  void send(x.res, w);
  ctx.log(`${x.method} ${x.path} ${w.status} ${x.elapsed()} (link page)`);
}

const ROUTES: readonly Route[] = [
  { matches: (path) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`), serve: serveAdmin },
  { matches: (path) => path.startsWith(LINK_PREFIX), serve: serveLink },
  { matches: () => true, serve: serveApi },
];

/** The request's body, or undefined once a 413 (or a broken upload) has been dealt with. */
async function bodyOf(req: IncomingMessage, res: ServerResponse): Promise<Buffer | undefined> {
  try {
    return await readBody(req);
  } catch (e) {
    res.setHeader('Connection', 'close');
    void send(res, render(errorResponse(413, 'PublicApi', 'The request body is too large.'), {}));
    if (!(e instanceof TooLarge)) req.destroy();
    return undefined;
  }
}

/** The request target's path as sent (origin or absolute form), without the query. */
function pathAsSent(target: string): string | undefined {
  const path = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0];
  if (path === '') return '/';
  return path.startsWith('/') ? path : undefined;
}

function urlOf(target: string): URL | undefined {
  try {
    return new URL(target, 'http://emulator.invalid');
  } catch {
    return undefined;
  }
}

export async function handle(req: IncomingMessage, res: ServerResponse, ctx: ServerContext): Promise<void> {
  const started = process.hrtime.bigint();
  const time = ctx.now().toISOString();
  const method = (req.method ?? 'GET').toUpperCase();
  // The URL's pathname resolves dot segments and backslashes: only its query is used.
  const sent = pathAsSent(req.url ?? '/');
  const url = urlOf(req.url ?? '/');
  if (sent === undefined || url === undefined) {
    void send(res, render(errorResponse(400, 'PublicApi', 'The request URL is not valid.'), {}));
    return;
  }
  const path = sent.length > 1 ? sent.replace(/\/$/, '') : sent;
  const streamed = method === 'POST' && isUploadPath(path);
  const body = streamed ? Buffer.alloc(0) : await bodyOf(req, res);
  if (body === undefined) return;
  const elapsed = (): string => `${Number((process.hrtime.bigint() - started) / 1_000_000n)}ms`;
  const exchange: Exchange = { req, res, method, url, path, body, streamed, time, elapsed };
  const route = ROUTES.find((r) => r.matches(path)) as Route;
  await route.serve(exchange, ctx);
}
