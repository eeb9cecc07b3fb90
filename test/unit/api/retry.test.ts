import * as assert from 'node:assert/strict';
import { parseRateLimit, parseResetTime } from '../../../src/api/rateLimit';
import {
  decideRetry,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  requestedWaitMs,
  sleep,
  type RetryPolicy,
} from '../../../src/api/retry';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxBackoffMs: 8000, maxWaitMs: 30_000 };
const headers =
  (h: Record<string, string>) =>
  (name: string): string | undefined =>
    h[name];

describe('retry: Retry-After and X-Rate-Limit-Reset', () => {
  it('reads Retry-After in seconds', () => {
    assert.equal(parseRetryAfter('12', NOW), 12_000);
    assert.equal(parseRetryAfter(' 0 ', NOW), 0);
    assert.equal(parseRetryAfter('1.5', NOW), 1500);
  });

  it('reads Retry-After as an HTTP date', () => {
    assert.equal(parseRetryAfter(new Date(NOW + 7000).toUTCString(), NOW), 7000);
  });

  it('never returns a negative wait for a date in the past', () => {
    assert.equal(parseRetryAfter(new Date(NOW - 60_000).toUTCString(), NOW), 0);
  });

  it('ignores a Retry-After it cannot read', () => {
    assert.equal(parseRetryAfter('soon', NOW), undefined);
    assert.equal(parseRetryAfter(undefined, NOW), undefined);
  });

  it('prefers Retry-After, and falls back to X-Rate-Limit-Reset on a 429 only', () => {
    const reset = new Date(NOW + 20_000).toUTCString();
    assert.equal(requestedWaitMs(429, headers({ 'retry-after': '3', 'x-rate-limit-reset': reset }), NOW), 3000);
    assert.equal(requestedWaitMs(429, headers({ 'x-rate-limit-reset': reset }), NOW), 20_000);
    assert.equal(requestedWaitMs(503, headers({ 'x-rate-limit-reset': reset }), NOW), undefined);
    assert.equal(requestedWaitMs(503, headers({ 'retry-after': '5' }), NOW), 5000);
    assert.equal(requestedWaitMs(429, headers({}), NOW), undefined);
  });

  it('reads reset times as dates, epoch seconds, epoch ms or seconds from now', () => {
    assert.equal(parseResetTime('2025-03-01T12:00:30Z', NOW), NOW + 30_000);
    assert.equal(parseResetTime(new Date(NOW + 5000).toUTCString(), NOW), NOW + 5000);
    assert.equal(parseResetTime(String((NOW + 9000) / 1000), NOW), NOW + 9000);
    assert.equal(parseResetTime(String(NOW + 9000), NOW), NOW + 9000);
    assert.equal(parseResetTime('15', NOW), NOW + 15_000);
    assert.equal(parseResetTime('whenever', NOW), undefined);
  });

  it('collects the rate-limit headers, or nothing when none came', () => {
    assert.deepEqual(
      parseRateLimit(
        headers({
          'x-rate-limit-limit': '1000',
          'x-rate-limit-remaining': '998',
          'x-rate-limit-reset': '2025-03-01T13:00:00Z',
        }),
        NOW,
      ),
      { limit: 1000, remaining: 998, resetAt: NOW + 3_600_000, resetRaw: '2025-03-01T13:00:00Z', observedAt: NOW },
    );
    assert.deepEqual(parseRateLimit(headers({ 'x-rate-limit-remaining': 'lots' }), NOW), { observedAt: NOW });
    assert.equal(parseRateLimit(headers({}), NOW), undefined);
  });
});

describe('retry: backoff', () => {
  // A 503 without a Retry-After: the wait is the backoff alone.
  const backoffDelay = (retry: number, p: RetryPolicy, random: () => number): number | undefined => {
    const d = decideRetry({ method: 'GET', attempt: retry, status: 503 }, { ...p, maxAttempts: 100 }, random);
    return d.retry ? d.delayMs : undefined;
  };

  it('waits the floor plus full jitter below an exponential ceiling', () => {
    const top = () => 0.999999;
    assert.equal(backoffDelay(1, policy, top), 500 + 499);
    assert.equal(backoffDelay(2, policy, top), 500 + 999);
    assert.equal(backoffDelay(3, policy, top), 500 + 1999);
    assert.equal(
      backoffDelay(3, policy, () => 0.5),
      500 + 1000,
    );
  });

  it('never waits less than the floor, even when the jitter draws 0', () => {
    for (let retry = 1; retry <= 10; retry++)
      assert.equal(
        backoffDelay(retry, policy, () => 0),
        500,
      );
  });

  it('never exceeds the floor plus the backoff ceiling', () => {
    assert.equal(
      backoffDelay(20, policy, () => 0.999999),
      500 + 7999,
    );
  });
});

describe('retry: a header that means "wait 0" gets the floor and the jitter (issue 12, finding 5)', () => {
  const zero = () => 0;
  const decideWith = (h: Record<string, string>, random = zero) =>
    decideRetry(
      { method: 'GET', attempt: 1, status: 429, requestedWaitMs: requestedWaitMs(429, headers(h), NOW) },
      policy,
      random,
    );

  it('does not read Retry-After: -1 as a date (Date.parse makes it a day in 2001)', () => {
    assert.equal(parseRetryAfter('-1', NOW), undefined);
    assert.equal(parseRetryAfter('-30', NOW), undefined);
    assert.equal(parseRetryAfter('2001', NOW), 2_001_000);
  });

  for (const [what, h] of [
    ['Retry-After: -1', { 'retry-after': '-1' }],
    ['Retry-After: 0', { 'retry-after': '0' }],
    ['a Retry-After date in the past', { 'retry-after': new Date(NOW - 3_600_000).toUTCString() }],
    ['a stale X-Rate-Limit-Reset', { 'x-rate-limit-reset': new Date(NOW - 60_000).toUTCString() }],
    ['X-Rate-Limit-Reset: -1', { 'x-rate-limit-reset': '-1' }],
  ] as const) {
    it(`waits at least the floor, jittered, after ${what}`, () => {
      assert.deepEqual(decideWith(h), { retry: true, delayMs: 500 });
      assert.deepEqual(
        decideWith(h, () => 0.5),
        { retry: true, delayMs: 750 },
      );
    });
  }

  it('lets a header lengthen the wait, with the jitter on top, up to the cap', () => {
    assert.deepEqual(decideWith({ 'retry-after': '12' }), { retry: true, delayMs: 12_000 });
    assert.deepEqual(
      decideWith({ 'retry-after': '12' }, () => 0.5),
      { retry: true, delayMs: 12_250 },
    );
    assert.deepEqual(
      decideWith({ 'retry-after': '30' }, () => 0.5),
      { retry: true, delayMs: 30_000 },
    );
    assert.deepEqual(decideWith({ 'retry-after': '31' }), { retry: false, reason: 'waitTooLong' });
  });
});

describe('retry: decisions', () => {
  const random = () => 0.5;
  const decide = (o: Parameters<typeof decideRetry>[0], p = policy) => decideRetry(o, p, random);

  for (const status of [429, 500, 502, 503, 504]) {
    it(`retries a GET answered ${status}`, () => {
      assert.deepEqual(decide({ method: 'GET', attempt: 1, status }), { retry: true, delayMs: 750 });
    });
  }

  for (const status of [400, 401, 402, 403, 404, 409, 501]) {
    it(`does not retry a GET answered ${status}`, () => {
      assert.deepEqual(decide({ method: 'GET', attempt: 1, status }), { retry: false, reason: 'notRetryable' });
    });
  }

  it('retries DELETE like GET', () => {
    assert.equal(decide({ method: 'DELETE', attempt: 1, status: 503 }).retry, true);
  });

  it('retries connection resets and refusals of a GET', () => {
    assert.equal(decide({ method: 'GET', attempt: 1, networkCode: 'ECONNRESET' }).retry, true);
    assert.equal(decide({ method: 'GET', attempt: 1, networkCode: 'ECONNREFUSED' }).retry, true);
    assert.equal(decide({ method: 'GET', attempt: 1, networkCode: 'ENOTFOUND' }).retry, false);
  });

  it('never retries a POST that may have reached the server', () => {
    for (const status of [429, 500, 502, 503, 504]) {
      assert.deepEqual(decide({ method: 'POST', attempt: 1, status }), { retry: false, reason: 'notRetryable' });
    }
    assert.equal(decide({ method: 'POST', attempt: 1, networkCode: 'ECONNRESET' }).retry, false);
  });

  it('retries a POST whose connection was refused (it never left)', () => {
    assert.equal(decide({ method: 'POST', attempt: 1, networkCode: 'ECONNREFUSED' }).retry, true);
  });

  it('retries a write sent once (`once`) as a POST, whatever its method', () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const status of [429, 500, 502, 503, 504])
        assert.deepEqual(decide({ method, once: true, attempt: 1, status }), { retry: false, reason: 'notRetryable' });
      assert.equal(decide({ method, once: true, attempt: 1, networkCode: 'ECONNRESET' }).retry, false, method);
      assert.equal(decide({ method, once: true, attempt: 1, networkCode: 'ECONNREFUSED' }).retry, true, method);
    }
  });

  it('does not retry timeouts or cancellations (they carry neither status nor code)', () => {
    assert.equal(decide({ method: 'GET', attempt: 1 }).retry, false);
  });

  it('waits what the server asked, plus the jitter, and never less than the floor', () => {
    assert.deepEqual(decide({ method: 'GET', attempt: 1, status: 429, requestedWaitMs: 12_000 }), {
      retry: true,
      delayMs: 12_250,
    });
    assert.deepEqual(decide({ method: 'GET', attempt: 1, status: 429, requestedWaitMs: 0 }), {
      retry: true,
      delayMs: 750,
    });
    assert.deepEqual(decide({ method: 'GET', attempt: 1, status: 429, requestedWaitMs: 100 }), {
      retry: true,
      delayMs: 750,
    });
  });

  it('stops when the server asks for more than the cap', () => {
    assert.deepEqual(decide({ method: 'GET', attempt: 1, status: 429, requestedWaitMs: 30_001 }), {
      retry: false,
      reason: 'waitTooLong',
    });
  });

  it('stops at the attempt bound', () => {
    assert.equal(decide({ method: 'GET', attempt: 3, status: 503 }).retry, true);
    assert.deepEqual(decide({ method: 'GET', attempt: 4, status: 503 }), { retry: false, reason: 'attemptsExhausted' });
    assert.deepEqual(decide({ method: 'GET', attempt: 1, status: 503 }, { ...policy, maxAttempts: 1 }), {
      retry: false,
      reason: 'attemptsExhausted',
    });
  });

  it('caps a backoff by the single-wait cap too', () => {
    const d = decideRetry({ method: 'GET', attempt: 3, status: 503 }, { ...policy, maxWaitMs: 100 }, () => 0.999);
    assert.deepEqual(d, { retry: true, delayMs: 100 });
  });

  it('has the documented defaults', () => {
    assert.equal(DEFAULT_RETRY_POLICY.maxAttempts, 4);
    assert.equal(DEFAULT_RETRY_POLICY.maxWaitMs, 30_000);
  });
});

describe('retry: sleep', () => {
  it('resolves after the wait', async () => {
    await sleep(1);
  });

  it('rejects at once when aborted during the wait', async () => {
    const c = new AbortController();
    const p = sleep(60_000, c.signal);
    c.abort(new Error('stop'));
    await assert.rejects(p, /stop/);
  });

  it('rejects at once when already aborted', async () => {
    const c = new AbortController();
    c.abort(new Error('already'));
    await assert.rejects(sleep(60_000, c.signal), /already/);
  });
});
