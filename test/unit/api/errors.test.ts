import * as assert from 'node:assert/strict';
import { ApiError, isApiError, isCancellation } from '../../../src/api/errors';
import { formatDuration } from '../../../src/util/duration';
import { MAX_MESSAGE_LENGTH, parseErrorBody } from '../../../src/api/errorBody';
import { createRedactor, redactApiKeyFields } from '../../../src/api/redact';
import { errorFromResponse, malformedResponse, type ResponseInfo } from '../../../src/api/failures';
import { RAW_BODY_LIMIT } from '../../../src/api/redact';
import type { ErrorBody } from '../../../src/api/models';

const KEY = 'sk_test_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA';
const KEY_B64 = Buffer.from(KEY).toString('base64');
const redact = createRedactor(KEY);
const CID = '7b6b1a52-6d0a-4a3c-8a5e-2f6a1f9d7c11';

function apiBody(statusCode: number, error: string, extra: Partial<ErrorBody> = {}): string {
  return JSON.stringify({ statusCode, service: 'PublicApi', error, correlationId: CID, ...extra });
}

function respond(status: number, text: string, over: Partial<ResponseInfo> = {}): ApiError {
  return errorFromResponse({
    method: 'GET',
    path: '/companies',
    status,
    text,
    contentType: 'application/json',
    attempts: 1,
    redact,
    ...over,
  });
}

describe('errors: status → kind and message', () => {
  const companyLimit = apiBody(402, 'CompanyValidationException: Company limit exceeded', {
    validation: {
      errors: [
        {
          itemId: 'Company',
          message: 'Company limit exceeded. Learn more at https://docs.example/errors',
          validatorName: 'CreateCompany',
        },
      ],
      warnings: [],
    },
  });
  const expired = apiBody(402, 'Payment Required', {
    validation: { errors: [{ message: 'Account expired. Learn more at https://docs.example/errors' }], warnings: [] },
  });

  // [status, method, path, body, kind, message]
  const table: [number, string, string, string, string, string | RegExp][] = [
    [
      400,
      'GET',
      '/companies?page=1&pageSize=100',
      apiBody(400, 'Invalid value for parameter pageSize'),
      'badRequest',
      'Invalid value for parameter pageSize (400)',
    ],
    [
      400,
      'GET',
      '/companies/c/data/invoices?query=x',
      apiBody(400, 'Error parsing query - Malformed query.'),
      'invalidQuery',
      'Error parsing query - Malformed query. (400)',
    ],
    [
      400,
      'GET',
      '/companies/c/data/invoices?query=foo%3D1',
      apiBody(400, 'Error parsing query - Could not resolve property foo on Invoice'),
      'invalidQuery',
      /Could not resolve property foo on Invoice \(400\)$/,
    ],
    [
      400,
      'GET',
      '/companies/c/data/invoices?orderBy=x',
      apiBody(400, 'Error parsing orderBy - Malformed orderBy; expected one field'),
      'invalidQuery',
      /^Error parsing orderBy/,
    ],
    [401, 'GET', '/companies', apiBody(401, 'Unauthorized'), 'unauthorized', 'The API key was rejected (401)'],
    [402, 'POST', '/companies', companyLimit, 'companyLimit', 'Company limit reached on the Free trial (402)'],
    [
      402,
      'POST',
      '/companies/c/syncSettings',
      apiBody(402, 'SyncSettingsValidationException: Sync schedule not allowed'),
      'syncScheduleNotAllowed',
      'Hourly sync schedule is not allowed on the Free trial (402)',
    ],
    [402, 'GET', '/companies', expired, 'accountExpired', 'The Free trial account has expired (402)'],
    [
      402,
      'GET',
      '/companies',
      apiBody(402, 'Something else about billing'),
      'paymentRequired',
      'Something else about billing (402)',
    ],
    [
      403,
      'GET',
      '/companies',
      apiBody(403, 'You are using an outdated API key or a key not associated with that resource.'),
      'forbidden',
      'You are using an outdated API key or a key not associated with that resource. (403)',
    ],
    [
      404,
      'GET',
      '/companies/abc',
      apiBody(404, 'No company was found with ID abc'),
      'notFound',
      'No company was found with ID abc (404)',
    ],
    [
      404,
      'GET',
      '/companies/abc/data/invoices',
      apiBody(404, 'Datatype [invoices] not supported by platform(s) [Xero]'),
      'datatypeNotSupported',
      'Datatype [invoices] not supported by platform(s) [Xero]',
    ],
    [404, 'GET', '/companies/abc', '', 'notFound', 'Not found: GET /companies/abc (404)'],
    [
      405,
      'DELETE',
      '/companies',
      apiBody(405, 'Method not allowed'),
      'methodNotAllowed',
      'Method not allowed: DELETE /companies (405)',
    ],
    [
      409,
      'GET',
      '/companies/c/data/invoices',
      apiBody(409, 'The data set has not been requested.'),
      'dataSetNotRequested',
      'The data set has not been requested. (409)',
    ],
    [
      409,
      'GET',
      '/companies/c/data/invoices',
      apiBody(409, 'The sync of invoices is still in progress.'),
      'syncInProgress',
      'The sync of invoices is still in progress. (409)',
    ],
    [
      409,
      'GET',
      '/companies/c/data/invoices',
      apiBody(409, 'The data set has been requested but its sync is still in progress; the data is not ready yet.'),
      'syncInProgress',
      /still in progress.* \(409\)$/,
    ],
    [
      409,
      'GET',
      '/companies/c/data/invoices',
      apiBody(409, 'Data set sync has not completed'),
      'syncInProgress',
      'Data set sync has not completed (409)',
    ],
    [
      409,
      'POST',
      '/apiKeys',
      apiBody(409, 'Maximum number of API keys reached'),
      'apiKeyLimit',
      'API key limit reached — delete a key before creating another (409)',
    ],
    [
      409,
      'POST',
      '/companies',
      apiBody(409, 'A company with that name is being created'),
      'conflict',
      'A company with that name is being created (409)',
    ],
    [
      429,
      'GET',
      '/companies',
      apiBody(429, 'You have made too many requests in a given amount of time; please retry later.'),
      'rateLimited',
      'Rate limited — retry later',
    ],
    [
      500,
      'GET',
      '/companies',
      apiBody(500, 'There is a problem with our server. Please try again later.'),
      'server',
      'There is a problem with our server. Please try again later. (500)',
    ],
    [502, 'GET', '/companies', '', 'server', 'Server error (502)'],
    [
      503,
      'GET',
      '/companies',
      apiBody(503, 'The service is temporarily offline for maintenance. Please try again later.'),
      'unavailable',
      /temporarily offline for maintenance\. Please try again later\. \(503\)$/,
    ],
    [504, 'GET', '/companies', '', 'server', 'Server error (504)'],
    [418, 'GET', '/companies', 'I am a teapot', 'unexpectedStatus', 'I am a teapot (418)'],
    [302, 'GET', '/companies', '', 'unexpectedStatus', 'Unexpected redirect (302) — redirects are not followed'],
  ];

  for (const [status, method, path, body, kind, message] of table) {
    it(`${status} ${method} ${path.split('?')[0]} → ${kind}`, () => {
      const err = respond(status, body, { method, path });
      assert.equal(err.kind, kind);
      if (typeof message === 'string') assert.equal(err.message, message);
      else assert.match(err.message, message);
      assert.equal(err.status, status);
      assert.equal(err.method, method);
      assert.equal(err.path, path);
    });
  }

  it('keeps the parsed error body, its correlation id and its validation entries', () => {
    const err = respond(402, companyLimit, { method: 'POST' });
    assert.equal(err.correlationId, CID);
    assert.equal(err.body?.service, 'PublicApi');
    assert.equal(err.body?.validation?.errors[0].validatorName, 'CreateCompany');
    assert.equal(err.rawBody, companyLimit);
  });

  it('says how long to wait when the server said so', () => {
    assert.equal(respond(429, '', { retryAfterMs: 12_000 }).message, 'Rate limited — retry in 12 s');
    assert.equal(respond(429, '', { retryAfterMs: 12_000 }).retryAfterMs, 12_000);
  });

  it('names an HTML error page instead of quoting it', () => {
    const html =
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
    const err = respond(502, html, { contentType: 'text/html' });
    assert.equal(err.kind, 'server');
    assert.equal(err.message, 'Server returned an HTML page instead of JSON (502)');
    assert.equal(err.rawBody, html);
  });

  it('takes the correlation id from a header when the body has none', () => {
    assert.equal(
      respond(500, 'oops', { contentType: 'text/plain', correlationIdHeader: 'hdr-1' }).correlationId,
      'hdr-1',
    );
  });

  it('marks only transient kinds retryable', () => {
    assert.equal(respond(503, '').retryable, true);
    assert.equal(respond(429, '').retryable, true);
    assert.equal(respond(404, '').retryable, false);
    assert.equal(respond(401, '').retryable, false);
  });

  it('caps the raw body', () => {
    const big = 'x'.repeat(RAW_BODY_LIMIT * 2);
    const err = respond(500, big, { contentType: 'text/plain' });
    assert.ok((err.rawBody ?? '').length < RAW_BODY_LIMIT + 100);
    assert.ok((err.rawBody ?? '').endsWith('[truncated]'));
    assert.ok(err.message.length <= 310);
  });
});

describe('errors: 2xx bodies that are not the expected JSON', () => {
  const info = (text: string, contentType?: string): ResponseInfo => ({
    method: 'GET',
    path: '/companies',
    status: 200,
    text,
    contentType,
    attempts: 1,
    redact,
  });
  const cases: [string, string, string | undefined, string][] = [
    ['empty', '', undefined, 'Server returned an empty body instead of JSON (200)'],
    [
      'HTML',
      '<!DOCTYPE html><html><title>Sign in</title></html>',
      'text/html',
      'Server returned an HTML page instead of JSON (200)',
    ],
    [
      'truncated JSON',
      '{"results":[{"id":"1","name":"A',
      'application/json',
      'Server returned malformed or truncated JSON (200)',
    ],
    ['text', 'OK', 'text/plain', 'Server returned text instead of JSON (200)'],
    [
      'wrong shape',
      '{"items":[]}',
      'application/json',
      'Server returned JSON of an unexpected shape (expected a page of companies) (200)',
    ],
  ];
  for (const [name, text, type, message] of cases) {
    it(`${name} → malformedResponse`, () => {
      const err = malformedResponse(info(text, type), 'a page of companies');
      assert.equal(err.kind, 'malformedResponse');
      assert.equal(err.message, message);
      assert.equal(err.retryable, false);
    });
  }
});

describe('parseErrorBody: ~30 body shapes', () => {
  const canonical = apiBody(404, 'No company was found with ID 42');
  // [name, text, contentType, expected format, expected message (undefined = none), has ErrorBody]
  const shapes: [string, string, string | undefined, string, string | undefined, boolean][] = [
    ['the API error body', canonical, 'application/json', 'json', 'No company was found with ID 42', true],
    [
      'error body with validation',
      apiBody(402, 'CompanyValidationException: Company limit exceeded', {
        validation: { errors: [{ message: 'Company limit exceeded' }], warnings: [] },
      }),
      'application/json',
      'json',
      'CompanyValidationException: Company limit exceeded',
      true,
    ],
    [
      'error body in a JSON string',
      JSON.stringify(canonical),
      'application/json',
      'json',
      'No company was found with ID 42',
      true,
    ],
    [
      'error body encoded twice in strings',
      JSON.stringify(JSON.stringify(canonical)),
      'application/json',
      'json',
      'No company was found with ID 42',
      true,
    ],
    [
      'statusCode as text',
      JSON.stringify({ statusCode: '404', error: 'gone', service: 'PublicApi', correlationId: CID }),
      undefined,
      'json',
      'gone',
      true,
    ],
    [
      'error body without service and correlationId',
      JSON.stringify({ statusCode: 500, error: 'boom' }),
      undefined,
      'json',
      'boom',
      true,
    ],
    ['{message}', '{"message":"Token expired"}', 'application/json', 'json', 'Token expired', false],
    ['{Message}', '{"Message":"An error has occurred."}', 'application/json', 'json', 'An error has occurred.', false],
    [
      '{error:{message}}',
      '{"error":{"code":"BadThing","message":"It broke"}}',
      'application/json',
      'json',
      'It broke',
      false,
    ],
    ['{error:{error:{message}}}', '{"error":{"error":{"message":"Deep"}}}', undefined, 'json', 'Deep', false],
    [
      '{errors:[{message}]}',
      '{"errors":[{"message":"First"},{"message":"Second"}]}',
      undefined,
      'json',
      'First',
      false,
    ],
    [
      'OAuth style',
      '{"error":"invalid_client","error_description":"Client unknown"}',
      undefined,
      'json',
      'invalid_client',
      false,
    ],
    [
      'problem+json',
      '{"type":"about:blank","title":"Not Found","detail":"No such route","status":404}',
      'application/problem+json',
      'json',
      'No such route',
      false,
    ],
    [
      'JSON inside a message string',
      JSON.stringify({ message: JSON.stringify({ error: 'Inner detail' }) }),
      undefined,
      'json',
      'Inner detail',
      false,
    ],
    ['array of errors', '[{"message":"In an array"}]', undefined, 'json', 'In an array', false],
    ['a JSON string', '"Just a string"', 'application/json', 'json', 'Just a string', false],
    ['JSON null', 'null', 'application/json', 'json', undefined, false],
    ['JSON number', '42', 'application/json', 'json', '42', false],
    ['empty object', '{}', 'application/json', 'json', undefined, false],
    ['BOM before JSON', `\uFEFF${canonical}`, 'application/json', 'json', 'No company was found with ID 42', true],
    [
      'nginx HTML page',
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>',
      'text/html',
      'html',
      '502 Bad Gateway',
      false,
    ],
    [
      'HTML with h1 only',
      '<!DOCTYPE html><html><body><h1>Service  Unavailable</h1><p>Later</p></body></html>',
      'text/html',
      'html',
      'Service Unavailable',
      false,
    ],
    [
      'HTML with entities, script and style',
      '<html><head><style>h1{}</style><script>var x="<title>no</title>"</script><title>Fish &amp; Chips &#8212; &lt;down&gt;</title></head></html>',
      'text/html; charset=utf-8',
      'html',
      'Fish & Chips — <down>',
      false,
    ],
    [
      'HTML fragment without title, labelled html',
      '<p>Upstream <b>timed</b> out</p>',
      'text/html',
      'html',
      'Upstream timed out',
      false,
    ],
    [
      'HTML sent as text/plain',
      '<!doctype html><title>Gateway Timeout</title>',
      'text/plain',
      'html',
      'Gateway Timeout',
      false,
    ],
    ['plain text', 'Bad Gateway', 'text/plain', 'text', 'Bad Gateway', false],
    ['multi-line text', '  Something\n\n   went\twrong  \n', undefined, 'text', 'Something went wrong', false],
    [
      'XML',
      '<?xml version="1.0"?><Error><Message>Access denied</Message></Error>',
      'application/xml',
      'text',
      'Access denied',
      false,
    ],
    ['empty', '', 'application/json', 'empty', undefined, false],
    ['whitespace only', ' \r\n\t ', undefined, 'empty', undefined, false],
    [
      'truncated JSON with its message',
      '{"statusCode":500,"service":"PublicApi","error":"There is a \\"problem\\"","correlationId":"ab',
      'application/json',
      'invalidJson',
      'There is a "problem"',
      false,
    ],
    ['truncated JSON without a message', '{"results":[{"id":"1"', 'application/json', 'invalidJson', undefined, false],
    [
      'JSON content type, text body',
      'Internal Server Error',
      'application/json',
      'text',
      'Internal Server Error',
      false,
    ],
  ];

  for (const [name, text, type, format, message, hasBody] of shapes) {
    it(name, () => {
      const parsed = parseErrorBody(text, type);
      assert.equal(parsed.format, format);
      assert.equal(parsed.message, message);
      assert.equal(parsed.body !== undefined, hasBody);
    });
  }

  it('fills the error body fields and keeps the extra reference fields', () => {
    const parsed = parseErrorBody(apiBody(429, 'Too many', { canBeRetried: 'Unknown', detailedErrorCode: 0 }));
    assert.deepEqual(parsed.body, {
      statusCode: 429,
      service: 'PublicApi',
      error: 'Too many',
      correlationId: CID,
      canBeRetried: 'Unknown',
      detailedErrorCode: 0,
    });
  });

  it('caps a very long message to one line', () => {
    const parsed = parseErrorBody(`{"message":"${'word '.repeat(500)}"}`);
    assert.ok((parsed.message ?? '').length <= 300);
    assert.ok(!(parsed.message ?? '').includes('\n'));
  });
});

describe('ApiError', () => {
  const err = new ApiError({
    kind: 'notFound',
    message: 'No company (404)',
    method: 'GET',
    path: '/companies/x',
    status: 404,
    correlationId: CID,
  });

  it('is an Error named ApiError, also in its stack and String()', () => {
    assert.ok(err instanceof Error);
    assert.ok(isApiError(err));
    assert.equal(String(err), 'ApiError: No company (404)');
    assert.ok((err.stack ?? '').startsWith('ApiError: No company (404)'));
  });

  it('defaults attempts to 1 and retryable by kind', () => {
    assert.equal(err.attempts, 1);
    assert.equal(err.retryable, false);
    assert.equal(new ApiError({ kind: 'timeout', message: 't', method: 'GET', path: '/' }).retryable, true);
  });

  it('serialises only the fields it has', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(err)), {
      name: 'ApiError',
      kind: 'notFound',
      message: 'No company (404)',
      method: 'GET',
      path: '/companies/x',
      status: 404,
      correlationId: CID,
      attempts: 1,
      retryable: false,
    });
  });

  it('copies with changes', () => {
    const copy = err.with({ attempts: 3 });
    assert.equal(copy.attempts, 3);
    assert.equal(copy.kind, 'notFound');
    assert.equal(err.attempts, 1);
  });

  it('recognises cancellations', () => {
    assert.ok(isCancellation(new ApiError({ kind: 'cancelled', message: 'c', method: 'GET', path: '/' })));
    assert.ok(!isCancellation(err));
    assert.ok(!isCancellation(new Error('cancelled')));
  });

  it('formats waits for people', () => {
    assert.equal(formatDuration(12_000, 'wait'), '12 s');
    assert.equal(formatDuration(11_001, 'wait'), '12 s');
    assert.equal(formatDuration(10, 'wait'), '1 s');
    assert.equal(formatDuration(180_000, 'wait'), '3 min');
  });

  it('formats set durations exactly', () => {
    assert.equal(formatDuration(50), '50 ms');
    assert.equal(formatDuration(1500), '1.5 s');
    assert.equal(formatDuration(30_000), '30 s');
  });

  it('keeps its data once: copies and JSON carry the set fields only, and nothing else', () => {
    const e = new ApiError({
      kind: 'server',
      message: 'Server error (500)',
      method: 'GET',
      path: '/companies',
      status: 500,
      correlationId: undefined,
    });
    assert.deepEqual(e.toJSON(), {
      name: 'ApiError',
      kind: 'server',
      message: 'Server error (500)',
      method: 'GET',
      path: '/companies',
      status: 500,
      attempts: 1,
      retryable: true,
    });
    const copy = e.with({ attempts: 3 });
    assert.ok(copy instanceof ApiError);
    assert.deepEqual(copy.toJSON(), { ...e.toJSON(), attempts: 3 });
    assert.equal(copy.stack?.split('\n')[0], 'ApiError: Server error (500)');
    assert.throws(
      () => {
        (e as { kind: string }).kind = 'network';
      },
      TypeError,
      'fields are read-only',
    );
  });
});

describe('redaction', () => {
  it('removes the key, its Base64 form and the header value from text', () => {
    const text = `key=${KEY} auth=Basic ${KEY_B64} enc=${encodeURIComponent(KEY)}`;
    const out = redact(text);
    assert.ok(!out.includes(KEY));
    assert.ok(!out.includes(KEY_B64));
    assert.equal(out, 'key=*** auth=Basic *** enc=***');
  });

  it('keeps the key out of messages, bodies and raw bodies a server echoed it into', () => {
    const echoed = apiBody(401, `Unauthorized: key ${KEY} (Authorization: Basic ${KEY_B64})`);
    const err = respond(403, echoed);
    for (const text of [
      err.message,
      JSON.stringify(err),
      err.stack ?? '',
      String(err),
      err.rawBody ?? '',
      err.body?.error ?? '',
    ]) {
      assert.ok(!text.includes(KEY), text);
      assert.ok(!text.includes(KEY_B64), text);
    }
  });

  it('blanks apiKey fields of JSON for trace logs', () => {
    assert.equal(
      redactApiKeyFields('{"results":[{"id":"1","apiKey":"abc\\"def"}]}'),
      '{"results":[{"id":"1","apiKey":"***"}]}',
    );
    // A body cut inside a key (the server's, before the client saw it): its start goes too.
    assert.equal(
      redactApiKeyFields('[{"id":"1","apiKey":"abc"},{"id":"2","apiKey":"sk_live_0123'),
      '[{"id":"1","apiKey":"***"},{"id":"2","apiKey":"***',
    );
    assert.equal(redactApiKeyFields('{"apiKey": "sk_live_01\\'), '{"apiKey": "***');
  });

  it('redacts an absurdly short key only where it stands alone, rather than mangling every word', () => {
    assert.equal(createRedactor('a')('a cat'), '*** cat');
    assert.equal(createRedactor('a')('Bad request (400): cat'), 'Bad request (400): cat');
  });
});

describe('errors: secrets at the cuts', () => {
  const key = 'sk_live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
  const redact = createRedactor(key);
  const prefix = key.slice(0, 12);
  const info = (text: string, status = 400) => ({
    method: 'GET',
    path: '/companies',
    status,
    text,
    contentType: 'application/json',
    attempts: 1,
    redact,
  });

  it('removes a key that straddles the one-line message limit', () => {
    const error = `${'x'.repeat(MAX_MESSAGE_LENGTH - 30)} ${key} tail`;
    const e = errorFromResponse(
      info(JSON.stringify({ statusCode: 400, service: 'PublicApi', error, correlationId: 'c' })),
    );
    for (const text of [e.message, JSON.stringify(e.toJSON()), e.rawBody ?? ''])
      assert.ok(!text.includes(prefix), text.slice(-80));
  });

  it('removes a key that straddles the raw-body limit, and every apiKey field', () => {
    const text = `${'y'.repeat(RAW_BODY_LIMIT - 10)}${key}${'z'.repeat(100)}`;
    const e = errorFromResponse(info(text, 500));
    assert.ok(e.rawBody?.endsWith('…[truncated]'));
    assert.ok(!(e.rawBody ?? '').includes(prefix));
    const keys = malformedResponse(info('{"results":[{"apiKey":"another-secret-key"}', 200), 'a list of API keys');
    assert.ok(!(keys.rawBody ?? '').includes('another-secret-key'));
  });
});
