// Export text on its way to the file (src/export/bufferedWrites.ts): taken at once, written in
// order into a few reused buffers, every byte what Buffer.from would make, a failure passed on.
import * as assert from 'node:assert/strict';
import { BUFFER_BYTES, BufferedWrites } from '../../../src/export/bufferedWrites';

/** A file in memory that writes at most `max` bytes a call, later, and records the buffers used. */
function slowFile(max = Infinity) {
  const parts: Buffer[] = [];
  const buffers = new Set<ArrayBufferLike>();
  return {
    parts,
    buffers,
    text: () => Buffer.concat(parts).toString('utf8'),
    write: async (bytes: Buffer, offset: number, length: number) => {
      await new Promise((r) => setImmediate(r));
      buffers.add(bytes.buffer);
      const n = Math.min(length, max);
      parts.push(Buffer.from(bytes.subarray(offset, offset + n)));
      return { bytesWritten: n };
    },
  };
}

describe('buffered export writes', () => {
  it('writes texts handed over before earlier ones are done, in order, each promise after its text', async () => {
    const file = slowFile();
    const writes = new BufferedWrites(file.write);
    const texts = Array.from({ length: 50 }, (_, i) => `row ${i}, Åsa’s Café 🧾\r\n`);
    const done: number[] = [];
    const written = texts.map((t, i) =>
      writes.write(t).then(() => {
        assert.ok(
          file.text().startsWith(texts.slice(0, i + 1).join('')),
          `text ${i} is written when its promise resolves`,
        );
        done.push(i);
      }),
    );
    await Promise.all(written);
    assert.equal(file.text(), texts.join(''));
    assert.deepEqual(
      done,
      [...done].sort((a, b) => a - b),
    );
  });

  it('writes a text larger than a buffer byte for byte, characters split across buffers whole, short writes resumed', async () => {
    const file = slowFile(100_000);
    const writes = new BufferedWrites(file.write);
    // Three-byte characters, so a buffer boundary falls inside one unless the encoder keeps it whole.
    const text = `${'a'.repeat(BUFFER_BYTES - 1)}€${'€🧾'.repeat(BUFFER_BYTES / 2)}`;
    await writes.write(text);
    assert.ok(Buffer.concat(file.parts).equals(Buffer.from(text, 'utf8')));
  });

  it('reuses its buffers: a long export writes from a few, not one per text', async () => {
    const file = slowFile();
    const writes = new BufferedWrites(file.write);
    const row = `${'x'.repeat(999)}\n`;
    let pending: Promise<void> = Promise.resolve();
    for (let i = 0; i < 5_000; i++) {
      pending = writes.write(row);
      if (i % 500 === 499) await pending;
    }
    await pending;
    assert.equal(file.text().length, 5_000_000);
    assert.ok(file.buffers.size <= 4, `${file.buffers.size} buffers for 5 MB`);
  });

  it('passes a failed write on to that text and every later one', async () => {
    let calls = 0;
    const writes = new BufferedWrites(() =>
      ++calls === 1 ? Promise.reject(new Error('disk full')) : Promise.resolve({ bytesWritten: 0 }),
    );
    const first = writes.write('a');
    const second = writes.write('b');
    await assert.rejects(first, /disk full/);
    await assert.rejects(second, /disk full/);
    await assert.rejects(writes.write('c'), /disk full/);
    assert.equal(calls, 1);
  });
});
