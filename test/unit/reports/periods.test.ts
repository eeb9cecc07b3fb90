// A period's heading and the order periods read in: whole months as months, anything else as
// days, the calendar day a DateTime names whatever its time or offset, oldest first.
import * as assert from 'node:assert/strict';
import { chronological, dayOf, periodLabel } from '../../../src/reports/periods';

const label = (from?: string, to?: string, locale = 'en') => periodLabel(dayOf(from), dayOf(to), locale);

describe('report periods', () => {
  it('a DateTime is the day it names, whatever follows; anything else is no day', () => {
    assert.equal(dayOf('2026-01-31T23:30:00-05:00')?.iso, '2026-01-31');
    assert.equal(dayOf('2026-01-31')?.iso, '2026-01-31');
    for (const no of ['2026-02-30', '2026-1-31', '31/01/2026', '2026-01-31 00:00', '', null, 20260131])
      assert.equal(dayOf(no), undefined, String(no));
  });

  it('headings: months, ranges of months, days', () => {
    assert.equal(label('2026-01-01', '2026-01-31'), 'Jan 2026');
    assert.equal(label('2026-01-01', '2026-03-31'), 'Jan–Mar 2026');
    assert.equal(label('2025-07-01', '2026-06-30'), 'Jul 2025–Jun 2026');
    assert.equal(label('2026-01-01', '2026-01-30'), '1 Jan 2026–30 Jan 2026');
    assert.equal(label('2026-01-15', '2026-01-15'), '15 Jan 2026');
    assert.equal(label(undefined, '2024-02-29'), 'Feb 2024');
    assert.equal(label(undefined, '2024-02-28'), '28 Feb 2024');
    assert.equal(label('2026-03-01'), '1 Mar 2026');
    assert.equal(label(), undefined);
    assert.equal(label('2026-03-01', '2026-03-31', 'fr'), 'mars 2026');
  });

  it('oldest first: by date when every period has one, else the API order reversed', () => {
    const dated = ['2026-03-31', '2026-01-31', '2026-02-28'];
    assert.deepEqual(chronological(dated, dayOf), [1, 2, 0]);
    assert.deepEqual(chronological(['2026-03-31', 'x', '2026-01-31'], dayOf), [2, 1, 0]);
    assert.deepEqual(chronological(['2026-01-31', '2026-01-31'], dayOf), [1, 0]);
    assert.deepEqual(chronological([], dayOf), []);
  });
});
