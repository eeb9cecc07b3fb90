// How a record's attachment reads in the tree: its name made safe to show (server text: no
// controls, no bidirectional overrides, no path separators), its content type, size, date and
// whether it is sent with the record, a codicon by type; and the byte counts of a transfer's
// progress. Every field is server text: shown only when it is text, escaped in Markdown.
import type { Attachment } from '../api';
import { sanitizeLabel } from '../documents/recordUri';
import { t } from '../l10n';
import { escapeMarkdown } from './markdown';
import { shownText } from './operationLabels';

/** `512 B`, `12.3 KB`, `1.5 MB` (binary multiples, as VS Code shows file sizes). */
function byteSize(bytes: number): string {
  if (bytes < 1024) return t('{0} B', bytes);
  if (bytes < 1024 * 1024) return t('{0} KB', (bytes / 1024).toFixed(1));
  return t('{0} MB', (bytes / (1024 * 1024)).toFixed(1));
}

/** A transfer's progress: `1.2 MB of 4.0 MB`, or `1.2 MB` when the total is not known. */
export function transferred(bytes: number, total: number | undefined): string {
  return total === undefined ? byteSize(bytes) : t('{0} of {1}', byteSize(bytes), byteSize(total));
}

/** The attachment's name as one safe line; its id when it has no readable name. */
export function attachmentName(a: Pick<Attachment, 'id' | 'name'>): string {
  const name = shownText(a.name);
  return sanitizeLabel(name ?? '') || sanitizeLabel(shownText(a.id) ?? '') || t('(unnamed)');
}

const size = (a: Attachment): string | undefined =>
  typeof a.fileSize === 'number' && Number.isFinite(a.fileSize) && a.fileSize >= 0 ? byteSize(a.fileSize) : undefined;

const day = (value: unknown): string | undefined => {
  const text = shownText(value);
  return text === undefined || text === '' ? undefined : sanitizeLabel(text.slice(0, 10));
};

// Controls, bidirectional and zero-width characters: a content type keeps its `/`, nothing else unseen.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

const contentType = (a: Attachment): string | undefined => {
  const text = (typeof a.contentType === 'string' ? a.contentType : '').replace(UNSEEN, '').trim().slice(0, 100);
  return text === '' ? undefined : text;
};

/** `application/pdf · 12.3 KB · 2026-01-05 · sent with it`: what the row says after the name. */
export function attachmentDescription(a: Attachment): string {
  const parts = [contentType(a), size(a), day(a.dateCreated ?? a.modifiedDate)];
  if (a.includeWhenSent === true) parts.push(t('sent with the record'));
  return parts.filter((p): p is string => p !== undefined).join(' · ');
}

/** The hover: every field, escaped. */
export function attachmentTooltip(a: Attachment): string {
  const line = (label: string, value: string | undefined) =>
    value === undefined ? [] : [`${label}: ${escapeMarkdown(value)}`];
  return [
    `**${escapeMarkdown(attachmentName(a))}**`,
    '',
    ...line(t('Content type'), contentType(a)),
    ...line(t('Size'), size(a)),
    ...line(t('Created'), shownText(a.dateCreated)),
    ...line(t('Modified'), shownText(a.modifiedDate)),
    ...line(
      t('Included when sent'),
      typeof a.includeWhenSent === 'boolean' ? (a.includeWhenSent ? t('yes') : t('no')) : undefined,
    ),
    ...line(t('ID'), shownText(a.id)),
  ].join('  \n');
}

/** A codicon by content type (and by the name's extension when the type says nothing). */
export function attachmentIcon(a: Attachment): string {
  const type = (shownText(a.contentType) ?? '').toLowerCase();
  const ext = /\.([a-z0-9]+)$/i.exec(shownText(a.name) ?? '')?.[1]?.toLowerCase() ?? '';
  if (type === 'application/pdf' || ext === 'pdf') return 'file-pdf';
  if (type.startsWith('image/') || ['png', 'jpg', 'jpeg', 'gif', 'webp', 'tif', 'tiff'].includes(ext))
    return 'file-media';
  if (type.includes('zip') || ['zip', '7z', 'gz'].includes(ext)) return 'file-zip';
  if (type.startsWith('text/') || type.includes('json') || type.includes('xml') || ['csv', 'txt'].includes(ext))
    return 'file-code';
  return 'file';
}
