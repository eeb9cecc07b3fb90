// A page of records built while it is serialised, a few dozen at a time. Built whole and then
// serialised, a 5,000-invoice page kept all its records alive through several scavenges, and
// the garbage collector took about as long as JSON.stringify itself (node --cpu-prof); records
// that are serialised as they are built die young. The bytes are those of JSON.stringify(page).
import { JsonBody } from './http';
import type { Page } from './wire';

/**
 * Records serialised at once. Small enough that the records die in the young generation, and
 * that JSON.stringify's text (about 45 KB of UTF-16 for 32 invoices) is flattened and encoded
 * there too: with 250, each chunk's text went to the large-object space, fresh pages every time,
 * and encoding took half as long as serialising (measured in the server: 18 ms of 37).
 */
export const CHUNK = 32;
const COMMA = 0x2c;

export class LazyPage<T> extends JsonBody {
  /**
   * @param head the envelope without `results` (its fields in order)
   * @param length how many records the page holds
   * @param record builds record `j` of the page (0-based)
   */
  constructor(
    private readonly head: Omit<Page<T>, 'results'>,
    readonly length: number,
    private readonly record: (j: number) => T,
  ) {
    super();
  }

  /** The page as a plain object: what JSON.stringify reads, and the reference for toBuffer. */
  toJSON(): Page<T> {
    const results: T[] = [];
    for (let j = 0; j < this.length; j++) results.push(this.record(j));
    return { results, ...this.head };
  }

  toBuffer(): Buffer {
    const out = new ByteWriter(this.length * 1500 + 1024);
    out.write('{"results":');
    for (let from = 0; from < this.length; from += CHUNK) {
      const records: T[] = [];
      for (let j = from; j < Math.min(this.length, from + CHUNK); j++) records.push(this.record(j));
      // Each chunk is an array of its own: the first keeps its `[`, later ones join with `,`;
      // every `]` but the page's last is taken back.
      const at = out.write(JSON.stringify(records));
      if (from > 0) out.replace(at, COMMA);
      out.unwrite(1);
    }
    if (this.length === 0) out.write('[');
    // `{"pageNumber":…}` becomes `],"pageNumber":…}`.
    out.write(`],${JSON.stringify(this.head).slice(1)}`);
    return out.bytes();
  }
}

/**
 * UTF-8 written into one growing buffer: encoding into place costs a third of Buffer.from's
 * measure-allocate-encode and needs no concatenation after.
 */
class ByteWriter {
  private buffer: Buffer;
  private length = 0;

  constructor(estimate: number) {
    this.buffer = Buffer.allocUnsafe(estimate);
  }

  /** Appends `text`; returns the offset it starts at. */
  write(text: string): number {
    // A UTF-16 unit is at most 3 bytes of UTF-8: within that bound no count is needed; past it,
    // the exact count says whether the buffer must grow (a write must never be cut short).
    if (this.length + text.length * 3 > this.buffer.length) {
      const needed = this.length + Buffer.byteLength(text, 'utf8');
      if (needed > this.buffer.length) {
        const bigger = Buffer.allocUnsafe(Math.max(needed, Math.floor(this.buffer.length * 1.5)));
        this.buffer.copy(bigger, 0, 0, this.length);
        this.buffer = bigger;
      }
    }
    const at = this.length;
    this.length += this.buffer.write(text, at, 'utf8');
    return at;
  }

  replace(at: number, byte: number): void {
    this.buffer[at] = byte;
  }

  unwrite(bytes: number): void {
    this.length -= bytes;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
