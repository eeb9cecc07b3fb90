// The connections and companies API against the real emulator: a connection from creation through
// its link page (played as the user's browser would) to Linked, unlinked, re-authorized and
// deleted; the integrations paged and filtered; a company edited, filtered by tag and deleted; a
// failed pull's validation. Every request goes out as its builder built it (Copy as cURL).
import * as assert from 'node:assert/strict';
import { PagedList } from '../../../src/api/paging';
import type { PreparedRequest } from '../../../src/api/requests';
import { rejectsWith } from '../../support/apiErrors';
import { emulatorSuite } from '../../support/emulatorSuite';

/** The link page's Authorize form: where it posts and the token it carries. */
async function authorize(linkUrl: string): Promise<void> {
  const html = await (await fetch(linkUrl)).text();
  const m =
    /<form id="authorize" method="post" action="([^"]+)"><input type="hidden" name="token" value="([0-9a-f]+)">/.exec(
      html,
    );
  assert.ok(m, html);
  const done = await fetch(new URL(m[1], linkUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: m[2] }).toString(),
  });
  assert.equal(done.status, 200);
}

describe('client: connections and companies against the emulator', function () {
  this.timeout(20_000);
  const suite = emulatorSuite({ invoices: 50, companies: 30 });
  const { received, client } = suite;

  /** The one request the call sends is the one built, byte for byte (URL and body). */
  async function asBuilt<T>(built: PreparedRequest, call: () => Promise<T>): Promise<T> {
    const before = received.length;
    const result = await call();
    assert.equal(received.length, before + 1, received.slice(before).join('\n'));
    const relative = built.url.slice(suite.emu.url.length);
    assert.ok(received[before].startsWith(`${built.method} ${relative} `), `${received[before]}, built ${relative}`);
    return result;
  }

  it('the integrations: paged as the tree pages them, filtered, one by its key', async () => {
    const c = client();
    const first = await asBuilt(c.connections.integrationsRequest({ pageSize: 3 }), () =>
      c.connections.listIntegrations({ pageSize: 3 }),
    );
    assert.equal(
      `${suite.emu.url}${first._links.current?.href}`,
      c.connections.integrationsRequest({ pageSize: 3 }).url,
    );
    const list = new PagedList(c.connections.integrationPages({ pageSize: 3 }));
    await list.loadAll();
    assert.ok(list.items.length >= 8, `${list.items.length}`);
    assert.equal(list.items.length, first.totalResults);
    const disabled = await c.connections.listIntegrations({ query: 'enabled=false', orderBy: 'name' });
    assert.deepEqual(
      disabled.results.map((i) => i.name),
      ['QuickBooks Desktop', 'Shopify'],
    );
    const xero = await asBuilt({ method: 'GET', url: `${suite.emu.url}/integrations/gbol` }, () =>
      c.connections.getIntegration('gbol'),
    );
    assert.deepEqual([xero.key, xero.name, xero.enabled], ['gbol', 'Xero', true]);
    await rejectsWith(c.connections.getIntegration('zzzz'), 'notFound');
  });

  it('a connection: created PendingAuth, authorized at its link, unlinked, re-authorized, deleted', async () => {
    const c = client();
    const company = suite.emu.companies.syncing;
    const created = await asBuilt(c.connections.createRequest(company, 'gbol'), () =>
      c.connections.create(company, 'gbol'),
    );
    assert.equal(created.status, 'PendingAuth');
    assert.equal(created.platformName, 'Xero');
    assert.ok(created.linkUrl?.startsWith(`${suite.emu.url}/link/`), created.linkUrl);

    await authorize(created.linkUrl ?? '');
    const linked = await asBuilt(c.connections.connectionRequest(company, created.id), () =>
      c.connections.get(company, created.id),
    );
    assert.equal(linked.status, 'Linked');
    const listed = await c.connections.connectionPages(company, { query: 'status=Linked' })(undefined, {});
    assert.deepEqual(
      listed.results.map((x) => x.id),
      [created.id],
    );

    const unlinked = await asBuilt(c.connections.unlinkRequest(company, created.id), () =>
      c.connections.unlink(company, created.id),
    );
    assert.equal(unlinked.status, 'Unlinked');

    const authorization = { clientId: 'demo', clientSecret: 'demo-secret' };
    const again = await asBuilt(c.connections.updateAuthorizationRequest(company, created.id, authorization), () =>
      c.connections.updateAuthorization(company, created.id, authorization),
    );
    assert.equal(again.id, created.id);

    await asBuilt(c.connections.deleteRequest(company, created.id), () => c.connections.delete(company, created.id));
    await rejectsWith(c.connections.get(company, created.id), 'notFound');
    assert.equal((await c.listConnections(company)).totalResults, 0);
  });

  it('a connection to a disabled or unknown platform is refused by the server, once', async () => {
    const c = client();
    await rejectsWith(c.connections.create(suite.emu.companies.syncing, 'pqsw'), 'badRequest');
    await rejectsWith(c.connections.create(suite.emu.companies.syncing, 'nope'), 'badRequest');
    assert.equal(received.length, 2);
  });

  it('a company edited: the fields sent change, the rest stay', async () => {
    const c = client();
    const id = suite.emu.companies.empty;
    const before = await c.getCompany(id);
    const update = { name: 'Renamed Ltd', tags: { region: 'eu', team: 'payables' } };
    const after = await asBuilt(c.companies.updateRequest(id, update), () => c.companies.update(id, update));
    assert.equal(after.name, 'Renamed Ltd');
    assert.deepEqual(after.tags, update.tags);
    assert.equal(after.description, before.description);
    assert.deepEqual(await c.getCompany(id), after);
    await rejectsWith(c.companies.update(id, { name: 'n'.repeat(201) }), 'badRequest');
  });

  it('the companies filtered by tag: the first page is its own _links.current, every page matches', async () => {
    const c = client();
    const params = { pageSize: 2, query: 'name!=x', tags: 'region=uk && team=invoice-finance' };
    const first = await asBuilt(c.companiesRequest(params), () => c.listCompanies(params));
    assert.equal(`${suite.emu.url}${first._links.current?.href}`, c.companiesRequest(params).url);
    const list = new PagedList(c.companyPages(params));
    await list.loadAll();
    assert.ok(list.items.some((x) => x.id === suite.emu.companies.many));
    assert.ok(list.items.every((x) => x.tags?.region === 'uk' && x.tags.team === 'invoice-finance'));
    assert.equal(list.items.length, first.totalResults);
    await rejectsWith(c.listCompanies({ tags: 'region >= uk' }), 'invalidQuery');
  });

  it('a company deleted: 204, then 404 for it and everything under it', async () => {
    const c = client();
    const id = suite.emu.companies.few;
    await asBuilt(c.companies.deleteRequest(id), () => c.companies.delete(id));
    await rejectsWith(c.getCompany(id), 'notFound');
    await rejectsWith(c.listConnections(id), 'notFound');
    await rejectsWith(c.companies.delete(id), 'notFound');
  });

  it("a failed pull's validation: its errors and warning; another pull's none", async () => {
    const c = client();
    const id = suite.emu.companies.many;
    const history = await c.listPullOperations(id, { pageSize: 100 });
    const failed = history.results.find((op) => op.isErrored);
    assert.ok(failed, 'the seeded failed sync');
    const found = await asBuilt(c.connections.validationRequest(id, failed.id), () =>
      c.connections.validation(id, failed.id),
    );
    assert.equal(found.errors?.length, 2);
    assert.equal(found.warnings?.length, 1);
    assert.ok(found.errors?.every((e) => e.validatorName === 'InvoiceValidator' && e.message !== ''));
    const fine = history.results.find((op) => !op.isErrored);
    assert.ok(fine);
    assert.deepEqual(await c.connections.validation(id, fine.id), { errors: [], warnings: [] });
    await rejectsWith(c.connections.validation(id, 'no-such-sync'), 'notFound');
  });
});
