// The accounts' push trackers: one per account, the same one each time it is asked for (a rebuilt
// root finds the pushes it was following); a removed account's stops following.
import * as assert from 'node:assert/strict';
import type { PushOperation } from '../../../src/api/models';
import { PushTrackers } from '../../../src/push/trackers';
import { pushOperation } from '../../support/pushOperations';

const pending = pushOperation();

// A read that never answers unless aborted: the push stays followed until its tracker stops.
const hanging = (signal?: AbortSignal): Promise<PushOperation> =>
  new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted'))));

describe('push trackers of the accounts', () => {
  it('gives an account the same tracker every time, and another account its own', () => {
    const trackers = new PushTrackers();
    assert.equal(trackers.of('a'), trackers.of('a'));
    assert.notEqual(trackers.of('a'), trackers.of('b'));
    trackers.dispose();
  });

  it('stops following the pushes of the accounts that are gone, and only theirs', () => {
    const trackers = new PushTrackers();
    const kept = trackers.of('a');
    const gone = trackers.of('b');
    kept.track(pending, hanging);
    gone.track(pending, hanging);
    trackers.keepOnly(['a']);
    assert.equal(kept.following('k-1'), true);
    assert.equal(gone.following('k-1'), false);
    assert.notEqual(trackers.of('b'), gone, 'an account added again starts afresh');
    trackers.dispose();
    assert.equal(kept.following('k-1'), false);
  });
});
