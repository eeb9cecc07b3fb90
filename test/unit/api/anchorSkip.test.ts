// The redactor's anchor skip (src/api/anchorSkip.ts) passes over text by String.indexOf; it must
// never pass over a match the automaton would find. Its list of special non-ASCII characters is
// checked against the canonical reader itself, and its spans against the regular-expression skip
// (and against no skip at all) on texts that hide the key's forms every way the reader decodes.
import * as assert from 'node:assert/strict';
import { AnchorSkip, SPECIAL_NON_ASCII } from '../../../src/api/anchorSkip';
import { canonical } from '../../../src/api/canonicalText';
import { keyForms } from '../../../src/api/keyForms';
import { regexSkip, SecretScanner } from '../../../src/api/secretSpans';
import { invoices } from '../../bench/fixtures';
import { base64 } from '../../support/keyEncodings';

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INVISIBLE = ['\u200b', '\u00ad', '\u2060', '\ufeff', '\u202e'];
const SPACES = [' ', '\t', '+', '\u00a0', '\u3000', '  \n'];

/** One character of a key's form written another way the canonical reader decodes. */
function disguise(c: string, next: () => number): string {
  const code = c.charCodeAt(0);
  switch (Math.floor(next() * 9)) {
    case 0:
      return `\\u${code.toString(16).padStart(4, '0')}`;
    case 1:
      return `%${code.toString(16).padStart(2, '0').toUpperCase()}`;
    case 2:
      return `&#${code};`;
    case 3:
      return `${INVISIBLE[Math.floor(next() * INVISIBLE.length)]}${c}`;
    case 4:
      return c === ' ' ? SPACES[Math.floor(next() * SPACES.length)] : c.toUpperCase();
    case 5:
      return c === 'k' || c === 'K' ? '\u212a' : c;
    default:
      return next() < 0.5 ? c.toLowerCase() : c.toUpperCase();
  }
}

/** A text of invoice JSON with forms of `key` in it, each disguised in a few places (or not). */
function textWithForms(key: string, seed: number): string {
  const next = random(seed);
  const forms = [key, base64(key), Buffer.from(key).toString('hex'), base64(`${key}:`), base64(`Basic ${base64(key)}`)];
  let text = JSON.stringify(invoices(3));
  for (let i = 0; i < 12; i++) {
    const form = forms[Math.floor(next() * forms.length)];
    const odds = next() < 0.3 ? 0 : next() * 0.4;
    const written = [...form].map((c) => (next() < odds ? disguise(c, next) : c)).join('');
    const at = Math.floor(next() * text.length);
    text = `${text.slice(0, at)}${written}${text.slice(at)}`;
  }
  return text;
}

const KEYS = [
  'sk_live_9F8e7D6c5B4a39281706F5e4D3c2B1a0',
  'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5kL7n',
  'key with spaces+and+plus 0123456789',
  'sk_live_a"b&c/d_0123456789',
  'kkkkKKKKkkkkKKKKkkkk',
  '00000000000000000000',
];

describe('anchor skip', () => {
  it('treats as special exactly the non-ASCII characters the reader folds to ASCII, a space or nothing', () => {
    for (let c = 0x80; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const units = canonical(String.fromCharCode(c));
      const special = units.length === 0 || units[0] < 0x80;
      SPECIAL_NON_ASCII.lastIndex = 0;
      assert.equal(SPECIAL_NON_ASCII.test(String.fromCharCode(c)), special, `U+${c.toString(16)}`);
    }
  });

  it('is used for ASCII keys only', () => {
    assert.ok(AnchorSkip.of(keyForms(KEYS[0])));
    assert.equal(AnchorSkip.of(keyForms('ключ-0123456789')), undefined);
  });

  for (const key of KEYS) {
    it(`finds every match the regular expression and no skip find: ${JSON.stringify(key)}`, () => {
      const needles = keyForms(key);
      const anchored = new SecretScanner(needles, false);
      const byRegex = new SecretScanner(needles, false, regexSkip);
      const unskipped = new SecretScanner(needles, false, () => undefined);
      let found = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const text = textWithForms(key, seed);
        const spans = anchored.spans(text);
        assert.deepEqual(spans, unskipped.spans(text), `seed ${seed}`);
        assert.deepEqual(spans, byRegex.spans(text), `seed ${seed}`);
        found += spans.length / 2;
      }
      assert.ok(found > 100, `only ${found} matches: the texts test too little`);
    });
  }
});
