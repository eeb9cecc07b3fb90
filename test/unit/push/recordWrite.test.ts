// What a record's update and delete questions say of it, and where a write from a tree node goes.
import * as assert from 'node:assert/strict';
import { dataType } from '../../../src/dataTypes/catalog';
import { nodePlace, readPlace } from '../../../src/push/places';
import { recordAmount } from '../../../src/push/recordWrite';

describe('record writes: the record named', () => {
  it('names the amount in its currency where the type shows one', () => {
    assert.equal(recordAmount(dataType('invoices'), { totalAmount: 1234.5, currency: 'GBP' }, 'en-GB'), '1,234.50 GBP');
    assert.equal(recordAmount(dataType('bills'), { totalAmount: 12 }, 'en-GB'), '12.00');
    assert.equal(recordAmount(dataType('invoices'), { totalAmount: 'x', currency: 'GBP' }), undefined);
    assert.equal(recordAmount(dataType('customers'), { totalAmount: 5 }), undefined);
  });

  it('takes the connection and parent a tree node names, walking up to its list', () => {
    const list = { place: { companyId: 'c', connectionId: 'cx', parentId: 'ba' } };
    assert.deepEqual(nodePlace({ parent: list }), { connectionId: 'cx', parentId: 'ba' });
    assert.deepEqual(nodePlace({ place: { companyId: 'c' } }), {});
    assert.deepEqual(nodePlace({ parent: { parent: {} } }), {});
    assert.deepEqual(nodePlace(undefined), {});
  });

  it('reads a record of a company-scoped type by its company, a connection’s by its place', () => {
    const place = { companyId: 'c', connectionId: 'cx' };
    assert.equal(readPlace('invoices', place), 'c');
    assert.deepEqual(readPlace('bankAccounts', place), { companyId: 'c', connectionId: 'cx', parentId: undefined });
  });
});
