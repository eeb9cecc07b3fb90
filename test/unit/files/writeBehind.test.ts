// The download sink writes behind the network: chunks queue and go to disk in batches while the
// next ones arrive, in order, with at most a few megabytes held; a write's failure (a full disk)
// fails the download at its next write or at commit, and nothing is left.
import * as assert from 'node:assert/strict';
import { FileByteSink } from '../../../src/files/fileSink';

const MB = 1024 * 1024;

/** An AtomicFile double: records batches, writes slowly, fails when told. */
class FakeFile {
  readonly written: Buffer[] = [];
  readonly events: string[] = [];
  batches = 0;
  flushes = 0;
  constructor(
    private readonly writeMs = 0,
    private readonly failAtBatch?: number,
  ) {}
  async writeAll(buffers: readonly Buffer[]): Promise<void> {
    this.batches++;
    if (this.writeMs) await new Promise((r) => setTimeout(r, this.writeMs));
    if (this.failAtBatch !== undefined && this.batches >= this.failAtBatch)
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    this.written.push(...buffers);
  }
  async flushToDisk(): Promise<void> {
    this.flushes++;
    await new Promise((r) => setTimeout(r, 1));
  }
  commit(): Promise<void> {
    this.events.push('commit');
    return Promise.resolve();
  }
  abort(): Promise<void> {
    this.events.push('abort');
    return Promise.resolve();
  }
}

const chunk = (i: number, size = 64 * 1024) => Buffer.alloc(size, i & 0xff);

describe('download sink: writes behind the network', () => {
  it('writes every chunk in order, in fewer batches than chunks, then commits', async () => {
    const file = new FakeFile(2);
    const sink = new FileByteSink(file);
    const sent: Buffer[] = [];
    for (let i = 0; i < 200; i++) {
      sent.push(chunk(i));
      await sink.write(sent[i]);
    }
    await sink.commit();
    assert.ok(Buffer.concat(file.written).equals(Buffer.concat(sent)));
    assert.ok(file.batches < 200, `${file.batches} batches`);
    assert.deepEqual(file.events, ['commit']);
  });

  it('holds at most a few megabytes: a write waits while the disk is behind', async () => {
    const file = new FakeFile(20);
    const sink = new FileByteSink(file);
    let maxHeld = 0;
    for (let i = 0; i < 160; i++) {
      await sink.write(chunk(i));
      const held = (i + 1) * 64 * 1024 - file.written.reduce((s, b) => s + b.length, 0);
      maxHeld = Math.max(maxHeld, held);
    }
    await sink.commit();
    assert.ok(maxHeld <= 2.5 * MB, `held ${(maxHeld / MB).toFixed(1)} MB`);
    assert.equal(file.written.length, 160);
  });

  it('flushes to disk in the background as it goes, so the final sync has little to do', async () => {
    const file = new FakeFile(1);
    const sink = new FileByteSink(file);
    for (let i = 0; i < 100; i++) await sink.write(chunk(i, MB));
    await sink.commit();
    assert.ok(file.flushes >= 2, `${file.flushes} flushes for 100 MB`);
  });

  for (const at of [1, 3]) {
    it(`a failed write (batch ${at}) fails the next write or the commit with its error, and aborts the file`, async () => {
      const file = new FakeFile(1, at);
      const sink = new FileByteSink(file);
      let failure: unknown;
      try {
        for (let i = 0; i < 400; i++) await sink.write(chunk(i));
        await sink.commit();
      } catch (e) {
        failure = e;
        await sink.abort();
      }
      assert.match(String(failure), /ENOSPC/);
      assert.deepEqual(file.events, ['abort'], 'never committed');
    });
  }

  it('a failure of the last batch is thrown by commit, which leaves nothing', async () => {
    const file = new FakeFile(5, 1);
    const sink = new FileByteSink(file);
    await sink.write(chunk(1));
    await assert.rejects(sink.commit(), /ENOSPC/);
    assert.deepEqual(file.events, ['abort']);
    await sink.abort();
    assert.deepEqual(file.events, ['abort'], 'aborted once');
  });

  it('abort waits for the write in progress, then deletes; a commit after it is refused', async () => {
    const file = new FakeFile(10);
    const sink = new FileByteSink(file);
    await sink.write(chunk(1));
    await sink.abort();
    assert.deepEqual(file.events, ['abort']);
    await assert.rejects(sink.commit(), /already finished/);
    await assert.rejects(sink.write(chunk(2)), /already finished/);
    assert.equal(file.written.length, 1, 'only the chunk handed over before the abort');
  });
});
