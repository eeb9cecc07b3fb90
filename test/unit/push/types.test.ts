// A draft's text as the record to push: JSON, an object, its `$schema` line dropped.
import * as assert from 'node:assert/strict';
import { draftBody, isPushType } from '../../../src/push/types';

describe('push drafts', () => {
  it('drops the $schema line and keeps the rest as written', () => {
    assert.deepEqual(draftBody('{"$schema":"dataplatform-json:/s/1.json","status":"Draft","n":1}'), {
      ok: true,
      body: { status: 'Draft', n: 1 },
    });
  });

  it('refuses text that is not JSON, and JSON that is not an object', () => {
    for (const text of ['{"a":', '[1]', 'null', '"x"', '']) {
      const r = draftBody(text);
      assert.equal(r.ok, false, text);
    }
    const r = draftBody('[]');
    assert.ok(!r.ok && r.message === 'the record must be a JSON object');
  });

  it('offers the types the API pushes, not the others', () => {
    assert.ok(isPushType('invoices') && isPushType('payments'));
    assert.ok(!isPushType('journalEntries') && !isPushType('companies'));
  });
});
