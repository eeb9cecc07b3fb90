// `_links.next` in every form a server might write it, met by Load all on the Companies view:
// relative and absolute links under the base URL are followed; links to another host or scheme,
// with dot segments (plain or percent-encoded, relative or absolute), with credentials, spaces or
// another scheme are refused before anything is sent, keeping the first page; links of the wrong
// type make the page malformed.
import { companies, page, type HostileCase, type ReplySpec } from '../corpus';

const FIRST = companies(2);
const SECOND = companies(2, 'd');

/** The first page of 4 companies, 2 a page, with `next` as given (and `change` made to it); then
 * the second page. */
function replies(next: unknown, change?: (first: Record<string, unknown>) => void): ReplySpec[] {
  const first = page(FIRST, { total: 4, pageSize: 2, next });
  change?.(first);
  return [
    { when: 'page=1&', status: 200, json: first },
    { status: 200, json: page(SECOND, { total: 4, pageSize: 2, pageNumber: 2 }) },
  ];
}

const followed = (what: string, href: string, path = '/companies?page=2&pageSize=2'): HostileCase => ({
  id: `links/${what}: followed`,
  group: 'links',
  run: { op: 'loadAll', pageSize: 2 },
  replies: replies({ href }),
  expect: { outcome: 'success', items: 4, requests: 2, path },
});

const refused = (what: string, href: string): HostileCase => ({
  id: `links/${what}: refused`,
  group: 'links',
  run: { op: 'loadAll', pageSize: 2 },
  replies: replies({ href }),
  expect: { outcome: 'refused', kind: 'invalidParameter', items: 2, requests: 1 },
});

const malformed = (what: string, next: unknown, change?: (first: Record<string, unknown>) => void): HostileCase => ({
  id: `links/${what}: malformed page`,
  group: 'links',
  run: { op: 'loadAll', pageSize: 2 },
  replies: replies(next, change),
  expect: { outcome: 'error', kind: 'malformedResponse', items: 0, requests: 1 },
});

export const linkCorpus = (): HostileCase[] => [
  followed('relative', '/companies?page=2&pageSize=2'),
  followed('absolute, same host', '{{origin}}/companies?page=2&pageSize=2'),
  followed('with a fragment', '/companies?page=2&pageSize=2#top'),
  followed(
    'very long query',
    `/companies?page=2&pageSize=2&pad=${'a'.repeat(8000)}`,
    `/companies?page=2&pageSize=2&pad=${'a'.repeat(8000)}`,
  ),
  refused('absolute, another host', '{{other}}/companies?page=2&pageSize=2'),
  refused('protocol-relative, another host', '//evil.example/companies?page=2&pageSize=2'),
  refused('https on the same host and port', 'https://{{host}}/companies?page=2&pageSize=2'),
  refused('with user and password', 'http://user:pw@{{host}}/companies?page=2&pageSize=2'),
  refused('leading /../', '/../companies?page=2&pageSize=2'),
  refused('/../ inside', '/companies/../companies?page=2&pageSize=2'),
  refused('a /./ segment', '/./companies?page=2&pageSize=2'),
  refused('encoded dot segment %2e%2e', '/%2e%2e/companies?page=2&pageSize=2'),
  refused('encoded dot segment, mixed case %2E%2e', '/companies/%2E%2e/apiKeys?page=2&pageSize=2'),
  refused('encoded slash around ..', '/companies%2f..%2fapiKeys?page=2&pageSize=2'),
  refused('absolute, same host, with /../', '{{origin}}/x/../companies?page=2&pageSize=2'),
  refused('absolute, same host, with %2e%2e', '{{origin}}/%2e%2e/companies?page=2&pageSize=2'),
  refused('javascript:', 'javascript:alert(1)'),
  refused('data:', 'data:application/json,{}'),
  refused('file:', 'file:///etc/passwd'),
  refused('relative without a leading slash', 'companies?page=2&pageSize=2'),
  refused('a query only', '?page=2&pageSize=2'),
  refused('with a space', '/companies?page=2&pageSize=2&x=a b'),
  refused('with a backslash', '/companies\\..\\apiKeys?page=2&pageSize=2'),
  refused('with a line break', '/companies?page=2&pageSize=2\nX-Injected: 1'),
  {
    id: 'links/missing next: the list ends',
    group: 'links',
    run: { op: 'loadAll', pageSize: 2 },
    replies: replies(undefined),
    expect: { outcome: 'success', items: 2, requests: 1 },
  },
  {
    id: 'links/empty href: the list ends',
    group: 'links',
    run: { op: 'loadAll', pageSize: 2 },
    replies: replies({ href: '' }),
    expect: { outcome: 'success', items: 2, requests: 1 },
  },
  {
    id: 'links/next back to the loaded page: paging stops',
    group: 'links',
    run: { op: 'loadAll', pageSize: 2 },
    replies: replies({ href: '/companies?page=1&pageSize=2' }),
    expect: { outcome: 'error', kind: 'malformedResponse', items: 2, requests: 1 },
  },
  malformed('_links missing', undefined, (first) => delete first._links),
  malformed('_links null', undefined, (first) => (first._links = null)),
  malformed('_links an array', undefined, (first) => (first._links = [{ href: '/companies?page=2' }])),
  malformed('next a string', '/companies?page=2&pageSize=2'),
  malformed('next null', null),
  malformed('next.href a number', { href: 2 }),
  malformed('next.href null', { href: null }),
];
