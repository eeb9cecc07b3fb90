// Load all under the emulator's rate limit (issue 11: "slow down before the limit instead of
// running into 429s; on a 429 every worker waits for the reset; never more in flight than the
// setting"). The emulator and the client share a clock running 50 times real time, so 20 s
// windows pass in 0.4 s while both sides see whole-second dates; every time asserted is read from
// the emulator's request log, never from the wall.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import type { Invoice, Page } from '../../../src/api/models';
import type { GateEvent } from '../../../src/api/rateGate';
import { startEmulator, type RequestLogEntry, type RunningEmulator } from '../../emulator';
import { call } from '../../emulator/testing';
import { ScaledClock } from '../../support/scaledClock';
import { invoiceList } from '../../support/invoiceReads';

const LIMIT = 10;
const WINDOW_MS = 20_000;
const SIZE = 10;
const PAGES = 20;
const CONCURRENCY = 4;
const ORDERED = { pageSize: SIZE, orderBy: '-issueDate' };

describe('Load all under the rate limit, against the emulator (issue 11)', () => {
  let emu: RunningEmulator;
  let clock: ScaledClock;
  let plain: string[];
  let ordered: string[];

  before(async () => {
    clock = new ScaledClock(50);
    emu = await startEmulator({
      invoices: PAGES * SIZE,
      latencyMs: 5,
      rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
      now: clock.date,
    });
    const all = async (query: string) =>
      (
        await call<Page<Invoice>>(
          emu,
          `/companies/${emu.companies.many}/data/invoices?pageSize=${PAGES * SIZE}${query}`,
        )
      ).json.results.map((i) => i.id);
    plain = await all('');
    ordered = await all('&orderBy=-issueDate');
  });
  after(() => emu.close());
  beforeEach(() => {
    emu.reset();
    clock.resume();
  });

  function client(events: GateEvent[]): DataPlatformClient {
    return new DataPlatformClient({
      baseUrl: emu.url,
      apiKey: emu.keys.normal,
      now: clock.now,
      sleep: clock.sleep,
      maxInFlight: () => CONCURRENCY,
      onGate: (e) => events.push(e),
    });
  }

  const invoiceRequests = (): RequestLogEntry[] =>
    emu.requests.entries().filter((r) => r.path.endsWith('/data/invoices'));

  /** Waits (in real time, a few seconds at most) until `done` holds. */
  async function until(done: () => boolean): Promise<void> {
    for (let waited = 0; !done(); waited += 5) {
      if (waited > 10_000) throw new Error('the loads never reached the server');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it(`loads ${PAGES} pages at ${LIMIT} requests a window with ${CONCURRENCY} in flight: at most one 429, every item once, in order`, async () => {
    const events: GateEvent[] = [];
    const items = await invoiceList(client(events), emu.companies.many, { pageSize: SIZE }).loadAll({
      concurrency: CONCURRENCY,
    });

    assert.deepEqual(
      items.map((i) => i.id),
      plain,
    );
    const log = invoiceRequests();
    const limited = log.filter((r) => r.status === 429).length;
    assert.ok(limited <= 1, `${limited} answers were 429`);
    assert.equal(log.length, PAGES + limited, 'each page asked for once, bar a 429 retried');
    assert.ok(emu.requests.maxInFlight <= CONCURRENCY, `${emu.requests.maxInFlight} in flight at once`);
    const windows = new Set(
      log
        .filter((r) => r.status === 200)
        .map((r) => Math.floor((Date.parse(r.time) - Date.parse(log[0].time)) / WINDOW_MS)),
    );
    assert.ok(windows.size >= PAGES / LIMIT, 'the pages were spread over the windows');
    assert.ok(
      events.some((e) => e.kind === 'spacing' || e.kind === 'waitingForReset'),
      'the gate slowed down and said so',
    );
  });

  it('when another user of the key spends the window, two Load alls at once meet one 429 storm, then all wait for the reset', async () => {
    const events: GateEvent[] = [];
    const c = client(events);
    const a = invoiceList(c, emu.companies.many, { pageSize: SIZE });
    const b = invoiceList(c, emu.companies.many, ORDERED);
    // The scene is set with the clock stopped: the spent window cannot end before the loads start.
    clock.pause();
    await a.loadMore();
    // Another window of the editor, with the same key, spends what is left of the window (all at
    // once, so that it is spent well within the window however slow the machine).
    const answers = await Promise.all(Array.from({ length: LIMIT }, () => call(emu, '/companies')));
    const answer = answers.find((r) => r.status === 429);
    assert.ok(answer, 'the window was spent');
    const reset = Date.parse(answer.headers.get('x-rate-limit-reset') ?? '');
    emu.requests.clear();
    // The loads start with the clock still stopped, which is resumed once they have met the spent
    // window: resumed first, a slow machine could let the window end before their first request.
    const loads = Promise.all([a.loadAll({ concurrency: CONCURRENCY }), b.loadAll({ concurrency: CONCURRENCY })]);
    await until(() => invoiceRequests().some((r) => r.status === 429));
    clock.resume();

    const [itemsA, itemsB] = await loads;

    assert.deepEqual(
      itemsA.map((i) => i.id),
      plain,
    );
    assert.deepEqual(
      itemsB.map((i) => i.id),
      ordered,
    );
    const log = invoiceRequests();
    const early = log.filter((r) => Date.parse(r.time) < reset);
    assert.ok(early.length >= 1, 'the storm happened');
    assert.ok(
      early.length <= CONCURRENCY,
      `${early.length} requests reached the spent window: only those in flight when it ran out`,
    );
    assert.ok(early.every((r) => r.status === 429));
    const limited = log.filter((r) => r.status === 429).length;
    assert.ok(limited <= CONCURRENCY + 1, `${limited} answers were 429`);
    assert.ok(
      emu.requests.maxInFlight <= CONCURRENCY,
      `${emu.requests.maxInFlight} in flight at once across both loads`,
    );
    assert.ok(
      events.some((e) => e.kind === 'closed'),
      'the 429 closed the gate and said so',
    );
  });
});
