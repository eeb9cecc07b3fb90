import * as assert from 'node:assert/strict';
import type { Company } from '../../../src/api/models';
import {
  checkTagFilter,
  companyUpdate,
  deleteConfirmation,
  formatTags,
  parseTags,
} from '../../../src/format/companyEdit';
import { companyGoneTooltip, companyTooltip, tagFilterLabel } from '../../../src/format/labels';

const company = (over: Partial<Company> = {}): Company => ({
  id: 'c-1',
  name: 'Acme Ltd',
  redirect: 'https://link',
  description: 'our first',
  tags: { region: 'uk', team: 'invoice-finance' },
  ...over,
});

describe('company tags as typed (key=value; key2=value2)', () => {
  it('reads what formatTags writes, in order', () => {
    const tags = { region: 'uk', team: 'invoice-finance', uid: 'a=b' };
    const text = formatTags(tags);
    assert.equal(text, 'region=uk; team=invoice-finance; uid=a=b');
    assert.deepEqual(parseTags(text), { ok: true, tags });
    assert.deepEqual(Object.keys((parseTags(text) as { tags: object }).tags), ['region', 'team', 'uid']);
  });

  it('ignores spaces around parts and a trailing separator; empty is no tags', () => {
    assert.deepEqual(parseTags('  region = uk ;team=x; '), { ok: true, tags: { region: 'uk', team: 'x' } });
    assert.deepEqual(parseTags(''), { ok: true, tags: {} });
    assert.deepEqual(parseTags('   '), { ok: true, tags: {} });
    assert.deepEqual(parseTags('note='), { ok: true, tags: { note: '' } }, 'an empty value is a value');
    assert.equal(formatTags(undefined), '');
  });

  it('refuses a part without =, an empty key, a key given twice, an empty part between two', () => {
    const refused = (text: string) => {
      const r = parseTags(text);
      assert.equal(r.ok, false, text);
      return r.ok ? '' : r.message;
    };
    assert.match(refused('region'), /Tag 1 \("region"\) needs key=value/);
    assert.match(refused('a=1; =uk'), /Tag 2 \("=uk"\) has no key/);
    assert.match(refused('a=1; a=2'), /"a" is given twice/);
    assert.match(refused('a=1;; b=2'), /Tag 2/);
  });

  it('a key is not a prototype property: "constructor" and "__proto__" are ordinary keys', () => {
    assert.deepEqual(parseTags('constructor=x'), { ok: true, tags: { constructor: 'x' } });
    const r = parseTags('__proto__=x; a=1');
    assert.ok(r.ok);
    assert.deepEqual(Object.keys(r.tags), ['__proto__', 'a']);
    assert.equal(Object.getOwnPropertyDescriptor(r.tags, '__proto__')?.value, 'x');
    assert.equal(Object.getPrototypeOf(r.tags), Object.prototype, 'not made the prototype');
  });

  it('a ; or \\ in a key or value, and = in a key, is escaped and read back the same', () => {
    const tags = { 'a;b': 'c;d', 'k=ey': 'v=al', 'back\\slash': 'x\\y', plain: 'ok' };
    const text = formatTags(tags);
    assert.equal(text, 'a\\;b=c\\;d; k\\=ey=v=al; back\\\\slash=x\\\\y; plain=ok');
    assert.deepEqual(parseTags(text), { ok: true, tags });
    assert.deepEqual(parseTags('note=a\\;b; x=1'), { ok: true, tags: { note: 'a;b', x: '1' } });
    assert.deepEqual(
      parseTags('trailing=\\'),
      { ok: true, tags: { trailing: '\\' } },
      'a lone \\ at the end is itself',
    );
  });
});

describe('the tag filter (the companies list’s tags query)', () => {
  it('accepts the query language over any tag key with = != ~, && and ||', () => {
    for (const ok of ['region=uk', 'region=uk && team=invoice-finance', 'region!=us || uid~abc', ' {region=uk} '])
      assert.equal(checkTagFilter(ok), undefined, ok);
  });

  it('refuses what does not parse and the operators the parameter does not take', () => {
    assert.ok(checkTagFilter('region='), 'a comparison without a value');
    assert.ok(checkTagFilter('region=uk &&'), 'a dangling &&');
    assert.match(checkTagFilter('size>3') ?? '', /=, != or ~, not >/);
    assert.match(checkTagFilter('a=1 && b<=2') ?? '', /not <=/);
  });
});

describe('the typed name that confirms a delete', () => {
  it('confirms on the name exactly, and says which name is wanted otherwise', () => {
    assert.equal(deleteConfirmation('Acme Ltd', 'Acme Ltd'), undefined);
    for (const typed of ['', 'acme ltd', 'Acme Ltd ', 'Acme'])
      assert.match(deleteConfirmation(typed, 'Acme Ltd') ?? '', /"Acme Ltd"/, JSON.stringify(typed));
  });
});

describe('what Edit Company sends', () => {
  const same = { name: 'Acme Ltd', description: 'our first', tags: 'region=uk; team=invoice-finance' };

  it('nothing when nothing changed (tags in another order, spaces around the description)', () => {
    assert.deepEqual(companyUpdate(company(), same), { ok: true, update: undefined });
    const reordered = { ...same, tags: 'team=invoice-finance; region=uk', description: '  our first ' };
    assert.deepEqual(companyUpdate(company(), reordered), { ok: true, update: undefined });
  });

  it('only the fields that changed; tags whole, as the API replaces them', () => {
    assert.deepEqual(companyUpdate(company(), { ...same, name: 'Acme Group' }), {
      ok: true,
      update: { name: 'Acme Group' },
    });
    assert.deepEqual(companyUpdate(company(), { ...same, tags: 'region=us; team=invoice-finance' }), {
      ok: true,
      update: { tags: { region: 'us', team: 'invoice-finance' } },
    });
    assert.deepEqual(companyUpdate(company(), { ...same, description: '', tags: '' }), {
      ok: true,
      update: { description: '', tags: {} },
    });
    assert.deepEqual(companyUpdate(company({ description: undefined, tags: undefined }), { ...same, tags: '' }), {
      ok: true,
      update: { description: 'our first' },
    });
  });

  it('a name the API stores as it is is no change; one it would strip differently is', () => {
    assert.deepEqual(companyUpdate(company(), { ...same, name: ' Acme Ltd  ' }), { ok: true, update: undefined });
    assert.deepEqual(companyUpdate(company(), { ...same, name: 'Acme <Ltd>' }), { ok: true, update: undefined });
    assert.deepEqual(companyUpdate(company(), { ...same, name: 'Acme #2' }), { ok: true, update: { name: 'Acme #2' } });
  });

  it('refuses a name Create Company refuses, and tags that do not read', () => {
    assert.equal(companyUpdate(company(), { ...same, name: '<#>' }).ok, false);
    assert.equal(companyUpdate(company(), { ...same, name: '  ' }).ok, false);
    assert.equal(companyUpdate(company(), { ...same, tags: 'region' }).ok, false);
  });
});

describe('company labels: tags and a company deleted elsewhere', () => {
  it('the tooltip lists the tags, escaped', () => {
    const tip = companyTooltip(company({ tags: { 'x*y': '[link](http://e)' } }));
    assert.match(tip, /Tags: x\\\*y=\\\[link\\\]\\\(http:\/\/e\\\)/);
    assert.doesNotMatch(companyTooltip(company({ tags: {} })), /Tags:/);
    assert.doesNotMatch(companyTooltip(company({ tags: undefined })), /Tags:/);
  });

  it('a deleted company’s tooltip says what happened and what to do, its name escaped', () => {
    const tip = companyGoneTooltip(company({ name: '**bold**' }));
    assert.match(tip, /\\\*\\\*bold\\\*\\\*/);
    assert.match(tip, /404/);
    assert.match(tip, /Refresh/);
    assert.match(tip, /c\\-1/);
  });

  it('the tag filter label names the filter', () => {
    assert.equal(tagFilterLabel('region=uk'), 'tags: region=uk');
  });
});
