// Issue 22: the key redactor is linear in its text. Each hostile text (runs of escapes that the
// redactor decodes, near-misses of the key) is timed against the same text a quarter as long, in
// the same run (test/support/complexity.ts): a linear pass takes about 4× as long, a quadratic one
// 16×. (Plain text is no yardstick any more: the redactor passes over it by String.indexOf,
// anchorSkip.ts, tens of times faster than it reads escapes, which it must read one by one.)
import * as assert from 'node:assert/strict';
import { createRedactor, scrubBody } from '../../../src/api/redact';
import { costRatio, fill, type ComplexityCase } from '../../support/complexity';
import { base64 } from '../../support/keyEncodings';

const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const SIZE = 256 * 1024;
/** Between the 4× of a linear pass and the 16× of a quadratic one. */
const GROWTH_BOUND = 8;

/** A hostile text at SIZE, against the same at a quarter of it. */
const hostile = (what: string, text: (size: number) => string): ComplexityCase => ({
  what,
  hostile: text(SIZE),
  plain: text(SIZE / 4),
});

const CASES: ComplexityCase[] = [
  hostile('a run of backslashes', (n) => '\\'.repeat(n)),
  hostile('a run of backslashes ending in u', (n) => `${'\\'.repeat(n - 1)}u`),
  hostile('backslash runs each ending in a broken \\u escape', (n) => fill('\\\\\\\\\\u00', n)),
  hostile('a run of %', (n) => '%'.repeat(n)),
  hostile('UTF-8 lead bytes with no continuation', (n) => fill('%C3', n)),
  hostile('a run of &#', (n) => fill('&#', n)),
  hostile('a numeric reference of 256 KB of zeros', (n) => `&#${'0'.repeat(n - 4)}1;`),
  hostile('unterminated named references', (n) => fill('&quo', n)),
  hostile('a run of quotes', (n) => '"'.repeat(n)),
  hostile('the key less its last character, again and again', (n) => fill(KEY.slice(0, -1), n)),
  hostile("the key's Base64 less its last character, again and again", (n) => fill(base64(KEY).slice(0, -2), n)),
  hostile("the key's first character \\u-escaped, again and again", (n) => fill('\\u0073', n)),
  hostile('runs of whitespace and plus signs', (n) => fill(' \t\n+', n)),
  hostile('zero-width characters', (n) => '\u200b'.repeat(n)),
  hostile('deep nesting', (n) => `${'['.repeat(n / 2)}${']'.repeat(n / 2)}`),
];

describe('the redactor is linear in its text (issue 22)', () => {
  const redact = createRedactor(KEY);
  for (const c of CASES) {
    it(`${c.what}: 4× the text within ${GROWTH_BOUND}× the time`, () => {
      const ratio = costRatio(redact, c, GROWTH_BOUND);
      assert.ok(ratio < GROWTH_BOUND, `${c.what}: ${ratio.toFixed(1)}× for 4× the text`);
    });
  }

  it('an "apiKey" field that never closes, again and again: scrubBody within the bound', () => {
    const c = hostile('unterminated apiKey fields', (n) => fill('"apiKey": "\\\\', n));
    const ratio = costRatio((text: string) => scrubBody(text, redact), c, GROWTH_BOUND);
    assert.ok(ratio < GROWTH_BOUND, `${ratio.toFixed(1)}×`);
  });

  it('a key shorter than 4 characters (matched as a whole word) is linear too', () => {
    const short = createRedactor('k3y');
    for (const c of [
      hostile('a run of backslashes', (n) => '\\'.repeat(n)),
      hostile('k3 again and again', (n) => fill('k3', n)),
    ]) {
      const ratio = costRatio(short, c, GROWTH_BOUND);
      assert.ok(ratio < GROWTH_BOUND, `${c.what}: ${ratio.toFixed(1)}×`);
    }
  });
});
