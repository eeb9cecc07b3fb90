// Where a type's records are read (requests.ts ListPlace): the company's data, a connection's, a
// parent record's; every id checked, a place short of what its type needs refused before sending;
// and a record of a type without a GET of one read through its list (listedRecord.ts).
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import type { DataRecord, Page } from '../../../src/api/models';
import { listedRecord } from '../../../src/api/listedRecord';
import { listTemplate, recordRequest, recordsRequest, type ListPlace } from '../../../src/api/requests';
import { DATA_TYPES, idParameter, type DataTypeId } from '../../../src/dataTypes/catalog';
import { contractType } from '../../contract/contract';
import { createRedactor } from '../../../src/api/redact';

const refused = (parameter: string, path?: string) => (e: unknown) =>
  e instanceof ApiError &&
  e.kind === 'invalidParameter' &&
  e.attempts === 0 &&
  e.validation?.parameter === parameter &&
  (path === undefined || e.path === path);

const ACCOUNT_PLACE: ListPlace = { companyId: 'c1', connectionId: 'cn1', parentId: 'ba 1' };
const TX_LIST = '/companies/c1/connections/cn1/data/bankAccounts/ba%201/bankTransactions';

describe('record places', () => {
  it("every type's place, parent and GET of one are the contract's", () => {
    const param = /\{[^}]+\}$/;
    for (const spec of DATA_TYPES) {
      const contract = contractType(spec.id);
      assert.equal(listTemplate(spec), contract.listPath, spec.id);
      assert.equal(spec.scope, contract.scope, spec.id);
      assert.deepEqual(spec.parent, contract.parent, spec.id);
      assert.equal(spec.getOne !== false, contract.itemPath !== null, spec.id);
      // The record's id by our name for it: the contract names a bank account's `accountId`.
      const item = `${listTemplate(spec)}/{${idParameter(spec)}}`;
      if (contract.itemPath) assert.equal(item.replace(param, '{}'), contract.itemPath.replace(param, '{}'), spec.id);
    }
  });

  it('a company-scoped type lists under the company, by its id or by a place (a connection id is not used)', () => {
    assert.equal(recordsRequest('bills', 'c 1').path, '/companies/c%201/data/bills?page=1&pageSize=100');
    assert.equal(
      recordsRequest('trackingCategories', { companyId: 'c1', connectionId: 'cn1' }, { pageSize: 5 }).path,
      '/companies/c1/data/trackingCategories?page=1&pageSize=5',
    );
    assert.equal(recordRequest('journals', { companyId: 'c1' }, 'j?1').path, '/companies/c1/data/journals/j%3F1');
  });

  it('a connection-scoped type lists under the connection, and one record under it', () => {
    const place = { companyId: 'c1', connectionId: 'cn 1' };
    for (const type of [
      'bankAccounts',
      'accountTransactions',
      'transfers',
      'directCosts',
      'directIncomes',
      'itemReceipts',
    ] as const) {
      assert.equal(
        recordsRequest(type, place).path,
        `/companies/c1/connections/cn%201/data/${type}?page=1&pageSize=100`,
      );
      assert.match(
        recordRequest(type, place, 'r#1').path,
        new RegExp(`^/companies/c1/connections/cn%201/data/${type}/r%231$`),
      );
    }
  });

  it('bank transactions list under their account, in their connection', () => {
    assert.equal(
      recordsRequest('bankTransactions', ACCOUNT_PLACE, { query: 'amount>0', orderBy: '-clearedOnDate' }).path,
      `${TX_LIST}?page=1&pageSize=100&query=amount%3E0&orderBy=-clearedOnDate`,
    );
  });

  it('refuses a connection-scoped type without its connection, a bank transaction without its account, and bad ids', () => {
    assert.throws(
      () => recordsRequest('bankAccounts', 'c1'),
      refused('connectionId', '/companies/{companyId}/connections/{connectionId}/data/bankAccounts'),
    );
    assert.throws(() => recordsRequest('transfers', { companyId: 'c1', connectionId: ' ' }), refused('connectionId'));
    assert.throws(
      () => recordsRequest('bankTransactions', { companyId: 'c1', connectionId: 'cn1' }),
      refused(
        'accountId',
        '/companies/{companyId}/connections/{connectionId}/data/bankAccounts/{accountId}/bankTransactions',
      ),
    );
    assert.throws(() => recordsRequest('bankTransactions', { ...ACCOUNT_PLACE, parentId: '..' }), refused('accountId'));
    assert.throws(
      () => recordsRequest('bankAccounts', { companyId: 'c1', connectionId: 'a/b' }),
      refused('connectionId'),
    );
    assert.throws(() => recordsRequest('bankAccounts', { companyId: '', connectionId: 'cn1' }), refused('companyId'));
    assert.throws(
      () => recordRequest('directCosts', { companyId: 'c1', connectionId: 'cn1' }, 'x\ny'),
      refused('directCostId', '/companies/{companyId}/connections/{connectionId}/data/directCosts/{directCostId}'),
    );
    assert.throws(
      () => recordRequest('directCosts', { companyId: 'c1' }, 'd1'),
      refused('connectionId', '/companies/{companyId}/connections/{connectionId}/data/directCosts/{directCostId}'),
    );
  });

  it('every type builds its list and one record at a full place', () => {
    for (const spec of DATA_TYPES) {
      const list = recordsRequest(spec.id, ACCOUNT_PLACE).path.split('?')[0];
      assert.equal(
        recordRequest(spec.id, ACCOUNT_PLACE, 'r1').path.split('?')[0],
        spec.getOne === false ? list : `${list}/r1`,
      );
    }
  });
});

describe('a record read through its list', () => {
  it('asks the list for the id, one a page, the id quoted where the filter language needs it', () => {
    assert.equal(
      recordRequest('bankTransactions', ACCOUNT_PLACE, 't1').path,
      `${TX_LIST}?page=1&pageSize=1&query=id%3Dt1`,
    );
    assert.equal(
      recordRequest('bankTransactions', ACCOUNT_PLACE, 'a&b').path,
      `${TX_LIST}?page=1&pageSize=1&query=id%3D%22a%26b%22`,
    );
    assert.equal(recordRequest('bills', 'c1', 'b1').path, '/companies/c1/data/bills/b1', 'a type with a GET of one');
  });

  it('refuses what a GET of the record would refuse', () => {
    const template = `/companies/{companyId}/connections/{connectionId}/data/bankAccounts/{accountId}/bankTransactions?query=id={bankTransactionId}`;
    assert.throws(() => recordRequest('bankTransactions', ACCOUNT_PLACE, ''), refused('bankTransactionId', template));
    assert.throws(() => recordRequest('bankTransactions', ACCOUNT_PLACE, 'a/b'), refused('bankTransactionId'));
    assert.throws(
      () => recordRequest('bankTransactions', { companyId: 'c1', connectionId: 'cn1' }, 't1'),
      refused('accountId', template),
    );
    assert.throws(() => recordRequest('nope' as DataTypeId, 'c1', 't1'), refused('dataType'));
  });

  const page = (results: DataRecord[]): Page<DataRecord> => ({
    results,
    pageNumber: 1,
    pageSize: 1,
    totalResults: results.length,
    _links: { self: { href: '/x' }, current: { href: '/x' } },
  });
  const redact = createRedactor('secret-key-123456');

  it('answers the record with the id asked for', () => {
    const request = recordRequest('bankTransactions', ACCOUNT_PLACE, 't1');
    const record = { id: 't1', amount: 3 };
    assert.equal(listedRecord(page([record]), 't1', request, 'http://h', redact), record);
  });

  it('a list without it answers as a 404 of the record, naming the request sent', () => {
    const request = recordRequest('bankTransactions', ACCOUNT_PLACE, 't1');
    for (const results of [[], [{ id: 'T1' }]]) {
      assert.throws(
        () => listedRecord(page(results), 't1', request, 'http://h', redact),
        (e) =>
          e instanceof ApiError &&
          e.kind === 'notFound' &&
          e.status === 404 &&
          e.path === request.path &&
          e.request?.url === `http://h${request.path}` &&
          /no record with id t1 in \/companies\/c1\/connections\/cn1\/data\/bankAccounts\/ba%201\/bankTransactions$/.test(
            e.message,
          ),
      );
    }
  });
});
