import * as assert from 'node:assert/strict';
import { moveColumn, parsePrefs, prefsKey, prefsOf, shownColumns } from '../../../src/table/prefs';

describe('table column preferences', () => {
  const all = ['id', 'number', 'customer', 'amount'];

  it('without a choice every column shows, in the catalog order', () => {
    assert.deepEqual(shownColumns(all, undefined), all);
  });

  it('a choice keeps its order and hidden columns', () => {
    const prefs = prefsOf(all, ['amount', 'id']);
    assert.deepEqual(shownColumns(all, prefs), ['amount', 'id']);
  });

  it('ids the catalog lost are dropped; columns it gained are appended, shown', () => {
    const prefs = { shown: ['gone', 'amount', 'id'], known: ['id', 'number', 'customer', 'amount', 'gone'] };
    assert.deepEqual(shownColumns([...all, 'newField'], prefs), ['amount', 'id', 'newField']);
  });

  it('a stored value that is not a choice is ignored, duplicates dropped', () => {
    assert.equal(parsePrefs(undefined), undefined);
    assert.equal(parsePrefs({ shown: 'id', known: [] }), undefined);
    assert.equal(parsePrefs({ shown: [1], known: [] }), undefined);
    assert.equal(parsePrefs([]), undefined);
    assert.deepEqual(parsePrefs({ shown: ['a', 'a'], known: ['a'] }), { shown: ['a'], known: ['a'] });
  });

  it('prefsOf keeps only known columns, once each', () => {
    assert.deepEqual(prefsOf(all, ['x', 'id', 'id']), { shown: ['id'], known: all });
  });

  it('moves a column left or right within the ends', () => {
    assert.deepEqual(moveColumn(all, 'customer', -1), ['id', 'customer', 'number', 'amount']);
    assert.deepEqual(moveColumn(all, 'customer', 1), ['id', 'number', 'amount', 'customer']);
    assert.deepEqual(moveColumn(all, 'id', -1), all);
    assert.deepEqual(moveColumn(all, 'amount', 5), all);
    assert.deepEqual(moveColumn(all, 'nope', 1), all);
  });

  it('one key per type', () => {
    assert.notEqual(prefsKey('bills'), prefsKey('invoices'));
  });
});
