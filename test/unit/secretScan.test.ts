// The secret scan the corpus, the fault matrix and other tests rely on: it must find the key in
// each form it claims to look for, wherever it hides in a value, and not cry wolf.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../src/api/errors';
import { base64, htmlNamed, jsonInner, uEscapes, urlEncoded } from '../support/keyEncodings';
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
