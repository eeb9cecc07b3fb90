import * as assert from 'node:assert/strict';
import { within } from '../../../src/util/within';

describe('within', () => {
  it('resolves when the promise resolves, before the limit', async () => {
    let done = false;
    const wait = within(new Promise((r) => setTimeout(r, 5)), 10_000).then(() => (done = true));
    await wait;
    assert.equal(done, true);
  });

  it('resolves, without rejecting, when the promise rejects', async () => {
    await within(Promise.reject(new Error('no keyring')), 10_000);
  });

  it('resolves at the limit when the promise never settles', async () => {
    const started = Date.now();
    await within(new Promise(() => undefined), 20);
    assert.ok(Date.now() - started >= 15);
  });
});
