// The connection, integration, validation and company-write requests as built (what Copy as cURL
// copies): their paths, encodings and bodies, every id and body refused before anything is sent,
// and the checks of their answers.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { isConnection, isIntegration, isPullValidation } from '../../../src/api/connections';
import { ApiError, type ApiErrorKind } from '../../../src/api/errors';
import { MAX_QUERY_LENGTH } from '../../../src/query';
import { TestServer } from '../../support/httpDouble';

const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const BASE = 'https://api.example.test';
const client = (baseUrl = BASE) => new DataPlatformClient({ baseUrl, apiKey: KEY });

/** The call throws a refusal of `parameter` without sending. */
function refuses(call: () => unknown, parameter: string, kind: ApiErrorKind = 'invalidParameter'): void {
  assert.throws(call, (e: unknown) => {
    assert.ok(e instanceof ApiError, String(e));
    assert.equal(e.kind, kind, e.message);
    assert.equal(e.attempts, 0);
    assert.equal(e.validation?.parameter, parameter, e.message);
    return true;
  });
}

describe('connections API: requests as built', () => {
  const c = client();

  it('the integrations: paged, query and orderBy checked against the Integration schema', () => {
    assert.deepEqual(c.connections.integrationsRequest(), {
      method: 'GET',
      url: `${BASE}/integrations?page=1&pageSize=100`,
    });
    assert.deepEqual(
      c.connections.integrationsRequest({
        pageSize: 20,
        query: 'enabled=true && sourceType=Accounting',
        orderBy: '-name',
      }),
      {
        method: 'GET',
        url: `${BASE}/integrations?page=1&pageSize=20&query=enabled%3Dtrue%20%26%26%20sourceType%3DAccounting&orderBy=-name`,
      },
    );
    refuses(() => c.connections.integrationsRequest({ query: 'colour=blue' }), 'query', 'invalidQuery');
    refuses(() => c.connections.integrationsRequest({ orderBy: 'datatypeFeatures' }), 'orderBy', 'invalidQuery');
    refuses(() => c.connections.integrationsRequest({ pageSize: 0 }), 'pageSize');
  });

  it('a connection and its writes: ids encoded as one segment, bodies as the contract has them', () => {
    const [company, connection] = ['co 1', 'cx?#1'];
    const at = `${BASE}/companies/co%201/connections/cx%3F%231`;
    assert.deepEqual(c.connections.connectionRequest(company, connection), { method: 'GET', url: at });
    assert.deepEqual(c.connections.unlinkRequest(company, connection), {
      method: 'PATCH',
      url: at,
      body: { status: 'Unlinked' },
    });
    assert.deepEqual(c.connections.deleteRequest(company, connection), { method: 'DELETE', url: at });
    assert.deepEqual(c.connections.updateAuthorizationRequest(company, connection, { token: 'a', realm: '' }), {
      method: 'PUT',
      url: `${at}/authorization`,
      body: { token: 'a', realm: '' },
    });
    assert.deepEqual(c.connections.createRequest(company, 'gbol'), {
      method: 'POST',
      url: `${BASE}/companies/co%201/connections`,
      body: { platformKey: 'gbol' },
    });
    assert.deepEqual(c.connections.validationRequest(company, 'ds-1'), {
      method: 'GET',
      url: `${BASE}/companies/co%201/sync/ds-1/validation`,
    });
  });

  const unsafeIds = ['', '  ', '.', '..', 'a/b', 'a\\b', 'x\ny', 'x\u2028y', 'x\u0000', 'x\ud800'];

  it('refuses every id that could change the path, naming the parameter', () => {
    for (const bad of unsafeIds) {
      refuses(() => c.connections.connectionRequest(bad, 'cx'), 'companyId');
      refuses(() => c.connections.connectionRequest('co', bad), 'connectionId');
      refuses(() => c.connections.unlinkRequest('co', bad), 'connectionId');
      refuses(() => c.connections.deleteRequest(bad, 'cx'), 'companyId');
      refuses(() => c.connections.updateAuthorizationRequest('co', bad, {}), 'connectionId');
      refuses(() => c.connections.createRequest(bad, 'gbol'), 'companyId');
      refuses(() => c.connections.createRequest('co', bad), 'platformKey');
      refuses(() => c.connections.validationRequest(bad, 'ds'), 'companyId');
      refuses(() => c.connections.validationRequest('co', bad), 'datasetId');
      refuses(() => c.companies.updateRequest(bad, { name: 'A' }), 'companyId');
      refuses(() => c.companies.deleteRequest(bad), 'companyId');
    }
  });

  it('refuses an authorization that is not an object of text values', () => {
    for (const bad of <unknown[]>[
      null,
      [],
      'token',
      { token: 1 },
      { nested: { a: 'b' } },
      { list: ['a'] },
      { missing: null },
    ])
      refuses(
        () => c.connections.updateAuthorizationRequest('co', 'cx', bad as Record<string, string>),
        'authorization',
      );
  });

  it('a company update: the fields given, no more; refused when empty or a field is wrong', () => {
    const url = `${BASE}/companies/co1`;
    assert.deepEqual(c.companies.updateRequest('co1', { name: 'Bank of Dave' }), {
      method: 'PATCH',
      url,
      body: { name: 'Bank of Dave' },
    });
    assert.deepEqual(c.companies.updateRequest('co1', { description: '', tags: { region: 'uk' } }), {
      method: 'PATCH',
      url,
      body: { description: '', tags: { region: 'uk' } },
    });
    assert.deepEqual(c.companies.deleteRequest('co1'), { method: 'DELETE', url });
    refuses(() => c.companies.updateRequest('co1', {}), 'body');
    refuses(() => c.companies.updateRequest('co1', undefined as never), 'body');
    refuses(() => c.companies.updateRequest('co1', { name: '  ' }), 'name');
    refuses(() => c.companies.updateRequest('co1', { description: 3 as never }), 'description');
    refuses(() => c.companies.updateRequest('co1', { tags: { n: 1 } as never }), 'tags');
    refuses(() => c.companies.updateRequest('co1', { tags: ['uk'] as never }), 'tags');
  });

  it('the companies list sends its tags filter last, encoded as a query value', () => {
    assert.equal(
      c.companiesRequest({ tags: 'region=uk && team=invoice-finance' }).url,
      `${BASE}/companies?page=1&pageSize=100&tags=region%3Duk%20%26%26%20team%3Dinvoice-finance`,
    );
    assert.equal(
      c.companiesRequest({ page: 2, pageSize: 5, query: 'name~Acme', orderBy: '-created', tags: 'team!=x' }).url,
      `${BASE}/companies?page=2&pageSize=5&query=name~Acme&orderBy=-created&tags=team%21%3Dx`,
    );
    for (const bad of ['', '   ', 'a=b\nX: 1', 'a=\u0007', 'a=\u2029', 'a=\udc00', 'x'.repeat(MAX_QUERY_LENGTH + 1), 7])
      refuses(() => c.companiesRequest({ tags: bad as string }), 'tags');
    assert.ok(c.companiesRequest({ tags: 'x'.repeat(MAX_QUERY_LENGTH) }).url.endsWith('x'));
  });

  it('a refused request sends nothing: the call rejects with no attempt made', async () => {
    const server = await TestServer.start();
    try {
      const s = client(server.url);
      const refusals: Array<() => Promise<unknown>> = [
        () => s.connections.get('..', 'cx'),
        () => s.connections.create('co', ''),
        () => s.connections.unlink('co', 'a/b'),
        () => s.connections.delete('co', '.'),
        () => s.connections.updateAuthorization('co', 'cx', { a: 1 } as never),
        () => s.connections.validation('co', '..'),
        () => s.connections.getIntegration('../apiKeys'),
        () => s.connections.listIntegrations({ query: 'nope=1' }),
        () => s.connections.connectionPages('..')(undefined, {}),
        () => s.connections.integrationPages({ orderBy: 'nope' })(undefined, {}),
        () => s.companies.update('co', {}),
        () => s.companies.delete('\n'),
        () => s.listCompanies({ tags: '' }),
      ];
      for (const call of refusals) {
        await assert.rejects(call(), (e: unknown) => e instanceof ApiError && e.attempts === 0);
      }
      assert.equal(server.count, 0);
    } finally {
      await server.close();
    }
  });
});

describe('connections API: the answers it takes', () => {
  it('an integration has a key, a name and whether it is enabled', () => {
    assert.ok(isIntegration({ key: 'gbol', name: 'Xero', enabled: true }));
    assert.ok(isIntegration({ key: 'gbol', name: '', enabled: false, logoUrl: 'javascript:alert(1)', extra: [1] }));
    for (const bad of [
      null,
      [],
      { name: 'Xero', enabled: true },
      { key: '', name: 'Xero', enabled: true },
      { key: 1, name: 'Xero', enabled: true },
      { key: 'gbol', enabled: true },
      { key: 'gbol', name: 'Xero', enabled: 'true' },
      { key: 'gbol', name: 'Xero' },
    ])
      assert.equal(isIntegration(bad), false, JSON.stringify(bad));
  });

  it('a connection has an id, a platform name and a status of any text', () => {
    assert.ok(isConnection({ id: 'cx', platformName: 'Xero', status: 'SomethingNew' }));
    for (const bad of [
      { platformName: 'Xero', status: 'Linked' },
      { id: '', platformName: 'X', status: 'Linked' },
      { id: 'cx', platformName: 'X' },
    ])
      assert.equal(isConnection(bad), false, JSON.stringify(bad));
  });

  it('a validation result: lists absent or of items whose fields are text', () => {
    const item = { ruleId: 'accounting-bill-030', itemId: 'b1', message: 'Missing', validatorName: 'Bills' };
    assert.ok(isPullValidation({}));
    assert.ok(isPullValidation({ errors: [item], warnings: [] }));
    assert.ok(isPullValidation({ warnings: [{}] }));
    for (const bad of [
      null,
      [],
      { errors: null },
      { errors: 'none' },
      { warnings: {} },
      { errors: [null] },
      { errors: ['x'] },
      { errors: [{ ...item, message: 3 }] },
      { warnings: [{ ruleId: {} }] },
    ])
      assert.equal(isPullValidation(bad), false, JSON.stringify(bad));
  });
});
