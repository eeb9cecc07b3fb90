// Following a push: when an operation counts as settled, how often it is asked for (a fake sleep
// records the waits: nothing really waits), which failures it rides out and which end it, the
// cancellation, and one push followed to Success on the real emulator.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError, isCancellation, type ApiErrorKind } from '../../../src/api/errors';
import type { PushOperation } from '../../../src/api/models';
import { followPush, isSettled, MAX_FOLLOW_WAIT_MS, type FollowOptions } from '../../../src/push/follow';
import { startEmulator } from '../../emulator';
import { VALID_BODIES } from '../../support/pushBodies';

const op = (status: string, extra: Partial<PushOperation> = {}): PushOperation => ({
  pushOperationKey: 'b9a2c0de-0000-4000-8000-000000000001',
  companyId: 'c1',
  dataConnectionKey: 'd1',
  dataType: 'invoices',
  status,
  requestedOnUtc: '2026-01-15T12:00:00.000Z',
  ...extra,
});

const PENDING = op('Pending', { data: { totalAmount: 53 } });

const failure = (kind: ApiErrorKind, extra: { status?: number; retryAfterMs?: number } = {}): ApiError =>
  new ApiError({ kind, message: kind, method: 'GET', path: '/companies/c1/push/x', ...extra });

/** A `get` answering from the script in order (an Error is thrown), counting its calls. */
function scripted(script: (PushOperation | Error)[]) {
  const calls: number[] = [];
  const get = (): Promise<PushOperation> => {
    calls.push(calls.length);
    const next = script.shift();
    if (next === undefined) return Promise.reject(new Error('asked once too often'));
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  return { get, calls };
}

/** Options with a sleep that only records its waits, and no jitter. */
function recording(extra: FollowOptions = {}) {
  const delays: number[] = [];
  const updates: string[] = [];
  const options: FollowOptions = {
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
    random: () => 0,
    onUpdate: (o) => updates.push(o.status),
    ...extra,
  };
  return { options, delays, updates };
}

describe('follow: isSettled', () => {
  it('knows the four statuses, and reads an unknown one as settled only once completed', () => {
    assert.equal(isSettled(op('Pending')), false);
    assert.equal(isSettled(op('Pending', { completedOnUtc: '2026-01-15T12:00:01Z' })), false);
    for (const s of ['Success', 'Failed', 'TimedOut']) assert.equal(isSettled(op(s)), true, s);
    assert.equal(isSettled(op('Retrying')), false);
    assert.equal(isSettled(op('Retrying', { completedOnUtc: '' })), false);
    assert.equal(isSettled(op('Retrying', { completedOnUtc: '2026-01-15T12:00:01Z' })), true);
  });
});

describe('follow: polling with a fake sleep', () => {
  it('returns a settled operation at once, asking nothing', async () => {
    const { get, calls } = scripted([]);
    const { options, delays } = recording();
    const done = op('Failed');
    assert.equal(await followPush(get, done, options), done);
    assert.deepEqual([calls.length, delays.length], [0, 0]);
  });

  it('polls until it settles, the wait doubling up to the cap; told of each change', async () => {
    const { get } = scripted([
      op('Pending'),
      op('Pending', { timeoutInMinutes: 5 }),
      op('Pending', { timeoutInMinutes: 5 }),
      op('Pending', { timeoutInMinutes: 5 }),
      op('Success', { completedOnUtc: '2026-01-15T12:00:09Z' }),
    ]);
    const { options, delays, updates } = recording({ firstDelayMs: 1000, maxDelayMs: 5000 });
    const done = await followPush(get, PENDING, options);
    assert.equal(done.status, 'Success');
    assert.deepEqual(delays, [1000, 2000, 4000, 5000, 5000]);
    // The first answer differs from the push's own only by its missing `data`: no news.
    assert.deepEqual(updates, ['Pending', 'Success']);
  });

  it('keeps polling an unknown status until it completes', async () => {
    const { get, calls } = scripted([op('Retrying'), op('Retrying', { completedOnUtc: '2026-01-15T12:00:03Z' })]);
    const { options } = recording();
    assert.equal((await followPush(get, PENDING, options)).status, 'Retrying');
    assert.equal(calls.length, 2);
  });

  it('defaults to 1 s doubling to 30 s, and jitters each wait down by at most a tenth', async () => {
    const { get } = scripted([...Array<PushOperation>(6).fill(op('Pending')), op('Success')]);
    const { options, delays } = recording({ random: () => 0.999 });
    await followPush(get, PENDING, options);
    const full = [1000, 2000, 4000, 8000, 16000, 30000, 30000];
    assert.equal(delays.length, full.length);
    delays.forEach((d, i) => assert.ok(d <= full[i] && d > full[i] * 0.9, `${d} for ${full[i]}`));
  });

  it('rides out transient failures, and a success clears their count', async () => {
    const { get, calls } = scripted([
      failure('server', { status: 500 }),
      failure('network'),
      op('Pending'),
      failure('timeout'),
      failure('unavailable', { status: 503 }),
      op('Success'),
    ]);
    const { options } = recording({ maxFailures: 3 });
    assert.equal((await followPush(get, PENDING, options)).status, 'Success');
    assert.equal(calls.length, 6);
  });

  it('throws the last failure once maxFailures come in a row', async () => {
    const last = failure('server', { status: 502 });
    const { get, calls } = scripted([failure('network'), failure('timeout'), last, op('Success')]);
    const { options, delays } = recording({ maxFailures: 3 });
    await assert.rejects(followPush(get, PENDING, options), (e) => e === last);
    assert.equal(calls.length, 3);
    assert.deepEqual(delays, [1000, 2000, 4000]);
  });

  for (const [kind, status] of [
    ['notFound', 404],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['malformedResponse', 200],
  ] as const) {
    it(`throws a ${kind} (${status}) at once`, async () => {
      const error = failure(kind, { status });
      const { get, calls } = scripted([error, op('Success')]);
      await assert.rejects(followPush(get, PENDING, recording().options), (e) => e === error);
      assert.equal(calls.length, 1);
    });
  }

  it('waits at least a 429’s Retry-After, then goes back to its backoff', async () => {
    const { get } = scripted([
      failure('rateLimited', { status: 429, retryAfterMs: 7000 }),
      failure('rateLimited', { status: 429, retryAfterMs: 10 }),
      op('Success'),
    ]);
    const { options, delays } = recording({ random: () => 0.999 });
    await followPush(get, PENDING, options);
    assert.equal(delays[1], 7000, 'never jittered below what the server asked');
    assert.ok(delays[2] > 3600 && delays[2] <= 4000, String(delays[2]));
  });
});

describe('follow: what a hostile server answers (issue 30)', () => {
  /** A clock that only the fake sleep moves: a deadline is reached without waiting. */
  function clocked(extra: FollowOptions = {}) {
    let t = 0;
    const delays: number[] = [];
    const options: FollowOptions = {
      now: () => t,
      sleep: (ms) => {
        delays.push(ms);
        t += ms;
        return Promise.resolve();
      },
      random: () => 0,
      ...extra,
    };
    return { options, delays, elapsed: () => t };
  }

  it('Retry-After: 3000000 waits at most the cap, never past what a timer holds', async () => {
    const { get } = scripted([failure('rateLimited', { status: 429, retryAfterMs: 3_000_000_000 }), op('Success')]);
    const { options, delays } = recording();
    assert.equal((await followPush(get, PENDING, options)).status, 'Success');
    assert.deepEqual(delays, [1000, MAX_FOLLOW_WAIT_MS]);
    assert.ok(MAX_FOLLOW_WAIT_MS < 2 ** 31 - 1);
  });

  it('a cap of its own holds for every wait, the server’s and the backoff', async () => {
    const { get } = scripted([
      failure('rateLimited', { status: 429, retryAfterMs: 2_000_000_000 }),
      op('Pending'),
      op('Pending'),
      op('Success'),
    ]);
    const { options, delays } = recording({ maxWaitMs: 50 });
    await followPush(get, PENDING, options);
    assert.deepEqual(delays, [50, 50, 50, 50]);
  });

  it('a push that stays Pending is followed until the deadline, then returned as last seen', async () => {
    let polls = 0;
    const get = () => {
      polls++;
      return Promise.resolve(op('Pending'));
    };
    const { options, elapsed } = clocked({ deadlineMs: 10 * 60_000 });
    const last = await followPush(get, PENDING, options);
    assert.equal(last.status, 'Pending');
    assert.equal(elapsed(), 10 * 60_000, 'the last wait ends at the deadline, not past it');
    // 1, 2, 4, 8, 16 s, then every 30 s.
    assert.equal(polls, 5 + Math.ceil((600 - 31) / 30));
  });

  it('a push has a deadline by default', async () => {
    const { options, elapsed } = clocked();
    assert.equal((await followPush(() => Promise.resolve(op('Pending')), PENDING, options)).status, 'Pending');
    assert.ok(elapsed() > 0 && elapsed() <= 60 * 60_000, String(elapsed()));
  });

  it('an answer about another push is no news: it settles nothing', async () => {
    const other = op('Success', { pushOperationKey: 'aaaaaaaa-0000-4000-8000-000000000099' });
    const { get, calls } = scripted([other, op('Pending'), op('Failed')]);
    const { options, updates } = recording();
    const done = await followPush(get, PENDING, options);
    assert.equal(done.status, 'Failed');
    assert.equal(done.pushOperationKey, PENDING.pushOperationKey);
    assert.equal(calls.length, 3);
    assert.deepEqual(updates, ['Failed']);
  });

  it('an answer naming another company, or none, is still this push at the company it was sent to', async () => {
    const { companyId: _none, ...nameless } = op('Pending', { timeoutInMinutes: 3 });
    const { get } = scripted([
      op('Pending', { companyId: 'elsewhere' }),
      nameless as PushOperation,
      op('Success', { companyId: 'elsewhere', pushOperationKey: PENDING.pushOperationKey.toUpperCase() }),
    ]);
    const seen: string[] = [];
    const { options } = recording({ onUpdate: (o) => seen.push(`${o.companyId} ${o.pushOperationKey}`) });
    const done = await followPush(get, PENDING, options);
    assert.equal(done.status, 'Success');
    assert.equal(done.companyId, 'c1');
    assert.ok(
      seen.every((s) => s === `c1 ${PENDING.pushOperationKey}`),
      seen.join(', '),
    );
  });
});

describe('follow: cancellation', () => {
  const pendingForever = (): Promise<PushOperation> => new Promise(() => {});

  it('rejects with the cancellation error at once when aborted during a real sleep', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    const { get, calls } = scripted([op('Success')]);
    const error: unknown = await followPush(get, PENDING, { signal: controller.signal, firstDelayMs: 60_000 }).catch(
      (e: unknown) => e,
    );
    assert.ok(isCancellation(error), String(error));
    assert.match((error as ApiError).path, /^\/companies\/c1\/push\/b9a2c0de-/);
    assert.ok(Date.now() - started < 1000);
    assert.equal(calls.length, 0);
  });

  it('does not wait for a sleep or a get that ignores the signal', async () => {
    for (const stuck of ['sleep', 'get']) {
      const controller = new AbortController();
      const options: FollowOptions = {
        signal: controller.signal,
        sleep: stuck === 'sleep' ? () => new Promise(() => {}) : () => Promise.resolve(),
      };
      const following = followPush(
        stuck === 'get' ? pendingForever : () => Promise.resolve(op('Success')),
        PENDING,
        options,
      );
      setTimeout(() => controller.abort(), 5);
      await assert.rejects(following, (e) => isCancellation(e), stuck);
    }
  });

  it('rejects at once when the signal is already aborted, asking nothing', async () => {
    const { get, calls } = scripted([op('Success')]);
    const { options, delays } = recording({ signal: AbortSignal.abort() });
    await assert.rejects(followPush(get, PENDING, options), (e) => isCancellation(e));
    assert.deepEqual([calls.length, delays.length], [0, 0]);
  });
});

describe('follow: a real push on the emulator', () => {
  it('follows a valid invoice to Success with real waits', async () => {
    const emu = await startEmulator({ invoices: 10, companies: 10, pushDelayMs: 300 });
    try {
      const client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal });
      const [company, connection] = [emu.companies.empty, emu.connections.empty[0]];
      const pushed = await client.pushRecord(company, connection, 'invoices', VALID_BODIES.invoices);
      assert.equal(pushed.status, 'Pending');
      const updates: string[] = [];
      const done = await followPush(
        (signal) => client.getPushOperation(company, pushed.pushOperationKey, { signal }),
        pushed,
        {
          firstDelayMs: 50,
          onUpdate: (o) => updates.push(o.status),
        },
      );
      assert.equal(done.status, 'Success');
      assert.equal(done.changes?.[0].type, 'Created');
      assert.equal(updates.at(-1), 'Success');
      const gets = emu.requests.entries().filter((r) => r.method === 'GET');
      assert.ok(gets.length >= 2 && gets.length <= 5, `${gets.length} polls`);
    } finally {
      await emu.close();
    }
  });
});
