// The wording of Export…: the file name offered, the progress line, and what the user is told at
// the end. Pure, so it is unit-tested without an editor.
import type { ExportFormat, ExportItems } from '../export/formats';
import { FORMAT_EXTENSIONS } from '../export/formats';
import { t } from '../l10n';
import { typeFileName } from '../dataTypes/words';
import { formatCount } from '../util/amount';
import { listTitle, recordCount } from './labels';
import { cutToBytes } from '../util/utf8';

/** What an export is of, as its file name and messages need it. */
export interface ExportSubject {
  items: ExportItems;
  /** The company whose records are exported. */
  companyName?: string;
  /** A query node's filter (or its label), and its orderBy. */
  query?: string;
  orderBy?: string;
}

/** Longest part of a file name taken from a filter (UTF-8 bytes), so a long query still gives a
 * usable name. */
const MAX_QUERY_IN_NAME = 80;
/** UTF-8 bytes of the name before its extension: with the extension (at most `.jsonl`) and the
 * temporary file's 19 bytes (fileSink.ts) well within every file system's limit of 255 bytes. */
const MAX_NAME = 200;

/** Characters no file name may hold on Windows, macOS or Linux, control characters and halves of
 * surrogate pairs. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}\p{Cs}]/gu;
/** Invisible characters that would change how a name reads: bidirectional controls (U+202E shows
 * `fdp.exe` as `exe.pdf`), zero-width spaces, the BOM, soft hyphens. The zero-width joiner and
 * non-joiner stay: emoji sequences and several scripts' spelling need them. */
const INVISIBLE = /[^\P{Cf}\u200c\u200d]/gu;
const LINE_SEPARATORS = /[\p{Zl}\p{Zp}]/gu;

function shorten(text: string, maxBytes: number): string {
  return Buffer.byteLength(text) > maxBytes ? `${cutToBytes(text, maxBytes - 3).trimEnd()}…` : text;
}

/** `text` without what a file name must not hold or must not hide. */
function clean(text: string): string {
  return text.replace(INVISIBLE, '').replace(LINE_SEPARATORS, ' ').replace(UNSAFE, '_');
}

/** A query node's filter and orderBy, as the file name and the dialog's title show them. */
function queryPhrase(subject: ExportSubject): string {
  return [subject.query, subject.orderBy && t('orderBy {0}', subject.orderBy)].filter((s) => !!s).join(' ');
}

/** Title of the save dialog, naming what the file holds as its name does: `Export: Invoices of
 * Acme Ltd (status=Paid)`. */
export function exportDialogTitle(subject: ExportSubject): string {
  const title = listTitle(subject.items);
  const company = subject.items !== 'companies' && subject.companyName?.trim();
  const what = company ? t('{0} of {1}', title, company) : title;
  const query = queryPhrase(subject);
  return query ? t('Export: {0} ({1})', what, shorten(query, MAX_QUERY_IN_NAME)) : t('Export: {0}', what);
}

/** `Acme Ltd invoices.csv`, `Acme Ltd bills (status=Paid).json`, `Companies.jsonl`: safe on every
 * file system (no separators or reserved characters, no leading dot). */
export function exportFileName(subject: ExportSubject, format: ExportFormat): string {
  let base: string;
  if (subject.items === 'companies') base = t('Companies');
  else {
    // Cleaned first, so a name of invisible characters only is no name.
    const company = clean(subject.companyName?.trim() ?? '').trim() || t('Company');
    const query = queryPhrase(subject);
    const records = typeFileName(subject.items, company);
    base = query ? t('{0} ({1})', records, shorten(query, MAX_QUERY_IN_NAME)) : records;
  }
  const safe =
    shorten(clean(base).replace(/\s+/g, ' ').trim(), MAX_NAME).replace(/^[.\s]+|[.\s]+$/g, '') || t('Export');
  return `${safe}.${FORMAT_EXTENSIONS[format]}`;
}

export { recordCount } from './labels';

/** Title of the progress notification: `Bills: exporting to a.csv`. */
export function exportingTitle(items: ExportItems, fileName: string): string {
  return t('{0}: exporting to {1}', listTitle(items), fileName);
}

/** `12,000 / 25,000 invoices`; the count alone until the total is known. */
export function exportProgressMessage(items: ExportItems, written: number, total?: number, locale?: string): string {
  if (total === undefined) return recordCount(items, written, locale);
  return t('{0} / {1}', formatCount(written, locale), recordCount(items, total, locale));
}

export function exportedMessage(items: ExportItems, written: number, fileName: string): string {
  return t('Exported {0} to {1}.', recordCount(items, written), fileName);
}

/** An export whose list's total moved while it ran (PageWalker.moved): written, but perhaps not
 * whole; the notification offers to run it again. */
export function exportChangedMessage(items: ExportItems, written: number, fileName: string, missing: number): string {
  return t(
    'Exported {0} to {1}, but the data changed while exporting: {2} may be missing.',
    recordCount(items, written),
    fileName,
    recordCount(items, missing),
  );
}

/** After a cancel: how far it got, and that nothing took the file's place. */
export function exportCancelledMessage(
  items: ExportItems,
  written: number,
  fileName: string,
  existed: boolean,
): string {
  const count = recordCount(items, written);
  return existed
    ? t('Export to {0} cancelled after {1}. The existing file was left unchanged.', fileName, count)
    : t('Export to {0} cancelled after {1}. No file was written.', fileName, count);
}

export function exportFailedMessage(
  items: ExportItems,
  written: number,
  fileName: string,
  existed: boolean,
  reason: string,
): string {
  const count = recordCount(items, written);
  const why = reason.trim().replace(/\.+$/, '');
  return existed
    ? t('Export to {0} failed after {1}: {2}. The existing file was left unchanged.', fileName, count, why)
    : t('Export to {0} failed after {1}: {2}. No file was written.', fileName, count, why);
}

/** The formats as the quick pick offers them. */
export function formatChoices(): { format: ExportFormat; label: string; description: string }[] {
  return [
    {
      format: 'csv',
      label: t('CSV'),
      description: t('One row per record for spreadsheets; line items as a JSON column'),
    },
    { format: 'json', label: t('JSON'), description: t('One array of the records as the API sends them') },
    { format: 'jsonl', label: t('JSON Lines'), description: t('One record per line, as the API sends it') },
  ];
}
