// Body sizes: nothing, one byte, a body cut short on the wire, and bodies just under and just
// over the client's 64 MB cap (streamed by the server, so the test holds no copy of its own). A
// body over the cap is refused unread and not retried; one under it is read.
import { MAX_RESPONSE_BYTES } from '../../../src/api/transportOptions';
import { base64 } from '../../support/keyEncodings';
import { DEFAULT_KEY, companies, page, type HostileCase, type ReplySpec } from '../corpus';

/** A good page of one company, with a `pad` string filling the body up to `bytes`. */
const padded = (bytes: number, status = 200): ReplySpec => {
  const json = JSON.stringify(page(companies(1)));
  return {
    status,
    headers: { 'Content-Type': 'application/json' },
    stream: { bytes, prefix: `${json.slice(0, -1)},"pad":"`, suffix: '"}', fill: 'a' },
  };
};

const one = (id: string, replies: ReplySpec[], expect: HostileCase['expect'], repeatLast = false): HostileCase => ({
  id: `size/${id}`,
  group: 'size',
  run: { op: 'listCompanies' },
  replies,
  ...(repeatLast ? { repeatLast } : {}),
  expect,
});

const quiet = (c: HostileCase): HostileCase => ({ ...c, noTrace: true });

/** A 400 whose body nests `depth` levels deep: pretty-printed with an indent per level, 29 KB of
 * it once became 450 million characters and 39 KB threw in every later panel update. */
const nested = (what: string, body: string): HostileCase =>
  one(
    `a 400 of ${what} (${Math.round(body.length / 1024)} KB)`,
    [{ status: 400, headers: { 'Content-Type': 'application/json' }, body }],
    { outcome: 'error', kind: 'badRequest' },
  );
const arrays = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number): string =>
  `{"statusCode":400,"service":"PublicApi","error":"Bad","validation":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;

export const sizeCorpus = (): HostileCase[] => [
  one('empty body on a 200', [{ status: 200, headers: { 'Content-Type': 'application/json' }, body: '' }], {
    outcome: 'error',
    kind: 'malformedResponse',
  }),
  one('204 No Content for a list', [{ status: 204 }], { outcome: 'error', kind: 'malformedResponse' }),
  one('one byte: {', [{ status: 200, headers: { 'Content-Type': 'application/json' }, body: '{' }], {
    outcome: 'error',
    kind: 'malformedResponse',
  }),
  one('one byte: a space', [{ status: 200, headers: { 'Content-Type': 'application/json' }, body: ' ' }], {
    outcome: 'error',
    kind: 'malformedResponse',
  }),
  one('empty body on a 500, every time', [{ status: 500 }], { outcome: 'error', kind: 'server', requests: 4 }, true),
  one('one byte on a 400', [{ status: 400, headers: { 'Content-Type': 'text/plain' }, body: 'x' }], {
    outcome: 'error',
    kind: 'badRequest',
  }),
  one(
    'cut short on the wire, every time',
    [{ status: 200, json: page(companies(2)), cut: true }],
    { outcome: 'error', kind: 'network', requests: 4 },
    true,
  ),
  one(
    'cut short once, then whole',
    [
      { status: 200, json: page(companies(2)), cut: true },
      { status: 200, json: page(companies(2)) },
    ],
    { outcome: 'success', items: 2, requests: 2 },
  ),
  nested('arrays nested 14,800 deep', arrays(14_800)),
  nested('arrays nested 20,000 deep', arrays(20_000)),
  nested('objects nested 8,000 deep in its validation', objects(8_000)),
  quiet(one('just under the 64 MB cap', [padded(MAX_RESPONSE_BYTES - 1024)], { outcome: 'success', items: 1 })),
  one('just over the 64 MB cap', [padded(MAX_RESPONSE_BYTES + 1)], { outcome: 'error', kind: 'malformedResponse' }),
  one('over the cap on an error status', [padded(MAX_RESPONSE_BYTES + 1024 * 1024, 500)], {
    outcome: 'error',
    kind: 'malformedResponse',
  }),
  one(
    'a 5 MB error page that echoes the key at both ends',
    [
      {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
        stream: {
          bytes: 5 * 1024 * 1024,
          prefix: `<html><head><title>Bad gateway for ${DEFAULT_KEY}</title></head><body><pre>`,
          suffix: `Basic ${base64(DEFAULT_KEY)}</pre></body></html>`,
          fill: 'x',
        },
      },
      { status: 200, json: page(companies(2)) },
    ],
    { outcome: 'success', items: 2, requests: 2 },
  ),
];
