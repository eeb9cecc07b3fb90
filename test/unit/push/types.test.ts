// A draft's text as the record to push: JSON, an object, its `$schema` line dropped.
import * as assert from 'node:assert/strict';
import { DATA_TYPES } from '../../../src/dataTypes/catalog';
import { canWrite, draftBody, draftTitle, isPushType, PUSH_TYPES, updateDraftBody } from '../../../src/push/types';

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

  it('offers the writes the catalog says the contract has, nothing by hand', () => {
    assert.ok(isPushType('invoices') && isPushType('payments') && isPushType('journalEntries'));
    assert.ok(!isPushType('taxRates') && !isPushType('companies'));
    assert.deepEqual(
      [...PUSH_TYPES],
      DATA_TYPES.filter((s) => s.writes?.create).map((s) => s.id),
    );
    assert.ok(canWrite('bills', 'delete') && canWrite('customers', 'update'));
    assert.ok(!canWrite('customers', 'delete') && !canWrite('payments', 'update') && !canWrite('nope', 'create'));
  });

  it('titles a new draft of every type it creates in words of its own', () => {
    const titles = PUSH_TYPES.map(draftTitle);
    assert.equal(new Set(titles).size, titles.length);
    assert.equal(draftTitle('accounts'), 'New account');
    assert.equal(draftTitle('journalEntries'), 'New journal entry');
  });

  it('an update keeps the record as read, its source date included, but not Codat’s metadata', () => {
    const record = { id: 'i-1', sourceModifiedDate: '2026-01-01T00:00:00Z', metadata: { isDeleted: false }, n: 1 };
    assert.deepEqual(updateDraftBody(record), { id: 'i-1', sourceModifiedDate: '2026-01-01T00:00:00Z', n: 1 });
  });
});
