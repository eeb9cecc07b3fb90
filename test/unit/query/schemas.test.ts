import * as assert from 'node:assert/strict';
import { INVOICE_SCHEMA } from '../../../src/query/schemas';

describe('query schemas', () => {
  it('does not expose array fields to the filter language', () => {
    assert.ok(!Object.keys(INVOICE_SCHEMA.fields).some((f) => f.startsWith('lineItems')));
  });
});
