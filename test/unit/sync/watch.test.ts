// A queued sync watched until its pull operation is done, against the emulator (whose sync ends
// 3 s after it was queued, on its injected clock) and with fakes for the edge cases.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import type { PullOperation } from '../../../src/api/models';
import { isSyncDone, syncFailed, watchSync } from '../../../src/sync/watch';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock } from '../../emulator/testing';

const op = (status: string, over: Partial<PullOperation> = {}): PullOperation => ({
  id: 'p-1',
  companyId: 'c-1',
  dataType: 'invoices',
  status: status as PullOperation['status'],
  requested: '2026-11-26T14:00:00Z',
  progress: 0,
  isCompleted: false,
  isErrored: false,
  ...over,
});

describe('sync watch', () => {
  it('a sync is done when complete, errored, or in a state that ends one', () => {
    assert.equal(isSyncDone(op('Queued')), false);
    assert.equal(isSyncDone(op('Fetching', { progress: 50 })), false);
    assert.equal(isSyncDone(op('Complete', { isCompleted: true })), true);
    assert.equal(isSyncDone(op('FetchError')), true, 'even before isErrored says so');
    assert.equal(syncFailed(op('FetchError', { isErrored: true })), true);
    assert.equal(syncFailed(op('Complete', { isCompleted: true })), false);
  });

  it('polls with backoff until the sync is done, telling each change', async () => {
    const answers = [
      op('Fetching', { progress: 50 }),
      op('Fetching', { progress: 50 }),
      op('Complete', { isCompleted: true, progress: 100 }),
    ];
    const waits: number[] = [];
    const seen: string[] = [];
    const done = await watchSync(() => Promise.resolve(answers.shift() ?? op('Complete')), op('Queued'), {
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
      random: () => 0,
      onUpdate: (o) => seen.push(`${o.status} ${o.progress}`),
    });
    assert.equal(done.status, 'Complete');
    assert.deepEqual(waits, [1000, 2000, 4000]);
    assert.deepEqual(seen, ['Fetching 50', 'Complete 100']);
  });

  describe('against the emulator', () => {
    let emu: RunningEmulator;
    const clock = new ManualClock();
    before(async () => {
      emu = await startEmulator({ invoices: 20, companies: 10, now: clock.now });
    });
    after(() => emu.close());

    it('follows a queued sync of a never-synced data set to Complete', async () => {
      const client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal });
      const companyId = emu.companies.notRequested;
      const queued = await client.queueSync(companyId, 'invoices');
      assert.equal(queued.status, 'Queued');
      const done = await watchSync((signal) => client.getPullOperation(companyId, queued.id, { signal }), queued, {
        // Each wait moves the emulator's clock instead of the test's.
        sleep: (ms) => (clock.advance(ms), Promise.resolve()),
      });
      assert.equal(done.status, 'Complete');
      assert.equal(done.isCompleted, true);
      assert.equal((await client.listRecords('invoices', companyId)).results.length > 0, true);
    });
  });
});
