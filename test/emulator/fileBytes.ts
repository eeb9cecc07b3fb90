// The bytes of files the emulator serves: where they come from (a buffer, uploaded chunks, or a
// deterministic pattern generated as it streams, never held whole), a valid tiny PNG, and the
// Content-Disposition that names a download.
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { Random } from './random';

/** A file's bytes: its length, and a fresh stream of them each time it is opened. */
export interface FileSource {
  readonly length: number;
  open(): Readable;
}

export function bufferSource(bytes: Buffer): FileSource {
  return { length: bytes.length, open: () => Readable.from([bytes], { objectMode: false }) };
}

/** Bytes an upload stored, in the chunks they came in (never concatenated: no second copy). */
export function chunksSource(chunks: readonly Buffer[], length: number): FileSource {
  return { length, open: () => Readable.from(chunks, { objectMode: false }) };
}

const BLOCK = 64 * 1024;

/**
 * `length` bytes made from the seed as they are read: `prefix`, then a 64 KiB block of the seed's
 * bytes over and over, read with backpressure, so a 200 MB file costs one block of memory.
 */
export function patternSource(length: number, seed: number, label: string, prefix: Buffer): FileSource {
  const r = Random.of(seed, 'pattern', label);
  const block = Buffer.alloc(BLOCK);
  for (let i = 0; i < BLOCK; i += 4) block.writeUInt32LE(Math.floor(r.next() * 0x1_0000_0000), i);
  const head = prefix.subarray(0, length);
  return {
    length,
    open: () => {
      let sent = 0;
      return new Readable({
        read() {
          if (sent >= length) {
            this.push(null);
            return;
          }
          const chunk = sent < head.length ? head.subarray(sent) : block.subarray(0, Math.min(BLOCK, length - sent));
          const part = chunk.subarray(0, Math.min(chunk.length, length - sent));
          sent += part.length;
          this.push(part);
        },
      });
    },
  };
}

/** The first `limit` bytes of a stream; the rest is never read (the source is destroyed). */
export async function* firstBytes(source: Readable, limit: number): AsyncGenerator<Buffer> {
  let sent = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (sent >= limit) break;
      const part = chunk.subarray(0, Math.min(chunk.length, limit - sent));
      sent += part.length;
      yield part;
      if (sent >= limit) break;
    }
  } finally {
    source.destroy();
  }
}

export function slicedSource(source: FileSource, limit: number): FileSource {
  const length = Math.min(limit, source.length);
  return { length, open: () => Readable.from(firstBytes(source.open(), length)) };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid 16×16 RGB PNG: two colours of the seed in a diagonal split. */
export function tinyPng(seed: number, label: string): Buffer {
  const r = Random.of(seed, 'png', label);
  const colours = [0, 1].map(() => [r.int(0, 255), r.int(0, 255), r.int(0, 255)]);
  const side = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  const rows: number[] = [];
  for (let y = 0; y < side; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < side; x++) rows.push(...colours[x > y ? 0 : 1]);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `attachment` with the name: an ASCII `filename` (others as `_`, `"` and `\` escaped) and, when
 * the name is not plain ASCII, RFC 6266's `filename*` with its UTF-8 bytes percent-encoded. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '\\$&');
  const plain = /^[\x20-\x7e]*$/.test(name);
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return plain ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
