// Retry headers a server may get wrong: Retry-After negative, zero, a past date, fractional,
// garbage, huge; X-Rate-Limit-Reset stale or garbage. Every retry waits at least the floor (500 ms)
// whatever they say, a wait longer than the client accepts ends the retries at once, and a POST is
// never retried. The waits are recorded by the injected sleep: no real time passes.
import { MAX_FOLLOW_WAIT_MS } from '../../../src/push/follow';
import { companies, errorBody, page, type HostileCase, type ReplySpec } from '../corpus';
import { FOLLOWED_PUSH } from '../perform';

const FLOOR = 500;
const OK: ReplySpec = { status: 200, json: page(companies(2)) };
const limited = (headers: Record<string, string>, status = 429): ReplySpec => ({
  status,
  headers,
  json: errorBody(status, 'Rate limit exceeded.'),
});

const recovers = (
  what: string,
  headers: Record<string, string>,
  minRetryWaitMs = FLOOR,
  status = 429,
): HostileCase => ({
  id: `retry/${what}: retried after at least ${minRetryWaitMs} ms`,
  group: 'retry',
  run: { op: 'listCompanies' },
  replies: [limited(headers, status), OK],
  expect: { outcome: 'success', items: 2, requests: 2, minRetryWaitMs },
});

const givesUp = (what: string, headers: Record<string, string>): HostileCase => ({
  id: `retry/${what}: not retried`,
  group: 'retry',
  run: { op: 'listCompanies' },
  replies: [limited(headers), OK],
  expect: { outcome: 'error', kind: 'rateLimited', requests: 1 },
});

const PAST = 'Wed, 21 Oct 2015 07:28:00 GMT';

/** Following a push whose poll is refused with `Retry-After: seconds`, then answers Success: the
 * follow waits, but never longer than its cap (2,000,000 s is 23 days; past 2^31 ms Node's timer
 * fires at once). */
const followCapped = (seconds: string): HostileCase => ({
  id: `retry/following a push, Retry-After: ${seconds}: waits at most the cap`,
  group: 'retry',
  run: { op: 'followPush' },
  replies: [
    limited({ 'Retry-After': seconds }),
    { status: 200, json: { ...FOLLOWED_PUSH, status: 'Success', completedOnUtc: '2026-01-15T12:00:05Z' } },
  ],
  expect: { outcome: 'success', items: 1, requests: 2, maxWaitMs: MAX_FOLLOW_WAIT_MS },
});

export const retryCorpus = (): HostileCase[] => [
  followCapped('3000000'),
  followCapped('2000000'),
  followCapped('Fri, 01 Jan 2999 00:00:00 GMT'),
  recovers('Retry-After: -1', { 'Retry-After': '-1' }),
  recovers('Retry-After: -0', { 'Retry-After': '-0' }),
  recovers('Retry-After: 0', { 'Retry-After': '0' }),
  recovers('Retry-After a past date', { 'Retry-After': PAST }),
  recovers('Retry-After garbage', { 'Retry-After': 'soon' }),
  recovers('Retry-After in exponent notation', { 'Retry-After': '1e3' }),
  recovers('Retry-After: 1.5', { 'Retry-After': '1.5' }, 1500),
  recovers('Retry-After: 3 with spaces', { 'Retry-After': ' 3 ' }, 3000),
  recovers('X-Rate-Limit-Reset stale', {
    'X-Rate-Limit-Reset': PAST,
    'X-Rate-Limit-Remaining': '0',
    'X-Rate-Limit-Limit': '100',
  }),
  recovers('X-Rate-Limit-Reset garbage', { 'X-Rate-Limit-Reset': 'tomorrow', 'X-Rate-Limit-Remaining': 'none' }),
  recovers('Retry-After: 2 with a stale X-Rate-Limit-Reset', { 'Retry-After': '2', 'X-Rate-Limit-Reset': PAST }, 2000),
  recovers('503 with Retry-After: -1', { 'Retry-After': '-1' }, FLOOR, 503),
  recovers('no header at all', {}),
  givesUp('Retry-After huge', { 'Retry-After': '999999' }),
  givesUp('Retry-After a date in 2999', { 'Retry-After': 'Fri, 01 Jan 2999 00:00:00 GMT' }),
  {
    id: 'retry/429 with Retry-After: 0 every time: gives up after 4 attempts',
    group: 'retry',
    run: { op: 'listCompanies' },
    replies: [limited({ 'Retry-After': '0' })],
    repeatLast: true,
    expect: { outcome: 'error', kind: 'rateLimited', requests: 4, minRetryWaitMs: FLOOR },
  },
  {
    id: 'retry/429 on a POST with Retry-After: -1: not retried',
    group: 'retry',
    run: { op: 'createCompany', name: 'Acme' },
    replies: [limited({ 'Retry-After': '-1' }), { status: 200, json: { id: 'c9', name: 'Acme' } }],
    expect: { outcome: 'error', kind: 'rateLimited', requests: 1 },
  },
  {
    id: 'retry/rate-limit headers of nonsense on a 200',
    group: 'retry',
    run: { op: 'listCompanies' },
    replies: [
      {
        status: 200,
        headers: { 'X-Rate-Limit-Limit': 'abc', 'X-Rate-Limit-Remaining': '-5', 'X-Rate-Limit-Reset': 'never' },
        json: page(companies(2)),
      },
    ],
    expect: { outcome: 'success', items: 2 },
  },
];
