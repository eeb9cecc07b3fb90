// The secret scan the corpus, the fault matrix and other tests rely on: it must find the key in
// each form it claims to look for, wherever it hides in a value, and not cry wolf.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../src/api/errors';
import type { ApiKeyDetails } from '../../src/api/models';
import {
  apiKeyCreatedMessage,
  apiKeyDescription,
  apiKeyLabel,
  apiKeyTooltip,
  deleteApiKeyQuestion,
  summariseApiKey,
} from '../../src/format/apiKeyLabels';
import { MAX_API_KEYS, startEmulator } from '../emulator';
import { TestServer } from '../support/httpDouble';
import { base64, htmlNamed, jsonInner, uEscapes, urlEncoded } from '../support/keyEncodings';
import { Pipeline } from '../support/pipeline';
import { assertNoSecret, base64Core, findSecret, secretForms } from '../support/secretScan';

const KEY = 'sk_live_a"b&c/d_0123456789';

describe('secret scan', () => {
  it('finds the key in every form it lists', () => {
    for (const { form, text } of secretForms(KEY)) {
      const leaks = findSecret(KEY, { here: `before ${text} after` });
      assert.ok(
        leaks.some((l) => l.where === 'here' && l.form === form),
        form,
      );
    }
  });

  it('lists the literal, Base64 of the key and of "key:", URL, JSON and HTML forms', () => {
    const texts = secretForms(KEY).map((f) => f.text);
    for (const text of [
      KEY,
      base64(KEY),
      base64(`${KEY}:`),
      urlEncoded(KEY),
      jsonInner(KEY),
      uEscapes(KEY, false),
      uEscapes(KEY, true),
      htmlNamed(KEY),
    ]) {
      assert.ok(texts.includes(text), text);
    }
    assert.ok(base64(`${KEY}:x`).startsWith(base64Core(KEY)), 'the core starts any Base64 that starts with the key');
  });

  it('looks inside objects, errors (message and stack) and nested messages', () => {
    const error = new ApiError({ kind: 'badRequest', message: `bad ${KEY}`, method: 'GET', path: '/x' });
    const leaks = findSecret(KEY, {
      error,
      nested: [{ deep: { text: base64(KEY) } }],
      clean: { text: 'nothing here' },
    });
    assert.deepEqual([...new Set(leaks.map((l) => l.where))], ['error', 'nested']);
    assert.throws(() => assertNoSecret(KEY, { error }), /leaked:\n- error: literal/);
    assert.doesNotThrow(() => assertNoSecret(KEY, { clean: 'sk_live_a***', redacted: '***' }));
  });

  it('looks for a short key only where it stands alone', () => {
    assert.deepEqual(findSecret('k3y', { words: 'ak3y k3yz' }), []);
    assert.equal(findSecret('k3y', { alone: 'key: k3y.' }).length, 1);
  });
});

// `GET /apiKeys` answers every key of the account whole, and `POST /apiKeys` the new one: none of
// them may reach the log (at trace level, bodies included), the diagnostics store, the panel's
// messages and saved state, or the words the tree and the notifications show of a key, even when
// the list fails half-way through a key.
describe('secret scan of the API key list', () => {
  /** Every key, and the first half of each: a body cut inside a key must not leave its start. */
  const needles = (keys: readonly string[]) => keys.flatMap((k) => [k, k.slice(0, Math.ceil(k.length / 2))]);

  /** What the tree and the notifications show of a key: its label, description, tooltip, messages. */
  const wordsOf = (keys: readonly ApiKeyDetails[]) =>
    keys.map((k) => {
      const summary = summariseApiKey(k, false);
      return {
        summary,
        label: apiKeyLabel(summary),
        description: apiKeyDescription(summary),
        tooltip: apiKeyTooltip({ ...summary, inUse: true }),
        created: apiKeyCreatedMessage(summary, 'Prod'),
        question: deleteApiKeyQuestion(summary, 'Prod'),
      };
    });

  it('finds no listed or created key in the log, the diagnostics, the panel or the words shown', async () => {
    const emu = await startEmulator({});
    try {
      const p = new Pipeline(emu.url);
      const client = p.client(emu.keys.normal);
      const created: ApiKeyDetails[] = [];
      for (let i = 1; i < MAX_API_KEYS; i++) created.push(await client.createApiKey({ name: `key ${i}` }));
      const limit = await client.createApiKey({ name: 'one too many' }).then(
        () => assert.fail('the eleventh key was created'),
        (e: unknown) => e as ApiError,
      );
      assert.equal(limit.kind, 'apiKeyLimit');
      p.report(limit);
      const listed = (await client.listApiKeys()).results;
      assert.equal(listed.length, MAX_API_KEYS);
      // The list cut in half by the server, and a list the client cannot read: both end in the
      // diagnostics with their (scrubbed) raw bodies.
      const failures: ApiError[] = [];
      for (const kind of ['truncatedJson', 'malformedJson'] as const) {
        emu.faults.add({ kind, path: '/apiKeys' });
        failures.push(
          await client.listApiKeys().then(
            () => assert.fail(`${kind}: listed`),
            (e: unknown) => e as ApiError,
          ),
        );
        emu.faults.clear();
      }
      for (const e of failures) p.report(e);
      assert.ok(
        p.lines.some((l) => l.includes('"apiKey"')),
        'the bodies were logged at trace level',
      );
      const places = p.places({ errors: [limit, ...failures], shown: wordsOf(listed) });
      for (const key of needles([...listed.map((k) => k.apiKey), ...created.map((k) => k.apiKey)]))
        assertNoSecret(key, places);
    } finally {
      await emu.close();
    }
  });

  it('logs nothing of a list the server cut inside a key (only what is kept of an answer is shown)', async () => {
    const keys = ['sk_live_in_use_key_0123456789abcdef', 'sk_live_other_key_ABCDEFGHIJKLMNOPQR'];
    const whole = JSON.stringify({
      results: keys.map((apiKey, i) => ({
        id: `k${i}`,
        name: `key ${i}`,
        apiKey,
        createdDate: '2021-03-01T09:00:00Z',
      })),
    });
    const cut = whole.slice(0, whole.indexOf(keys[1]) + keys[1].length / 2);
    const server = await TestServer.start();
    server.otherwise((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(cut);
    });
    try {
      const p = new Pipeline(server.url);
      const error = await p
        .client(keys[0])
        .listApiKeys()
        .then(
          () => assert.fail('a cut list was read'),
          (e: unknown) => e as ApiError,
        );
      assert.equal(error.kind, 'malformedResponse');
      p.report(error);
      assert.ok(
        p.lines.some((l) => l.includes('GET /apiKeys') && l.includes('response body: {')),
        'the trace says a body came',
      );
      assert.ok(!p.lines.some((l) => l.includes('key 0')), 'and shows none of it');
      for (const key of needles(keys)) assertNoSecret(key, p.places({ error }));
    } finally {
      await server.close();
    }
  });
});
