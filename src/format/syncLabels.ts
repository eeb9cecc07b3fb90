// How a sync (a pull operation of the sync history) reads in the tree: the data type and when it
// was asked for, its status as an icon, a tooltip with its timing and error.
import type { PullOperation } from '../api';
import { DATA_TYPES, syncName } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import { escapeMarkdown } from './markdown';

/** The type's title for Codat's name of it (`chartOfAccounts` → Accounts), else the name as sent. */
function typeOf(name: string): string {
  const spec = DATA_TYPES.find((d) => syncName(d) === name || d.id === name);
  return spec ? typeTitle(spec.id) : name;
}

/** `Invoices · 14:03:12` (the date too when it was not today). */
export function syncLabel(op: PullOperation, locale?: string, now = new Date()): string {
  const at = new Date(op.requested);
  if (Number.isNaN(at.getTime())) return `${typeOf(op.dataType)} · ${op.requested}`;
  const time =
    at.toDateString() === now.toDateString()
      ? at.toLocaleTimeString(locale, { timeStyle: 'medium' })
      : at.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' });
  return `${typeOf(op.dataType)} · ${time}`;
}

/** Complete, an error state, or still running (with its progress). */
export function syncDescription(op: PullOperation): string {
  if (op.isCompleted || op.status === 'Complete') return t('complete');
  if (op.isErrored) return op.status;
  return t('{0} ({1}%)', op.status, String(op.progress));
}

export function syncIcon(op: PullOperation): { id: string; color?: string } {
  if (op.isCompleted || op.status === 'Complete') return { id: 'pass', color: 'testing.iconPassed' };
  if (op.isErrored || /Error$/.test(op.status)) return { id: 'error', color: 'testing.iconFailed' };
  return { id: 'loading~spin' };
}

export function syncTooltip(op: PullOperation): string {
  const lines = [
    `**${escapeMarkdown(syncLabel(op))}**: ${escapeMarkdown(syncDescription(op))}`,
    t('Sync: {0}', escapeMarkdown(op.id)),
    t('Requested: {0}', escapeMarkdown(op.requested)),
  ];
  if (op.completed) lines.push(t('Completed: {0}', escapeMarkdown(op.completed)));
  const why = op.errorMessage ?? op.statusDescription;
  if (op.isErrored && why) lines.push(escapeMarkdown(why));
  return lines.join('\n\n');
}
