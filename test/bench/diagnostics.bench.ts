// The diagnostics panel: on every new error the host rebuilds the view of each stored entry
// (up to 200, each with a raw body of up to 64 KiB pretty-printed) and posts them to the webview
// with the state it persists. This measures that update without the webview: as it was (full views
// with their bodies) and as the panel sends it now (cached views, wire form without raw bodies).
// The fixture's body is all validation items, so its validation table still travels: about half
// of the old message.
import { createRedactor } from '../../src/api/redact';
import { errorFromResponse } from '../../src/api/failures';
import { RAW_BODY_LIMIT } from '../../src/api/redact';
import { PERSIST_INTERVAL_MS, persistableState } from '../../src/diagnostics/persist';
import { DEFAULT_CAPACITY, DiagnosticsStore } from '../../src/diagnostics/store';
import { ViewModelCache } from '../../src/diagnostics/viewCache';
import { toViewModel } from '../../src/diagnostics/viewModel';
import { formatSize, toWireView } from '../../src/diagnostics/wire';
import { largeErrorBody } from './fixtures';
import type { Suite } from './harness';

const API_KEY = 'bench-api-key-0123456789abcdefghijklmnopqrstuvwxyz';
const QUICK_ENTRIES = 20;
const fixedTime = (t: Date) => t.toISOString().slice(11, 19);

export const diagnosticsSuite: Suite = {
  name: `diagnostics view models (${DEFAULT_CAPACITY} entries, 64 KiB bodies; --quick: ${QUICK_ENTRIES})`,
  prepare({ quick }) {
    const size = quick ? QUICK_ENTRIES : DEFAULT_CAPACITY;
    const redact = createRedactor(API_KEY);
    const store = new DiagnosticsStore();
    const body = largeErrorBody(RAW_BODY_LIMIT, API_KEY);
    for (let i = 0; i < size; i++) {
      // Bodies differ, as real ones do (each has its own correlationId).
      const text = body.replace('5d9f3a7e', i.toString(16).padStart(8, '0'));
      store.add(
        errorFromResponse({
          method: 'POST',
          path: `/companies?n=${i}`,
          status: 400,
          text,
          contentType: 'application/json',
          attempts: 1,
          redact,
        }),
      );
    }
    const entries = store.entries();
    if (entries.length !== size) throw new Error(`store kept ${entries.length} entries`);
    const perEntry = { amount: entries.length, unit: 'records' } as const;
    const cache = new ViewModelCache();
    /** The panel's `entries` message as JSON (postMessage serialises it; JSON.stringify stands in).
     * Before: full views and the saved state in every message. Now: the wire form only; the saved
     * state goes in its own message at most every PERSIST_INTERVAL_MS (the last case). */
    const message = (withBodies: boolean) => {
      if (withBodies) {
        const views = store.entries().map((e) => toViewModel(e));
        return JSON.stringify({ type: 'entries', entries: views, persist: persistableState(views) });
      }
      return JSON.stringify({ type: 'entries', entries: cache.viewsOf(store.entries()).map(toWireView) });
    };
    const persistMessage = () =>
      JSON.stringify({ type: 'persist', state: persistableState(cache.viewsOf(store.entries())) });
    const sizeOf = (withBodies: boolean) => formatSize(Buffer.byteLength(message(withBodies)));
    return {
      cases: [
        // The panel calls toViewModel(entry) with the default (locale) time format.
        {
          name: `toViewModel × ${size} (default time format)`,
          fn: () => entries.map((e) => toViewModel(e)),
          throughput: perEntry,
        },
        {
          name: `toViewModel × ${size} (injected time format)`,
          fn: () => entries.map((e) => toViewModel(e, { formatTime: fixedTime })),
          throughput: perEntry,
        },
        {
          name: `panel update with raw bodies (before): views + persisted state + message JSON, ${sizeOf(true)}`,
          fn: () => message(true).length,
          throughput: perEntry,
        },
        {
          name: `panel update, wire form: cached views + message JSON, ${sizeOf(false)}`,
          fn: () => message(false).length,
          throughput: perEntry,
        },
        {
          name: `saved state message (at most every ${PERSIST_INTERVAL_MS} ms), ${formatSize(Buffer.byteLength(persistMessage()))}`,
          fn: () => persistMessage().length,
          throughput: perEntry,
        },
      ],
    };
  },
};
