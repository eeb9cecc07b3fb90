import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import {
  cutBody,
  MAX_PERSISTED_BODY,
  MAX_PERSISTED_ENTRIES,
  persistableState,
  PERSIST_VERSION,
  restoredMarker,
  restoredEntries,
} from '../../../src/diagnostics/persist';
import { toViewModel, type DiagnosticView } from '../../../src/diagnostics/viewModel';

const MARKUP = '<img src=x onerror=alert(1)>';
const at = new Date(Date.UTC(2026, 10, 23, 9, 30, 5));
const fmt = { formatTime: (t: Date) => t.toISOString().slice(11, 19) };

function view(n: number, over: Partial<ConstructorParameters<typeof ApiError>[0]> = {}): DiagnosticView {
  const error = new ApiError({
    kind: 'server',
    message: `failure ${n}`,
    method: 'GET',
    path: `/companies/${n}`,
    status: 500,
    correlationId: `cid-${n}`,
    ...over,
  });
  return toViewModel({ id: `d${n}`, time: at, error: error.toJSON() }, fmt);
}

/** A view as the webview would have persisted it, with every field present. */
function fullView(): DiagnosticView {
  return {
    id: 'd3',
    time: at.toISOString(),
    timeLabel: '09:30:05',
    heading: '402 POST /companies',
    message: 'Company limit exceeded',
    kind: 'paymentRequired',
    status: 402,
    correlationId: 'cid-402',
    fields: [
      { label: 'Status', value: '402' },
      { label: 'Correlation ID', value: 'cid-402', copy: true },
    ],
    validation: [{ severity: 'error', itemId: 'Company', validatorName: 'CreateCompany', message: 'limit' }],
    rawBody: '{"statusCode": 402}',
  };
}

const stateOf = (...entries: unknown[]) => ({ version: PERSIST_VERSION, entries });

describe('diagnostics persisted state', () => {
  it('is version 1 and holds the newest 50 views, in the order shown', () => {
    const shown = Array.from({ length: 60 }, (_, i) => view(60 - i));
    const state = persistableState(shown);
    assert.equal(state.version, 1);
    assert.equal(state.entries.length, MAX_PERSISTED_ENTRIES);
    assert.equal(MAX_PERSISTED_ENTRIES, 50);
    assert.deepEqual(
      state.entries.map((v) => v.id),
      shown.slice(0, 50).map((v) => v.id),
    );
    assert.equal(state.entries[49].correlationId, 'cid-11');
  });

  it('keeps a short body as it is and survives a structured clone (setState) unchanged', () => {
    const v = view(1, { rawBody: '{"a":1}' });
    const state = persistableState([v]);
    assert.equal(state.entries[0].rawBody, '{\n  "a": 1\n}');
    assert.deepEqual(structuredClone(state), state);
    assert.deepEqual(JSON.parse(JSON.stringify(state)), state);
  });

  it('cuts a raw body to 16 KiB with a note saying how much was cut, and leaves the shown view alone', () => {
    const body = 'x'.repeat(64 * 1024);
    const v = view(1, { rawBody: body });
    const state = persistableState([v]);
    const kept = state.entries[0].rawBody!;
    assert.ok(kept.length <= 16 * 1024, `${kept.length} characters`);
    assert.equal(MAX_PERSISTED_BODY, 16 * 1024);
    const note = /\n… \(cut: (\d+) more characters\)$/.exec(kept);
    assert.ok(note, kept.slice(-60));
    const prefix = kept.slice(0, note.index);
    assert.ok(body.startsWith(prefix));
    assert.equal(prefix.length + Number(note[1]), body.length, 'the note counts exactly what is missing');
    assert.equal(v.rawBody, body, 'the live view keeps the whole body');
  });

  it('cuts only past the limit, and never inside a surrogate pair', () => {
    assert.equal(cutBody('a'.repeat(MAX_PERSISTED_BODY)), 'a'.repeat(MAX_PERSISTED_BODY));
    assert.match(cutBody('a'.repeat(MAX_PERSISTED_BODY + 1)), /\(cut: \d+ more characters\)$/);
    for (let shift = 0; shift < 2; shift++) {
      const text = 'a'.repeat(shift) + '😀'.repeat(MAX_PERSISTED_BODY);
      const cut = cutBody(text);
      assert.ok(cut.length <= MAX_PERSISTED_BODY);
      assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(cut), 'no lone high surrogate');
      const n = Number(/cut: (\d+) more/.exec(cut)![1]);
      assert.equal(cut.indexOf('\n… (cut:') + n, text.length);
    }
  });
});

describe('diagnostics restored entries', () => {
  it('round-trips a persisted state: same content, ids r1…rN in order, the restored marker', () => {
    const shown = [view(3, { rawBody: 'x'.repeat(20_000) }), fullView(), view(1)];
    const restored = restoredEntries(JSON.parse(JSON.stringify(persistableState(shown))));
    assert.deepEqual(
      restored.map((v) => v.id),
      ['r1', 'r2', 'r3'],
    );
    for (const [i, v] of restored.entries()) {
      assert.equal(v.marker, restoredMarker());
      const { id: _a, marker: _b, ...content } = v;
      const { id: _c, ...original } = persistableState(shown).entries[i];
      assert.deepEqual(content, original);
    }
    assert.match(restoredMarker(), /before the window reloaded/);
    assert.match(restored[0].rawBody!, /\(cut: \d+ more characters\)$/);
  });

  it('a state restored again (reload twice) gives the same entries', () => {
    const once = restoredEntries(persistableState([fullView(), view(1)]));
    assert.deepEqual(restoredEntries(persistableState(once)), once);
  });

  it('keeps markup in every string as the same string', () => {
    const v: DiagnosticView = {
      ...fullView(),
      heading: `404 GET /companies/${MARKUP}`,
      message: MARKUP,
      correlationId: MARKUP,
      fields: [{ label: MARKUP, value: `<script>alert(1)</script>`, copy: true }],
      validation: [{ severity: 'warning', itemId: MARKUP, validatorName: '<b>', message: '&lt;' }],
      rawBody: `<html><body>${MARKUP}</body></html>`,
    };
    const [r] = restoredEntries(stateOf(v));
    assert.equal(r.heading, v.heading);
    assert.equal(r.message, MARKUP);
    assert.equal(r.correlationId, MARKUP);
    assert.deepEqual(r.fields, v.fields);
    assert.deepEqual(r.validation, v.validation);
    assert.equal(r.rawBody, v.rawBody);
  });

  it('gives nothing for a state that is not a version-1 object with an entries array', () => {
    const entries = [fullView()];
    for (const bad of [
      undefined,
      null,
      'state',
      42,
      true,
      [fullView()],
      {},
      { entries },
      { version: 0, entries },
      { version: 2, entries },
      { version: '1', entries },
      { version: 1 },
      { version: 1, entries: 'x' },
      { version: 1, entries: { 0: fullView(), length: 1 } },
    ]) {
      assert.deepEqual(restoredEntries(bad), [], JSON.stringify(bad));
    }
    assert.equal(restoredEntries({ version: 1, entries }).length, 1, 'the control is accepted');
  });

  it('drops every malformed entry and keeps the well-formed ones around it', () => {
    const without = (key: keyof DiagnosticView) => {
      const v: Partial<DiagnosticView> = fullView();
      delete v[key];
      return v;
    };
    const withField = (key: string, value: unknown) => ({ ...fullView(), [key]: value });
    const malformed: unknown[] = [
      null,
      'entry',
      7,
      [fullView()],
      ...(['id', 'time', 'timeLabel', 'heading', 'message', 'kind', 'fields', 'validation'] as const).map(without),
      ...['id', 'time', 'timeLabel', 'heading', 'message', 'kind', 'correlationId', 'rawBody'].flatMap((k) => [
        withField(k, 1),
        withField(k, null),
        withField(k, { toString: 'x' }),
        withField(k, ['x']),
      ]),
      withField('time', 'not a date'),
      withField('status', '402'),
      withField('status', 402.5),
      withField('status', null),
      withField('fields', 'Status: 402'),
      withField('fields', [{ label: 'Status' }]),
      withField('fields', [{ label: 'Status', value: 402 }]),
      withField('fields', [{ label: 1, value: '402' }]),
      withField('fields', [{ label: 'Status', value: '402', copy: 'yes' }]),
      withField('fields', [null]),
      withField('validation', {}),
      withField('validation', [{ severity: 'fatal', itemId: '', validatorName: '', message: '' }]),
      withField('validation', [{ severity: 'error', itemId: 1, validatorName: '', message: '' }]),
      withField('validation', [{ severity: 'error', itemId: '', validatorName: '', message: null }]),
      withField('validation', ['error']),
    ];
    for (const bad of malformed) {
      const restored = restoredEntries(stateOf(view(1), bad, view(2)));
      assert.deepEqual(
        restored.map((v) => v.heading),
        ['500 GET /companies/1', '500 GET /companies/2'],
        JSON.stringify(bad),
      );
      assert.deepEqual(
        restored.map((v) => v.id),
        ['r1', 'r2'],
        'ids count only what is kept',
      );
    }
  });

  it('keeps only known fields, sets its own marker, and holds restored state to the same limits', () => {
    const spoofed = {
      ...fullView(),
      marker: 'live',
      html: MARKUP,
      onclick: 'x',
      fields: [{ label: 'a', value: 'b', copy: false, extra: 1 }],
    };
    const [r] = restoredEntries(stateOf(spoofed));
    assert.equal(r.marker, restoredMarker());
    assert.ok(!('html' in r) && !('onclick' in r));
    assert.deepEqual(r.fields, [{ label: 'a', value: 'b' }]);

    const many = restoredEntries(stateOf(...Array.from({ length: 80 }, (_, i) => view(i))));
    assert.equal(many.length, MAX_PERSISTED_ENTRIES);
    const [big] = restoredEntries(stateOf({ ...fullView(), rawBody: 'y'.repeat(100_000) }));
    assert.ok(big.rawBody!.length <= MAX_PERSISTED_BODY);
    assert.match(big.rawBody!, /\(cut: \d+ more characters\)$/);
  });
});
