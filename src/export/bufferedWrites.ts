// Text on its way to a file, held as bytes in a few reused buffers. Text is encoded the moment it
// is handed over: a string waiting for an asynchronous write outlives the young generation's
// collections and piles up in the old one until the next full collection, and a Buffer per write
// is external memory freed just as late. Exporting 100,000 invoices, the queued strings added
// about 40 MB to the peak (measured with the memory benchmark); these buffers take a few hundred
// KB, reused from the first page to the last.

/** Where the bytes go: a file handle's `write`, or a test's. */
type WriteBytes = (bytes: Buffer, offset: number, length: number) => Promise<{ bytesWritten: number }>;

export const BUFFER_BYTES = 256 * 1024;

const encoder = new TextEncoder();

export class BufferedWrites {
  /** Buffers written and free for reuse. */
  private readonly free: Buffer[] = [];
  /** Filled buffers waiting for their write, in order. */
  private readonly filled: { bytes: Buffer; length: number }[] = [];
  private current?: Buffer;
  private used = 0;
  /** The last write's promise: each writes what is buffered when its turn comes, so one made after
   * a text was encoded covers it. */
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly writeBytes: WriteBytes) {}

  /** Takes the text at once (encoded into the buffers); resolves when it and everything handed
   * over before it is written, rejects with the first write's failure. */
  write(text: string): Promise<void> {
    let rest = text;
    while (rest.length > 0) {
      this.current ??= this.free.pop() ?? Buffer.allocUnsafe(BUFFER_BYTES);
      const { read, written } = encoder.encodeInto(rest, this.current.subarray(this.used));
      this.used += written;
      // A character that does not fit whole goes into the next buffer.
      if (read < rest.length) this.seal();
      rest = read < rest.length ? rest.slice(read) : '';
    }
    this.tail = this.tail.then(() => this.writeBuffered());
    return this.tail;
  }

  private seal(): void {
    if (this.current && this.used > 0) {
      this.filled.push({ bytes: this.current, length: this.used });
      this.current = undefined;
      this.used = 0;
    }
  }

  /** Writes buffers until none is left, the one being filled included. */
  private async writeBuffered(): Promise<void> {
    for (;;) {
      this.seal();
      const next = this.filled.shift();
      if (!next) return;
      for (let at = 0; at < next.length;) at += (await this.writeBytes(next.bytes, at, next.length - at)).bytesWritten;
      this.free.push(next.bytes);
    }
  }
}
