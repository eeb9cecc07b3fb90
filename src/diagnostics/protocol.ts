// Messages between the diagnostics panel's host side and its webview script
// (`media/diagnostics.js`, plain JS: keep the two in step by hand).
import type { PersistedState } from './persist';
import type { WireRef, WireView } from './wire';

export type HostToWebview =
  /** The whole list, newest first (live entries, then restored ones); sent on load and on every
   * change, without raw bodies, entries the page holds already only by reference (see wire.ts),
   * each entry within the caps of limits.ts. */
  | { type: 'entries'; entries: (WireView | WireRef)[]; focus?: string }
  /** What the panel's serializer gets back after a reload; the webview stores it verbatim with
   * `setState`. At most every PERSIST_INTERVAL_MS: it holds raw bodies and validation tables, up
   * to MAX_PERSISTED_ENTRY characters an entry. */
  | { type: 'persist'; state: PersistedState }
  /** The answer to the page's `rawBody` request: the entry's body, or a note that it is gone. */
  | { type: 'rawBody'; id: string; text: string }
  /** Highlight and scroll to one entry. */
  | { type: 'focus'; id: string }
  // The three below, and the page's RenderSnapshot, work only under the test switch
  // (src/testApi.ts): a user's page ignores them and reports nothing.
  /** Clicks a button of the page as a user would (integration tests drive the real DOM path);
   * `raw` clicks an entry's "Raw body" summary, opening or closing it (opening loads the body);
   * `openBody` and `showAll` its "Open Whole Body" and "Show all N rows…" buttons, `copyCurl` its
   * "Copy as cURL". */
  | { type: 'click'; action: 'copy' | 'clear' | 'raw' | 'openBody' | 'showAll' | 'copyCurl'; id?: string }
  /** What a reader does besides clicking (integration tests): scroll an entry to the top of the
   * view, just under the toolbar, or select its message text. */
  | { type: 'drive'; action: 'scrollTo' | 'selectMessage'; id: string }
  /** Asks for a report that includes the saved state (integration tests; not sent on every render). */
  | { type: 'drive'; action: 'reportState' };

export interface RenderSnapshot {
  type: 'rendered';
  /** Entry ids shown, in order. */
  ids: string[];
  correlationIds: string[];
  focused?: string;
  /** `document.body.innerText`: what a person can read. */
  text: string;
  /** `document.body.textContent`: all the text the page holds, folded parts included. */
  domText: string;
  /** Number of IMG elements: must stay 0, server text is never markup. */
  images: number;
  /** Script elements without the page's nonce: must stay 0. */
  scriptsWithoutNonce: number;
  /** `getState()`: what the panel's serializer would be given after a reload; only in the report
   * asked for with `drive` `reportState`. */
  persisted?: unknown;
  /** Ids of the entries whose raw body is open and loaded (shown), in order. */
  openRaw: string[];
  /** Entry id → the number its section got when it was built; a kept section keeps its number. */
  builds: Record<string, number>;
  /** The text the user has selected. */
  selection: string;
  /** How far the page is scrolled down. */
  scrollY: number;
  /** The first entry not hidden under the toolbar, with its top relative to the viewport's. */
  firstVisible?: { id: string; top: number };
  /** Entry id → validation rows laid out in its table. */
  rows: Record<string, number>;
  /** Milliseconds the latest list update took in the page, layout included. */
  renderMs: number;
}

type WebviewToHost =
  | { type: 'ready' }
  | { type: 'copy'; id: string }
  /** The reader opened an entry's raw body, which the page does not have yet. */
  | { type: 'rawBody'; id: string }
  /** "Open Whole Body" or "Show all N rows…": the entry's body in an editor tab. */
  | { type: 'openBody'; id: string }
  /** "Copy as cURL" on an entry's request line: the host builds the command from its own entry. */
  | { type: 'copyCurl'; id: string }
  | { type: 'clear' }
  | RenderSnapshot;

export function isWebviewToHost(value: unknown): value is WebviewToHost {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as { type?: unknown; id?: unknown };
  switch (m.type) {
    case 'ready':
    case 'clear':
    case 'rendered':
      return true;
    case 'copy':
    case 'rawBody':
    case 'openBody':
    case 'copyCurl':
      return typeof m.id === 'string';
    default:
      return false;
  }
}
