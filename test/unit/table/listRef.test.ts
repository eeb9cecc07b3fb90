import * as assert from 'node:assert/strict';
import { parseListRef } from '../../../src/table/listRef';

describe('table list reference (saved state)', () => {
  const ref = { accountId: 'a1', companyId: 'c1', dataType: 'invoices', key: 'invoices:c1' };

  it('reads back what was saved, place and query included', () => {
    assert.deepEqual(parseListRef(ref), ref);
    const full = { ...ref, connectionId: 'x', query: { query: 'status=Paid', orderBy: '-totalAmount' } };
    assert.deepEqual(parseListRef(full), full);
  });

  it('refuses what is not one: a wrong kind of field, an unknown type, a malformed query', () => {
    for (const bad of [
      undefined,
      'invoices',
      { ...ref, accountId: 1 },
      { ...ref, key: undefined },
      { ...ref, dataType: 'widgets' },
      { ...ref, connectionId: 5 },
      { ...ref, query: 'status=Paid' },
      { ...ref, query: { orderBy: 3 } },
    ])
      assert.equal(parseListRef(bad), undefined, JSON.stringify(bad));
  });

  it('drops fields it does not know', () => {
    assert.deepEqual(parseListRef({ ...ref, extra: '<script>' }), ref);
  });
});
