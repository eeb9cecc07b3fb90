// The paths that label a followed push or sync name what the client sends for it, and encode an
// id the server gave back rather than refuse it.
import * as assert from 'node:assert/strict';
import {
  dataStatusPath,
  pullOperationPath,
  pushHistoryPath,
  pushOperationPath,
  pushPath,
} from '../../../src/api/paths';
import { pushOperationRequest, pushOperationsRequest, pushRequest } from '../../../src/api/pushes';
import { dataStatusRequest, pullOperationRequest } from '../../../src/api/syncs';

describe('api paths of followed operations', () => {
  const company = '8a210b68-6988-11ed-a1eb-0242ac120002';
  const key = 'c1f1a8c1-0000-4000-8000-000000000001';

  it('name what the client requests', () => {
    assert.equal(pushOperationPath(company, key), pushOperationRequest(company, key).path);
    assert.equal(pushHistoryPath(company), pushOperationsRequest(company).path.split('?')[0]);
    assert.equal(
      pushPath(company, 'conn-1', 'invoices'),
      pushRequest({ companyId: company, connectionId: 'conn-1' }, 'invoices', {}).path,
    );
    assert.equal(pullOperationPath(company, key), pullOperationRequest(company, key).path);
    assert.equal(dataStatusPath(company), dataStatusRequest(company).path);
  });

  it('encode an id with a slash or a space, which the request builders refuse', () => {
    assert.equal(pushOperationPath('a/b', 'k y'), '/companies/a%2Fb/push/k%20y');
    assert.equal(pullOperationPath('c', '../x'), '/companies/c/data/history/..%2Fx');
    assert.throws(() => pullOperationRequest('c', '../x'));
  });
});
