// Whether a record is what a push sent: every field sent that the record holds, as the platform
// writes it (numbers, instants), while totals it works out and fields it drops are not held
// against it; one field that differs makes it another push's.
import * as assert from 'node:assert/strict';
import { madeWhatWasSent } from '../../../src/push/madeWhatWasSent';

describe('madeWhatWasSent: whether a record is what a push sent', () => {
  const sent = {
    customerRef: { id: '40', companyName: '' },
    issueDate: '2026-01-15',
    note: ' Spring order ',
    subTotal: 0,
    lineItems: [
      { description: 'Roses', unitAmount: 12.5, quantity: 3, totalAmount: 0 },
      { description: 'Delivery', unitAmount: '10', quantity: 1 },
    ],
  };

  it('is the record the platform made of it: instants, numbers and trimmed text compared as written', () => {
    const stored = {
      id: 'inv-1',
      customerRef: { id: '40', companyName: 'Test Customer Ltd' },
      issueDate: '2026-01-15T00:00:00Z',
      note: 'Spring order',
      subTotal: 47.5,
      lineItems: [
        { description: 'Roses', unitAmount: 12.5, quantity: 3, totalAmount: 37.5 },
        { description: 'Delivery', unitAmount: 10, quantity: 1.0 },
      ],
    };
    assert.equal(madeWhatWasSent(sent, stored), true);
  });

  it('is not a record with one field sent that differs, in a line or at the top', () => {
    const base = { customerRef: { id: '40' }, issueDate: '2026-01-15', lineItems: sent.lineItems };
    assert.equal(madeWhatWasSent(sent, { ...base, customerRef: { id: '41' } }), false);
    assert.equal(madeWhatWasSent(sent, { ...base, issueDate: '2026-01-16' }), false);
    assert.equal(
      madeWhatWasSent(sent, { ...base, lineItems: [{ description: 'Tulips', unitAmount: 12.5, quantity: 3 }] }),
      false,
    );
    assert.equal(madeWhatWasSent({ isActive: true }, { isActive: 'true' }), false, 'a boolean is not its text');
  });

  it('cannot tell when the record shares no field with what was sent', () => {
    assert.equal(madeWhatWasSent(sent, { id: 'x', other: 1 }), undefined);
    assert.equal(madeWhatWasSent(sent, undefined), undefined);
    assert.equal(madeWhatWasSent(sent, 'text'), undefined);
    assert.equal(
      madeWhatWasSent({ subTotal: 5, name: '' }, { subTotal: 6, name: 'A' }),
      undefined,
      'nothing comparable',
    );
  });

  it('is bounded on a hostile record or body', () => {
    let deep: Record<string, unknown> = { v: 1 };
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    assert.equal(madeWhatWasSent(deep, deep), undefined, 'past the depth, nothing is compared');
    const wide = Object.fromEntries([...Array(100_000).keys()].map((i) => [`k${i}`, i]));
    assert.equal(madeWhatWasSent(wide, wide), true);
    assert.equal(madeWhatWasSent({ ['__proto__']: { id: 1 } }, {}), undefined);
  });
});
