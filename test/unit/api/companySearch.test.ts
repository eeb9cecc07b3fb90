// The search Find Company and the company picker send: the filter built from what was typed, and
// that the emulator answers it with the companies the view has not loaded.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { companySearchParams, companySearchQuery } from '../../../src/api/companySearch';
import { startEmulator, type RunningEmulator } from '../../emulator';

describe('company search', () => {
  it('is a name~ filter of the trimmed text, quoted where the query language needs it (& | } or a leading quote)', () => {
    assert.equal(companySearchQuery('  Acme  '), 'name~Acme');
    assert.equal(companySearchQuery('Acme Ltd'), 'name~Acme Ltd');
    assert.equal(companySearchQuery('"Acme" \\ Co'), 'name~"\\"Acme\\" \\\\ Co"');
    assert.equal(companySearchQuery("O'Brien & Co"), 'name~"O\'Brien & Co"');
  });

  it('is nothing for blank text', () => {
    assert.equal(companySearchQuery(''), undefined);
    assert.equal(companySearchQuery(' \t '), undefined);
    assert.equal(companySearchParams('   ', 20), undefined);
  });

  it('looks a company id up by id, whatever its case', () => {
    const id = '8A210B68-6988-11ED-A1EB-0242AC120002';
    assert.equal(companySearchQuery(` ${id} `), `id=${id}`);
    assert.equal(companySearchQuery('8a210b68-6988'), 'name~8a210b68-6988');
  });

  it('asks for one small page', () => {
    assert.deepEqual(companySearchParams('Acme', 20), { pageSize: 20, query: 'name~Acme' });
  });

  describe('against the emulator', () => {
    let emu: RunningEmulator;
    before(async () => {
      emu = await startEmulator({ invoices: 10 });
    });
    after(async () => emu.close());

    it('finds a company beyond the first page by part of its name, in any case, and by its id', async () => {
      const client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal });
      const second = (await client.listCompanies({ page: 2, pageSize: 20 })).results;
      const all = (await client.listCompanies({ pageSize: 1000 })).results;
      const target = second.find((c) => all.filter((o) => o.name === c.name).length === 1);
      assert.ok(target, 'a uniquely named company on page 2');
      const part = target.name.slice(1, -1).toUpperCase();
      const found = await client.listCompanies(companySearchParams(part, 20));
      assert.ok(found.results.length <= 20);
      assert.ok(found.results.some((c) => c.id === target.id));
      assert.ok(found.results.every((c) => c.name.toUpperCase().includes(part)));
      const byId = await client.listCompanies(companySearchParams(target.id, 20));
      assert.deepEqual(
        byId.results.map((c) => c.id),
        [target.id],
      );
    });
  });
});
