// A multipart/form-data body (RFC 7578) read as it arrives: the bytes of one named part are handed
// on chunk by chunk, the other parts skipped, nothing held but a delimiter's length of look-ahead
// and a part's headers. A malformed body is a 400, a part over the cap a 413.
import type { Readable } from 'node:stream';

export class MultipartError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** The boundary of a `multipart/form-data` Content-Type (1–70 characters, RFC 2046), or why not. */
export function boundaryOf(contentType: string | undefined): string | MultipartError {
  const [type, ...params] = (contentType ?? '').split(';');
  if (type.trim().toLowerCase() !== 'multipart/form-data')
    return new MultipartError(400, 'An attachment is uploaded as multipart/form-data with one part named file.');
  for (const param of params) {
    const m = /^\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]*))\s*$/i.exec(param);
    if (!m) continue;
    const boundary = m[1] ?? m[2];
    if (/^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary)) return boundary;
    return new MultipartError(400, 'The multipart/form-data boundary is not valid (1-70 characters, RFC 2046).');
  }
  return new MultipartError(400, 'The multipart/form-data Content-Type has no boundary.');
}

/** A part's name, file name and type, from its headers. */
export interface PartInfo {
  field?: string;
  fileName?: string;
  contentType?: string;
}

function unquote(value: string): string {
  const v = value.trim();
  return v.startsWith('"') && v.endsWith('"') && v.length >= 2 ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;
}

/** Content-Disposition's `name` and `filename` (`filename*`, RFC 5987, when it decodes), and Content-Type. */
export function partInfo(headers: string): PartInfo {
  const info: PartInfo = {};
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-type') info.contentType = value;
    if (name !== 'content-disposition') continue;
    for (const m of value.matchAll(/;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
      const key = m[1].toLowerCase();
      if (key === 'name') info.field = unquote(m[2]);
      else if (key === 'filename' && info.fileName === undefined) info.fileName = unquote(m[2]);
      else if (key === 'filename*') {
        const ext = /^utf-8'[^']*'(.*)$/i.exec(m[2].trim());
        try {
          if (ext) info.fileName = decodeURIComponent(ext[1]);
        } catch {
          // A malformed escape: the plain filename stands.
        }
      }
    }
  }
  return info;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADERS = 16 * 1024;

type Phase = 'preamble' | 'boundaryLine' | 'headers' | 'data' | 'epilogue';

type Found = PartInfo & { size: number };

/** The state of one body being read: what is not yet consumed, and where in the body it is. */
class PartReader {
  private readonly delimiter: Buffer;
  // The body's first boundary has no CRLF before it: one is supplied so every delimiter reads alike.
  private pending: Buffer = Buffer.from(CRLF);
  private phase: Phase = 'preamble';
  private inPart = false;
  found: Found | undefined;

  constructor(
    boundary: string,
    private readonly field: string,
    private readonly maxBytes: number,
    private readonly onData: (chunk: Buffer) => void,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  feed(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    while (this.step());
  }

  get complete(): boolean {
    return this.phase === 'epilogue';
  }

  private emit(bytes: Buffer): void {
    const found = this.found;
    if (!this.inPart || !found || bytes.length === 0) return;
    found.size += bytes.length;
    if (found.size > this.maxBytes)
      throw new MultipartError(413, `The file is larger than the ${this.maxBytes} bytes the emulator takes.`);
    this.onData(bytes);
  }

  /** Consumes what it can of `pending`; false when it needs more bytes (or the body is over). */
  private step(): boolean {
    if (this.phase === 'preamble' || this.phase === 'data') return this.untilDelimiter();
    if (this.phase === 'boundaryLine') return this.boundaryLine();
    if (this.phase === 'headers') return this.headers();
    this.pending = Buffer.alloc(0);
    return false;
  }

  private untilDelimiter(): boolean {
    const { pending, delimiter } = this;
    const at = pending.indexOf(delimiter);
    if (at < 0) {
      // The end may hold the start of a delimiter split across chunks.
      const keep = Math.min(pending.length, delimiter.length - 1);
      if (this.phase === 'data') this.emit(pending.subarray(0, pending.length - keep));
      this.pending = Buffer.from(pending.subarray(pending.length - keep));
      return false;
    }
    if (this.phase === 'data') this.emit(pending.subarray(0, at));
    this.inPart = false;
    this.pending = pending.subarray(at + delimiter.length);
    this.phase = 'boundaryLine';
    return true;
  }

  /** After a delimiter: `--` (the end) or optional white space and CRLF (a part follows). */
  private boundaryLine(): boolean {
    const { pending } = this;
    if (pending.length < 2) return false;
    if (pending[0] === 0x2d && pending[1] === 0x2d) {
      this.phase = 'epilogue';
      return true;
    }
    const eol = pending.indexOf(CRLF);
    if (eol < 0) {
      if (pending.length > 256) throw new MultipartError(400, 'A multipart boundary line is malformed.');
      return false;
    }
    if (pending.subarray(0, eol).toString('latin1').trim() !== '')
      throw new MultipartError(400, 'A multipart boundary line is malformed.');
    this.pending = pending.subarray(eol + 2);
    this.phase = 'headers';
    return true;
  }

  private headers(): boolean {
    const { pending } = this;
    const none = pending.length >= 2 && pending[0] === 0x0d && pending[1] === 0x0a;
    const end = none ? -2 : pending.indexOf(HEADER_END);
    if (end === -1) {
      if (pending.length > MAX_HEADERS) throw new MultipartError(400, "A multipart part's headers are too long.");
      return false;
    }
    const info = partInfo(none ? '' : pending.subarray(0, end).toString('utf8'));
    this.pending = pending.subarray(end + 4);
    this.inPart = this.found === undefined && info.field === this.field;
    if (this.inPart) this.found = { ...info, size: 0 };
    this.phase = 'data';
    return true;
  }
}

/**
 * Reads the body, handing the bytes of the first part named `field` to `onData` (at most
 * `maxBytes` of them) and answering that part's headers and size; rejects with MultipartError.
 * After a problem the rest of the body is read and dropped (never destroyed: the socket carries
 * the answer that says what was wrong).
 */
export function readPart(
  body: Readable,
  boundary: string,
  field: string,
  maxBytes: number,
  onData: (chunk: Buffer) => void,
): Promise<Found> {
  const reader = new PartReader(boundary, field, maxBytes, onData);
  return new Promise((resolve, reject) => {
    const done = (error?: Error): void => {
      body.off('data', data).off('end', end).off('error', done);
      body.on('error', () => undefined);
      if (!error) return;
      body.resume();
      reject(error);
    };
    const data = (chunk: Buffer): void => {
      try {
        reader.feed(chunk);
      } catch (e) {
        done(e as Error);
      }
    };
    const end = (): void => {
      done();
      if (!reader.complete)
        reject(new MultipartError(400, 'The multipart/form-data body ends before its closing boundary (or has none).'));
      else if (!reader.found)
        reject(new MultipartError(400, `The multipart/form-data body has no part named ${field}.`));
      else resolve(reader.found);
    };
    body.on('data', data).on('end', end).on('error', done);
  });
}
