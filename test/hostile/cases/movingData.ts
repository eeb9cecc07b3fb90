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

/** Push operations as the history lists them: no `id`, each told apart by its key. */
const pushes = (...n: number[]) =>
  n.map((i) => ({
    pushOperationKey: `p${i}`,
    companyId: 'c1',
    dataConnectionKey: 'd1',
    dataType: 'invoices',
    status: 'Success',
    requestedOnUtc: `2026-01-15T12:00:0${i}Z`,
  }));

const HISTORY = '/companies/c1/push';

/** p4…p1, 2 a page, newest first; after the first page a push lands on top, so the second page
 * repeats p3 (asked for by number, then again by the first page's link: the total moved). */
function pushLanded(): ReplySpec[] {
  const second = page(pushes(3, 2), {
    path: HISTORY,
    total: 5,
    pageSize: 2,
    pageNumber: 2,
    next: { href: `${HISTORY}?page=3&pageSize=2` },
  });
  return [
    {
      when: 'page=1&',
      status: 200,
      json: page(pushes(4, 3), {
        path: HISTORY,
        total: 4,
        pageSize: 2,
        next: { href: `${HISTORY}?page=2&pageSize=2` },
      }),
    },
    { when: 'page=2&', status: 200, json: second },
    { when: 'page=2&', status: 200, json: second },
    { when: 'page=3&', status: 200, json: page(pushes(1), { path: HISTORY, total: 5, pageSize: 2, pageNumber: 3 }) },
  ];
}

export const movingCorpus = (): HostileCase[] => [
  {
    id: 'moving/push history: a push landing between two pages repeats an operation, kept once',
    group: 'moving',
    run: { op: 'pushHistory', pageSize: 2 },
    replies: pushLanded(),
    expect: { outcome: 'success', items: 4, requests: 4 },
  },
  {
    // The companies list stops after STALE_PAGES pages with nothing new; so must every list.
    id: 'moving/push history: the same operations under ever new links, stopped after pages with nothing new',
    group: 'moving',
    run: { op: 'pushHistory', pageSize: 2 },
    replies: [
      {
        status: 200,
        json: page(pushes(2, 1), {
          path: HISTORY,
          total: 1000,
          pageSize: 2,
          next: { href: `${HISTORY}?pageSize=2&after={{n}}` },
        }),
      },
    ],
    repeatLast: true,
    expect: { outcome: 'error', kind: 'malformedResponse', items: 2, requests: 4 },
  },
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
