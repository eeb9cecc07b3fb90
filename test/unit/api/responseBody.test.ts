// Response bodies read into reused buffers (src/api/responseBody.ts): the bytes as sent, a buffer
// given back and reused by the next body, and a body cut short refused.
import * as assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { BodyBuffers } from '../../../src/api/responseBody';

const chunks = (n: number, size: number): Buffer[] =>
  Array.from({ length: n }, (_, i) => Buffer.alloc(size, 65 + (i % 26)));

describe('response bodies in reused buffers', () => {
  it('reads a body of many chunks, with or without a length to size it, byte for byte', async () => {
    const bodies = new BodyBuffers();
    for (const expected of [undefined, 10, 40 * 70_000, 1e12]) {
      const parts = chunks(40, 70_000);
      const body = await bodies.read(Readable.from(parts), expected);
      assert.ok(body.bytes.equals(Buffer.concat(parts)), String(expected));
      body.release();
    }
  });

  it('gives the next body the buffer the last one gave back', async () => {
    const bodies = new BodyBuffers();
    const first = await bodies.read(Readable.from(chunks(10, 50_000)), undefined);
    const memory = first.bytes.buffer;
    first.release();
    first.release(); // twice is once
    const second = await bodies.read(Readable.from(chunks(8, 50_000)), 400_000);
    assert.equal(second.bytes.buffer, memory);
    const third = await bodies.read(Readable.from(chunks(8, 50_000)), 400_000);
    assert.notEqual(third.bytes.buffer, memory, 'a buffer in use is not handed out again');
  });

  it('rejects a body whose stream fails or ends before its end', async () => {
    const bodies = new BodyBuffers();
    const failing = new PassThrough();
    const read = bodies.read(failing, undefined);
    failing.write(Buffer.alloc(1000));
    failing.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    await assert.rejects(read, { code: 'ECONNRESET' });

    const cut = new PassThrough();
    const cutRead = bodies.read(cut, undefined);
    cut.write(Buffer.alloc(1000));
    cut.destroy();
    await assert.rejects(cutRead, { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});
