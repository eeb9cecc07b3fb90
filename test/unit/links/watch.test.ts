// A new connection watched until it leaves PendingAuth, with backoff, stoppable; and the
// authorization document's body.
import * as assert from 'node:assert/strict';
import type { DataConnection } from '../../../src/api/models';
import { authorizationBody, authorizationSchema } from '../../../src/links/authorization';
import { isPending, watchConnection } from '../../../src/links/watch';

const conn = (status: string, id = 'd-1'): DataConnection => ({
  id,
  integrationId: 'i',
  sourceId: 's',
  platformName: 'Xero',
  linkUrl: 'https://x',
  status,
  created: '2026-11-27T10:00:00Z',
  sourceType: 'Accounting',
});

describe('connection watch', () => {
  it('polls with backoff doubling from 1 s to 30 s until the connection leaves PendingAuth', async () => {
    const answers = [...Array<string>(7).fill('PendingAuth'), 'Linked'].map((s) => conn(s));
    const waits: number[] = [];
    const seen: string[] = [];
    const done = await watchConnection(
      () => Promise.resolve(answers.shift() ?? conn('Linked')),
      conn('PendingAuth'),
      '/c',
      {
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
        random: () => 0,
        onUpdate: (c) => seen.push(String(c.status)),
      },
    );
    assert.equal(done.status, 'Linked');
    assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    assert.deepEqual(seen, ['Linked'], 'only a change is news');
  });

  it('ends on Deauthorized, an unknown state, or another connection’s answer ignored', async () => {
    const answers = [conn('Linked', 'other'), conn('Deauthorized')];
    const done = await watchConnection(
      () => Promise.resolve(answers.shift() ?? conn('Linked')),
      conn('PendingAuth'),
      '/c',
      {
        sleep: () => Promise.resolve(),
      },
    );
    assert.equal(done.status, 'Deauthorized');
    assert.equal(isPending(conn('Unknown')), false);
  });

  it('stops when its signal aborts, with a cancellation', async () => {
    const controller = new AbortController();
    let polls = 0;
    const watching = watchConnection(
      () => {
        if (++polls === 2) controller.abort();
        return Promise.resolve(conn('PendingAuth'));
      },
      conn('PendingAuth'),
      '/c',
      { signal: controller.signal, sleep: () => Promise.resolve() },
    );
    await assert.rejects(watching, (e: { kind?: string }) => e.kind === 'cancelled');
    assert.equal(polls, 2);
  });

  it('gives up after its deadline, the connection still pending', async () => {
    let now = 0;
    const done = await watchConnection(() => Promise.resolve(conn('PendingAuth')), conn('PendingAuth'), '/c', {
      now: () => now,
      sleep: (ms) => {
        now += ms;
        return Promise.resolve();
      },
      deadlineMs: 10_000,
    });
    assert.equal(done.status, 'PendingAuth');
    assert.ok(now <= 10_000);
  });
});

describe('authorization document', () => {
  it('sends an object of strings, without the $schema line', () => {
    assert.deepEqual(authorizationBody('{"$schema":"x","token":"abc","tenant":"t"}'), {
      ok: true,
      authorization: { token: 'abc', tenant: 't' },
    });
  });

  it('refuses what is not an object of strings, or holds nothing', () => {
    for (const text of ['[]', '"x"', 'null', '{"n":1}', '{"o":{}}', '{"$schema":"x"}', '{']) {
      assert.equal(authorizationBody(text).ok, false, text);
    }
    const bad = authorizationBody('{"n":1}');
    assert.ok(!bad.ok && /"n" is not a string/.test(bad.message));
  });

  it('has a schema whose values are strings', () => {
    const schema = authorizationSchema('t') as { additionalProperties: { type: string } };
    assert.equal(schema.additionalProperties.type, 'string');
  });
});
