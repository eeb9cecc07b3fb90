// Issue 12, finding 6: the emulator's rate-limit state stays bounded.
import * as assert from 'node:assert/strict';
import { MAX_WINDOWS, RateLimiter } from '../emulator/rateLimit';
import { ManualClock } from '../emulator/testing';

describe('emulator: rate-limit state is bounded', () => {
  const WINDOW_MS = 60_000;

  it('keeps at most a bounded number of windows for 100,000 distinct keys, and drops them once their windows pass', () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ limit: 5, windowMs: WINDOW_MS }, clock.now);
    let largest = 0;
    for (let i = 0; i < 100_000; i++) {
      // Spread over the first half of the window, so all are live when the last one arrives.
      if (i % 1000 === 0) clock.advance(300);
      limiter.take(`random-key-${i}`);
      largest = Math.max(largest, limiter.size);
    }
    assert.ok(largest <= MAX_WINDOWS, `held ${largest} windows at most`);
    clock.advance(WINDOW_MS);
    // Every window has ended: a bounded number of ordinary requests sweeps them all away.
    for (let i = 0; i < 1000 && limiter.size > 1; i++) limiter.take('steady-client');
    assert.equal(limiter.size, 1, 'only the live window of the key still calling is kept');
  });

  it('never drops a live window while pruning ended ones, so its count holds', () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ limit: 5, windowMs: WINDOW_MS }, clock.now);
    for (let i = 0; i < 5000; i++) limiter.take(`old-${i}`);
    clock.advance(WINDOW_MS / 2);
    assert.equal(limiter.take('live').headers['X-Rate-Limit-Remaining'], '4');
    clock.advance(WINDOW_MS / 2);
    for (let i = 0; i < 200; i++) limiter.take(`new-${i}`);
    assert.equal(limiter.size, 201, 'the 5000 ended windows are gone; the live one and the 200 new ones stay');
    assert.equal(limiter.take('live').headers['X-Rate-Limit-Remaining'], '3', 'the live window kept its count');
  });

  it('evicts the oldest window when the cap is reached, and the evicted key starts afresh', () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ limit: 2, windowMs: WINDOW_MS }, clock.now, 3);
    limiter.take('a');
    limiter.take('a');
    assert.equal(limiter.take('a').allowed, false);
    for (const key of ['b', 'c', 'd']) limiter.take(key);
    assert.equal(limiter.size, 3);
    assert.equal(limiter.take('a').allowed, true, 'a was the oldest, so it was evicted');
    assert.equal(limiter.size, 3);
  });
});
