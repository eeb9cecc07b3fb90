// The pushes of one account followed until they settle: nodes read the latest state, commands hear
// the end; the answer's `data` survives the polls (which do not carry it); dispose stops them all.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import type { PushOperation } from '../../../src/api/models';
import { PushTracker, type PushSettled } from '../../../src/push/tracker';
import { pushOperation } from '../../support/pushOperations';

const op = (status: string, over: Partial<PushOperation> = {}): PushOperation => pushOperation({ status, ...over });

const instant = { sleep: () => Promise.resolve(), firstDelayMs: 1 };

function settledOnce(tracker: PushTracker): Promise<PushSettled> {
  return new Promise((resolve) => {
    const sub = tracker.onDidSettle((s) => {
      sub.dispose();
      resolve(s);
    });
  });
}

describe('push tracker', () => {
  it('follows a Pending push to Success, keeping the answer’s data, and tells who listens', async () => {
    const tracker = new PushTracker(instant);
    const answers = [op('Pending'), op('Success', { changes: [] })];
    const seen: string[] = [];
    tracker.onDidChange((o) => seen.push(o.status));
    const settled = settledOnce(tracker);
    tracker.track(op('Pending', { data: { id: 'inv-9' } }), () => Promise.resolve(answers.shift() ?? op('Success')));
    assert.equal(tracker.following('k-1'), true);
    const s = await settled;
    assert.equal(s.operation.status, 'Success');
    assert.deepEqual(s.operation.data, { id: 'inv-9' });
    assert.equal(tracker.get('k-1')?.status, 'Success');
    assert.equal(tracker.following('k-1'), false);
    assert.equal(seen[0], 'Pending');
    assert.equal(seen.at(-1), 'Success');
  });

  it('a follow that runs out of time leaves the push stalled; checkAgain polls at once and settles it', async () => {
    let t = 0;
    const waits: number[] = [];
    const clock = {
      now: () => t,
      sleep: (ms: number) => {
        waits.push(ms);
        t += ms;
        return Promise.resolve();
      },
      deadlineMs: 5_000,
    };
    const tracker = new PushTracker(clock);
    let answer = op('Pending');
    const changed: string[] = [];
    tracker.onDidChange((o) => changed.push(o.status));
    const stalled = new Promise<void>((resolve) => tracker.onDidChange(() => tracker.isStalled('k-1') && resolve()));
    tracker.track(op('Pending'), () => Promise.resolve(answer));
    await stalled;
    assert.equal(tracker.following('k-1'), false);
    assert.equal(tracker.get('k-1')?.status, 'Pending');
    assert.equal(tracker.checkAgain('nope'), false);

    answer = op('Success');
    const settled = settledOnce(tracker);
    waits.length = 0;
    assert.equal(tracker.checkAgain('k-1'), true);
    assert.equal(tracker.isStalled('k-1'), false);
    assert.equal((await settled).operation.status, 'Success');
    assert.equal(waits[0], 0, 'asked again at once');
    assert.equal(tracker.checkAgain('k-1'), false, 'a settled push is not followed again');
  });

  it('a push already settled is not polled', async () => {
    const tracker = new PushTracker(instant);
    let reads = 0;
    const settled = settledOnce(tracker);
    tracker.track(op('Failed'), () => {
      reads++;
      return Promise.resolve(op('Failed'));
    });
    assert.equal((await settled).operation.status, 'Failed');
    assert.equal(reads, 0);
  });

  it('says when following failed, with the last state it saw', async () => {
    const tracker = new PushTracker(instant);
    const gone = new ApiError({ kind: 'notFound', message: 'gone', method: 'GET', path: '/x', status: 404 });
    const settled = settledOnce(tracker);
    tracker.track(op('Pending'), () => Promise.reject(gone));
    const s = await settled;
    assert.equal(s.error, gone);
    assert.equal(s.operation.status, 'Pending');
  });

  it('dispose stops every follow without a word', async () => {
    const tracker = new PushTracker({ firstDelayMs: 60_000 });
    let settled = 0;
    tracker.onDidSettle(() => settled++);
    tracker.track(op('Pending'), () => Promise.resolve(op('Pending')));
    tracker.dispose();
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(settled, 0);
    assert.equal(tracker.following('k-1'), false);
  });
});
