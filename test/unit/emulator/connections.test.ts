// A company's data connections: one list with its dataConnections, seeded like the rest (one per
// company, two for `few`, none for `syncing`), paged and filtered like other lists.
import * as assert from 'node:assert/strict';
import { PUSH_DATA_TYPES, startEmulator, type RunningEmulator } from '../../emulator';
import { admin, call, walk } from '../../emulator/testing';
import type { Company, DataConnection, ErrorBody, Page } from '../../emulator/wire';

describe('emulator: data connections', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ invoices: 50, companies: 30 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const connections = (company: string, query = ''): Promise<{ status: number; json: Page<DataConnection> }> =>
    call<Page<DataConnection>>(emu, `/companies/${company}/connections${query}`);

  it("lists every company's dataConnections: one each, two for few, none for syncing", async () => {
    const companies = (await walk<Company>(emu, '/companies')).flatMap((p) => p.json.results);
    const counts = new Map<number, number>();
    for (const company of companies) {
      const r = await connections(company.id);
      assert.equal(r.status, 200);
      assert.deepEqual(r.json.results, company.dataConnections ?? [], company.name);
      assert.equal(r.json.totalResults, r.json.results.length);
      counts.set(r.json.results.length, (counts.get(r.json.results.length) ?? 0) + 1);
    }
    assert.deepEqual([...counts].sort(), [
      [0, 1],
      [1, companies.length - 2],
      [2, 1],
    ]);
    const few = (await connections(emu.companies.few)).json.results;
    assert.equal(few.length, 2);
    assert.notEqual(few[0].platformName, few[1].platformName, 'two platforms');
    assert.ok(few.every((c) => c.status === 'Linked' && c.sourceType === 'Accounting'));
    assert.deepEqual(
      few.map((c) => c.id),
      emu.connections.few,
    );
    assert.deepEqual((await connections(emu.companies.syncing)).json.results, []);
    assert.deepEqual(emu.connections.syncing, []);
  });

  it('gives a created company none, and the same connections to two emulators with one seed', async () => {
    const created = await call<Company>(emu, '/companies', { method: 'POST', body: { name: 'New Books Ltd' } });
    assert.deepEqual((await connections(created.json.id)).json.results, []);
    const twin = await startEmulator({ invoices: 50, companies: 30 });
    try {
      assert.deepEqual(twin.connections, emu.connections);
      const theirs = await call<Page<DataConnection>>(twin, `/companies/${twin.companies.many}/connections`);
      assert.deepEqual(theirs.json, (await connections(emu.companies.many)).json);
    } finally {
      await twin.close();
    }
  });

  it('pages, filters and sorts like the other lists, and refuses an unknown field', async () => {
    const few = emu.companies.few;
    const first = await connections(few, '?pageSize=1');
    assert.equal(first.json.totalResults, 2);
    assert.equal(first.json.results.length, 1);
    assert.equal(first.json._links.next?.href, `/companies/${few}/connections?page=2&pageSize=1`);
    const [, second] = emu.connections.few;
    const platform = (await connections(few)).json.results[1].platformName;
    const filtered = await connections(few, `?query=${encodeURIComponent(`platformName=${platform}`)}`);
    assert.deepEqual(
      filtered.json.results.map((c) => c.id),
      [second],
    );
    const sorted = await connections(few, '?orderBy=-created');
    assert.equal(sorted.json.results[0].id, second, 'the newer connection first');
    const refused = await call<ErrorBody>(emu, `/companies/${few}/connections?query=nope%3D1`);
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error, 'Error parsing query - Could not resolve property nope on Connection');
  });

  it('serves one connection, 404 for an unknown one, 403 for another account, 405 for a wrong method', async () => {
    const [id] = emu.connections.many;
    const one = await call<DataConnection>(emu, `/companies/${emu.companies.many}/connections/${id.toUpperCase()}`);
    assert.equal(one.status, 200);
    assert.equal(one.json.id, id);
    const missing = await call<ErrorBody>(
      emu,
      `/companies/${emu.companies.many}/connections/${emu.connections.few[0]}`,
    );
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error, `No data connection was found with ID ${emu.connections.few[0]}`);
    assert.equal(
      (await call(emu, `/companies/${emu.companies.many}/connections`, { key: emu.keys.freeTrial })).status,
      403,
    );
    const wrong = await call(emu, `/companies/${emu.companies.many}/connections`, { method: 'DELETE' });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET, POST');
  });

  it('names the companies with two and with no connections, and every connection id, in GET /_emulator', async () => {
    const info = await admin<{ push: Record<string, unknown> }>(emu, '');
    assert.equal(info.status, 200);
    assert.equal(info.json.push.twoConnections, emu.companies.few);
    assert.equal(info.json.push.noConnections, emu.companies.syncing);
    assert.deepEqual(info.json.push.connections, emu.connections);
    assert.deepEqual(info.json.push.dataTypes, [...PUSH_DATA_TYPES]);
  });
});
