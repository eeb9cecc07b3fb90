// What the report panel accepts from its page and from a saved state: the page's messages and a
// revived panel's state are untrusted input, so a parameter out of the contract's bounds, a date
// that is not a day, or a state that is not ours never makes a request.
import * as assert from 'node:assert/strict';
import {
  agedParamsOf,
  defaultParams,
  pageMessageOf,
  pageStateOf,
  paramsOf,
  statementParamsOf,
} from '../../../src/panels/reportProtocol';

describe('report protocol: what the host accepts from the page', () => {
  it('takes statement parameters within bounds, the start month as a month’s first day', () => {
    assert.deepEqual(statementParamsOf({ periodLength: 3, periodsToCompare: 24, startMonth: '2025-04-01' }), {
      periodLength: 3,
      periodsToCompare: 24,
      startMonth: '2025-04-01',
    });
    assert.deepEqual(statementParamsOf({ periodLength: 1, periodsToCompare: 1 }), {
      periodLength: 1,
      periodsToCompare: 1,
    });
    for (const wrong of [
      { periodLength: 0, periodsToCompare: 3 },
      { periodLength: 13, periodsToCompare: 3 },
      { periodLength: 1, periodsToCompare: 25 },
      { periodLength: 1.5, periodsToCompare: 3 },
      { periodLength: '1', periodsToCompare: 3 },
      { periodLength: 1, periodsToCompare: 3, startMonth: '2025-04-15' },
      { periodLength: 1, periodsToCompare: 3, startMonth: '2025-02-30' },
      { periodLength: 1, periodsToCompare: 3, startMonth: '<b>x</b>' },
      null,
      'periodLength=1',
    ])
      assert.equal(statementParamsOf(wrong), undefined, JSON.stringify(wrong));
  });

  it('takes aged report parameters each optional, a real day as the report date', () => {
    assert.deepEqual(agedParamsOf({}), {});
    assert.deepEqual(agedParamsOf({ reportDate: '2024-02-29', numberOfPeriods: 4, periodLengthDays: 30 }), {
      reportDate: '2024-02-29',
      numberOfPeriods: 4,
      periodLengthDays: 30,
    });
    for (const wrong of [
      { reportDate: '2023-02-29' },
      { reportDate: '29/02/2024' },
      { numberOfPeriods: 0 },
      { numberOfPeriods: 25 },
      { periodLengthDays: 367 },
      { periodLengthDays: -30 },
    ])
      assert.equal(agedParamsOf(wrong), undefined, JSON.stringify(wrong));
  });

  it('checks parameters by the report’s kind', () => {
    assert.equal(paramsOf('agedDebtor', { periodLength: 1, periodsToCompare: 3 })?.constructor, Object);
    assert.deepEqual(paramsOf('agedDebtor', { periodLength: 1, periodsToCompare: 3 }), {});
    assert.equal(paramsOf('profitAndLoss', {}), undefined);
    assert.deepEqual(defaultParams('agedCreditor'), {});
    assert.ok('periodLength' in defaultParams('balanceSheet'));
  });

  it('accepts only the page’s known messages, parameters checked', () => {
    assert.deepEqual(pageMessageOf('profitAndLoss', { type: 'refresh', extra: 1 }), { type: 'refresh' });
    assert.deepEqual(
      pageMessageOf('profitAndLoss', { type: 'params', params: { periodLength: 6, periodsToCompare: 2 } }),
      {
        type: 'params',
        params: { periodLength: 6, periodsToCompare: 2 },
      },
    );
    assert.equal(pageMessageOf('profitAndLoss', { type: 'params', params: { periodLength: 6 } }), undefined);
    assert.equal(pageMessageOf('profitAndLoss', { type: 'fetch', url: 'https://example.com' }), undefined);
    assert.equal(pageMessageOf('profitAndLoss', 'ready'), undefined);
  });

  it('restores a saved state it made, and nothing else', () => {
    const saved = {
      version: 1,
      accountId: 'a1',
      companyId: 'c1',
      companyName: 'Acme',
      kind: 'balanceSheet',
      params: { periodLength: 3, periodsToCompare: 4 },
    };
    assert.deepEqual(pageStateOf(saved), saved);
    assert.deepEqual(pageStateOf({ ...saved, params: { periodLength: 99 } })?.params, defaultParams('balanceSheet'));
    assert.equal(pageStateOf({ ...saved, version: 2 }), undefined);
    assert.equal(pageStateOf({ ...saved, kind: 'info' }), undefined);
    assert.equal(pageStateOf({ ...saved, companyId: '' }), undefined);
    assert.equal(pageStateOf(undefined), undefined);
    assert.equal(pageStateOf({ ...saved, companyName: 7 })?.companyName, 'c1');
  });
});
