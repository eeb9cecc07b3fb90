// Companies replaced (PUT), changed (PATCH) and deleted (everything under them with them), the
// companies list's `tags` filter and its links, and a pull's validation result.
import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { type ValidationErrorBody, call, walk } from '../../emulator/testing';
import type { Company, ErrorBody, Page, PullOperation } from '../../emulator/wire';

interface ValidationResult {
  errors: { ruleId: string; itemId: string; message: string; validatorName: string }[];
  warnings: { ruleId: string; itemId: string; message: string; validatorName: string }[];
}

describe('emulator: companies changed, tagged and deleted; validation results', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ invoices: 40, companies: 40 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const company = (id: string): Promise<{ status: number; json: Company }> => call<Company>(emu, `/companies/${id}`);
  const send = (id: string, method: string, body: unknown): Promise<{ status: number; json: ValidationErrorBody }> =>
    call<ValidationErrorBody>(emu, `/companies/${id}`, { method, body });

  it('PATCH changes only what it sends, null clears, the name as Create Company reads it', async () => {
    const id = emu.companies.few;
    const before = (await company(id)).json;
    const renamed = await call<Company>(emu, `/companies/${id}`, { method: 'PATCH', body: { name: ' Petals (Ltd) ' } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.json.name, 'Petals Ltd');
    assert.equal(renamed.json.description, before.description);
    assert.deepEqual(renamed.json.tags, { region: 'uk', team: 'lending' });
    const tagged = await call<Company>(emu, `/companies/${id}`, { method: 'PATCH', body: { tags: { region: 'us' } } });
    assert.deepEqual([tagged.json.name, tagged.json.tags], ['Petals Ltd', { region: 'us' }]);
    const cleared = await call<Company>(emu, `/companies/${id}`, {
      method: 'PATCH',
      body: { description: null, tags: null },
    });
    assert.equal(cleared.json.description, undefined);
    assert.equal(cleared.json.tags, undefined);
    assert.deepEqual((await company(id)).json, cleared.json);
    assert.deepEqual(cleared.json.dataConnections, before.dataConnections);
  });

  it('PUT replaces: what it leaves out is gone; a name is required', async () => {
    const id = emu.companies.many;
    const put = await call<Company>(emu, `/companies/${id}`, { method: 'PUT', body: { name: 'Many Again Ltd' } });
    assert.equal(put.status, 200);
    assert.deepEqual([put.json.name, put.json.description, put.json.tags], ['Many Again Ltd', undefined, undefined]);
    assert.equal(put.json.id, id);
    const refused = await send(id, 'PUT', { description: 'no name' });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.validation.errors[0].itemId, 'name');
  });

  it('refuses bad fields with 400 naming the field, changing nothing', async () => {
    const id = emu.companies.empty;
    const before = (await company(id)).json;
    for (const [body, field] of [
      [{ name: '<>' }, 'name'],
      [{ name: 7 }, 'name'],
      [{ name: 'n'.repeat(201) }, 'name'],
      [{ description: 3 }, 'description'],
      [{ tags: ['a'] }, 'tags'],
      [{ tags: { a: 1 } }, 'tags'],
      [{ tags: 'region=uk' }, 'tags'],
    ] as const) {
      const r = await send(id, 'PATCH', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.validation.errors[0].itemId, field);
      assert.equal(r.json.validation.errors[0].validatorName, 'UpdateCompany');
    }
    assert.equal(
      (await call(emu, `/companies/${id}`, { method: 'PATCH', rawBody: '[1]', contentType: 'application/json' }))
        .status,
      400,
    );
    assert.deepEqual((await company(id)).json, before);
    assert.equal((await send(id, 'PATCH', { name: 'x' })).status, 200);
    assert.equal(
      (await call(emu, `/companies/${id}`, { method: 'PATCH', body: {}, key: emu.keys.freeTrial })).status,
      403,
    );
  });

  it('DELETE answers 204; the company and everything under it answer 404 from then on', async () => {
    const id = emu.companies.few;
    const total = (await call<Page<Company>>(emu, '/companies')).json.totalResults;
    const deleted = await call(emu, `/companies/${id}`, { method: 'DELETE' });
    assert.deepEqual([deleted.status, deleted.text], [204, '']);
    for (const path of [
      '',
      '/connections',
      '/data/invoices',
      '/data/history',
      '/push',
      '/dataStatus',
      '/syncSettings',
    ]) {
      const r = await call<ErrorBody>(emu, `/companies/${id}${path}`);
      assert.equal(r.status, 404, path);
      assert.equal(r.json.error, `No company was found with ID ${id}`);
    }
    assert.equal((await call(emu, `/companies/${id}`, { method: 'DELETE' })).status, 404);
    const after = (await walk<Company>(emu, '/companies?pageSize=7')).flatMap((p) => p.json.results);
    assert.equal(after.length, total - 1);
    assert.ok(!after.some((c) => c.id === id));
    emu.reset();
    assert.equal((await company(id)).status, 200, 'back after a reset');
  });

  it('filters by tags with the query language, and its links carry tags last', async () => {
    const all = (await walk<Company>(emu, '/companies?pageSize=100')).flatMap((p) => p.json.results);
    const want = (pred: (t: Record<string, string>) => boolean): string[] =>
      all.filter((c) => pred(c.tags ?? {})).map((c) => c.id);
    const list = async (tags: string, extra = ''): Promise<string[]> =>
      (await walk<Company>(emu, `/companies?pageSize=3${extra}&tags=${encodeURIComponent(tags)}`)).flatMap((p) =>
        p.json.results.map((c) => c.id),
      );
    const ukFinance = await list('region=uk && team=invoice-finance');
    assert.ok(ukFinance.includes(emu.companies.many));
    assert.deepEqual(
      ukFinance,
      want((t) => t.region === 'uk' && t.team === 'invoice-finance'),
    );
    assert.deepEqual(
      await list('region=UK || region=us'),
      want((t) => t.region === 'uk' || t.region === 'us'),
    );
    assert.deepEqual(
      await list('team~finance'),
      want((t) => (t.team ?? '').includes('finance')),
    );
    assert.deepEqual(
      await list('region!=uk'),
      want((t) => t.region !== 'uk'),
    );
    assert.ok((await list('region!=uk')).includes(emu.companies.syncing), 'no tags: matches only !=');
    assert.deepEqual(await list('region=uk', '&query=name~Invoices'), [emu.companies.many, emu.companies.few]);
    const first = await call<Page<Company>>(
      emu,
      `/companies?pageSize=2&query=name~Ltd&orderBy=name&tags=${encodeURIComponent('region=uk')}`,
    );
    assert.equal(
      first.json._links.current.href,
      '/companies?page=1&pageSize=2&query=name~Ltd&orderBy=name&tags=region%3Duk',
    );
    assert.equal(
      first.json._links.next?.href,
      '/companies?page=2&pageSize=2&query=name~Ltd&orderBy=name&tags=region%3Duk',
    );
    for (const bad of ['region>uk', 'region=', '&& x=1', 'region=uk & team=x', `a=${'x'.repeat(2050)}`]) {
      const r = await call<ValidationErrorBody>(emu, `/companies?tags=${encodeURIComponent(bad)}`);
      assert.equal(r.status, 400, bad);
      assert.match(r.json.error, /^Error parsing tags - /);
      assert.equal(r.json.validation.errors[0].itemId, 'tags');
    }
    assert.equal((await call<Page<Company>>(emu, '/companies?tags=%20')).json.totalResults, all.length);
  });

  it("answers a pull's validation: the failed seeded sync has errors and a warning, others none", async () => {
    const id = emu.companies.many;
    const history = (await call<Page<PullOperation>>(emu, `/companies/${id}/data/history?pageSize=100`)).json.results;
    const failed = history.find((op) => op.isErrored);
    assert.ok(failed, 'the seeded failed sync');
    const result = await call<ValidationResult>(emu, `/companies/${id}/sync/${failed.id.toUpperCase()}/validation`);
    assert.equal(result.status, 200);
    assert.equal(result.json.errors.length, 2);
    assert.equal(result.json.warnings.length, 1);
    for (const item of [...result.json.errors, ...result.json.warnings]) {
      assert.match(item.ruleId, /^accounting-invoice-\d{3}$/);
      assert.match(item.itemId, /^[0-9a-f-]{36}$/);
      assert.equal(item.validatorName, 'InvoiceValidator');
      assert.ok(item.message.length > 20);
    }
    const again = await call<ValidationResult>(emu, `/companies/${id}/sync/${failed.id}/validation`);
    assert.deepEqual(again.json, result.json, 'the same pull reports the same');
    const fine = history.find((op) => !op.isErrored) as PullOperation;
    const empty = await call<ValidationResult>(emu, `/companies/${id}/sync/${fine.id}/validation`);
    assert.deepEqual(empty.json, { errors: [], warnings: [] });
    const missing = await call<ErrorBody>(emu, `/companies/${id}/sync/00000000-0000-4000-8000-000000000000/validation`);
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error, 'No pull operation was found with ID 00000000-0000-4000-8000-000000000000');
  });
});
