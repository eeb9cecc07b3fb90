import * as assert from 'node:assert/strict';
import { DATA_TYPES, dataType } from '../../../src/dataTypes/catalog';
import {
  CONNECTION_TOP_TYPES,
  DATA_FOLDER_TYPES,
  childTypes,
  isAccounting,
  spotKey,
  typesAt,
} from '../../../src/tree/typePlaces';

describe('where the tree lists each data type (from the catalog alone)', () => {
  it('lists every type at exactly one kind of place: the Data folder, a connection, or a parent record', () => {
    const underParent = DATA_TYPES.flatMap((d) => childTypes(d.id));
    const places = [DATA_FOLDER_TYPES, CONNECTION_TOP_TYPES, underParent].map((l) => l.map((d) => d.id));
    assert.deepEqual(places.flat().sort(), DATA_TYPES.map((d) => d.id).sort(), 'each type once');
    for (const id of places[0]) assert.equal(dataType(id).scope, undefined, `${id} is the company's`);
    for (const id of places[1]) assert.equal(dataType(id).scope, 'connection', `${id} is a connection's`);
    for (const id of places[2]) assert.ok(dataType(id).parent, `${id} has a parent`);
  });

  it('puts bank transactions under a bank account only, and the other types per connection at its top', () => {
    assert.deepEqual(
      childTypes('bankAccounts').map((d) => d.id),
      ['bankTransactions'],
    );
    assert.deepEqual(childTypes('invoices'), []);
    assert.ok(!CONNECTION_TOP_TYPES.some((d) => d.id === 'bankTransactions'));
    assert.deepEqual(
      CONNECTION_TOP_TYPES.map((d) => d.id),
      DATA_TYPES.filter((d) => d.scope === 'connection' && !d.parent).map((d) => d.id),
      'in the catalog order',
    );
  });

  it('offers Run Query the types of the place it runs at', () => {
    assert.deepEqual(typesAt(), DATA_FOLDER_TYPES);
    assert.deepEqual(typesAt({ connectionId: 'cn' }), CONNECTION_TOP_TYPES);
    assert.deepEqual(
      typesAt({ connectionId: 'cn', parentId: 'ba' }).map((d) => d.id),
      ['bankTransactions'],
    );
  });

  it('keys a spot by its ids, one key per place', () => {
    const keys = [{}, { connectionId: 'a' }, { connectionId: 'a', parentId: 'b' }, { connectionId: 'b' }].map(spotKey);
    assert.equal(keys[0], '', 'a company-scoped list keeps the key it had');
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(
      spotKey({ connectionId: 'a', name: 'Xero' }),
      spotKey({ connectionId: 'a', name: 'Sage' }),
      'not by name',
    );
  });

  it('takes a connection with no source type for an accounting one, a banking one not', () => {
    assert.equal(isAccounting({ sourceType: 'Accounting' }), true);
    assert.equal(isAccounting({ sourceType: '' }), true);
    assert.equal(isAccounting({ sourceType: 'Banking' }), false);
  });
});
