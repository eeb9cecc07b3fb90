// Deeply nested error bodies (issue 23, item 1): pretty-printing indented every level, so a 29 KB
// body of nested arrays became 450 million characters for the webview, a 39 KB one threw
// `RangeError: Invalid string length` in the view model, after which every update of the panel
// threw until the entry left the store, and "Open Whole Body" threw. Indentation now stops at
// MAX_INDENT_DEPTH (deeper levels stay on one line), and a view that cannot be built is shown as
// such instead of breaking the list.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { errorFromResponse } from '../../../src/api/failures';
import { createRedactor } from '../../../src/api/redact';
import { bodyDocument, layoutJson } from '../../../src/diagnostics/bodyDocument';
import { MAX_INDENT_DEPTH } from '../../../src/diagnostics/limits';
import { persistableState } from '../../../src/diagnostics/persist';
import { DiagnosticsStore, type DiagnosticEntry } from '../../../src/diagnostics/store';
import { ViewModelCache } from '../../../src/diagnostics/viewCache';
import { prettyBody, toViewModel } from '../../../src/diagnostics/viewModel';
import { toWireView, wireList } from '../../../src/diagnostics/wire';

const redact = createRedactor('sk_live_nested-bodies-key-0123456789');

const arrays = (bytes: number) => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);
const objects = (bytes: number) => '{"a":'.repeat(bytes / 6) + '1' + '}'.repeat(bytes / 6);

const BODIES: [string, string][] = [
  ['nested arrays, 29 KB', arrays(29 * 1024)],
  ['nested arrays, 39 KB', arrays(39 * 1024)],
  ['nested arrays, 1 MB', arrays(1024 * 1024)],
  ['nested objects, 29 KB', objects(29 * 1024)],
  ['nested objects, 39 KB', objects(39 * 1024)],
  ['nested objects, 1 MB', objects(1024 * 1024)],
];

/** The pretty text with its layout taken out: what it says, not how it is laid out. */
const compact = (text: string) => text.replace(/\s+/g, '');

function serverError(text: string): ApiError {
  return errorFromResponse({
    method: 'GET',
    path: '/companies',
    status: 500,
    text,
    contentType: 'application/json',
    attempts: 1,
    redact,
  });
}

describe('deeply nested error bodies', function () {
  this.timeout(60_000);

  for (const [what, body] of BODIES) {
    it(`${what}: pretty-printed within twice its size, the same JSON, indented at most ${MAX_INDENT_DEPTH} levels`, () => {
      const pretty = prettyBody(body);
      assert.ok(pretty.length <= 2 * body.length, `${pretty.length} characters for a body of ${body.length}`);
      assert.equal(compact(pretty), body, 'only whitespace changed');
      const deepest = Math.max(...pretty.split('\n').map((line) => line.length - line.trimStart().length));
      assert.equal(deepest, 2 * MAX_INDENT_DEPTH);
    });

    it(`${what}: the panel shows it, and the entries after it`, () => {
      const store = new DiagnosticsStore();
      const cache = new ViewModelCache();
      const nested = store.add(serverError(body));
      const view = cache.viewOf(nested);
      assert.ok(
        view.rawBody !== undefined && view.rawBody.length <= 2 * 64 * 1024 + 1024,
        'the raw body, within twice what the client keeps',
      );
      const later = store.add(serverError('{"statusCode":500,"service":"s","error":"later","correlationId":"c2"}'));
      const views = cache.viewsOf(store.entries());
      assert.deepEqual(
        views.map((v) => v.id),
        [later.id, nested.id],
      );
      assert.match(views[0].message, /later/);
      assert.equal(wireList(views, new Set()).entries.length, 2);
      assert.equal(persistableState(views).entries.length, 2);
      const doc = bodyDocument(nested, store.wholeBody(nested));
      assert.ok(doc.text.length <= 2 * 64 * 1024 + 1024, `the whole-body document: ${doc.text.length} characters`);
    });
  }

  it('a shallow body is laid out as JSON.stringify(value, null, 2) does', () => {
    const value = { a: [1, { b: [] }, {}], c: { d: [[2]] } };
    assert.equal(prettyBody(JSON.stringify(value)), JSON.stringify(value, null, 2));
  });

  it(`a body nested past ${MAX_INDENT_DEPTH} levels keeps the deeper levels on one line, as written`, () => {
    const inner = '[1, {"k" : "v\\u0073"}]';
    const deep = '['.repeat(MAX_INDENT_DEPTH) + inner + ']'.repeat(MAX_INDENT_DEPTH);
    const lines = prettyBody(deep).split('\n');
    assert.equal(
      lines[MAX_INDENT_DEPTH],
      `${'  '.repeat(MAX_INDENT_DEPTH)}[1,{"k":"v\\u0073"}]`,
      'strings copied as written, never decoded',
    );
    assert.equal(lines.length, 2 * MAX_INDENT_DEPTH + 1);
  });

  it(`the whole-body layout also keeps levels past ${MAX_INDENT_DEPTH} on one line`, () => {
    const text = arrays(2000);
    const laidOut = layoutJson(JSON.parse(text), { tabSize: 4, insertSpaces: true });
    assert.ok(laidOut.length <= 2 * text.length, `${laidOut.length} characters for ${text.length}`);
    assert.equal(compact(laidOut), text);
    assert.equal(
      laidOut.split('\n')[MAX_INDENT_DEPTH],
      `${' '.repeat(4 * MAX_INDENT_DEPTH)}${arrays(2000 - 2 * MAX_INDENT_DEPTH)}`,
    );
  });

  it('an entry whose view cannot be built is listed as such, and the others are shown', () => {
    const store = new DiagnosticsStore();
    const bad = store.add(serverError('{"error":"bad"}'));
    const good = store.add(serverError('{"error":"good"}'));
    const cache = new ViewModelCache((e: DiagnosticEntry) => {
      if (e === bad) throw new RangeError('Invalid string length');
      return toViewModel(e);
    });
    const [goodView, badView] = cache.viewsOf(store.entries());
    assert.equal(goodView.id, good.id);
    assert.equal(badView.id, bad.id);
    assert.equal(badView.message, 'This error could not be shown (RangeError: Invalid string length)');
    assert.deepEqual([badView.status, badView.kind, badView.rawBody], [500, 'server', undefined]);
    assert.equal(cache.viewOf(bad), badView, 'built once');
    assert.ok(toWireView(badView).heading.startsWith('500 GET /companies'));
  });
});
