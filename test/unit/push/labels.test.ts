// How a push operation reads in the tree: its label, status word and icon, the record it made, and
// a tooltip that escapes what the server wrote.
import * as assert from 'node:assert/strict';
import type { PushOperation } from '../../../src/api/models';
import {
  pushDescription,
  pushedRecordId,
  pushIcon,
  pushLabel,
  pushStatusText,
  pushTooltip,
} from '../../../src/push/labels';
import { pushOperation } from '../../support/pushOperations';

const op = pushOperation;

describe('push operation labels', () => {
  it('names the type pushed and when (the time alone today), and a type it does not know as sent', () => {
    assert.match(pushLabel(op(), 'en-GB', new Date('2026-12-01T12:00:00Z')), /^Invoices · 26\/11\/2026, \d\d:\d\d:12$/);
    assert.match(pushLabel(op(), 'en-GB', new Date(op().requestedOnUtc)), /^Invoices · \d\d:\d\d:12$/);
    assert.match(pushLabel(op({ dataType: 'widgets' }), 'en-GB'), /^widgets · /);
    assert.equal(pushLabel(op({ requestedOnUtc: 'not a date' })), 'Invoices · not a date');
  });

  it('gives each status a word and an icon; Pending spins, an unknown status is kept', () => {
    const rows = (['Pending', 'Success', 'Failed', 'TimedOut', 'Later'] as const).map((status) => [
      pushStatusText(op({ status })),
      pushIcon(op({ status })).id,
    ]);
    assert.deepEqual(rows, [
      ['pending', 'loading~spin'],
      ['succeeded', 'pass'],
      ['failed', 'error'],
      ['timed out', 'watch'],
      ['Later', 'question'],
    ]);
  });

  it('a push whose follow ran out of time says it is still pending and that Refresh checks again', () => {
    assert.equal(pushDescription(op(), false), 'pending');
    assert.equal(pushDescription(op(), true), 'still pending — Refresh to check again');
    assert.equal(pushIcon(op(), true).id, 'watch');
    assert.equal(pushIcon(op(), false).id, 'loading~spin');
  });

  it('finds the record a push made in its data, else in its changes', () => {
    assert.equal(pushedRecordId(op({ data: { id: 'inv-9' } })), 'inv-9');
    assert.equal(
      pushedRecordId(op({ changes: [{ type: 'Created', recordRef: { id: 'inv-7', dataType: 'invoices' } }] })),
      'inv-7',
    );
    assert.equal(pushedRecordId(op()), undefined);
  });

  it('escapes the server’s text in the tooltip and lists the first validation errors', () => {
    const tip = pushTooltip(
      op({
        status: 'Failed',
        errorMessage: '[click](http://x) *bold*',
        validation: { errors: [{ itemId: 'customerRef', message: 'is <required>' }], warnings: [] },
      }),
    );
    assert.ok(!tip.includes('[click](http://x)'), tip);
    assert.match(tip, /customerRef: is/);
    assert.match(tip, /failed/);
  });

  it('reads a history entry of any shape without throwing, showing what is text (issue 30)', () => {
    const { dataConnectionKey: _c, requestedOnUtc: _r, ...bare } = op();
    const hostile = (over: Record<string, unknown>) => ({ ...op(), ...over });
    const entries: PushOperation[] = [
      bare as PushOperation,
      hostile({ completedOnUtc: 1764165792 }),
      hostile({ errorMessage: { text: 'nope' }, status: 'Failed' }),
      hostile({ validation: { errors: 'all wrong' } }),
      hostile({ validation: { errors: [null, 5, { message: { x: 1 } }, { itemId: 7, message: 'bad' }] } }),
      hostile({ validation: 'none' }),
      hostile({ changes: 'Created' }),
      hostile({ changes: [null, { recordRef: 'r' }, { recordRef: { id: 9 } }, { recordRef: { id: 'inv-3' } }] }),
      hostile({ data: 'x', changes: { recordRef: { id: 'a' } } }),
      hostile({ requestedOnUtc: { at: 'now' }, dataConnectionKey: ['d'] }),
    ];
    const shown = entries.map((e) => {
      const text = [pushLabel(e), pushStatusText(e), pushIcon(e).id, pushTooltip(e), pushedRecordId(e) ?? ''];
      for (const part of text) assert.equal(typeof part, 'string');
      return text;
    });
    assert.equal(shown[0][0], 'Invoices', 'a label without a time is the type alone');
    assert.ok(!shown[0][3].includes('Connection:') && !shown[0][3].includes('undefined'), shown[0][3]);
    assert.match(shown[1][3], /Completed: 1764165792/);
    assert.ok(!shown[2][3].includes('[object Object]'), shown[2][3]);
    assert.match(shown[4][3], /- 7: bad/);
    assert.equal(shown[7][4], 'inv-3', 'the first change with a record id');
    assert.equal(shown[8][4], '');
    assert.equal(shown[9][0], 'Invoices');
  });
});
