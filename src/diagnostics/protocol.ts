// Messages between the diagnostics panel's host side and its webview script
// (`media/diagnostics.js`, plain JS: keep the two in step by hand).
import type { PersistedState } from './persist';
import type { DiagnosticView } from './viewModel';

export type HostToWebview =
  /** The whole list, newest first (live entries, then restored ones); sent on load and on every
   * change. The webview stores `persist` verbatim with `setState`, for the panel's serializer. */
  | { type: 'entries'; entries: DiagnosticView[]; persist: PersistedState; focus?: string }
  /** Highlight and scroll to one entry. */
  | { type: 'focus'; id: string }
  /** Clicks a button of the page as a user would (integration tests drive the real DOM path). */
  | { type: 'click'; action: 'copy' | 'clear'; id?: string };

export interface RenderReport {
  type: 'rendered';
  /** Entry ids shown, in order. */
  ids: string[];
  correlationIds: string[];
  focused?: string;
  /** `document.body.innerText`: what a person can read. */
  text: string;
  /** Number of IMG elements: must stay 0, server text is never markup. */
  images: number;
  /** Script elements without the page's nonce: must stay 0. */
  scriptsWithoutNonce: number;
  /** `getState()`: what the panel's serializer would be given after a reload. */
  persisted: unknown;
}

export type WebviewToHost =
  | { type: 'ready' }
  | { type: 'copy'; id: string }
  | { type: 'clear' }
  | RenderReport;

export function isWebviewToHost(value: unknown): value is WebviewToHost {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as { type?: unknown; id?: unknown };
  switch (m.type) {
    case 'ready':
    case 'clear':
    case 'rendered':
      return true;
    case 'copy':
      return typeof m.id === 'string';
    default:
      return false;
  }
}
