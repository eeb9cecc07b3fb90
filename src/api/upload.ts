// An upload: one POST of multipart/form-data with one part `file`, its bytes streamed from the
// caller's source between a preamble and an epilogue, its Content-Length computed from the size
// (never chunked). Sent once (the transport's rules for a write): retried only after a connection
// refused, which proves nothing was sent, with the source opened again. The file's bytes are never
// kept or logged: a trace line and an error name the file and its size only.
import type { AxiosResponse } from 'axios';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { t } from '../l10n';
import { headerGetter } from './axiosResults';
import type { UploadOptions, UploadSource } from './downloads';
import { ApiError } from './errors';
import { refusedParameter, type Target } from './failures';
import { decodeBody } from './jsonBody';
import {
  readCapped,
  responseInfo,
  statusFailure,
  Watch,
  withRetries,
  type TransferContext,
  type Tried,
} from './transfer';

/** A file name in a part's header (RFC 7578, as browsers write it): `"`, CR and LF percent-encoded. */
export function quotedFileName(name: string): string {
  return `"${name.replace(/["\r\n]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}"`;
}

// A media type with optional parameters; no control character (the part's header is one line).
const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*;[\x20-\x7e\u0080-\uffff]*)?$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The source's name, type and size as a request may carry them; refused before sending. */
export function checkUpload(target: Target, file: Pick<UploadSource, 'name' | 'contentType' | 'size'>): void {
  if (typeof file?.name !== 'string' || file.name.trim() === '' || LONE_SURROGATE.test(file.name))
    throw refusedParameter(target, 'file', t('The file to upload needs a name'));
  if (typeof file.contentType !== 'string' || !MEDIA_TYPE.test(file.contentType))
    throw refusedParameter(
      target,
      'file',
      t('The file’s content type is not a media type: {0}', String(file.contentType)),
    );
  if (!Number.isSafeInteger(file.size) || file.size < 0)
    throw refusedParameter(target, 'file', t('The file’s size is not a number of bytes: {0}', String(file.size)));
}

/** The part around the file: its header before it, the closing boundary after. */
function multipartFrame(file: Pick<UploadSource, 'name' | 'contentType'>, boundary: string) {
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=${quotedFileName(file.name)}\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
    'utf8',
  );
  return { preamble, epilogue: Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8') };
}

/** What a trace line and an error say of the body: never its bytes. */
const uploadTrace = (file: Pick<UploadSource, 'name' | 'size'>): string => `file: ${file.name}, ${file.size} bytes`;

class SizeMismatch extends Error {
  constructor(readonly read: number) {
    super('size mismatch');
  }
}

/** The body: the preamble, the source's bytes (exactly `size` of them), the epilogue. */
function body(file: UploadSource, frame: ReturnType<typeof multipartFrame>, tick: (sent: number) => void) {
  const source = file.open();
  async function* parts(): AsyncGenerator<Buffer> {
    yield frame.preamble;
    let sent = 0;
    for await (const chunk of source) {
      const c = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      if (sent + c.length > file.size) throw new SizeMismatch(sent + c.length);
      sent += c.length;
      yield c;
      tick(sent);
    }
    if (sent !== file.size) throw new SizeMismatch(sent);
    yield frame.epilogue;
  }
  return { source, stream: Readable.from(parts(), { objectMode: false }) };
}

function mismatchError(target: Target, attempts: number, file: UploadSource, read: number): ApiError {
  return new ApiError({
    kind: 'invalidParameter',
    message: t(
      'The file changed while it was sent: its size was {0} bytes, {1} were read. The upload was stopped',
      file.size,
      read,
    ),
    ...target,
    attempts,
    validation: { parameter: 'file', message: t('The file changed while it was sent') },
  });
}

interface Sending {
  ctx: TransferContext;
  target: Target;
  path: string;
  file: UploadSource;
  options: UploadOptions;
}

/** One POST; a failure is returned (the retry loop sends it again only after a refused connection). */
async function attempt(s: Sending, n: number): Promise<Tried<void>> {
  const { ctx, target, file, options } = s;
  const timeoutMs = options.timeoutMs ?? ctx.timeoutMs();
  const boundary = `----DataPlatform${randomBytes(16).toString('hex')}`;
  const frame = multipartFrame(file, boundary);
  const watch = new Watch(options.signal, timeoutMs);
  let failed: unknown;
  const { source, stream } = body(file, frame, (sent) => {
    watch.restart();
    try {
      options.onProgress?.(sent, file.size);
    } catch {
      // A progress display's failure is not the upload's.
    }
  });
  stream.once('error', (e) => (failed = e));
  const started = ctx.now();
  const log = (error: ApiError | undefined, status?: number, answer?: string): void =>
    ctx.log(
      { ...target, durationMs: Math.max(0, ctx.now() - started), attempt: n, status, errorKind: error?.kind },
      { ...target, attempt: n, requestBody: uploadTrace(file), status, responseBody: answer },
    );
  try {
    let response: AxiosResponse<Readable>;
    try {
      response = await ctx.http.request<Readable>({
        method: 'POST',
        url: s.path,
        data: stream,
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(frame.preamble.length + file.size + frame.epilogue.length),
        },
        maxBodyLength: -1,
        signal: watch.controller.signal,
      });
    } catch (e) {
      // The caller's cancel or the timeout, whatever the body's stream said as it was cut.
      if (watch.stopped) failed = undefined;
      if (failed instanceof SizeMismatch) {
        const error = mismatchError(target, n, file, failed.read);
        log(error);
        return { ok: false, error, final: true };
      }
      // The source's own failure (a file that could not be read) is the caller's to show.
      if (failed !== undefined) throw failed instanceof Error ? failed : new Error('The file could not be read');
      const result = ctx.failure(e, watch.stopped, target.method, target.path, n, timeoutMs);
      log(result.error);
      return { ok: false, ...result };
    }
    return await answered(s, n, response, watch, timeoutMs, log);
  } finally {
    watch.end();
    source.destroy();
    stream.destroy();
  }
}

/** The answer: any 2xx is the upload's success, whatever body it has (read capped, for a trace). */
async function answered(
  s: Sending,
  n: number,
  response: AxiosResponse<Readable>,
  watch: Watch,
  timeoutMs: number,
  log: (error: ApiError | undefined, status?: number, answer?: string) => void,
): Promise<Tried<void>> {
  const { ctx, target } = s;
  const get = headerGetter(response.headers);
  ctx.observe(get);
  watch.restart();
  let bytes: Buffer;
  try {
    bytes = await readCapped(response.data);
  } catch (e) {
    const result = ctx.failure(e, watch.stopped, target.method, target.path, n, timeoutMs);
    log(result.error, response.status);
    return { ok: false, ...result };
  }
  if (response.status >= 200 && response.status < 300) {
    log(undefined, response.status, ctx.tracing() ? decodeBody(bytes) : undefined);
    return { ok: true, value: undefined };
  }
  const info = responseInfo(ctx, target, response.status, get, bytes, n);
  const result = statusFailure(ctx, info, get);
  log(result.ok ? undefined : result.error, response.status, ctx.tracing() ? info.text : undefined);
  return result;
}

/** Uploads `file` to `path` (encoded, relative to the base URL); checked before anything is sent. */
export async function upload(ctx: TransferContext, path: string, file: UploadSource, options: UploadOptions = {}) {
  const target: Target = { method: 'POST', path: ctx.redact(path) };
  checkUpload(target, file);
  const sending: Sending = { ctx, target, path, file, options };
  await withRetries(ctx, { ...target, once: true }, options.signal, (n) => attempt(sending, n));
}
