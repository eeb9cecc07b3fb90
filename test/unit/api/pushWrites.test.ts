// The record writes' requests, built without sending: a create, an update and a delete go where
// Accounting API 2.1.0 says (options under the type's sync name, bank transactions under their bank
// account), with the contract's query parameters, and a type whose contract lacks the write is
// refused before anything is sent.
import * as assert from 'node:assert/strict';
import { DATA_TYPES } from '../../../src/dataTypes/catalog';
import { isApiError } from '../../../src/api/errors';
import {
  deleteRecordRequest,
  pushOptionsRequest,
  pushRequest,
  updateRecordRequest,
  type WriteKind,
} from '../../../src/api/pushes';

const PLACE = { companyId: 'co-1', connectionId: 'cx-1' };
const BANK = { ...PLACE, parentId: 'ba 1' };
const at = (type: string) => (type === 'bankTransactions' ? BANK : PLACE);

function refusal(build: () => unknown): string {
  try {
    build();
  } catch (e) {
    if (isApiError(e) && e.kind === 'invalidParameter') return e.message;
    throw e;
  }
  assert.fail('expected a refusal');
}

const BUILD: Record<WriteKind, (type: never) => unknown> = {
  create: (type) => pushRequest(at(type), type, {}),
  update: (type) => updateRecordRequest(at(type), type, 'r-1', {}),
  delete: (type) => deleteRecordRequest(at(type), type, 'r-1'),
};

describe('record writes: requests', () => {
  it('creates where the contract says, its options under the sync name', () => {
    assert.equal(
      pushOptionsRequest(PLACE, 'accounts').path,
      '/companies/co-1/connections/cx-1/options/chartOfAccounts',
    );
    assert.equal(pushRequest(PLACE, 'accounts', {}).path, '/companies/co-1/connections/cx-1/push/accounts');
    assert.equal(
      pushRequest(PLACE, 'invoices', { a: 1 }, { timeoutInMinutes: 5 }).path,
      '/companies/co-1/connections/cx-1/push/invoices?timeoutInMinutes=5',
    );
  });

  it('creates bank transactions under their bank account, and refuses them without it', () => {
    assert.equal(
      pushOptionsRequest(BANK, 'bankTransactions').path,
      '/companies/co-1/connections/cx-1/options/bankAccounts/ba%201/bankTransactions',
    );
    assert.equal(
      pushRequest(BANK, 'bankTransactions', {}).path,
      '/companies/co-1/connections/cx-1/push/bankAccounts/ba%201/bankTransactions',
    );
    assert.match(
      refusal(() => pushRequest(PLACE, 'bankTransactions', {})),
      /accountId/,
    );
    assert.match(
      refusal(() => pushOptionsRequest({ ...PLACE, parentId: '..' }, 'bankTransactions')),
      /accountId/,
    );
  });

  it('updates with PUT, forceUpdate and timeoutInMinutes as the contract has them', () => {
    const r = updateRecordRequest(PLACE, 'invoices', 'inv 1', { id: 'x' }, { forceUpdate: true, timeoutInMinutes: 3 });
    assert.equal(r.method, 'PUT');
    assert.equal(r.path, '/companies/co-1/connections/cx-1/push/invoices/inv%201?forceUpdate=true&timeoutInMinutes=3');
    assert.deepEqual(r.body, { id: 'x' });
    assert.equal(
      updateRecordRequest(PLACE, 'bankAccounts', 'b', {}).path,
      '/companies/co-1/connections/cx-1/push/bankAccounts/b',
    );
    assert.match(
      refusal(() => updateRecordRequest(PLACE, 'invoices', 'i', [] as never)),
      /JSON object/,
    );
    assert.match(
      refusal(() => updateRecordRequest(PLACE, 'invoices', '', {})),
      /invoiceId/,
    );
    assert.match(
      refusal(() => updateRecordRequest(PLACE, 'invoices', 'i', {}, { timeoutInMinutes: -1 })),
      /timeout/,
    );
  });

  it('deletes with DELETE and no body', () => {
    const r = deleteRecordRequest(PLACE, 'journalEntries', 'je-1');
    assert.deepEqual(r, { method: 'DELETE', path: '/companies/co-1/connections/cx-1/push/journalEntries/je-1' });
    assert.match(
      refusal(() => deleteRecordRequest({ ...PLACE, connectionId: '' }, 'bills', 'b')),
      /connectionId/,
    );
  });

  it('refuses, for every type, each write its contract lacks, and builds each it has', () => {
    let built = 0;
    for (const spec of DATA_TYPES) {
      for (const kind of ['create', 'update', 'delete'] as const) {
        const build = () => BUILD[kind](spec.id as never);
        if (spec.writes?.[kind]) {
          assert.doesNotThrow(build, `${kind} ${spec.id}`);
          built++;
        } else assert.match(refusal(build), new RegExp(`${spec.id} cannot be`), `${kind} ${spec.id}`);
      }
    }
    assert.ok(built >= 18 + 8 + 4, 'the contract’s creates, updates and deletes');
  });
});
