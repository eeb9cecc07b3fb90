// The connection lifecycle, the integrations, companies changed, tagged and deleted and a pull's
// validation result, held to Codat's published contract (test/contract/codat.json): every new
// response the emulator gives fits the Platform API's schema, with a status the contract lists for
// its operation, and the bodies it takes are the contract's request bodies.
import * as assert from 'node:assert/strict';
import { CONTRACT, SCHEMAS, problems, type Schema } from '../../contract/contract';
import { SYNC_DURATION_MS, startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, admin, call, walk } from '../../emulator/testing';
import type { Company, DataConnection, Page, PullOperation } from '../../emulator/wire';

type Rec = Record<string, unknown>;

function fits(schema: Schema, body: unknown, what: string): void {
  const found = problems(schema, body);
  assert.deepEqual(found, [], `${what} breaks the contract:\n  ${found.slice(0, 20).join('\n  ')}`);
}

/** The link page's authorize form, posted as a browser would. */
async function authorize(linkUrl: string): Promise<number> {
  const html = await (await fetch(linkUrl)).text();
  const m =
    /<form id="authorize" method="post" action="([^"]+)"><input type="hidden" name="token" value="([^"]+)">/.exec(html);
  if (!m) throw new Error('no authorize form');
  const res = await fetch(new URL(m[1], linkUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `token=${m[2]}`,
  });
  return res.status;
}

describe('Codat contract: connections, integrations, companies changed, validation', function () {
  this.timeout(60000);
  let emu: RunningEmulator;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({ invoices: 60, companies: 20, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('names the paths, the list parameters (tags among them) and DELETE with no body', () => {
    assert.equal(CONTRACT.integrations.listPath, '/integrations');
    assert.deepEqual(CONTRACT.integrations.listQuery, ['page', 'pageSize', 'query', 'orderBy']);
    assert.deepEqual(CONTRACT.companies.listQuery, ['page', 'pageSize', 'query', 'orderBy', 'tags']);
    assert.equal(CONTRACT.connections.authorizationPath, `${CONTRACT.connections.itemPath}/authorization`);
    assert.equal(CONTRACT.connections.deleteHasBody, false);
    assert.deepEqual(CONTRACT.connections.statuses.delete.slice(0, 1), ['200']);
    assert.deepEqual(CONTRACT.companies.statuses.delete.slice(0, 1), ['204']);
    assert.equal(CONTRACT.validation.path, '/companies/{companyId}/sync/{datasetId}/validation');
  });

  it('integrations: every page and each integration', async () => {
    const pages = await walk<Rec>(emu, '/integrations?pageSize=3');
    for (const page of pages) fits(SCHEMAS.integrations, page.json, 'a page of integrations');
    for (const i of pages.flatMap((p) => p.json.results))
      fits(
        SCHEMAS.integration,
        (await call(emu, `/integrations/${String(i.key)}`)).json,
        `integration ${String(i.key)}`,
      );
    const missing = await call(emu, '/integrations/zzzz');
    assert.ok(CONTRACT.integrations.statuses.item.includes(String(missing.status)));
    fits(SCHEMAS.error, missing.json, 'an unknown integration');
  });

  it('a connection created, authorized, synced, unlinked, reauthorized and deleted', async () => {
    const company = emu.companies.empty;
    const base = `/companies/${company}/connections`;
    const body = { platformKey: 'gbol' };
    fits(CONTRACT.connections.createBody, body, 'the create body');
    const created = await call<DataConnection>(emu, base, { method: 'POST', body });
    assert.ok(CONTRACT.connections.statuses.create.includes(String(created.status)));
    fits(SCHEMAS.connection, created.json, 'a created connection');
    assert.equal(await authorize(created.json.linkUrl), 200);
    clock.advance(SYNC_DURATION_MS);
    const item = `${base}/${created.json.id}`;
    const synced = await call<DataConnection>(emu, item);
    assert.ok(synced.json.lastSync);
    fits(SCHEMAS.connection, synced.json, 'a linked, synced connection');
    for (const page of await walk<Rec>(emu, `${base}?pageSize=1`)) fits(SCHEMAS.connections, page.json, 'connections');
    const unlink = { status: 'Unlinked' };
    fits(CONTRACT.connections.updateBody, unlink, 'the PATCH body');
    const unlinked = await call(emu, item, { method: 'PATCH', body: unlink });
    assert.ok(CONTRACT.connections.statuses.update.includes(String(unlinked.status)));
    fits(SCHEMAS.connection, unlinked.json, 'an unlinked connection');
    await admin(emu, '/deauthorize', { method: 'POST', body: { companyId: company, connectionId: created.json.id } });
    const authorization = { apiKey: 'a', tenant: 'b' };
    fits(CONTRACT.connections.authorizationBody, authorization, 'the authorization body');
    const put = await call(emu, `${item}/authorization`, { method: 'PUT', body: authorization });
    assert.ok(CONTRACT.connections.statuses.authorization.includes(String(put.status)));
    fits(SCHEMAS.connection, put.json, 'a reauthorized connection');
    const deleted = await call(emu, item, { method: 'DELETE' });
    assert.ok(CONTRACT.connections.statuses.delete.includes(String(deleted.status)));
    assert.equal(deleted.text, '', 'the contract gives DELETE no content');
  });

  it('the bodies the emulator refuses are the ones the contract does not allow', async () => {
    const item = `/companies/${emu.companies.few}/connections/${emu.connections.few[0]}`;
    for (const body of [{ status: 'Unlinked', extra: 1 }, { status: 7 }]) {
      assert.notDeepEqual(problems(CONTRACT.connections.updateBody, body), [], JSON.stringify(body));
      const r = await call(emu, item, { method: 'PATCH', body });
      assert.equal(r.status, 400);
      fits(SCHEMAS.error, r.json, 'a refused PATCH');
    }
    const notStrings = { a: 1 };
    assert.notDeepEqual(problems(CONTRACT.connections.authorizationBody, notStrings), []);
    const r = await call(emu, `${item}/authorization`, { method: 'PUT', body: notStrings });
    assert.equal(r.status, 400);
    fits(SCHEMAS.error, r.json, 'a refused authorization');
    assert.notDeepEqual(problems(CONTRACT.companies.replaceBody, { description: 'x' }), [], 'PUT needs a name');
    assert.equal(
      (await call(emu, `/companies/${emu.companies.few}`, { method: 'PUT', body: { description: 'x' } })).status,
      400,
    );
  });

  it('companies replaced, changed, deleted; pages filtered by tags', async () => {
    const id = emu.companies.few;
    const replace = { name: 'Few Again Ltd', description: 'Replaced', tags: { region: 'us' } };
    fits(CONTRACT.companies.replaceBody, replace, 'the PUT body');
    const put = await call<Company>(emu, `/companies/${id}`, { method: 'PUT', body: replace });
    assert.ok(CONTRACT.companies.statuses.replace.includes(String(put.status)));
    fits(SCHEMAS.company, put.json, 'a replaced company');
    const update = { tags: { region: 'uk', team: 'lending' } };
    fits(CONTRACT.companies.updateBody, update, 'the PATCH body');
    const patched = await call<Company>(emu, `/companies/${id}`, { method: 'PATCH', body: update });
    assert.ok(CONTRACT.companies.statuses.update.includes(String(patched.status)));
    fits(SCHEMAS.company, patched.json, 'a changed company');
    const tags = encodeURIComponent('region=uk && team=lending');
    for (const page of await walk<Rec>(emu, `/companies?pageSize=1&tags=${tags}`))
      fits(SCHEMAS.companies, page.json, 'a page of companies filtered by tags');
    const bad = await call(emu, '/companies?tags=region%3E1');
    assert.equal(bad.status, 400);
    fits(SCHEMAS.error, bad.json, 'a malformed tags filter');
    const deleted = await call(emu, `/companies/${id}`, { method: 'DELETE' });
    assert.ok(CONTRACT.companies.statuses.delete.includes(String(deleted.status)));
    const gone = await call(emu, `/companies/${id}`);
    assert.equal(gone.status, 404);
    fits(SCHEMAS.error, gone.json, 'a deleted company');
  });

  it("validation results: the failed pull's, an empty one, an unknown one", async () => {
    const id = emu.companies.many;
    const history = (await call<Page<PullOperation>>(emu, `/companies/${id}/data/history?pageSize=100`)).json.results;
    for (const op of [history.find((o) => o.isErrored), history.find((o) => !o.isErrored)]) {
      const r = await call(emu, `/companies/${id}/sync/${op?.id ?? ''}/validation`);
      assert.ok(CONTRACT.validation.statuses.includes(String(r.status)));
      fits(SCHEMAS.validation, r.json, `the validation of ${op?.status ?? ''}`);
    }
    const missing = await call(emu, `/companies/${id}/sync/00000000-0000-4000-8000-000000000000/validation`);
    assert.ok(CONTRACT.validation.statuses.includes(String(missing.status)));
    fits(SCHEMAS.error, missing.json, 'an unknown pull');
  });

  it('finds a response changed to break the contract', () => {
    const broken = { key: 'gbol', logoUrl: 'https://x', name: 'Xero', enabled: 'yes' };
    assert.notDeepEqual(problems(SCHEMAS.integration, broken), []);
    assert.notDeepEqual(problems(SCHEMAS.validation, { errors: [{ rule: 'x' }], warnings: [] }), []);
  });
});
