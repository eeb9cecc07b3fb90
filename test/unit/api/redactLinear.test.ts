// Issue 22: the key redactor is linear in its text. Each hostile text (runs of escapes that the
// redactor decodes, near-misses of the key) is timed against plain text of the same length in the
// same run (test/support/complexity.ts). A quadratic pass is far over the bound at this size.
import * as assert from 'node:assert/strict';
import { createRedactor, scrubBody } from '../../../src/api/redact';
import { costRatio, fill, LINEAR_RATIO, plainText, type ComplexityCase } from '../../support/complexity';
import { base64 } from '../../support/keyEncodings';

const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const SIZE = 256 * 1024;

const hostile = (what: string, text: string): ComplexityCase => ({
  what,
  hostile: text,
  plain: plainText(text.length),
});

const CASES: ComplexityCase[] = [
  hostile('a run of backslashes', '\\'.repeat(SIZE)),
  hostile('a run of backslashes ending in u', `${'\\'.repeat(SIZE - 1)}u`),
  hostile('backslash runs each ending in a broken \\u escape', fill('\\\\\\\\\\u00', SIZE)),
  hostile('a run of %', '%'.repeat(SIZE)),
  hostile('UTF-8 lead bytes with no continuation', fill('%C3', SIZE)),
  hostile('a run of &#', fill('&#', SIZE)),
  hostile('a numeric reference of 256 KB of zeros', `&#${'0'.repeat(SIZE - 4)}1;`),
  hostile('unterminated named references', fill('&quo', SIZE)),
  hostile('a run of quotes', '"'.repeat(SIZE)),
  hostile('the key less its last character, again and again', fill(KEY.slice(0, -1), SIZE)),
  hostile("the key's Base64 less its last character, again and again", fill(base64(KEY).slice(0, -2), SIZE)),
  hostile("the key's first character \\u-escaped, again and again", fill('\\u0073', SIZE)),
  hostile('runs of whitespace and plus signs', fill(' \t\n+', SIZE)),
  hostile('zero-width characters', '\u200b'.repeat(SIZE)),
  hostile('deep nesting', `${'['.repeat(SIZE / 2)}${']'.repeat(SIZE / 2)}`),
];

describe('the redactor is linear in its text (issue 22)', () => {
  const redact = createRedactor(KEY);
  for (const c of CASES) {
    it(`${c.what}: within ${LINEAR_RATIO}× of plain text`, () => {
      const ratio = costRatio(redact, c);
      assert.ok(ratio < LINEAR_RATIO, `${c.what}: ${ratio.toFixed(1)}× plain text`);
    });
  }

  it('an "apiKey" field that never closes, again and again: scrubBody within the bound', () => {
    const c = hostile('unterminated apiKey fields', fill('"apiKey": "\\\\', SIZE));
    const ratio = costRatio((text: string) => scrubBody(text, redact), c);
    assert.ok(ratio < LINEAR_RATIO, `${ratio.toFixed(1)}×`);
  });

  it('a key shorter than 4 characters (matched as a whole word) is linear too', () => {
    const short = createRedactor('k3y');
    for (const c of [
      hostile('a run of backslashes', '\\'.repeat(SIZE)),
      hostile('k3 again and again', fill('k3', SIZE)),
    ]) {
      const ratio = costRatio(short, c);
      assert.ok(ratio < LINEAR_RATIO, `${c.what}: ${ratio.toFixed(1)}×`);
    }
  });
});
