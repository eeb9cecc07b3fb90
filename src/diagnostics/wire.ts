// What the panel sends its webview for each entry: the view without its raw body, which the page
// asks for when the reader opens it, and only for entries the page does not hold yet. Every store
// change sends the whole list: with 200 entries of 64 KiB bodies the bodies made ~37.5 MB per
// message, i.e. per new error in a 429 storm, and with their (capped) tables still up to 2 MB.
import { t } from '../l10n';
import type { DiagnosticView } from './viewModel';

export type WireView = Omit<DiagnosticView, 'rawBody'> & {
  /** Size of the raw body in UTF-8 bytes, when the entry has one; the page asks for the text. */
  rawBodyBytes?: number;
  /** Summary of the folded raw body: `Raw body (12.3 KB)`. */
  rawBodyLabel?: string;
};

/** An entry the page already holds, by its key: entries never change once sent. */
export interface WireRef {
  id: string;
  time: string;
  known: true;
}

/** The key the page holds an entry by (as `keyOf` in media/diagnostics.js): restored ids (r1…)
 * are numbered afresh when a panel's restored entries are replaced; store ids never repeat. */
export const entryKey = (v: Pick<DiagnosticView, 'id' | 'time'>) => `${v.id}@${v.time}`;

/**
 * The list message's entries for `shown`: whole wire views for entries the page does not hold
 * (`held`: the keys sent since its last `ready`), references for the others. Returns the keys the
 * page holds once it has the message.
 */
export function wireList(
  shown: readonly DiagnosticView[],
  held: ReadonlySet<string>,
): { entries: (WireView | WireRef)[]; held: Set<string> } {
  const entries = shown.map((v): WireView | WireRef =>
    held.has(entryKey(v)) ? { id: v.id, time: v.time, known: true } : toWireView(v),
  );
  return { entries, held: new Set(shown.map(entryKey)) };
}

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
  const label = view.rawBodyCut
    ? t('Raw body (the first {0}: the client keeps no more)', formatSize(bytes))
    : t('Raw body ({0})', formatSize(bytes));
  return { ...rest, rawBodyBytes: bytes, rawBodyLabel: label };
}

/** The raw body of the shown entry `id` (by entry id only, never by correlationId), or the gone note. */
export function rawBodyOf(shown: Iterable<DiagnosticView>, id: string): string {
  for (const v of shown) if (v.id === id) return v.rawBody ?? rawBodyGone();
  return rawBodyGone();
}
