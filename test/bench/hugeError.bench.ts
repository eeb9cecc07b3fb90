// One 400 with 200,000 validation rows (16 MB, issue 12 finding 3) through the diagnostics panel's
// host side: the store, the view model, the message to the webview and the saved state, as the
// panel did it before the caps (every row everywhere) and as it does now. The page's own render
// time is measured in the real webview by the host test (test/integration/diagnosticsLarge.test.ts
// prints it): it cannot be measured in Node.
import { errorFromResponse } from '../../src/api/failures';
import { createRedactor } from '../../src/api/redact';
import { bodyDocument } from '../../src/diagnostics/bodyDocument';
import { persistableState } from '../../src/diagnostics/persist';
import { DiagnosticsStore } from '../../src/diagnostics/store';
import { toViewModel } from '../../src/diagnostics/viewModel';
import { formatSize, toWireView } from '../../src/diagnostics/wire';
import { validationBody } from '../support/validationBody';
import type { RunOptions, Suite } from './harness';

const ROWS = 200_000;
/** --quick proves the path runs, on a body a unit test can afford. */
const QUICK_ROWS = 2_000;
/** Each call takes up to seconds: a few samples are enough. */
const HEAVY: Partial<RunOptions> = { warmupIterations: 1, warmupMs: 0, minIterations: 3, minTimeMs: 0 };

export const hugeErrorSuite: Suite = {
  name: `diagnostics panel path, one 400 with ${ROWS.toLocaleString('en')} validation rows (--quick: ${QUICK_ROWS.toLocaleString('en')})`,
  prepare({ quick }) {
    const count = quick ? QUICK_ROWS : ROWS;
    const text = validationBody({ errors: count });
    const error = errorFromResponse({
      method: 'POST',
      path: '/companies',
      status: 400,
      text,
      contentType: 'application/json',
      attempts: 1,
      redact: createRedactor('bench-key-0123456789'),
    });
    const rows = { amount: count, unit: 'records' } as const;

    /** Before the caps: the store copied the whole error, the view held every row, and the
     * message and the saved state carried them all. */
    const before = () => {
      const json = JSON.parse(JSON.stringify(error.toJSON())) as ReturnType<typeof error.toJSON>;
      const validation = (json.body?.validation?.errors ?? []).map((i) => ({
        severity: 'error',
        itemId: i.itemId ?? '',
        validatorName: i.validatorName ?? '',
        message: i.message,
      }));
      const view = {
        ...toViewModel({
          id: 'd1',
          time: new Date(),
          error: { ...json, body: { ...json.body!, validation: { errors: [], warnings: [] } } },
        }),
        validation,
      };
      const { rawBody: _raw, ...wire } = view;
      return {
        message: JSON.stringify({ type: 'entries', entries: [wire] }),
        state: JSON.stringify({ version: 1, entries: [view] }),
      };
    };
    const after = () => {
      const store = new DiagnosticsStore();
      const entry = store.add(error);
      const view = toViewModel(entry);
      return {
        store,
        entry,
        message: JSON.stringify({ type: 'entries', entries: [toWireView(view)] }),
        state: JSON.stringify(persistableState([view])),
      };
    };
    const old = before();
    const now = after();
    const doc = bodyDocument(now.entry, now.store.wholeBody(now.entry));
    const size = (s: string) => formatSize(Buffer.byteLength(s));
    return {
      cases: [
        {
          name: `before: store copy + view + message (${size(old.message)}) + saved state (${size(old.state)})`,
          fn: () => before(),
          throughput: rows,
          options: HEAVY,
        },
        {
          name: `now: store.add (caps, whole body kept aside) + view + message (${size(now.message)}) + saved state (${size(now.state)})`,
          fn: () => after(),
          throughput: rows,
          options: HEAVY,
        },
        { name: 'now: store.add alone', fn: () => new DiagnosticsStore().add(error), throughput: rows, options: HEAVY },
        {
          name: 'now: view + message of the stored entry',
          fn: () => JSON.stringify({ type: 'entries', entries: [toWireView(toViewModel(now.entry))] }).length,
        },
        {
          name: `"Show all": the whole-body document (${size(doc.text)}, ${doc.text.split('\n').length.toLocaleString('en')} lines)`,
          fn: () => bodyDocument(now.entry, now.store.wholeBody(now.entry)),
          throughput: rows,
          options: HEAVY,
        },
      ],
    };
  },
};
