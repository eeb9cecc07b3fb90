// Issue 12, finding 5, against a real server on loopback: in a 429 storm whose headers all mean
// "retry now", 20 concurrent GETs must not come straight back. The client runs with its real
// clock, sleep and randomness; the policy is shortened (floor 150 ms, 3 attempts) so that a storm,
// paced by the rate gate, takes seconds. Bounded: 20 callers × 3 attempts, and the server closes after.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { TestServer } from '../../support/httpDouble';

const FLOOR_MS = 150;
const CLIENTS = 20;
const ATTEMPTS = 3;
// setTimeout may fire a millisecond early by rounding; the server notes arrival, not departure.
const SLACK_MS = 5;

describe('retry: a 429 storm on a real server (issue 12, finding 5)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  for (const [what, headers] of [
    ['Retry-After: -1', { 'Retry-After': '-1' }],
    ['a Retry-After date in the past', { 'Retry-After': 'Sat, 01 Jan 2000 00:00:00 GMT' }],
    ['a stale X-Rate-Limit-Reset', { 'X-Rate-Limit-Reset': '2000-01-01T00:00:00Z', 'X-Rate-Limit-Remaining': '0' }],
  ] as const) {
    /** One storm: the floor is asserted here; the first retries' spread (ms) is returned. */
    const storm = async (): Promise<number> => {
      await server?.close();
      const srv = await TestServer.start();
      server = srv;
      const arrivals = new Map<string, number[]>();
      srv.otherwise((req, res) => {
        const list = arrivals.get(req.url ?? '') ?? [];
        list.push(performance.now());
        arrivals.set(req.url ?? '', list);
        res.writeHead(429, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify({ statusCode: 429, service: 'PublicApi', error: 'Too many requests' }));
      });
      const client = new DataPlatformClient({
        baseUrl: srv.url,
        apiKey: 'sk_test_storm',
        retry: { maxAttempts: ATTEMPTS, baseDelayMs: FLOOR_MS, maxBackoffMs: FLOOR_MS * 4 },
      });
      const results = await Promise.allSettled(Array.from({ length: CLIENTS }, (_, i) => client.getCompany(`c${i}`)));

      assert.ok(
        results.every(
          (r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.kind === 'rateLimited',
        ),
      );
      assert.equal(srv.count, CLIENTS * ATTEMPTS);
      // Within the floor of the first arrival, no retry can have come: at most the first attempts.
      const all = [...arrivals.values()].flat();
      const early = all.filter((at) => at - Math.min(...all) < FLOOR_MS - SLACK_MS).length;
      assert.ok(early <= CLIENTS, `${early} requests in the first ${FLOOR_MS} ms`);
      const gaps = [...arrivals.values()].flatMap((times) => times.slice(1).map((at, i) => at - times[i]));
      assert.equal(gaps.length, CLIENTS * (ATTEMPTS - 1));
      assert.ok(
        Math.min(...gaps) >= FLOOR_MS - SLACK_MS,
        `a retry came ${Math.min(...gaps).toFixed(1)} ms after the last attempt`,
      );
      const firstRetries = [...arrivals.values()].map((times) => times[1]);
      return Math.max(...firstRetries) - Math.min(...firstRetries);
    };

    it(`spaces every retry by the floor and spreads them after ${what}`, async () => {
      // Jitter: the first retries are spread over the jitter window, not bunched at one instant. A
      // machine busy enough to stall this process past the window fires every timer at once, so a
      // bunched storm is run again (twice at most); the floor must hold in every run.
      let spread = await storm();
      for (let again = 0; again < 2 && spread <= FLOOR_MS / 5; again++) spread = await storm();
      assert.ok(spread > FLOOR_MS / 5, `the retries were not spread (${spread.toFixed(1)} ms)`);
    });
  }
});
