import * as assert from 'node:assert/strict';
import { DEFAULT_LIMITS, limitsFromEnv, Watchdog } from '../../host/watchdog';

const limits = { startupMs: 100, stallMs: 30, totalMs: 1000 };

function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 5000;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

describe('host watchdog', () => {
  it('fails a host whose tests never start', () => {
    const c = clock();
    const w = new Watchdog(limits, c.now);
    w.start();
    c.advance(99);
    assert.equal(w.verdict(), undefined);
    c.advance(1);
    assert.match(w.verdict() ?? '', /did not start/);
  });

  it('fails a host whose heartbeat stops, and not one that keeps beating', () => {
    const c = clock();
    const w = new Watchdog(limits, c.now);
    w.start();
    for (let i = 0; i < 10; i++) {
      w.beat();
      c.advance(29);
      assert.equal(w.verdict(), undefined);
    }
    c.advance(1);
    assert.match(w.verdict() ?? '', /stopped responding/);
  });

  it('fails a run that exceeds the total time even while it beats', () => {
    const c = clock();
    const w = new Watchdog(limits, c.now);
    w.start();
    for (let t = 0; t < 1000; t += 20) {
      w.beat();
      c.advance(20);
    }
    assert.match(w.verdict() ?? '', /did not finish within 1 s/);
  });

  it('counts nothing before the host starts: a first-run install of any length is not a hang', () => {
    const c = clock();
    const w = new Watchdog(limits, c.now);
    c.advance(10 * 60_000); // apt, Node 24 and the VS Code server on a fresh machine
    assert.equal(w.verdict(), undefined);
    w.start();
    c.advance(99);
    assert.equal(w.verdict(), undefined, 'the startup limit counts from start()');
    c.advance(1);
    assert.match(w.verdict() ?? '', /did not start within/);
  });

  it('counts the total from the first start only', () => {
    const c = clock();
    const w = new Watchdog(limits, c.now);
    c.advance(5000);
    w.start();
    w.beat();
    c.advance(500);
    w.start(); // a second call must not reset the clock
    for (let t = 0; t < 500; t += 20) {
      w.beat();
      c.advance(20);
    }
    assert.match(w.verdict() ?? '', /did not finish within 1 s/);
  });

  it('reads limits in seconds from the environment and ignores nonsense', () => {
    assert.deepEqual(
      limitsFromEnv({ DP_TEST_TIMEOUT: '60', DP_TEST_STALL_TIMEOUT: 'x', DP_TEST_STARTUP_TIMEOUT: '-4' }),
      {
        ...DEFAULT_LIMITS,
        totalMs: 60_000,
      },
    );
  });
});
