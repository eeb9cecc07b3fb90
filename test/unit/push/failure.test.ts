// A push that did not succeed reads in the diagnostics panel like an HTTP failure: its validation
// in the body, the operation whole as the raw body, never marked retryable.
import * as assert from 'node:assert/strict';
import type { PushOperation } from '../../../src/api/models';
import { pushFailure } from '../../../src/push/failure';

const failed: PushOperation = {
  pushOperationKey: 'k/1',
  companyId: 'c 1',
  dataConnectionKey: 'conn-1',
  dataType: 'invoices',
  status: 'Failed',
  statusCode: 400,
  requestedOnUtc: '2026-11-26T14:03:12Z',
  validation: { errors: [{ itemId: 'customerRef.id', message: 'Customer is required' }], warnings: [] },
};

describe('push failures as diagnostics entries', () => {
  it('a validation failure: badRequest, its errors in the body, the operation as the raw body', () => {
    const e = pushFailure(failed);
    assert.equal(e.kind, 'badRequest');
    assert.equal(e.status, 400);
    assert.equal(e.message, 'Push of invoices failed: customerRef.id: Customer is required');
    assert.deepEqual(e.body?.validation, failed.validation);
    assert.deepEqual(JSON.parse(e.rawBody ?? ''), failed);
    assert.equal(e.method, 'POST');
    assert.equal(e.path, '/companies/c%201/connections/conn-1/push/invoices');
    assert.equal(e.retryable, false);
  });

  it('a refusal without validation is a server failure with the platform’s message', () => {
    const e = pushFailure({ ...failed, validation: undefined, statusCode: 500, errorMessage: 'Xero said no' });
    assert.equal(e.kind, 'server');
    assert.equal(e.message, 'Push of invoices failed: Xero said no');
  });

  it('a timed-out push says so', () => {
    const e = pushFailure({ ...failed, status: 'TimedOut', validation: undefined, statusCode: 504 });
    assert.equal(e.kind, 'timeout');
    assert.equal(e.message, 'Push of invoices timed out: The platform did not take the push in time.');
  });
});
