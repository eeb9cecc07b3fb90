// A response body read into reused buffers. Read whole by axios, a body is a list of the socket's
// chunks and then one more copy of all of them; those chunks live as long as the response takes
// to arrive, outlive the young generation's collections, and their memory goes back only at the
// next full collection. With four pages in flight that was 40–50 MB of buffers at the peak of a
// Load all or an export (measured with the memory benchmark). Here each chunk is copied at once
// into a buffer that the next response reuses, so a chunk dies young and the copies are made once.
import { finished, type Readable } from 'node:stream';

/** A body's bytes, valid until `release` gives its buffer back for the next response. */
export interface Body {
  bytes: Buffer;
  release(): void;
}

const FIRST_BYTES = 64 * 1024;
/** Kept for reuse: this many buffers, each at most this large; dropped after a quiet while. */
const KEPT_BUFFERS = 8;
const KEPT_BYTES = 8 * 1024 * 1024;
const KEPT_FOR_MS = 10_000;

export class BodyBuffers {
  private readonly free: Buffer[] = [];
  private timer?: ReturnType<typeof setTimeout>;

  /** A buffer of at least `size` bytes: the smallest kept one that fits, or a new one. */
  take(size: number): Buffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      if (this.free[i].length >= size && (best < 0 || this.free[i].length < this.free[best].length)) best = i;
    }
    return best >= 0 ? this.free.splice(best, 1)[0] : Buffer.allocUnsafeSlow(Math.max(size, FIRST_BYTES));
  }

  give(buffer: Buffer): void {
    if (buffer.length > KEPT_BYTES) return;
    if (this.free.length >= KEPT_BUFFERS) this.free.sort((a, b) => b.length - a.length).pop();
    this.free.push(buffer);
    // An idle client holds no buffers.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.free.length = 0), KEPT_FOR_MS);
    this.timer.unref?.();
  }

  /** Reads `stream` to its end. Rejects with
   * the stream's error, or Node's premature-close error when it stops before its end. */
  read(stream: Readable, expected: number | undefined): Promise<Body> {
    // A Content-Length sizes the first buffer, within reason: it is the server's word, not bytes.
    let buffer = this.take(expected !== undefined && expected > 0 ? Math.min(expected, KEPT_BYTES) : FIRST_BYTES);
    let length = 0;
    return new Promise<Body>((resolve, reject) => {
      stream.on('data', (chunk: Buffer) => {
        if (length + chunk.length > buffer.length) {
          const bigger = this.take(Math.max(buffer.length * 2, length + chunk.length));
          buffer.copy(bigger, 0, 0, length);
          this.give(buffer);
          buffer = bigger;
        }
        length += chunk.copy(buffer, length);
      });
      finished(stream, (error) => {
        if (error) {
          this.give(buffer);
          reject(error);
          return;
        }
        let released = false;
        const release = (): void => {
          if (!released) this.give(buffer);
          released = true;
        };
        resolve({ bytes: buffer.subarray(0, length), release });
      });
    });
  }
}
