// Envelope shapes: a page whose `results`, counts or records are missing or of the wrong type, a
// top level that is not an object, and servers whose pages do not add up (endless, the same
// records again, overlapping, a total far beyond what exists). A malformed page is one clear
// error; a walk that would not end stops, keeping what it loaded, never a duplicate.
import { companies, page, type HostileCase, type ReplySpec } from '../corpus';

const GOOD = page(companies(2), { total: 2 });

/** The first page with `change` made to a copy of a good one. */
const changed = (change: (p: Record<string, unknown>) => void): Record<string, unknown> => {
  const p = structuredClone(GOOD);
  change(p);
  return p;
};

const malformed = (what: string, json: unknown): HostileCase => ({
  id: `envelope/${what}`,
  group: 'envelope',
  run: { op: 'listCompanies' },
  replies: [{ status: 200, json }],
  expect: { outcome: 'error', kind: 'malformedResponse' },
});

const accepted = (what: string, reply: ReplySpec, items: number): HostileCase => ({
  id: `envelope/${what}`,
  group: 'envelope',
  run: { op: 'listCompanies' },
  replies: [reply],
  expect: { outcome: 'success', items },
});

const walk = (what: string, replies: ReplySpec[], expect: HostileCase['expect'], repeatLast = false): HostileCase => ({
  id: `envelope/${what}`,
  group: 'envelope',
  run: { op: 'loadAll', pageSize: 2 },
  replies,
  ...(repeatLast ? { repeatLast } : {}),
  expect,
});

export const envelopeCorpus = (): HostileCase[] => [
  malformed(
    'results missing',
    changed((p) => delete p.results),
  ),
  malformed(
    'results an object',
    changed((p) => (p.results = { id: 'c1', name: 'x' })),
  ),
  malformed(
    'results a string',
    changed((p) => (p.results = 'c1,c2')),
  ),
  malformed(
    'results null',
    changed((p) => (p.results = null)),
  ),
  malformed(
    'totalResults a string',
    changed((p) => (p.totalResults = '2')),
  ),
  malformed(
    'totalResults null',
    changed((p) => (p.totalResults = null)),
  ),
  malformed(
    'totalResults negative',
    changed((p) => (p.totalResults = -1)),
  ),
  malformed(
    'totalResults fractional',
    changed((p) => (p.totalResults = 1.5)),
  ),
  malformed(
    'totalResults missing',
    changed((p) => delete p.totalResults),
  ),
  malformed(
    'pageNumber missing',
    changed((p) => delete p.pageNumber),
  ),
  malformed(
    'pageSize a string',
    changed((p) => (p.pageSize = '100')),
  ),
  malformed('an array at the top', companies(2)),
  malformed('null at the top', null),
  malformed('a string at the top', 'ok'),
  malformed('a number at the top', 42),
  malformed('an empty object', {}),
  malformed(
    'a record without an id',
    changed((p) => (p.results = [{ name: 'No id' }])),
  ),
  malformed(
    'a record with a numeric id',
    changed((p) => (p.results = [{ id: 7, name: 'Seven' }])),
  ),
  malformed(
    'a record with an empty id',
    changed((p) => (p.results = [{ id: '', name: 'Empty' }])),
  ),
  malformed(
    'a company without a name',
    changed((p) => (p.results = [{ id: 'c1' }])),
  ),
  malformed(
    'a record that is an array',
    changed((p) => (p.results = [['c1', 'x']])),
  ),
  accepted(
    'unknown fields everywhere',
    {
      status: 200,
      json: changed((p) =>
        Object.assign(p, { extra: { deep: [1, 2] }, results: companies(2).map((c) => ({ ...c, more: true })) }),
      ),
    },
    2,
  ),
  accepted(
    'a byte-order mark before the JSON',
    { status: 200, headers: { 'Content-Type': 'application/json' }, body: `\uFEFF${JSON.stringify(GOOD)}` },
    2,
  ),
  accepted('pageSize 0', { status: 200, json: changed((p) => (p.pageSize = 0)) }, 2),
  accepted(
    'a page far bigger than asked',
    { status: 200, json: page(companies(10000), { total: 10000, pageSize: 100 }) },
    10000,
  ),
  walk(
    'an empty page that says there are 100 more',
    [{ status: 200, json: page([], { total: 100, pageSize: 2, next: { href: '/companies?page=2&pageSize=2' } }) }],
    {
      outcome: 'success',
      items: 0,
      requests: 1,
    },
  ),
  walk(
    'an endless server, totalResults 2',
    [
      {
        status: 200,
        json: page([{ id: 'c{{n}}', name: 'Company {{n}}' }], {
          total: 2,
          pageSize: 1,
          next: { href: '/companies?page=2&pageSize=1&after={{n}}' },
        }),
      },
    ],
    { outcome: 'error', kind: 'malformedResponse', items: 5 },
    true,
  ),
  walk(
    'the same records under new links',
    [
      {
        status: 200,
        json: page(companies(2), { total: 1000, pageSize: 2, next: { href: '/companies?pageSize=2&after={{n}}' } }),
      },
    ],
    { outcome: 'error', kind: 'malformedResponse', items: 2, requests: 4 },
    true,
  ),
  walk(
    'overlapping pages',
    [
      {
        when: 'page=1&',
        status: 200,
        json: page(companies(2), { total: 4, pageSize: 2, next: { href: '/companies?page=2&pageSize=2' } }),
      },
      { status: 200, json: page([companies(2)[1], ...companies(1, 'd')], { total: 4, pageSize: 2, pageNumber: 2 }) },
    ],
    { outcome: 'success', items: 3 },
  ),
  walk(
    'a total far beyond what exists',
    [
      {
        when: 'page=1&',
        status: 200,
        json: page(companies(2), { total: 1e12, pageSize: 2, next: { href: '/companies?page=2&pageSize=2' } }),
      },
      { when: 'page=2&', status: 200, json: page(companies(2, 'd'), { total: 1e12, pageSize: 2, pageNumber: 2 }) },
      { status: 200, json: page([], { total: 1e12, pageSize: 2, pageNumber: 3 }) },
    ],
    { outcome: 'success', items: 4 },
    true,
  ),
];
