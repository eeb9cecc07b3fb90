// Asserting on the client's failures: the promise rejects with an ApiError of the expected kind,
// returned for further checks (its attempts, status, body).
import * as assert from 'node:assert/strict';
import { ApiError, type ApiErrorKind } from '../../src/api/errors';

export async function rejectsWith(promise: Promise<unknown>, kind: ApiErrorKind): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
    assert.equal(e.kind, kind, e.message);
    return e;
  }
  assert.fail(`expected a ${kind} error`);
}
