// A download: one GET through the JSON requests' instance and rules (transfer.ts), its body
// streamed into the caller's sink. Until the sink is opened an attempt may be retried as any GET
// is; the answer's status, headers and first bytes are checked first (fileChecks.ts), so an error
// page never reaches the sink. Once it is opened, any failure is final: the sink is aborted, the
// error thrown. The wait for headers is the request's timeout; then each wait for more bytes is.
import type { Readable } from 'node:stream';
import { headerGetter } from './axiosResults';
import type { AxiosResponse } from 'axios';
import type { ByteSink, Downloaded, DownloadOptions, FileMeta } from './downloads';
import { ApiError } from './errors';
import { fileMeta, fileTooLargeError, refusedFile, SNIFF_BYTES, type FileCheck } from './fileChecks';
import {
  readCapped,
  responseInfo,
  statusFailure,
  Watch,
  withRetries,
  type TransferContext,
  type Tried,
} from './transfer';
import type { Target } from './failures';
import { RAW_BODY_LIMIT } from './redact';
import type { RequestSummary } from './transportOptions';

/** One attempt's state, for its log line. */
interface Run {
  ctx: TransferContext;
  target: Target;
  attempt: number;
  started: number;
  status?: number;
  /** The answer's correlation header, redacted. */
  correlationId?: string;
}

function logRun(run: Run, error: ApiError | undefined, body?: string): void {
  const summary: RequestSummary = {
    ...run.target,
    durationMs: Math.max(0, run.ctx.now() - run.started),
    attempt: run.attempt,
    ...(run.status !== undefined ? { status: run.status } : {}),
    correlationId: error ? error.correlationId : run.correlationId,
    errorKind: error?.kind,
  };
  run.ctx.log(summary, { ...run.target, attempt: run.attempt, status: run.status, responseBody: body });
}

/** `<N bytes, type>`: what a trace line says of a binary body, never the bytes. */
const binaryTrace = (bytes: number, type: string | undefined): string =>
  `<${bytes} bytes, ${type ?? 'no content type'}>`;

/** The body's chunks, each wait for one timed by the watch (paused between reads, so the time the
 * sink takes to write is not the server's). */
class Chunks {
  private readonly iterator: AsyncIterator<Buffer>;
  constructor(
    stream: Readable,
    private readonly watch: Watch,
  ) {
    this.iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }
  async next(): Promise<Buffer | undefined> {
    this.watch.restart();
    try {
      const next: IteratorResult<Buffer> = await this.iterator.next();
      return next.done ? undefined : next.value;
    } finally {
      this.watch.pause();
    }
  }
}

/** The first chunks read, and whether they are the whole body. */
interface Sniffed {
  head: Buffer[];
  ended: boolean;
}

/** The first chunks, at least SNIFF_BYTES of them unless the body is shorter. */
async function sniff(chunks: Chunks): Promise<Sniffed> {
  const head: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const chunk = await chunks.next();
    if (!chunk) return { head, ended: true };
    head.push(chunk);
    length += chunk.length;
  }
  return { head, ended: false };
}

/** The body read on (each wait timed) just past what an error keeps of it, so the cut shows;
 * on a failure, what came before it. The rest is dropped. */
async function readMore(chunks: Chunks, head: Buffer[], stream: Readable): Promise<Buffer> {
  const read = [...head];
  let length = read.reduce((n, c) => n + c.length, 0);
  try {
    for (let c = await chunks.next(); c && length <= RAW_BODY_LIMIT; c = await chunks.next()) {
      read.push(c);
      length += c.length;
    }
  } catch {
    // The text that came is the error's; how the rest failed is not.
  } finally {
    stream.destroy();
  }
  return Buffer.concat(read);
}

/** Thrown inside the body's loop: the cap was reached. */
class OverCap extends Error {}

/** Streams the rest of the body into the opened sink; the bytes received. */
async function pour(
  chunks: Chunks,
  first: Sniffed,
  meta: FileMeta,
  options: DownloadOptions,
  write: (chunk: Buffer) => Promise<void>,
): Promise<number> {
  let received = 0;
  const take = async (chunk: Buffer): Promise<void> => {
    if (received + chunk.length > options.maxBytes) throw new OverCap();
    await write(chunk);
    received += chunk.length;
    try {
      options.onProgress?.(received, meta.length);
    } catch {
      // A progress display's failure is not the download's.
    }
  };
  for (const chunk of first.head) await take(chunk);
  if (!first.ended) for (let c = await chunks.next(); c; c = await chunks.next()) await take(c);
  return received;
}

class SinkFailure extends Error {}

/** What a body that fails once the sink is open ends as (the sink's own errors pass as they are). */
function bodyFailure(run: Run, e: unknown, watch: Watch, timeoutMs: number, maxBytes: number): unknown {
  if (e instanceof OverCap) return fileTooLargeError(run.target, run.attempt, maxBytes, run.status);
  if (e instanceof SinkFailure) return e.cause;
  return run.ctx.failure(e, watch.stopped, run.target.method, run.target.path, run.attempt, timeoutMs).error;
}

const isApi = (e: unknown): e is ApiError => e instanceof ApiError;

/** A body that ends before its Content-Length is a connection cut short. */
const cutShort = (): Error =>
  Object.assign(new Error('The body ended before its Content-Length'), { code: 'ECONNRESET' });

/** Streams the checked body into a sink opened now; any failure aborts it and is final. */
async function into(
  run: Run,
  parts: { stream: Readable; chunks: Chunks; first: Sniffed; meta: FileMeta },
  options: DownloadOptions,
  watch: Watch,
  timeoutMs: number,
): Promise<Tried<Downloaded>> {
  const { stream, chunks, first, meta } = parts;
  let sink: ByteSink;
  try {
    sink = await options.open(meta);
  } catch (e) {
    stream.destroy();
    throw e;
  }
  const count = { received: 0 };
  try {
    const write = async (c: Buffer): Promise<void> => {
      await sink.write(c).catch((e: unknown) => Promise.reject(new SinkFailure('write', { cause: e })));
      count.received += c.length;
    };
    await pour(chunks, first, meta, options, write);
    if (meta.length !== undefined && count.received < meta.length) throw cutShort();
  } catch (e) {
    stream.destroy();
    await sink.abort().catch(() => undefined);
    const failure = bodyFailure(run, e, watch, timeoutMs, options.maxBytes);
    logRun(run, isApi(failure) ? failure : undefined, binaryTrace(count.received, meta.contentType));
    throw failure;
  }
  await sink.commit();
  const received = count.received;
  logRun(run, undefined, binaryTrace(received, meta.contentType));
  return { ok: true, value: { meta, bytes: received } };
}

/** The answer of a 2xx: its first bytes checked before any sink is opened. A failure while
 * reading them may be retried as any GET's; a refused body is final, its text kept. */
async function receive(
  run: Run,
  stream: Readable,
  meta: FileMeta,
  check: FileCheck,
  options: DownloadOptions,
  watch: Watch,
  timeoutMs: number,
): Promise<Tried<Downloaded>> {
  const chunks = new Chunks(stream, watch);
  let first: Sniffed;
  try {
    first = await sniff(chunks);
  } catch (e) {
    stream.destroy();
    const result = run.ctx.failure(e, watch.stopped, 'GET', run.target.path, run.attempt, timeoutMs);
    logRun(run, result.error);
    return { ok: false, ...result };
  }
  const head = Buffer.concat(first.head);
  const refused = check(meta, head, run.status ?? 200);
  if (refused === undefined) return into(run, { stream, chunks, first, meta }, options, watch, timeoutMs);
  const bytes = first.ended ? head : await readMore(chunks, first.head, stream);
  const get = (name: string): string | undefined => (name === 'content-type' ? meta.contentType : undefined);
  const info = responseInfo(run.ctx, run.target, run.status ?? 200, get, bytes, run.attempt);
  const error = refusedFile(info, refused, bytes);
  // A body that is not text (a wrong file's bytes) is named in a trace line, never shown.
  logRun(run, error, error.rawBody !== undefined ? info.text : binaryTrace(bytes.length, meta.contentType));
  return { ok: false, error, final: true };
}

/** One GET: a failure before the sink is opened is returned (the caller may retry it). */
async function attempt(
  ctx: TransferContext,
  path: { sent: string; shown: string },
  check: FileCheck,
  options: DownloadOptions,
  n: number,
  admitted: () => void,
): Promise<Tried<Downloaded>> {
  const timeoutMs = options.timeoutMs ?? ctx.timeoutMs();
  let stream: Readable | undefined;
  const watch = new Watch(options.signal, timeoutMs, () => stream?.destroy());
  const run: Run = { ctx, target: { method: 'GET', path: path.shown }, attempt: n, started: ctx.now() };
  try {
    let response: AxiosResponse<Readable>;
    try {
      response = await ctx.http.request<Readable>({
        method: 'GET',
        url: path.sent,
        // Any type: what came is checked by its content type and first bytes. No compression, so
        // Content-Length counts the bytes the sink gets.
        headers: { Accept: '*/*', 'Accept-Encoding': 'identity' },
        // The caller's cap applies, while streaming (axios's own would wrap the stream).
        maxContentLength: -1,
        signal: watch.controller.signal,
      });
    } catch (failure) {
      const result = ctx.failure(failure, watch.stopped, 'GET', path.shown, n, timeoutMs);
      logRun(run, result.error);
      return { ok: false, ...result };
    }
    admitted();
    stream = response.data;
    run.status = response.status;
    const get = headerGetter(response.headers);
    ctx.observe(get);
    const correlation = get('x-correlation-id') ?? get('correlation-id') ?? get('x-request-id');
    run.correlationId = correlation === undefined ? undefined : ctx.redact(correlation);
    if (response.status < 200 || response.status >= 300) return await failedStatus(run, stream, get, watch, timeoutMs);
    const meta = fileMeta(get, ctx.redact);
    if (meta.length !== undefined && meta.length > options.maxBytes) {
      stream.destroy();
      const error = fileTooLargeError(run.target, n, options.maxBytes, response.status);
      logRun(run, error, binaryTrace(meta.length, meta.contentType));
      return { ok: false, error, final: true };
    }
    return await receive(run, stream, meta, check, options, watch, timeoutMs);
  } finally {
    watch.end();
  }
}

/** A non-2xx: its body read capped, the usual error (a retry may follow, as for any GET). */
async function failedStatus(
  run: Run,
  stream: Readable,
  get: (name: string) => string | undefined,
  watch: Watch,
  timeoutMs: number,
): Promise<Tried<Downloaded>> {
  let bytes: Buffer;
  try {
    bytes = await readCapped(stream);
  } catch (e) {
    const result = run.ctx.failure(e, watch.stopped, 'GET', run.target.path, run.attempt, timeoutMs);
    logRun(run, result.error);
    return { ok: false, ...result };
  }
  const info = responseInfo(run.ctx, run.target, run.status ?? 0, get, bytes, run.attempt);
  const result = statusFailure(run.ctx, info, get);
  if (!result.ok) logRun(run, result.error, run.ctx.tracing() ? info.text : undefined);
  return result;
}

/** Downloads `path` (encoded, relative to the base URL) into the sink `options.open` gives, once
 * `check` accepts the answer. */
export function download(
  ctx: TransferContext,
  path: string,
  check: FileCheck,
  options: DownloadOptions,
): Promise<Downloaded> {
  const shown = ctx.redact(path);
  return withRetries(ctx, { method: 'GET', path: shown }, options.signal, (n, admitted) =>
    attempt(ctx, { sent: path, shown }, check, options, n, admitted),
  );
}
