// Data that moves while Load all or an export walks it, and a server that announces more than a
// walk believes. A record deleted between pages shifts the one at the page boundary onto a page
// already read: the walk cannot see it, but the total moved, and the walk says how many records
// may be missing. An announced 10^12 with ever new ids stops at the cap, keeping what was loaded.
import { companies, page, type HostileCase, type Operation, type ReplySpec } from '../corpus';

const LOAD_ALL: Operation = { op: 'loadAll', pageSize: 2 };
const EXPORT: Operation = { op: 'export', format: 'jsonl', pageSize: 2 };

/** c1…c4, 2 a page; after the first page, c3 or c1 is deleted (c3 moves onto page 1). Page 2 is
 * asked for twice: by number (it does not fit, the total moved), then by the first page's link. */
function deleted(): ReplySpec[] {
  const second = page([companies(4)[3]], { total: 3, pageSize: 2, pageNumber: 2 });
  return [
    {
      when: 'page=1&',
      status: 200,
      json: page(companies(2), { total: 4, pageSize: 2, next: { href: '/companies?page=2&pageSize=2' } }),
    },
    { when: 'page=2&', status: 200, json: second },
    { when: 'page=2&', status: 200, json: second },
  ];
}

/** c1…c4, 2 a page, nothing moves. */
function still(): ReplySpec[] {
  return [
    {
      when: 'page=1&',
      status: 200,
      json: page(companies(2), { total: 4, pageSize: 2, next: { href: '/companies?page=2&pageSize=2' } }),
    },
    { when: 'page=2&', status: 200, json: page(companies(4).slice(2), { total: 4, pageSize: 2, pageNumber: 2 }) },
  ];
}

/** 10^12 companies announced, 100 a page, new ids on every request, a next link always. */
const ENDLESS: ReplySpec[] = [
  {
    status: 200,
    body: JSON.stringify({
      results: [...Array(100).keys()].map((i) => ({ id: `r{{n}}-${i}`, name: `Company {{n}}-${i}` })),
      pageNumber: 1,
      pageSize: 100,
      totalResults: 1e12,
      _links: {
        self: { href: '/companies' },
        current: { href: '/companies?page=1&pageSize=100&r={{n}}' },
        next: { href: '/companies?page=2&pageSize=100&r={{n}}' },
      },
    }),
    headers: { 'Content-Type': 'application/json' },
  },
];

export const movingCorpus = (): HostileCase[] => [
  {
    id: 'moving/Load all: a record deleted between pages, the data said to have changed',
    group: 'moving',
    run: LOAD_ALL,
    replies: deleted(),
    expect: { outcome: 'success', items: 3, requests: 3, dataChanged: 1 },
  },
  {
    id: 'moving/export: a record deleted between pages, the data said to have changed',
    group: 'moving',
    run: EXPORT,
    replies: deleted(),
    expect: { outcome: 'success', items: 3, requests: 3, dataChanged: 1 },
  },
  {
    id: 'moving/Load all: data that held, no change said',
    group: 'moving',
    run: LOAD_ALL,
    replies: still(),
    expect: { outcome: 'success', items: 4, requests: 2, dataChanged: 0 },
  },
  {
    id: 'moving/export: data that held, no change said',
    group: 'moving',
    run: EXPORT,
    replies: still(),
    expect: { outcome: 'success', items: 4, requests: 2, dataChanged: 0 },
  },
  {
    // A cap of 1,000 records stands for MAX_WALK_RECORDS: 10 pages, then the walk stops.
    id: 'moving/Load all: 10^12 announced with ever new ids, stopped at the cap keeping what it loaded',
    group: 'moving',
    run: { op: 'loadAll', pageSize: 100, maxRecords: 1000 },
    replies: ENDLESS,
    repeatLast: true,
    expect: { outcome: 'error', kind: 'malformedResponse', items: 1000 },
  },
  {
    id: 'moving/export: 10^12 announced with ever new ids, stopped at the cap, no file',
    group: 'moving',
    run: { op: 'export', format: 'csv', pageSize: 100, maxRecords: 1000 },
    replies: ENDLESS,
    repeatLast: true,
    expect: { outcome: 'error', kind: 'malformedResponse', items: 0 },
  },
];
