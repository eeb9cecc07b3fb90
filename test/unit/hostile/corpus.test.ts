// Issue 12: the hostile-server corpus (test/hostile/cases) played against the real client and the
// diagnostics pipeline. Each case must end as it says (success with N records, one error of a
// kind, or refused before sending), and afterwards the key, in every written form, must appear
// nowhere: not in the log, the diagnostics store, the panel's messages or saved state, the invoice
// document, or the error itself. Redirects and other hosts must never be reached, and no promise
// may be left rejected unhandled. One summary line per group is printed at the end.
import * as assert from 'node:assert/strict';
import { DEFAULT_KEY, GROUPS, type Group, type HostileCase } from '../../hostile/corpus';
import { hostileCases } from '../../hostile/cases';
import { perform, type Performed } from '../../hostile/perform';
import { HostileServer } from '../../hostile/server';
import { Pipeline } from '../../support/pipeline';
import { assertNoSecret } from '../../support/secretScan';

const CASES = hostileCases();

function outcomeOf(done: Performed): string {
  if (!done.error) return 'success';
  return done.error.attempts === 0 ? `refused ${done.error.kind}` : `error ${done.error.kind}`;
}

/** Requests the server must have had, when the case does not say. */
function expectedRequests(c: HostileCase): number | undefined {
  if (c.expect.requests !== undefined) return c.expect.requests;
  if (c.run.op === 'loadAll' || c.run.op === 'export') return undefined;
  return c.expect.outcome === 'refused' ? 0 : 1;
}

function checkOutcome(c: HostileCase, done: Performed, p: Pipeline): void {
  const { expect } = c;
  const what = `${outcomeOf(done)}${done.error ? `: ${done.error.message}` : ''}`;
  if (expect.outcome === 'success') {
    assert.equal(done.error, undefined, what);
    assert.equal(done.ids.length, expect.items, 'records');
  } else {
    assert.ok(done.error, `expected ${expect.outcome} ${expect.kind}, got success`);
    assert.equal(done.error.kind, expect.kind, what);
    assert.equal(
      done.error.attempts === 0,
      expect.outcome === 'refused',
      `sent ${done.error.attempts} requests: ${what}`,
    );
    assert.equal(done.ids.length, expect.items ?? 0, 'records kept');
    // One clear error, reported once; Set API key's refusal at entry is a message, not a report.
    const reported = c.run.op === 'setKey' && expect.outcome === 'refused' ? 0 : 1;
    assert.equal(p.store.size, reported, 'diagnostics entries');
  }
  assert.equal(new Set(done.ids).size, done.ids.length, `duplicates among ${done.ids.join(', ')}`);
  if (expect.dataChanged !== undefined)
    assert.equal(done.dataChanged, expect.dataChanged, 'records said to be missing');
  for (const text of expect.contains ?? [])
    assert.ok(done.text?.includes(text), `${JSON.stringify(text)} in ${JSON.stringify(done.text)}`);
  if (expect.maxTextLength !== undefined)
    assert.ok((done.text ?? '').length <= expect.maxTextLength, `${done.text?.length} characters`);
}

function checkRequests(c: HostileCase, server: HostileServer, p: Pipeline): void {
  const requests = expectedRequests(c);
  if (requests !== undefined)
    assert.equal(server.seen.length, requests, `requests: ${server.seen.map((s) => s.url).join(' ')}`);
  if (c.expect.path !== undefined) assert.equal(server.seen.at(-1)?.url, c.expect.path);
  const min = c.expect.minRetryWaitMs;
  if (min !== undefined) {
    // Each retry waits its backoff (the rate gate may add a wait of its own, counted from the 429).
    const retries = server.seen.length - 1;
    assert.ok(
      retries > 0 && p.waits.filter((w) => w >= min).length >= retries,
      `waits ${p.waits.join(', ')} ms for ${retries} retries, floor ${min}`,
    );
  }
  const max = c.expect.maxWaitMs;
  if (max !== undefined)
    assert.ok(
      p.waits.every((w) => w <= max),
      `waits ${p.waits.join(', ')} ms, cap ${max}`,
    );
  assert.deepEqual(server.elsewhere, [], 'the other host was reached');
}

/** An error document is comments only: no id or server text can add a line of its own. */
function checkDocument(done: Performed): void {
  if (!done.error || done.document === undefined) return;
  const lines = done.document.split('\n');
  assert.ok(
    lines.slice(0, -1).every((l) => l.startsWith('// ')),
    done.document,
  );
  assert.ok(lines.length <= 5, done.document);
}

describe('hostile-server corpus (issue 12)', () => {
  let server: HostileServer;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
  const tally = new Map<Group, Map<string, number>>();

  before(async () => {
    server = await HostileServer.start();
    process.on('unhandledRejection', onUnhandled);
  });
  after(async () => {
    process.off('unhandledRejection', onUnhandled);
    await server.close();
    for (const group of GROUPS) {
      const counts = [...(tally.get(group) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
      const total = counts.reduce((n, [, k]) => n + k, 0);
      console.log(
        `      corpus ${group}: ${total} cases held (${counts.map(([o, k]) => `${k} ${o}`).join(', ')}), the key found nowhere`,
      );
    }
  });

  it('holds at least 200 cases with unique ids, in every group', () => {
    assert.ok(CASES.length >= 200, `${CASES.length} cases`);
    assert.equal(new Set(CASES.map((c) => c.id)).size, CASES.length);
    for (const group of GROUPS)
      assert.ok(
        CASES.some((c) => c.group === group),
        group,
      );
  });

  for (const c of CASES) {
    it(c.id, async () => {
      const key = c.key ?? DEFAULT_KEY;
      server.play(c.replies, c.repeatLast);
      const p = new Pipeline(server.origin, !c.noTrace);
      const done = await perform(p, key, c.run);
      // A rejection nobody handles is reported after the current turn.
      await new Promise((resolve) => setImmediate(resolve));
      checkOutcome(c, done, p);
      checkRequests(c, server, p);
      checkDocument(done);
      const places = p.places({ error: done.error, document: done.document, text: done.text, ...done.surfaces });
      for (const secret of [key, ...(c.secrets ?? [])]) assertNoSecret(secret, places);
      assert.deepEqual(unhandled, [], 'unhandled rejections');
      // Counted once every check held, so the summary counts cases that held.
      const counts = tally.get(c.group) ?? new Map<string, number>();
      counts.set(outcomeOf(done), (counts.get(outcomeOf(done)) ?? 0) + 1);
      tally.set(c.group, counts);
    });
  }
});
