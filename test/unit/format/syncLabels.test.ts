// How a sync of the history reads: the type by our title for Codat's name, its status, its error.
import * as assert from 'node:assert/strict';
import type { PullOperation } from '../../../src/api/models';
import { syncDescription, syncIcon, syncLabel, syncTooltip } from '../../../src/format/syncLabels';

const op = (over: Partial<PullOperation> = {}): PullOperation => ({
  id: 's-1',
  companyId: 'c-1',
  dataType: 'chartOfAccounts',
  status: 'Fetching',
  requested: '2026-11-26T14:03:12Z',
  progress: 40,
  isCompleted: false,
  isErrored: false,
  ...over,
});

describe('sync labels', () => {
  it('names the type by its title for Codat’s name, with the time alone on its day', () => {
    assert.match(syncLabel(op(), 'en-GB', new Date('2026-11-26T20:00:00Z')), /^Accounts · \d\d:\d\d:12$/);
    assert.match(syncLabel(op({ dataType: 'widgets' }), 'en-GB', new Date('2027-01-01')), /^widgets · 26\/11\/2026/);
  });

  it('says running, complete or failed, with an icon for each', () => {
    assert.equal(syncDescription(op()), 'Fetching (40%)');
    assert.equal(syncIcon(op()).id, 'loading~spin');
    const done = op({ status: 'Complete', isCompleted: true, progress: 100 });
    assert.equal(syncDescription(done), 'complete');
    assert.equal(syncIcon(done).id, 'pass');
    const failed = op({ status: 'FetchError', isErrored: true, errorMessage: 'Token *expired*' });
    assert.equal(syncDescription(failed), 'FetchError');
    assert.equal(syncIcon(failed).id, 'error');
    assert.match(syncTooltip(failed), /Token \\\*expired\\\*/);
  });

  it('reads a history entry of any shape without throwing (issue 30)', () => {
    const hostile = (over: Record<string, unknown>) => ({ ...op(), ...over });
    const entries = [
      hostile({ completed: 1764165792, isCompleted: true, status: 'Complete' }),
      hostile({ errorMessage: 404, isErrored: true, status: 'FetchError' }),
      hostile({ errorMessage: { why: 'x' }, statusDescription: ['y'], isErrored: true, status: 'FetchError' }),
      hostile({ progress: { done: 1 } }),
    ];
    const tips = entries.map((e) => {
      for (const part of [syncLabel(e), syncDescription(e), syncIcon(e).id, syncTooltip(e)])
        assert.equal(typeof part, 'string');
      return syncTooltip(e);
    });
    assert.match(tips[0], /Completed: 1764165792/);
    assert.match(tips[1], /\n\n404$/);
    assert.ok(!tips[2].includes('[object'), tips[2]);
    assert.equal(syncDescription(entries[3]), 'Fetching');
  });
});
