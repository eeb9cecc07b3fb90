// Issue 23, items 2 and 6: what the redactor covers beyond the escapes of issue 12 (hex, Base64 at
// any alignment, the header encoded twice, invisible characters inside the key, another case), and
// keys of any length: none makes it throw, and its cost does not follow the key's length.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { createRedactor, REDACTED } from '../../../src/api/redact';
import { Log, type LogSink } from '../../../src/log';
import { costRatio, plainText } from '../../support/complexity';
import { replies, TestServer } from '../../support/httpDouble';
import { base64 } from '../../support/keyEncodings';

const KEY = 'sk_live_9F8e7D6c5B4a39281706F5e4D3c2B1a0';

/** Forms the issue found reaching an exported file, each as a server might write it. */
const FORMS: Record<string, (key: string) => string> = {
  'hex, lower case': (k) => Buffer.from(k).toString('hex'),
  'hex, upper case': (k) => Buffer.from(k).toString('hex').toUpperCase(),
  'Base64 of ":key"': (k) => base64(`:${k}`),
  'Base64 of "user:key"': (k) => base64(`user:${k}`),
  'Base64 of the key inside a JSON document': (k) => base64(JSON.stringify({ apiKey: k })),
  'the header Base64-encoded twice': (k) => base64(`Basic ${base64(k)}`),
  'the whole header line Base64-encoded twice': (k) => base64(`Authorization: Basic ${base64(k)}`),
  'a zero-width space inside': (k) => `${k.slice(0, 10)}\u200b${k.slice(10)}`,
  'a word joiner and a soft hyphen inside': (k) => `${k.slice(0, 5)}\u2060${k.slice(5, 20)}\u00ad${k.slice(20)}`,
  'a right-to-left override inside': (k) => `${k.slice(0, 8)}\u202e${k.slice(8)}`,
  'lower case': (k) => k.toLowerCase(),
  'upper case': (k) => k.toUpperCase(),
  'zero-width inside, then JSON \\u escapes': (k) =>
    JSON.stringify(`${k.slice(0, 3)}\u200b${k.slice(3)}`)
      .slice(1, -1)
      .replace(/\u200b/g, '\\u200b'),
};

describe('redaction: forms beyond escapes (issue 23)', () => {
  const redact = createRedactor(KEY);
  for (const [what, form] of Object.entries(FORMS)) {
    it(`redacts ${what}`, () => {
      const echoed = form(KEY);
      const out = redact(`{"error":"bad credential ${echoed} given"}`);
      assert.ok(out.includes(REDACTED), out);
      assert.ok(!out.includes(echoed), out);
      // What is left of an encoded form is too short to decode back to the key.
      for (const left of out.split(REDACTED))
        assert.ok(!left.toLowerCase().includes(KEY.slice(0, 12).toLowerCase()), left);
    });
  }

  it('leaves text that is not the key alone: other Base64, other hex, another key', () => {
    const other = 'sk_live_0000000000000000000000000000000000';
    const text = `${base64('hello world, nothing secret in here at all')} ${Buffer.from(other).toString('hex')} ${other} ${base64(other)}`;
    assert.equal(redact(text), text);
  });
});

describe('redaction: keys of any length (issue 23)', () => {
  const SHAPES: Record<string, string> = {
    '5,000 ASCII characters': `sk_${'0123456789abcdef'.repeat(312)}`,
    '3,000 non-ASCII characters': 'ключé'.repeat(600),
    '20,000 characters (key and Base64 forms only)': 'k7'.repeat(10_000),
  };
  for (const [what, key] of Object.entries(SHAPES)) {
    it(`builds a redactor for a key of ${what} and redacts its echoes`, () => {
      const redact = createRedactor(key);
      const text = `a ${key} b Basic ${base64(key)} c ${encodeURIComponent(key)} d ${key.toUpperCase()} e`;
      assert.equal(redact(text), `a ${REDACTED} b Basic ${REDACTED} c ${REDACTED} d ${REDACTED} e`);
    });
  }

  it('answers a request of an account with a very long key with an API error, not a SyntaxError, that does not spell the key out', async () => {
    const key = `sk_${'é'.repeat(5000)}`;
    const server = await TestServer.start();
    try {
      server.reply(replies.error(401, `Unauthorized key ${key}`));
      const client = new DataPlatformClient({ baseUrl: server.url, apiKey: key, retry: { maxAttempts: 1 } });
      const error = await client.listCompanies().then(
        () => assert.fail('accepted'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError, String(error));
      assert.equal(error.kind, 'unauthorized');
      assert.ok(!JSON.stringify(error.toJSON()).includes('é'.repeat(20)));
    } finally {
      await server.close();
    }
  });

  it('writes every log line when one account has a very long key', () => {
    const lines: string[] = [];
    const record = (m: string): void => void lines.push(m);
    const sink: LogSink = { trace: record, debug: record, info: record, warn: record, error: record };
    const log = new Log(sink);
    const long = 'x9'.repeat(4000);
    log.setSecrets([long], 'a');
    log.setSecrets([KEY], 'b');
    log.info(`one ${long} two ${KEY} three`);
    assert.equal(lines.length, 1);
    assert.ok(lines[0].includes(`one ${REDACTED} two ${REDACTED} three`), lines[0].slice(0, 200));
  });

  it('costs about the same per megabyte for a 3,000-character key as for a 40-character one', () => {
    const text = `${plainText(1_000_000)} ${'k'.repeat(2999)}`;
    const ratio = costRatio(
      (redact: (t: string) => string) => redact(text),
      {
        what: 'a 3,000-character key against a 40-character one',
        hostile: createRedactor(`${'k'.repeat(2999)}Z`),
        plain: createRedactor(KEY),
      },
      5,
    );
    assert.ok(ratio < 5, `ratio ${ratio.toFixed(1)}`);
  });
});
