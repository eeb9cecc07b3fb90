import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { createRedactor } from '../../../src/api/redact';
import { errorFromResponse } from '../../../src/api/failures';
import { contentSecurityPolicy, createNonce, escapeAttribute, renderPage } from '../../../src/diagnostics/html';
import { isWebviewToHost } from '../../../src/diagnostics/protocol';
import { persistableState } from '../../../src/diagnostics/persist';
import { DiagnosticsStore, type DiagnosticEntry } from '../../../src/diagnostics/store';
import { ViewModelCache } from '../../../src/diagnostics/viewCache';
import { prettyBody, toViewModel, type DiagnosticView } from '../../../src/diagnostics/viewModel';
import { formatSize, rawBodyGone, rawBodyOf, toWireView } from '../../../src/diagnostics/wire';

const KEY = 'sk_test_c2VjcmV0LWtleS1mb3ItZGlhZ25vc3RpY3M';
const redact = createRedactor(KEY);
const CID = '0f8f0d2e-3c1b-4d8e-9a41-6f1d2b7c9e10';

function err(n: number, over: Partial<ConstructorParameters<typeof ApiError>[0]> = {}): ApiError {
  return new ApiError({
    kind: 'server',
    message: `failure ${n}`,
    method: 'GET',
    path: `/companies?page=${n}`,
    status: 500,
    correlationId: `cid-${n}`,
    ...over,
  });
}

function companyLimit(): ApiError {
  const text = JSON.stringify({
    statusCode: 402,
    service: 'PublicApi',
    error: 'CompanyValidationException: Company limit exceeded',
    correlationId: CID,
    canBeRetried: 'Unknown',
    detailedErrorCode: 0,
    validation: {
      errors: [
        {
          itemId: 'Company',
          validatorName: 'CreateCompany',
          message: 'Company limit exceeded. Learn more at https://docs.example/errors',
        },
      ],
      warnings: [{ itemId: 'Plan', validatorName: 'FreeTrial', message: 'Upgrade to add more companies' }],
    },
  });
  return errorFromResponse({
    method: 'POST',
    path: '/companies',
    status: 402,
    text,
    contentType: 'application/json',
    attempts: 1,
    redact,
  });
}

describe('diagnostics store', () => {
  it('lists entries newest first with increasing ids and the injected time', () => {
    let t = Date.UTC(2026, 0, 1, 12, 0, 0);
    const store = new DiagnosticsStore({ now: () => new Date((t += 1000)) });
    const a = store.add(err(1));
    const b = store.add(err(2));
    const c = store.add(err(3));
    assert.deepEqual(
      store.entries().map((e) => e.id),
      [c.id, b.id, a.id],
    );
    assert.deepEqual(
      store.entries().map((e) => e.error.message),
      ['failure 3', 'failure 2', 'failure 1'],
    );
    assert.ok(c.time.getTime() > a.time.getTime());
    assert.equal(new Set([a.id, b.id, c.id]).size, 3);
  });

  it('keeps only the newest N entries', () => {
    const store = new DiagnosticsStore({ capacity: 3 });
    for (let i = 1; i <= 5; i++) store.add(err(i));
    assert.equal(store.size, 3);
    assert.deepEqual(
      store.entries().map((e) => e.error.correlationId),
      ['cid-5', 'cid-4', 'cid-3'],
    );
    assert.equal(store.find('cid-1'), undefined);
  });

  it('keeps 200 by default', () => {
    const store = new DiagnosticsStore();
    for (let i = 1; i <= 205; i++) store.add(err(i));
    assert.equal(store.size, 200);
    assert.equal(store.entries()[199].error.correlationId, 'cid-6');
  });

  it('ignores cancellations: nothing kept, no event', () => {
    const store = new DiagnosticsStore();
    let events = 0;
    store.onDidChange(() => events++);
    const entry = store.add(
      new ApiError({ kind: 'cancelled', message: 'Cancelled', method: 'GET', path: '/companies' }),
    );
    assert.equal(entry.error.kind, 'cancelled');
    assert.equal(store.size, 0);
    assert.equal(events, 0);
  });

  it('fires onDidChange on add and clear (not on clearing an empty store) and stops after dispose of the listener', () => {
    const store = new DiagnosticsStore();
    let events = 0;
    const sub = store.onDidChange(() => events++);
    store.add(err(1));
    assert.equal(events, 1);
    store.clear();
    assert.equal(events, 2);
    assert.equal(store.size, 0);
    store.clear();
    assert.equal(events, 2);
    sub.dispose();
    store.add(err(2));
    assert.equal(events, 2);
  });

  it('a throwing listener does not stop the others nor the add', () => {
    const store = new DiagnosticsStore();
    let heard = false;
    store.onDidChange(() => {
      throw new Error('boom');
    });
    store.onDidChange(() => (heard = true));
    assert.doesNotThrow(() => store.add(err(1)));
    assert.ok(heard);
  });

  it('dispose drops every listener', () => {
    const store = new DiagnosticsStore();
    let events = 0;
    store.onDidChange(() => events++);
    store.dispose();
    store.add(err(1));
    assert.equal(events, 0);
  });

  it('the same error object added twice is one entry; an equal but distinct error is another', () => {
    const store = new DiagnosticsStore();
    const e = err(1);
    const first = store.add(e);
    assert.equal(store.add(e), first);
    assert.equal(store.size, 1);
    store.add(err(1));
    assert.equal(store.size, 2);
  });

  it('finds by entry id, by correlationId (newest match) and by error object', () => {
    const store = new DiagnosticsStore();
    const e1 = err(1, { correlationId: 'same' });
    const a = store.add(e1);
    const b = store.add(err(2, { correlationId: 'same' }));
    assert.equal(store.find(a.id), a);
    assert.equal(store.find('same'), b);
    assert.equal(store.find(e1), a);
    assert.equal(store.find('nope'), undefined);
    store.clear();
    assert.equal(store.find(e1), undefined);
  });

  it('an entry is a frozen copy: later changes to what the error returns do not show', () => {
    const store = new DiagnosticsStore();
    const e = companyLimit();
    const entry = store.add(e);
    e.body!.validation!.errors[0].message = 'changed';
    assert.match(store.entries()[0].error.body!.validation!.errors[0].message, /^Company limit exceeded/);
    assert.ok(Object.isFrozen(entry));
  });

  it('never holds the API key: a body echoing it (raw, Base64, header) is stored redacted', () => {
    const b64 = Buffer.from(KEY).toString('base64');
    const text = JSON.stringify({
      statusCode: 401,
      service: 'PublicApi',
      error: `Key ${KEY} rejected (Authorization: Basic ${b64})`,
      correlationId: CID,
      validation: { errors: [{ itemId: KEY, message: `bad key ${b64}` }], warnings: [] },
    });
    const error = errorFromResponse({
      method: 'GET',
      path: '/companies',
      status: 401,
      text,
      contentType: 'application/json',
      attempts: 1,
      redact,
    });
    const store = new DiagnosticsStore();
    store.add(error);
    const everything = JSON.stringify(store.entries()) + JSON.stringify(store.entries().map((e) => toViewModel(e)));
    assert.ok(!everything.includes(KEY), 'raw key leaked');
    assert.ok(!everything.includes(b64), 'Base64 key leaked');
    assert.ok(everything.includes('***'));
    assert.ok(everything.includes(CID));
  });
});

describe('diagnostics view model', () => {
  const at = new Date(Date.UTC(2026, 10, 23, 9, 30, 5));
  const entryOf = (e: ApiError, id = 'd7'): DiagnosticEntry => ({ id, time: at, error: e.toJSON() });
  const fmt = { formatTime: (t: Date) => t.toISOString().slice(11, 19) };

  it('shows a 402 body: status, service, error, correlationId (copyable), kind, retry info', () => {
    const v = toViewModel(entryOf(companyLimit()), fmt);
    assert.equal(v.id, 'd7');
    assert.equal(v.time, '2026-11-23T09:30:05.000Z');
    assert.equal(v.timeLabel, '09:30:05');
    assert.equal(v.heading, '402 POST /companies');
    assert.equal(v.status, 402);
    assert.equal(v.correlationId, CID);
    assert.equal(v.kind, 'companyLimit');
    const f = Object.fromEntries(v.fields.map((x) => [x.label, x.value]));
    assert.equal(f['Status'], '402');
    assert.equal(f['Service'], 'PublicApi');
    assert.equal(f['Error'], 'CompanyValidationException: Company limit exceeded');
    assert.equal(f['Correlation ID'], CID);
    assert.equal(f['Kind'], 'companyLimit');
    assert.equal(f['Request'], 'POST /companies');
    assert.equal(f['Retryable'], 'no');
    assert.equal(f['Attempts'], '1');
    assert.equal(f['Can be retried (server)'], 'Unknown');
    assert.equal(f['Detailed error code'], '0');
    assert.equal(f['Retry after'], undefined);
    assert.deepEqual(
      v.fields.filter((x) => x.copy).map((x) => x.label),
      ['Correlation ID'],
    );
  });

  it('puts validation errors then warnings in the table', () => {
    const v = toViewModel(entryOf(companyLimit()), fmt);
    assert.deepEqual(v.validation, [
      {
        severity: 'error',
        itemId: 'Company',
        validatorName: 'CreateCompany',
        message: 'Company limit exceeded. Learn more at https://docs.example/errors',
      },
      { severity: 'warning', itemId: 'Plan', validatorName: 'FreeTrial', message: 'Upgrade to add more companies' },
    ]);
  });

  it('pretty-prints a JSON raw body and keeps other bodies as received', () => {
    const v = toViewModel(entryOf(companyLimit()), fmt);
    assert.match(v.rawBody!, /^\{\n {2}"statusCode": 402,/);
    assert.equal(prettyBody('<html><b>x</b></html>'), '<html><b>x</b></html>');
    assert.equal(prettyBody('{"cut'), '{"cut');
  });

  it('shows retry information of a rate-limited error', () => {
    const e = new ApiError({
      kind: 'rateLimited',
      message: 'Rate limited — retry in 12 s',
      method: 'GET',
      path: '/companies',
      status: 429,
      retryAfterMs: 11_500,
      attempts: 3,
    });
    const f = Object.fromEntries(toViewModel(entryOf(e), fmt).fields.map((x) => [x.label, x.value]));
    assert.equal(f['Retryable'], 'yes');
    assert.equal(f['Retry after'], '12 s');
    assert.equal(f['Attempts'], '3');
  });

  it('an error without a response (network, refused parameter) shows no empty rows', () => {
    const net = new ApiError({
      kind: 'network',
      message: 'Connection refused',
      method: 'GET',
      path: '/companies',
      code: 'ECONNREFUSED',
    });
    const v = toViewModel(entryOf(net), fmt);
    assert.equal(v.heading, 'network GET /companies');
    assert.equal(v.status, undefined);
    assert.equal(v.correlationId, undefined);
    assert.equal(v.rawBody, undefined);
    assert.deepEqual(v.validation, []);
    assert.deepEqual(
      v.fields.map((x) => x.label),
      ['Kind', 'Request', 'Retryable', 'Attempts', 'Network code'],
    );
    assert.ok(v.fields.every((x) => x.value !== ''));

    const refused = new ApiError({
      kind: 'invalidQuery',
      message: 'Invalid query',
      method: 'GET',
      path: '/companies/c/data/invoices',
      attempts: 0,
      validation: { parameter: 'query', message: 'unknown field foo', code: 'unknownField', start: 0, end: 3 },
    });
    const r = Object.fromEntries(toViewModel(entryOf(refused), fmt).fields.map((x) => [x.label, x.value]));
    assert.equal(r['Refused before sending'], 'query: unknown field foo (at 0–3)');
    assert.equal(r['Attempts'], '0');
  });

  it("keeps markup in server strings as data (escaping is the renderer's job, never dropped here)", () => {
    const text = JSON.stringify({
      statusCode: 400,
      service: 'PublicApi',
      error: '<img src=x onerror=alert(1)>',
      correlationId: CID,
    });
    const e = errorFromResponse({
      method: 'GET',
      path: '/companies',
      status: 400,
      text,
      contentType: 'application/json',
      attempts: 1,
      redact,
    });
    const f = Object.fromEntries(toViewModel(entryOf(e), fmt).fields.map((x) => [x.label, x.value]));
    assert.equal(f['Error'], '<img src=x onerror=alert(1)>');
  });
});

describe('diagnostics view cache', () => {
  const fmt = { formatTime: (t: Date) => t.toISOString().slice(11, 19) };

  /** A cache whose computed views are counted. */
  function counting(): { cache: ViewModelCache; computed: string[] } {
    const computed: string[] = [];
    const cache = new ViewModelCache((e) => {
      computed.push(e.id);
      return toViewModel(e, fmt);
    });
    return { cache, computed };
  }

  it('a new error in a full store costs one view; the kept entries give the very same objects', () => {
    const store = new DiagnosticsStore();
    store.add(companyLimit());
    for (let i = 2; i <= 200; i++) store.add(err(i));
    const { cache, computed } = counting();
    const before = cache.viewsOf(store.entries());
    assert.equal(computed.length, 200);

    const added = store.add(err(201));
    const after = cache.viewsOf(store.entries());
    assert.deepEqual(computed.slice(200), [added.id], 'only the new entry is computed');
    assert.equal(after.length, 200);
    assert.equal(after[0].id, added.id);
    for (let i = 1; i < 200; i++) assert.equal(after[i], before[i - 1], `entry ${after[i].id} is the same object`);
    assert.ok(!after.includes(before[199]), 'the entry the store dropped is gone');
  });

  it('gives what toViewModel gives, so the panel and its persisted state are unchanged', () => {
    const store = new DiagnosticsStore({ now: () => new Date(Date.UTC(2026, 0, 1)) });
    store.add(companyLimit());
    store.add(err(2));
    const { cache } = counting();
    cache.viewsOf(store.entries());
    const fresh = store.entries().map((e) => toViewModel(e, fmt));
    assert.deepEqual(cache.viewsOf(store.entries()), fresh);
    assert.deepEqual(persistableState(cache.viewsOf(store.entries())), persistableState(fresh));
  });

  it('a cached view is frozen: one reader cannot change what the next update sends', () => {
    const store = new DiagnosticsStore();
    const { cache } = counting();
    const view: DiagnosticView = cache.viewOf(store.add(companyLimit()));
    assert.throws(() => {
      view.heading = 'changed';
    }, TypeError);
    assert.throws(() => view.fields.push({ label: 'x', value: 'y' }), TypeError);
    assert.throws(() => {
      view.validation[0].message = 'changed';
    }, TypeError);
    assert.equal(cache.viewOf(store.entries()[0]).heading, '402 POST /companies');
  });
});

describe('diagnostics wire form (the entries message)', () => {
  const at = new Date(Date.UTC(2026, 10, 23, 9, 30, 5));
  const fmt = { formatTime: (t: Date) => t.toISOString().slice(11, 19) };

  /** A 400 whose body is the stored maximum, 64 KiB (a server stack trace), pretty-printed. */
  function largeView(): DiagnosticView {
    const trace = Array.from({ length: 1600 }, (_, i) => `at Frame${i} (<b>server.cs</b>:${i})`);
    const text = JSON.stringify({
      statusCode: 400,
      service: 'PublicApi',
      error: 'Validation failed',
      correlationId: CID,
      trace,
    });
    const e = errorFromResponse({
      method: 'POST',
      path: '/companies',
      status: 400,
      text,
      contentType: 'application/json',
      attempts: 1,
      redact,
    });
    return toViewModel({ id: 'd9', time: at, error: e.toJSON() }, fmt);
  }

  it('leaves the raw body out of a 64 KiB entry: the wire form is small and says the size instead', () => {
    const view = largeView();
    assert.ok(view.rawBody!.length > 64 * 1024, `the fixture body is ${view.rawBody!.length} characters`);
    const wire = toWireView(view);
    assert.ok(!('rawBody' in wire));
    const json = JSON.stringify(wire);
    assert.ok(json.length < 2048, `the wire form is ${json.length} characters`);
    assert.ok(!json.includes('Frame'), 'no part of the body travels');
    // Everything else does, unchanged.
    const { rawBody: _body, ...rest } = view;
    const { rawBodyBytes, rawBodyLabel, ...others } = wire;
    assert.deepEqual(others, rest);
    assert.equal(rawBodyBytes, Buffer.byteLength(view.rawBody!));
    assert.match(rawBodyLabel!, /^Raw body \(\d+\.\d KB\)$/);
  });

  it('an entry without a body has neither size nor label; the view itself is left alone', () => {
    const view = toViewModel(
      {
        id: 'd1',
        time: at,
        error: new ApiError({ kind: 'network', message: 'refused', method: 'GET', path: '/x' }).toJSON(),
      },
      fmt,
    );
    assert.deepEqual(toWireView(view), view);
    const large = largeView();
    const body = large.rawBody;
    toWireView(large);
    assert.equal(large.rawBody, body);
  });

  it('labels the size in UTF-8 bytes: B under 1 KiB, then KB and MB with one decimal', () => {
    assert.equal(formatSize(0), '0 B');
    assert.equal(formatSize(1023), '1023 B');
    assert.equal(formatSize(1024), '1.0 KB');
    assert.equal(formatSize(12_595), '12.3 KB');
    assert.equal(formatSize(1024 * 1024 + 512 * 1024), '1.5 MB');
    const v: DiagnosticView = { ...largeView(), rawBody: 'é'.repeat(600) };
    assert.equal(toWireView(v).rawBodyLabel, 'Raw body (1.2 KB)', '600 characters, 1200 bytes');
  });

  it('answers a raw body request by entry id, live or restored, and a gone entry with a note', () => {
    const live = largeView();
    const restored: DiagnosticView = { ...live, id: 'r1', correlationId: 'd9', rawBody: '<img src=x>' };
    const shown = [live, restored];
    assert.equal(rawBodyOf(shown, 'd9'), live.rawBody);
    assert.equal(rawBodyOf(shown, 'r1'), '<img src=x>');
    assert.equal(rawBodyOf(shown, 'd8'), rawBodyGone());
    assert.equal(rawBodyOf([{ ...live, rawBody: undefined }], 'd9'), rawBodyGone(), 'an entry without a body');
    assert.equal(rawBodyOf([restored], 'd9'), rawBodyGone(), 'never found by its correlationId');
  });
});

describe('diagnostics page', () => {
  const template =
    '<meta http-equiv="Content-Security-Policy" content="{{csp}}"><link href="{{styleUri}}"><script nonce="{{nonce}}" src="{{scriptUri}}"></script>';

  it('CSP: nothing by default, styles and images from the webview only, scripts only by nonce', () => {
    assert.equal(
      contentSecurityPolicy('https://w.example', 'abc'),
      "default-src 'none'; style-src https://w.example; script-src 'nonce-abc'; img-src https://w.example; font-src https://w.example",
    );
  });

  it('fills the template with escaped values', () => {
    const html = renderPage(template, {
      cspSource: 'https://w.example',
      nonce: 'n0nce',
      styleUri: 'https://w.example/a.css?x="1"',
      scriptUri: 'https://w.example/a.js',
    });
    assert.ok(
      html.includes(
        `content="default-src &#39;none&#39;; style-src https://w.example; script-src &#39;nonce-n0nce&#39;;`,
      ),
    );
    assert.ok(html.includes('<script nonce="n0nce" src="https://w.example/a.js">'));
    assert.ok(html.includes('a.css?x=&quot;1&quot;'));
    assert.ok(!html.includes('{{'));
  });

  it('refuses a template with an unknown placeholder or without a CSP', () => {
    const res = { cspSource: 's', nonce: 'n', styleUri: 'a', scriptUri: 'b' };
    assert.throws(() => renderPage(template + '{{oops}}', res), /oops/);
    assert.throws(() => renderPage('<script nonce="{{nonce}}"></script>', res), /CSP/);
  });

  it('a fresh nonce each time, 128 bits of base64', () => {
    const a = createNonce();
    const b = createNonce();
    assert.notEqual(a, b);
    assert.match(a, /^[A-Za-z0-9+/]{22}==$/);
  });

  it('escapes every attribute-breaking character', () => {
    assert.equal(escapeAttribute(`<a href="x" title='y'>&`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;');
  });

  it('accepts only known webview messages', () => {
    assert.ok(isWebviewToHost({ type: 'ready' }));
    assert.ok(isWebviewToHost({ type: 'copy', id: 'd1' }));
    assert.ok(!isWebviewToHost({ type: 'copy' }));
    assert.ok(isWebviewToHost({ type: 'rawBody', id: 'r1' }));
    assert.ok(!isWebviewToHost({ type: 'rawBody' }));
    assert.ok(!isWebviewToHost({ type: 'rawBody', id: 7 }));
    assert.ok(!isWebviewToHost({ type: 'eval', code: 'x' }));
    assert.ok(!isWebviewToHost(null));
    assert.ok(!isWebviewToHost('ready'));
  });
});
