import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resultsLine } from '../../host/protocol';
import { Session } from '../../host/session';
import { Watchdog } from '../../host/watchdog';

function session(opts: { screenshotDir?: string; now?: () => number } = {}) {
  const printed: string[] = [];
  const watchdog = new Watchdog({ startupMs: 50, stallMs: 50, totalMs: 10_000 }, opts.now);
  const s = new Session({ watchdog, print: (l) => printed.push(l), screenshotDir: opts.screenshotDir });
  return { s, printed, watchdog };
}

describe('host session', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-session-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints test output, keeps markers and known offline noise off the terminal, and logs everything', () => {
    const { s, printed } = session();
    s.feed('  ✔ works');
    s.feed('__DP_HEARTBEAT__');
    s.feed(resultsLine({ passed: 1, failed: 0, skipped: 0 }));
    s.feed('getaddrinfo ENOTFOUND open-vsx.org: Failed\n    at x', 'error');
    s.feed('detail', 'trace');
    assert.deepEqual(printed, ['  ✔ works']);
    assert.deepEqual(s.counts, { passed: 1, failed: 0, skipped: 0 });
    assert.equal(s.transcript.length, 5);
  });

  it('takes a requested screenshot inside its folder and refuses paths outside it', async () => {
    const { s, printed } = session({ screenshotDir: dir });
    const taken: string[] = [];
    s.setScreenshotter((p) => {
      taken.push(p);
      return Promise.resolve();
    });
    s.feed(`__SCREENSHOT__:${join(dir, 'ok.png')}`);
    s.feed(`__SCREENSHOT__:${join(dir, '..', 'escape.png')}`);
    s.feed(`__SCREENSHOT__:${join(dir, 'sub', 'nested.png')}`);
    s.feed('__SCREENSHOT__:relative.png');
    s.feed(resultsLine({ passed: 1, failed: 0, skipped: 0 }));
    const outcome = await s.wait(Promise.resolve({ code: 0 }), 5);
    assert.deepEqual(outcome, { code: 0 });
    assert.deepEqual(taken, [join(dir, 'ok.png')]);
    assert.equal(printed.filter((l) => l.includes('refused')).length, 3);
  });

  it('ignores screenshot requests when the host cannot take them', () => {
    const { s, printed } = session();
    s.feed(`__SCREENSHOT__:${join(dir, 'a.png')}`);
    assert.match(printed[0], /ignored/);
  });

  it('sends keystrokes in order with screenshots, and acknowledges each in the folder', async () => {
    const { s } = session({ screenshotDir: dir });
    const done: string[] = [];
    s.setScreenshotter((p) => {
      done.push(`shot ${p}`);
      return Promise.resolve();
    });
    s.setKeyboard(async (r) => {
      await new Promise((res) => setTimeout(res, 5));
      if (r.press === 'Boom') throw new Error('no such key');
      done.push(r.type !== undefined ? `type ${r.type}` : `press ${r.press}`);
    });
    s.feed('__KEYS__:{"id":"k1","type":"abc"}');
    s.feed(`__SCREENSHOT__:${join(dir, 'a.png')}`);
    s.feed('__KEYS__:{"id":"k2","press":"Enter"}');
    s.feed('__KEYS__:{"id":"k3","press":"Boom"}');
    s.feed(resultsLine({ passed: 1, failed: 0, skipped: 0 }));
    await s.wait(Promise.resolve({ code: 0 }), 5);
    assert.deepEqual(done, ['type abc', `shot ${join(dir, 'a.png')}`, 'press Enter']);
    assert.ok(existsSync(join(dir, 'keys-k1.done')) && existsSync(join(dir, 'keys-k2.done')));
    assert.equal(readFileSync(join(dir, 'keys-k3.failed'), 'utf8'), 'no such key');
  });

  it('ignores keystroke requests when the host cannot type', () => {
    const { s, printed } = session({ screenshotDir: dir });
    s.feed('__KEYS__:{"id":"k1","type":"abc"}');
    assert.match(printed[0], /ignored/);
    assert.equal(existsSync(join(dir, 'keys-k1.done')), false);
  });

  it('fails a run that ended without results, or with failures but exit code 0', () => {
    const { s } = session();
    assert.equal(s.judge({ code: 0 }).code, 1);
    s.feed(resultsLine({ passed: 1, failed: 2, skipped: 0 }));
    assert.deepEqual(s.judge({ code: 0 }), { code: 1 });
    assert.deepEqual(s.judge({ code: 3 }), { code: 3 });
  });

  it('ends a hung run through the watchdog', async () => {
    let t = 0;
    const { s } = session({ now: () => t });
    const waiting = s.wait(new Promise(() => undefined), 5);
    t = 50;
    const outcome = await waiting;
    assert.equal(outcome.code, 1);
    assert.match(outcome.reason ?? '', /did not start/);
  });

  it('starts the watchdog clock when it begins waiting, not when the session is made (installs come between)', async () => {
    let t = 0;
    const { s } = session({ now: () => t });
    t = 600_000; // a fresh machine's install, far beyond every limit
    let settle: (o: { code: number }) => void = () => undefined;
    const waiting = s.wait(
      new Promise((r) => {
        settle = r;
      }),
      5,
    );
    await new Promise((r) => setTimeout(r, 30)); // several watchdog polls
    s.feed(resultsLine({ passed: 1, failed: 0, skipped: 0 }));
    settle({ code: 0 });
    assert.deepEqual(await waiting, { code: 0 });
  });
});
