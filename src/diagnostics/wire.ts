// What the panel sends its webview for each entry: the view without its raw body, which the page
// asks for when the reader opens it. Every store change re-sends the whole list, and with 200
// entries of 64 KiB bodies the bodies made ~37.5 MB per message, i.e. per new error in a 429 storm.
import { t } from '../l10n';
import type { DiagnosticView } from './viewModel';

export type WireView = Omit<DiagnosticView, 'rawBody'> & {
  /** Size of the raw body in UTF-8 bytes, when the entry has one; the page asks for the text. */
  rawBodyBytes?: number;
  /** Summary of the folded raw body: `Raw body (12.3 KB)`. */
  rawBodyLabel?: string;
};

/** The answer to a request for the body of an entry the host no longer holds (evicted, cleared):
 * an answer all the same, so the page never shows a request pending forever. */
export function rawBodyGone(): string {
  return t('This raw body is no longer available: the entry has left the list.');
}

/** `512 B`, `12.3 KB`, `1.5 MB` (binary multiples, as VS Code shows file sizes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return t('{0} B', bytes);
  if (bytes < 1024 * 1024) return t('{0} KB', (bytes / 1024).toFixed(1));
  return t('{0} MB', (bytes / (1024 * 1024)).toFixed(1));
}

export function toWireView(view: DiagnosticView): WireView {
  const { rawBody, ...rest } = view;
  if (rawBody === undefined) return rest;
  const bytes = Buffer.byteLength(rawBody, 'utf8');
  const label = view.rawBodyCut ? t('Raw body (the first {0}: the client keeps no more)', formatSize(bytes)) : t('Raw body ({0})', formatSize(bytes));
  return { ...rest, rawBodyBytes: bytes, rawBodyLabel: label };
}

/** The raw body of the shown entry `id` (by entry id only, never by correlationId), or the gone note. */
export function rawBodyOf(shown: Iterable<DiagnosticView>, id: string): string {
  for (const v of shown) if (v.id === id) return v.rawBody ?? rawBodyGone();
  return rawBodyGone();
}
