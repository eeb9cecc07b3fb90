// What the window remembers of each draft's sends, so Push never sends a draft again without a
// question: the push it made, or a send whose answer was lost; put back after a send surely not
// written; bounded.
import * as assert from 'node:assert/strict';
import type { PushOperation } from '../../../src/api/models';
import { DraftSends } from '../../../src/push/draftSends';

describe('DraftSends', () => {
  const op = (key: string) =>
    ({ pushOperationKey: key, companyId: 'c', dataConnectionKey: 'd', dataType: 'invoices' }) as PushOperation;
  const at = new Date('2026-01-15T12:00:00Z');

  it('remembers the push a draft made, or that its push may have been written; restore puts back what was known', () => {
    const sends = new DraftSends();
    assert.equal(sends.get('draft:a'), undefined);
    sends.pushed('draft:a', op('p1'));
    assert.deepEqual(sends.get('draft:a'), { kind: 'pushed', operationKey: 'p1' });
    const before = sends.get('draft:a');
    sends.uncertain('draft:a', at, { x: 1 }, 'Server error (502)');
    assert.deepEqual(sends.get('draft:a'), {
      kind: 'uncertain',
      sentAt: at,
      body: { x: 1 },
      reason: 'Server error (502)',
    });
    sends.restore('draft:a', before);
    assert.deepEqual(sends.get('draft:a'), { kind: 'pushed', operationKey: 'p1' });
    sends.uncertain('draft:b', at, {}, 'x');
    sends.restore('draft:b', undefined);
    assert.equal(sends.get('draft:b'), undefined);
  });

  it('keeps the 500 drafts used last', () => {
    const sends = new DraftSends();
    for (let i = 0; i < 600; i++) sends.pushed(`draft:${i}`, op(`p${i}`));
    assert.equal(sends.get('draft:99'), undefined, 'the oldest went first');
    sends.pushed('draft:100', op('again'));
    sends.pushed('draft:600', op('new'));
    assert.equal(sends.get('draft:101'), undefined, 'the oldest used, not the oldest made');
    assert.deepEqual(sends.get('draft:100'), { kind: 'pushed', operationKey: 'again' }, 'used again: kept');
    assert.ok(sends.get('draft:599'));
  });
});
