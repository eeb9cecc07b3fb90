import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withLock } from '../../host/lock';

describe('install lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const fastSleep = () => new Promise<void>((r) => setImmediate(r));

  it('runs one holder at a time and releases the lock afterwards', async () => {
    const lock = join(dir, '.lock');
    const order: string[] = [];
    let release!: () => void;
    const first = withLock(
      lock,
      () => undefined,
      async () => {
        order.push('first in');
        await new Promise<void>((r) => {
          release = r;
        });
        order.push('first out');
      },
      fastSleep,
    );
    const second = withLock(
      lock,
      () => undefined,
      () => {
        order.push('second');
        return Promise.resolve();
      },
      fastSleep,
    );
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(order, ['first in']);
    release();
    await Promise.all([first, second]);
    assert.deepEqual(order, ['first in', 'first out', 'second']);
    assert.equal(existsSync(lock), false);
  });

  it('takes over a lock left by a process that died', async () => {
    const lock = join(dir, '.lock');
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), '2147483646');
    assert.equal(
      await withLock(
        lock,
        () => undefined,
        () => Promise.resolve('ran'),
        fastSleep,
      ),
      'ran',
    );
  });

  it('releases the lock when the holder fails', async () => {
    const lock = join(dir, '.lock');
    await assert.rejects(
      withLock(
        lock,
        () => undefined,
        () => Promise.reject(new Error('boom')),
        fastSleep,
      ),
      /boom/,
    );
    assert.equal(existsSync(lock), false);
  });
});
