// Issue 12, finding 1: a server that echoes the key back escaped. Every echo encoding × every key
// shape drives the real client against a local server; the key, and each of its written forms,
// must appear nowhere the error goes: the ApiError, the diagnostics view / wire / saved state, the
// trace hooks and the log.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { createRedactor, redactDeep } from '../../../src/api/redact';
import type { TraceEntry } from '../../../src/api/transportOptions';
import { apiKeyProblem } from '../../../src/accounts/apiKeyInput';
import { persistableState, restoredEntries } from '../../../src/diagnostics/persist';
import { DiagnosticsStore } from '../../../src/diagnostics/store';
import { prettyBody, toViewModel } from '../../../src/diagnostics/viewModel';
import { toWireView } from '../../../src/diagnostics/wire';
import { Log, type LogSink } from '../../../src/log';
import { replies, TestServer, type CannedReply } from '../../support/httpDouble';
import { getInvoice } from '../../support/invoiceReads';

const KEYS: Record<string, string> = {
  plain: 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  quote: 'sk_live_ab"cd"ef_0123456789',
  backslash: 'sk_live_ab\\cd\\ef_0123456789',
  markup: "sk_live_a&b<c>d'e_0123456789",
  slashPlus: 'sk_live_a/b+c=?de_0123456789',
  unicode: 'sk_live_ключ_é😀_0123456789',
  newline: 'sk_live_first\nsecond_0123',
  short: 'k3y',
};

const b64 = (key: string): string => Buffer.from(key, 'utf8').toString('base64');
const jsonInner = (s: string): string => JSON.stringify(s).slice(1, -1);
/** Every UTF-16 unit as `\uXXXX`, hex in the case asked for. */
const uEscapes = (s: string, upper: boolean): string =>
  s
    .split('')
    .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .map((e) => (upper ? e.toUpperCase().replace('\\U', '\\u') : e))
    .join('');
/** Every other unit `\u`-escaped (lower and upper hex), the others as JSON writes them: a server
 * may escape some characters only. */
const mixedEscapes = (s: string): string =>
  s
    .split('')
    .map((c, i) => (i % 2 ? jsonInner(c) : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
    .map((e, i) => (i % 4 === 0 ? e.toUpperCase().replace('\\U', '\\u') : e))
    .join('');
const html = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&#x3E;')
    .replace(/'/g, '&#39;')
    .replace(/\n/g, '&#10;');
const formEncoded = (s: string): string => new URLSearchParams({ k: s }).toString().slice(2);
const apiError = (error: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ statusCode: 400, service: 'PublicApi', error, correlationId: 'c-1', ...extra });

/** How a server echoes the key: the reply, built from the key. */
const ECHOES: Record<string, (key: string) => CannedReply> = {
  'JSON error field': (k) => replies.error(400, `Invalid key ${k} given`),
  'validation message and item id': (k) =>
    replies.error(400, 'Validation failed', {
      validation: { errors: [{ itemId: k, message: `Key ${k} is not valid` }], warnings: [] },
    }),
  '\\u escapes, upper hex': (k) =>
    replies.text(400, apiError('x').replace('"x"', `"Invalid key ${uEscapes(k, true)}"`), 'application/json'),
  '\\u escapes, lower hex, in an object key': (k) =>
    replies.text(
      400,
      `{"statusCode":400,"service":"PublicApi","error":"bad ${uEscapes(k, false)}","correlationId":"c","${uEscapes(k, false)}":1}`,
      'application/json',
    ),
  'some characters \\u-escaped, mixed case': (k) =>
    replies.text(400, apiError('x').replace('"x"', `"bad ${mixedEscapes(k)}"`), 'application/json'),
  'Basic header with \\/ escaping': (k) =>
    replies.text(
      400,
      apiError('x').replace('"x"', `"Authorization: ${jsonInner(`Basic ${b64(k)}`).replace(/\//g, '\\/')} refused"`),
      'application/json',
    ),
  'Base64 with the padding stripped': (k) => replies.error(400, `token ${b64(k).replace(/=+$/, '')}.`),
  'JSON inside a JSON string': (k) =>
    replies.json(
      400,
      JSON.stringify({ statusCode: 400, service: 'PublicApi', error: `bad key ${k}`, correlationId: 'c' }),
    ),
  'HTML page': (k) =>
    replies.text(
      400,
      `<html><head><title>Bad key ${html(k)}</title></head><body><p>${html(k)}</p></body></html>`,
      'text/html',
    ),
  'URL-encoded in text': (k) =>
    replies.text(
      400,
      `key=${encodeURIComponent(k)}&form=${formEncoded(k)}&lower=${encodeURIComponent(k).toLowerCase()}`,
      'text/plain',
    ),
  'HTML page on a 200': (k) => replies.text(200, `<html><body>Welcome ${html(k)}</body></html>`, 'text/html'),
  '401 echoing the header': (k) =>
    replies.json(401, {
      statusCode: 401,
      service: 'PublicApi',
      error: `Unauthorized: Basic ${b64(k)}`,
      correlationId: 'c',
    }),
};

/** The written forms of a key that must not show anywhere. */
function forms(key: string): string[] {
  const all = [
    key,
    b64(key).replace(/=+$/, ''),
    jsonInner(key),
    uEscapes(key, true),
    uEscapes(key, false),
    encodeURIComponent(key),
    formEncoded(key),
    html(key),
    key.replace(/\s+/g, ' '),
  ];
  return [...new Set(all)];
}

function leaks(key: string, texts: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const form of forms(key))
      if (text.includes(form)) found.push(`${where} holds ${JSON.stringify(form)}: ${text.slice(0, 300)}`);
  }
  return found;
}

describe('redaction of a key the server echoes escaped (issue 12)', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await TestServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  for (const [shape, key] of Object.entries(KEYS)) {
    for (const [echo, reply] of Object.entries(ECHOES)) {
      it(`${echo} × key ${shape}`, async () => {
        const lines: string[] = [];
        const record = (m: string): void => void lines.push(m);
        const sink: LogSink = { trace: record, debug: record, info: record, warn: record, error: record };
        const log = new Log(sink);
        log.setSecrets([key]);
        const traces: TraceEntry[] = [];
        const client = new DataPlatformClient({
          baseUrl: server.url,
          apiKey: key,
          retry: { maxAttempts: 1 },
          onRequest: (s) => log.request(s),
          onTrace: (t) => {
            traces.push(t);
            log.trafficTrace(t);
          },
        });
        server.reply(reply(key));
        const error = await client.listCompanies().then(
          () => assert.fail('the echo was accepted'),
          (e: unknown) => e,
        );
        assert.ok(error instanceof ApiError, String(error));
        log.apiError(error);
        const store = new DiagnosticsStore();
        const view = toViewModel(store.add(error));
        const saved = JSON.parse(JSON.stringify(persistableState([view]))) as unknown;
        const found = leaks(key, {
          message: error.message,
          rawBody: error.rawBody ?? '',
          body: JSON.stringify(error.body ?? null),
          toJSON: JSON.stringify(error.toJSON()),
          string: `${String(error)} ${error.stack ?? ''}`,
          view: JSON.stringify(view),
          wire: JSON.stringify(toWireView(view)),
          saved: JSON.stringify(saved),
          restored: JSON.stringify(restoredEntries(saved)),
          traces: JSON.stringify(traces),
          log: lines.join('\n'),
        });
        assert.deepEqual(found, []);
      });
    }
  }

  it('redacts a correlation header that echoes the key: it is shown in the panel and the invoice document', async () => {
    const key = KEYS.plain;
    const client = new DataPlatformClient({ baseUrl: server.url, apiKey: key, retry: { maxAttempts: 1 } });
    server.reply(replies.text(404, 'Not found', 'text/plain', { 'X-Correlation-Id': `req-${key}` }));
    const error = (await getInvoice(client, 'c1', 'inv-1').catch((e: unknown) => e)) as ApiError;
    assert.equal(error.correlationId, 'req-***');
  });

  it('redacts an invoice record that echoes the key: it becomes a document the user may save', async () => {
    const key = KEYS.quote;
    const client = new DataPlatformClient({ baseUrl: server.url, apiKey: key, retry: { maxAttempts: 1 } });
    server.reply(
      replies.text(
        200,
        `{"id":"inv-1","note":"paid with ${uEscapes(key, false)}","memo":"Basic ${b64(key)}","n":[1.5,true,null]}`,
        'application/json',
      ),
    );
    assert.deepEqual(await getInvoice(client, 'c1', 'inv-1'), {
      id: 'inv-1',
      note: 'paid with ***',
      memo: 'Basic ***',
      n: [1.5, true, null],
    });
  });

  it('keeps what is not the key: a body without it comes through unchanged', async () => {
    const key = KEYS.plain;
    const client = new DataPlatformClient({ baseUrl: server.url, apiKey: key, retry: { maxAttempts: 1 } });
    const body = apiError('x').replace('"x"', '"Bad page size \\u00e9 \\/ &amp; %2F"');
    server.reply(replies.text(400, body, 'application/json'));
    const error = (await client.listCompanies().catch((e: unknown) => e)) as ApiError;
    assert.equal(error.rawBody, body);
    assert.equal(error.body?.error, 'Bad page size é / &amp; %2F');
  });
});

describe('redactor: short keys, decoded values, pretty-printing', () => {
  it('redacts a key shorter than 4 characters where it stands alone, never inside a word', () => {
    const redact = createRedactor('k3y');
    assert.equal(redact('key k3y, \\nk3y "k3y" %6B3y'), 'key ***, \\n*** "***" ***');
    assert.equal(redact('ak3y k3yz'), 'ak3y k3yz');
    assert.equal(redact('Basic azN5'), 'Basic ***');
  });

  it('redacts the Base64 of "key:" (a Basic user name with an empty password) whatever the key\'s length', () => {
    // Its last characters differ from the key's own Base64 unless the length is a multiple of 3.
    for (const key of ['sk_live_0', 'sk_live_01', 'sk_live_012', 'Zq', 'k3y']) {
      const echo = Buffer.from(`${key}:`).toString('base64');
      assert.equal(createRedactor(key)(`Basic ${echo} and ${echo.replace(/=+$/, '')}.`), 'Basic *** and ***.', key);
    }
  });

  it('redacts every string and object key of a parsed body, after decoding', () => {
    const key = 'sk_live_ab"cd';
    const parsed = JSON.parse(`{"${uEscapes(key, true)}":["x ${uEscapes(key, false)} y",{"n":1}]}`) as unknown;
    assert.equal(JSON.stringify(redactDeep(parsed, createRedactor(key))), '{"***":["x *** y",{"n":1}]}');
  });

  it('redacts what a key holding a JSON escape decodes to: written back out as JSON it would be the key', () => {
    const key = 'sk_live_ab\\"cd';
    // The server echoes it as a JSON string; decoded, it is `sk_live_ab"cd` (not the key), and
    // JSON.stringify of that (the panel's saved state, a document) writes the key again.
    const parsed = JSON.parse(`{"echo":"${key}"}`) as { echo: string };
    assert.equal(parsed.echo, 'sk_live_ab"cd');
    const redacted = JSON.stringify(redactDeep(parsed, createRedactor(key)));
    assert.equal(redacted, '{"echo":"***"}');
    assert.ok(
      !JSON.stringify(parsed).includes('***') && JSON.stringify(parsed).includes(key),
      'without redaction the key comes back',
    );
  });

  it('pretty-prints JSON without decoding its escapes', () => {
    assert.equal(
      prettyBody('{"e":"\\u0073k_\\/x","n":[1,{}]}'),
      '{\n  "e": "\\u0073k_\\/x",\n  "n": [\n    1,\n    {}\n  ]\n}',
    );
  });
});

describe('API key entry', () => {
  it('refuses control characters, with a message', () => {
    for (const key of ['sk_live_ab\ncd', 'sk_live_ab\tcd', 'sk_live_ab\u0000cd', 'sk_live_\u007f', 'sk\u0085x']) {
      assert.match(apiKeyProblem(key) ?? '', /control characters/, JSON.stringify(key));
    }
  });

  it('accepts a printable key, refuses an empty one or one with spaces', () => {
    assert.equal(apiKeyProblem('sk_live_9f8e7d6c5b4a3928'), undefined);
    assert.equal(apiKeyProblem(KEYS.unicode), undefined);
    assert.equal(apiKeyProblem(''), 'Enter the API key');
    assert.equal(apiKeyProblem('sk live'), 'An API key contains no spaces');
  });

  it('refuses a key over 512 characters, without spelling it out (issue 23)', () => {
    assert.equal(apiKeyProblem('k'.repeat(512)), undefined);
    for (const key of ['k'.repeat(513), 'é'.repeat(2300), 'k'.repeat(100_000)]) {
      const problem = apiKeyProblem(key) ?? '';
      assert.match(problem, /at most 512 characters/);
      assert.ok(problem.length < 100, problem.slice(0, 200));
    }
  });
});
