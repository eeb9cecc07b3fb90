// The diagnostics panel under huge error bodies (issue 12, finding 3): a 400 with 200,000
// validation rows (16 MB) made a 19.6 MB message to the webview and 19.6 MB of saved state. What
// an entry keeps, shows and saves is capped, what was cut is said, and the whole body goes to an
// editor tab (bodyDocument.ts).
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { errorFromResponse } from '../../../src/api/failures';
import { createRedactor, RAW_BODY_LIMIT } from '../../../src/api/redact';
import { bodyDocument, earlierBodyDocument, goneBodyDocument } from '../../../src/diagnostics/bodyDocument';
import {
  cutText,
  MAX_RAW_BODY,
  MAX_ROWS,
  MAX_TABLE_TEXT,
  MAX_TEXT,
  WHOLE_BODIES_KEPT,
} from '../../../src/diagnostics/limits';
import {
  MAX_PERSISTED_ENTRIES,
  MAX_PERSISTED_ENTRY,
  persistableState,
  PERSIST_VERSION,
  restoredEntries,
} from '../../../src/diagnostics/persist';
import { DiagnosticsStore, type DiagnosticEntry } from '../../../src/diagnostics/store';
import { toViewModel, type DiagnosticView } from '../../../src/diagnostics/viewModel';
import { entryKey, toWireView, wireList } from '../../../src/diagnostics/wire';
import { validationBody, validationRow } from '../../support/validationBody';

const KEY = 'sk_live_panel-caps-key-0123456789';
const redact = createRedactor(KEY);
const at = new Date(Date.UTC(2026, 10, 23, 9, 30, 5));
const fmt = { formatTime: (t: Date) => t.toISOString().slice(11, 19) };
const HUGE = 200_000;

function badRequest(text: string): ApiError {
  return errorFromResponse({
    method: 'POST',
    path: '/companies',
    status: 400,
    text,
    contentType: 'application/json',
    attempts: 1,
    redact,
  });
}

/** The issue's body: made once, it takes a moment. */
let huge: ApiError | undefined;
function hugeError(): ApiError {
  huge ??= badRequest(validationBody({ errors: HUGE, correlationId: 'cid-huge' }));
  return huge;
}

const rowsOf = (e: DiagnosticEntry) =>
  (e.error.body?.validation?.errors.length ?? 0) + (e.error.body?.validation?.warnings.length ?? 0);

describe('diagnostics caps: what an entry keeps', function () {
  this.timeout(60_000);

  it('a 200,000-row 400 keeps 100 rows, says how many the body had, and keeps the whole body aside', () => {
    const store = new DiagnosticsStore();
    const entry = store.add(hugeError());
    assert.equal(rowsOf(entry), MAX_ROWS);
    assert.deepEqual(entry.cut, { errors: HUGE, warnings: 0 });
    assert.deepEqual(entry.error.body!.validation!.errors[0], validationRow(0));
    const { rawBody, ...rest } = entry.error;
    assert.ok(
      JSON.stringify(rest).length < 32 * 1024,
      `the entry is ${JSON.stringify(rest).length} characters besides its raw body`,
    );
    assert.ok(rawBody!.length <= MAX_RAW_BODY, 'the raw body as the client cut it');
    const whole = JSON.parse(store.wholeBody(entry)!) as { validation: { errors: unknown[] }; correlationId: string };
    assert.equal(whole.validation.errors.length, HUGE);
    assert.deepEqual(whole.validation.errors[HUGE - 1], validationRow(HUGE - 1));
    assert.equal(whole.correlationId, 'cid-huge');
  });

  it('cuts every text at 2,000 characters with "…", and keeps the rows within 20,000 characters', () => {
    const long = 'E'.repeat(5 * MAX_TEXT);
    const cell = 'c'.repeat(3 * MAX_TEXT);
    const text = JSON.stringify({
      statusCode: 400,
      service: long,
      error: long,
      correlationId: 'cid-long',
      validation: {
        errors: Array.from({ length: 50 }, () => ({ itemId: cell, validatorName: 'V', message: cell })),
        warnings: [],
      },
    });
    const entry = new DiagnosticsStore().add(badRequest(text));
    const body = entry.error.body!;
    assert.equal(body.error, cutText(long));
    assert.equal(body.error.length, MAX_TEXT);
    assert.ok(body.error.endsWith('…') && body.service.endsWith('…'));
    const rows = body.validation!.errors;
    assert.ok(rows.length > 0 && rows.length < 50, `${rows.length} rows`);
    const chars = rows.reduce(
      (n, r) => n + (r.itemId?.length ?? 0) + (r.validatorName?.length ?? 0) + r.message.length,
      0,
    );
    assert.ok(chars <= MAX_TABLE_TEXT, `${chars} characters of rows`);
    assert.ok(rows.every((r) => r.message.length === MAX_TEXT && r.message.endsWith('…')));
    assert.deepEqual(entry.cut, { errors: 50, warnings: 0 });
  });

  it("an entry that keeps its whole body has no cut and no copy aside; a raw body stays within the client's cap", () => {
    const store = new DiagnosticsStore();
    const entry = store.add(badRequest(validationBody({ errors: 3 })));
    assert.equal(entry.cut, undefined);
    assert.equal(store.wholeBody(entry), undefined);
    const raw = store.add(
      new ApiError({
        kind: 'server',
        message: 'x',
        method: 'GET',
        path: '/x',
        status: 500,
        rawBody: 'r'.repeat(10 * RAW_BODY_LIMIT),
      }),
    );
    assert.ok(raw.error.rawBody!.length <= MAX_RAW_BODY);
  });

  it('keeps whole bodies for the newest 3 cut entries only, and lets them go with their entries', () => {
    const store = new DiagnosticsStore({ capacity: 5 });
    const cut = Array.from({ length: WHOLE_BODIES_KEPT + 1 }, (_, i) =>
      store.add(badRequest(validationBody({ errors: MAX_ROWS + 1, correlationId: `c${i}` }))),
    );
    assert.equal(store.wholeBody(cut[0]), undefined, 'the oldest let go');
    for (const e of cut.slice(1)) assert.ok(store.wholeBody(e));
    // An entry pushed out of the store takes its whole body with it.
    for (const path of ['/a', '/b', '/c'])
      store.add(new ApiError({ kind: 'network', message: 'n', method: 'GET', path }));
    assert.equal(store.find(cut[1].id), undefined);
    assert.equal(store.wholeBody(cut[1]), undefined);
    assert.ok(store.wholeBody(cut[3]));
    store.clear();
    assert.equal(store.wholeBody(cut[3]), undefined);
  });
});

describe('diagnostics caps: what the panel shows and sends', function () {
  this.timeout(60_000);
  const view = (e: ApiError) => toViewModel(new DiagnosticsStore().add(e), fmt);

  it('shows 100 rows of 200,000 with a note and a "Show all" button, and the entry\'s message stays small', () => {
    const v = view(hugeError());
    assert.equal(v.validation.length, MAX_ROWS);
    assert.equal(v.validationNote, 'Showing 100 of 200,000 validation rows.');
    assert.equal(v.showAll, 'Show all 200,000 rows…');
    assert.equal(v.openBody, true);
    const wire = JSON.stringify(toWireView(v));
    assert.ok(wire.length < 32 * 1024, `the wire form is ${wire.length} characters`);
  });

  it('holds an entry built without the store to the same caps (rows and texts)', () => {
    const json = hugeError().toJSON();
    const long = 'x'.repeat(100_000);
    const entry: DiagnosticEntry = { id: 'd1', time: at, error: { ...json, body: { ...json.body!, error: long } } };
    const v = toViewModel(entry, fmt);
    assert.equal(v.validation.length, MAX_ROWS);
    assert.equal(v.validationNote, 'Showing 100 of 200,000 validation rows.');
    assert.equal(v.fields.find((f) => f.label === 'Error')?.value, cutText(long));
  });

  it('a table that fits has no note; a raw body the client cut says so in its label', () => {
    const small = view(badRequest(validationBody({ errors: 2, warnings: 1 })));
    assert.equal(small.validation.length, 3);
    assert.equal(small.validationNote, undefined);
    assert.equal(small.showAll, undefined);
    assert.equal(toWireView(small).rawBodyLabel?.startsWith('Raw body ('), true);
    const cut = view(badRequest(validationBody({ errors: 2000 })));
    assert.equal(cut.rawBodyCut, true);
    assert.match(toWireView(cut).rawBodyLabel!, /^Raw body \(the first 64\.\d KB: the client keeps no more\)$/);
    const network = toViewModel(
      new DiagnosticsStore().add(new ApiError({ kind: 'network', message: 'refused', method: 'GET', path: '/x' })),
      fmt,
    );
    assert.equal(network.openBody, undefined, 'nothing to open without a body');
  });
});

describe('diagnostics list message: entries the page holds go by reference', () => {
  const views = (...ns: number[]) =>
    ns
      .map((n) =>
        toViewModel(
          new DiagnosticsStore({ now: () => at }).add(
            badRequest(validationBody({ errors: 500, correlationId: `c${n}` })),
          ),
          fmt,
        ),
      )
      .map((v, i) => ({ ...v, id: `d${ns[i]}` }));

  it('sends whole views to a new page, then only the new entry whole and the others by id and time', () => {
    const [a, b, c] = views(1, 2, 3);
    const first = wireList([b, a], new Set());
    assert.deepEqual(first.entries, [toWireView(b), toWireView(a)]);
    const second = wireList([c, b, a], first.held);
    assert.deepEqual(second.entries, [
      toWireView(c),
      { id: b.id, time: b.time, known: true },
      { id: a.id, time: a.time, known: true },
    ]);
    assert.ok(
      JSON.stringify(second.entries).length < JSON.stringify(toWireView(c)).length + 200,
      'the message grows by the new entry only',
    );
    // An entry that left the list is no longer held: were it shown again, it would go whole.
    const third = wireList([c], second.held);
    assert.deepEqual([...third.held], [entryKey(c)]);
    assert.deepEqual(wireList([c, a], third.held).entries[1], toWireView(a));
  });
});

describe('diagnostics caps: the saved state', function () {
  this.timeout(60_000);

  it('saves the capped table with its note, without live-only buttons, within the per-entry cap', () => {
    const v = toViewModel(new DiagnosticsStore().add(hugeError()), fmt);
    const state = persistableState([v]);
    const [saved] = state.entries;
    assert.equal(saved.validation.length, MAX_ROWS);
    assert.equal(saved.validationNote, 'Showing 100 of 200,000 validation rows.');
    assert.ok(!('openBody' in saved) && !('showAll' in saved));
    assert.ok(JSON.stringify(saved).length <= MAX_PERSISTED_ENTRY);
    const [restored] = restoredEntries(state);
    assert.equal(restored.validation.length, MAX_ROWS);
    assert.equal(restored.validationNote, saved.validationNote);
    assert.equal(restored.rawBodyCut, true);
  });

  it('50 entries at every cap stay within 50 × the per-entry cap, whatever JSON escaping does to their text', () => {
    /** An entry at every cap: `c` in its fields, `d` in its table and raw body. */
    const full = (n: number, c: string, d = c): DiagnosticView => ({
      id: `d${n}`,
      time: at.toISOString(),
      timeLabel: '09:30:05',
      heading: c.repeat(MAX_TEXT),
      message: c.repeat(MAX_TEXT),
      kind: 'badRequest',
      fields: Array.from({ length: 13 }, (_, i) => ({ label: `f${i}`, value: c.repeat(MAX_TEXT) })),
      validation: Array.from({ length: MAX_ROWS }, () => ({
        severity: 'error' as const,
        itemId: d.repeat(60),
        validatorName: d.repeat(60),
        message: d.repeat(80),
      })),
      rawBody: d.repeat(64 * 1024),
    });
    const plain = persistableState(Array.from({ length: 60 }, (_, i) => full(i, 'p')));
    assert.equal(plain.entries.length, MAX_PERSISTED_ENTRIES);
    assert.ok(
      plain.entries.every((e) => e.validation.length === MAX_ROWS && e.rawBody),
      'plain text at the caps keeps its table and body',
    );
    assert.ok(JSON.stringify(plain).length <= MAX_PERSISTED_ENTRIES * MAX_PERSISTED_ENTRY);
    // A control character is 6 characters of JSON: such a table and body are not saved, and an
    // entry whose every text is such is not saved at all.
    const [escaped, ...others] = persistableState([full(1, 'p', '\u0001'), full(2, '\u0001')]).entries;
    assert.deepEqual(others, []);
    assert.ok(JSON.stringify(escaped).length <= MAX_PERSISTED_ENTRY);
    assert.deepEqual(escaped.validation, []);
    assert.equal(escaped.rawBody, undefined);
    assert.match(escaped.validationNote!, /too large to keep across a reload/);
  });

  it('a saved state with 200,000 rows or 100,000-character texts is restored within the caps', () => {
    const rows = Array.from({ length: HUGE }, (_, i) => ({ severity: 'error', ...validationRow(i) }));
    const long = 'z'.repeat(100_000);
    const state = {
      version: PERSIST_VERSION,
      entries: [
        {
          id: 'd1',
          time: at.toISOString(),
          timeLabel: long,
          heading: long,
          message: long,
          kind: 'x',
          correlationId: long,
          fields: [{ label: long, value: long }],
          validation: rows,
        },
      ],
    };
    const [r] = restoredEntries(state);
    assert.equal(r.validation.length, MAX_ROWS);
    assert.equal(r.validationNote, 'Showing 100 of 200,000 validation rows.');
    for (const text of [r.timeLabel, r.heading, r.message, r.correlationId!, r.fields[0].label, r.fields[0].value])
      assert.equal(text.length, MAX_TEXT);
  });
});

describe('diagnostics caps: the whole body in an editor tab', function () {
  this.timeout(60_000);
  const ROWS = 2000;

  it('a cut entry opens its whole body, every row, pretty-printed as the user indents', () => {
    const store = new DiagnosticsStore();
    const entry = store.add(badRequest(validationBody({ errors: ROWS, warnings: 2, error: 'E'.repeat(3 * MAX_TEXT) })));
    const doc = bodyDocument(entry, store.wholeBody(entry), { tabSize: 4, insertSpaces: true });
    assert.deepEqual({ json: doc.json, notes: doc.notes }, { json: true, notes: false });
    const body = JSON.parse(doc.text) as { error: string; validation: { errors: unknown[]; warnings: unknown[] } };
    assert.equal(body.validation.errors.length, ROWS);
    assert.equal(body.validation.warnings.length, 2);
    assert.equal(body.error, 'E'.repeat(3 * MAX_TEXT), 'texts whole');
    assert.match(doc.text, /^\{\n {4}"statusCode": 400,/);
  });

  it('says so when the whole body was let go, above what the entry keeps', () => {
    const entry = new DiagnosticsStore().add(badRequest(validationBody({ errors: ROWS })));
    const doc = bodyDocument(entry, undefined);
    assert.equal(doc.notes, true);
    const lines = doc.text.split('\n');
    assert.match(
      lines[0],
      /^\/\/ The whole body of this error is no longer kept: the panel keeps it for the 3 newest errors it had to cut\.$/,
    );
    assert.match(lines[1], /^\/\/ Below is what the panel keeps: 100 of 2,000 validation rows/);
    const kept = JSON.parse(lines.slice(2).join('\n')) as { validation: { errors: unknown[] } };
    assert.equal(kept.validation.errors.length, MAX_ROWS);
  });

  it('a whole small body is plain JSON; a body the client cut, or not JSON, says what it is', () => {
    const small = new DiagnosticsStore().add(badRequest(validationBody({ errors: 1 })));
    assert.deepEqual(JSON.parse(bodyDocument(small, undefined).text), small.error.body);
    const html = new DiagnosticsStore().add(
      new ApiError({
        kind: 'server',
        message: 'x',
        method: 'GET',
        path: '/x',
        status: 502,
        rawBody: '<html><title>502</title></html>',
      }),
    );
    assert.deepEqual(bodyDocument(html, undefined), {
      text: '<html><title>502</title></html>',
      json: false,
      notes: false,
    });
    const long = new DiagnosticsStore().add(badRequest(JSON.stringify({ trace: 't'.repeat(2 * RAW_BODY_LIMIT) })));
    const doc = bodyDocument(long, undefined);
    assert.match(
      doc.text,
      /^\/\/ The client keeps the first 64\.0 KB of an error body; the rest of this one was not kept\.\n\{"trace"/,
    );
    assert.ok(goneBodyDocument().text.startsWith('// '));
    assert.ok(earlierBodyDocument().text.startsWith('// '));
  });

  it('never holds the key: a body echoing it is redacted in the entry, the view, the saved state and the document', () => {
    const b64 = Buffer.from(KEY).toString('base64');
    const echo = `key ${KEY} / Basic ${b64} / ${JSON.stringify(KEY)
      .slice(1, -1)
      .replace(/[a-z]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`;
    const text = validationBody({ errors: ROWS, error: echo }).replace(
      '"Amount must be positive"',
      JSON.stringify(`bad ${KEY}`),
    );
    const store = new DiagnosticsStore();
    const entry = store.add(badRequest(text));
    const view = toViewModel(entry, fmt);
    const everything = [
      JSON.stringify(entry),
      store.wholeBody(entry)!,
      JSON.stringify(toWireView(view)),
      JSON.stringify(persistableState([view])),
      bodyDocument(entry, store.wholeBody(entry)).text,
      bodyDocument(entry, undefined).text,
    ].join('\n');
    assert.ok(!everything.includes(KEY), 'the key');
    assert.ok(!everything.includes(b64), 'its Base64');
    assert.ok(everything.includes('***'));
  });
});
