// The rate gate (src/api/rateGate.ts) on a fake clock: when each request may go, given the cap,
// the rate-limit headers seen and the 429s met. Every time asserted is the fake clock's.
import * as assert from 'node:assert/strict';
import { RateGate, type GateEvent, type GateOptions, type GateTicket } from '../../../src/api/rateGate';
import type { RateLimitInfo } from '../../../src/api/rateLimit';
import { FakeTime, settle } from '../../support/fakeTime';

const T0 = Date.parse('2026-01-15T12:00:00Z');
const FLOOR = 500;

function setup(over: Partial<GateOptions> = {}, randoms: number[] = []) {
  const time = new FakeTime(T0);
  const events: GateEvent[] = [];
  let r = 0;
  const gate = new RateGate({
    now: time.now,
    sleep: time.sleep,
    random: () => randoms[r++] ?? 0.5,
    floorMs: FLOOR,
    maxWaitMs: 30_000,
    onEvent: (e) => events.push(e),
    ...over,
  });
  /** When each request went (fake ms after T0), by label; its ticket to leave. */
  const sent = new Map<string, number>();
  const tickets = new Map<string, GateTicket>();
  const failures = new Map<string, unknown>();
  const go = (label: string, signal?: AbortSignal): Promise<void> =>
    gate.enter(signal).then(
      (ticket) => {
        sent.set(label, time.now() - T0);
        tickets.set(label, ticket);
      },
      (e: unknown) => void failures.set(label, e),
    );
  const info = (remaining: number, resetInMs: number, limit = 100): RateLimitInfo => ({
    limit,
    remaining,
    resetAt: time.now() + resetInMs,
    observedAt: time.now(),
  });
  return { time, gate, events, sent, tickets, failures, go, info };
}

describe('rate gate', () => {
  it('lets every request go at once while nothing is known about the budget', async () => {
    const s = setup();
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((l) => s.go(l)));
    assert.deepEqual([...s.sent.values()], [0, 0, 0, 0, 0, 0]);
    assert.equal(s.gate.inFlight, 6);
    assert.deepEqual(s.events, []);
  });

  it('admits no more than the cap; each leave lets the next in, first come first served', async () => {
    let cap = 2;
    const s = setup({ maxInFlight: () => cap });
    const all = ['a', 'b', 'c', 'd', 'e'].map((l) => s.go(l));
    await settle();
    assert.deepEqual([...s.sent.keys()], ['a', 'b']);
    assert.equal(s.gate.inFlight, 2);
    s.tickets.get('b')?.leave();
    s.tickets.get('b')?.leave(); // twice counts once
    await settle();
    assert.deepEqual([...s.sent.keys()], ['a', 'b', 'c']);
    assert.equal(s.gate.inFlight, 2);
    cap = 4; // the setting changed: the next leave lets in as many as now fit
    s.tickets.get('a')?.leave();
    await Promise.all(all);
    assert.deepEqual([...s.sent.keys()], ['a', 'b', 'c', 'd', 'e']);
    assert.equal(s.gate.inFlight, 3);
  });

  it('goes at full speed while plenty of the budget is left', async () => {
    const s = setup({ maxInFlight: () => 4 });
    s.gate.observe(s.info(50, 10_000));
    await Promise.all(['a', 'b', 'c', 'd'].map((l) => s.go(l)));
    assert.deepEqual([...s.sent.values()], [0, 0, 0, 0]);
    assert.deepEqual(s.events, []);
  });

  it('once little is left, spreads what is left evenly over the time to the reset, and says so once', async () => {
    const s = setup({ maxInFlight: () => 4 });
    // 10 of 100 left (a tenth), reset in 10 s: one request a second.
    s.gate.observe(s.info(10, 10_000));
    const all = ['a', 'b', 'c', 'd'].map((l) => s.go(l));
    await s.time.advance(2_999);
    assert.deepEqual([...s.sent.values()], [0, 1_000, 2_000]);
    await s.time.advance(1);
    await Promise.all(all);
    assert.deepEqual([...s.sent.values()], [0, 1_000, 2_000, 3_000]);
    assert.deepEqual(s.events, [{ kind: 'spacing', remaining: 10, limit: 100, resetInMs: 10_000, intervalMs: 1_000 }]);
  });

  it('counts the requests on the wire against what is left: none over means waiting for the reset', async () => {
    const s = setup({}, [0.2]);
    await Promise.all([s.go('a'), s.go('b')]);
    // An answer sent before a and b were counted: 2 left, both already spoken for.
    s.gate.observe(s.info(2, 5_000));
    const c = s.go('c');
    await s.time.advance(5_099);
    assert.equal(s.sent.has('c'), false, 'not before the reset and its jitter');
    await s.time.advance(1);
    await c;
    assert.equal(s.sent.get('c'), 5_100, 'the reset plus 0.2 of the floor');
    assert.deepEqual(s.events, [{ kind: 'waitingForReset', waitMs: 5_000 }]);
  });

  it('once the reset has passed, what the old window said no longer holds anyone back', async () => {
    const s = setup();
    s.gate.observe(s.info(0, 1_000));
    await s.time.advance(1_000);
    await s.go('a');
    assert.equal(s.sent.get('a'), 1_000);
  });

  it('keeps the lower count of one window: an answer overtaken by a later one cannot raise it', async () => {
    const s = setup({}, [0]);
    const resetAt = T0 + 4_000;
    s.gate.observe({ limit: 100, remaining: 0, resetAt, observedAt: T0 });
    s.gate.observe({ limit: 100, remaining: 60, resetAt, observedAt: T0 });
    const a = s.go('a');
    await s.time.runAll();
    await a;
    assert.equal(s.sent.get('a'), 4_000, 'still waited for the reset');
    // A new window (another reset time) is taken as it comes.
    s.gate.observe({ limit: 100, remaining: 60, resetAt: resetAt + 60_000, observedAt: s.time.now() });
    await s.go('b');
    assert.equal(s.sent.get('b'), 4_000);
  });

  it('does not make a wait the headers ask for that is longer than the client accepts: the server decides', async () => {
    const s = setup({ maxWaitMs: 30_000 });
    s.gate.observe(s.info(0, 45_000));
    await s.go('a');
    assert.equal(s.sent.get('a'), 0);
    assert.deepEqual(s.events, []);
  });

  it('a 429 closes the gate: every request waits for what it asked, each with its own jitter', async () => {
    const s = setup({}, [0.1, 0.5, 0.9]);
    s.gate.close(2_000);
    const all = ['a', 'b', 'c'].map((l) => s.go(l));
    await s.time.advance(2_049);
    assert.equal(s.sent.size, 0);
    await s.time.runAll();
    await Promise.all(all);
    assert.deepEqual([...s.sent.values()], [2_050, 2_250, 2_450]);
    assert.deepEqual(s.events, [{ kind: 'closed', waitMs: 2_000 }]);
  });

  it('closes for at least the floor when a 429 asks for nothing or for less', async () => {
    for (const asked of [undefined, 0, 100]) {
      const s = setup({}, [0]);
      s.gate.close(asked);
      const a = s.go('a');
      await s.time.runAll();
      await a;
      assert.equal(s.sent.get('a'), FLOOR, `asked ${String(asked)}`);
    }
  });

  it('a 429 met while others wait keeps them waiting for the later reopening; one log line', async () => {
    const s = setup({}, [0, 0, 0, 0]);
    s.gate.close(2_000);
    const all = ['a', 'b'].map((l) => s.go(l));
    await s.time.advance(1_000);
    s.gate.close(3_000); // reopens at 4 s instead of 2 s
    s.gate.close(1_000); // earlier than what stands: changes nothing
    await s.time.advance(2_999);
    assert.equal(s.sent.size, 0, 'nobody went at 2 s');
    await s.time.advance(1);
    await Promise.all(all);
    assert.deepEqual([...s.sent.values()], [4_000, 4_000]);
    assert.equal(s.events.length, 1);
  });

  it('a 429 that also says nothing is left is one line in the log, not one for the 429 and one for the reset', async () => {
    const s = setup({}, [0, 0, 0, 0, 0, 0]);
    s.gate.observe(s.info(0, 2_000));
    s.gate.close(2_000);
    const all = ['a', 'b', 'c'].map((l) => s.go(l));
    await s.time.runAll();
    await Promise.all(all);
    assert.deepEqual([...s.sent.values()], [2_000, 2_000, 2_000]);
    assert.deepEqual(s.events, [{ kind: 'closed', waitMs: 2_000 }]);
  });

  it('a 429 asking for longer than the client accepts closes nothing (that request fails instead)', async () => {
    const s = setup();
    s.gate.close(45_000);
    await s.go('a');
    assert.equal(s.sent.get('a'), 0);
  });

  it('an abort ends a wait in the closed gate at once and gives the place to the next', async () => {
    const s = setup({ maxInFlight: () => 1 });
    s.gate.close(5_000);
    const controller = new AbortController();
    const a = s.go('a', controller.signal);
    const b = s.go('b');
    await settle();
    controller.abort(new Error('cancelled by the test'));
    await a;
    assert.equal((s.failures.get('a') as Error).message, 'cancelled by the test');
    assert.equal(s.gate.inFlight, 1, 'b took the place');
    await s.time.runAll();
    await b;
    assert.equal(s.sent.has('a'), false);
    assert.ok((s.sent.get('b') ?? 0) >= 5_000);
  });

  it('an abort ends a wait for a place, and that caller never takes one', async () => {
    const s = setup({ maxInFlight: () => 1 });
    await s.go('a');
    const controller = new AbortController();
    const b = s.go('b', controller.signal);
    const c = s.go('c');
    controller.abort(new Error('stop'));
    await b;
    assert.ok(s.failures.has('b'));
    s.tickets.get('a')?.leave();
    await c;
    assert.deepEqual([...s.sent.keys()], ['a', 'c']);
    assert.equal(s.gate.inFlight, 1);
  });

  it('an abort ends the wait even when the injected sleep ignores the signal', async () => {
    const time = new FakeTime(T0);
    const gate = new RateGate({
      now: time.now,
      sleep: () => new Promise<void>(() => undefined),
      random: () => 0,
      floorMs: FLOOR,
      maxWaitMs: 30_000,
    });
    gate.close(1_000);
    const controller = new AbortController();
    const entered = gate.enter(controller.signal);
    setImmediate(() => controller.abort(new Error('gone')));
    await assert.rejects(entered, /gone/);
    assert.equal(gate.inFlight, 0);
  });

  it('an already aborted signal is refused without taking a place', async () => {
    const s = setup({ maxInFlight: () => 1 });
    await assert.rejects(s.gate.enter(AbortSignal.abort(new Error('no'))), /no/);
    assert.equal(s.gate.inFlight, 0);
  });
});
