// How a sync (a pull operation of the sync history) reads in the tree: the data type and when it
// was asked for, its status as an icon, a tooltip with its timing and error.
import type { PullOperation } from '../api';
import { t } from '../l10n';
import { escapeMarkdown } from './markdown';
import { operationLabel, shownText } from './operationLabels';

/** `Invoices · 14:03:12`: the type synced and when it was asked for. */
export function syncLabel(op: PullOperation, locale?: string, now = new Date()): string {
  return operationLabel(op.dataType, shownText(op.requested), locale, now);
}

/** Complete, an error state, or still running (with its progress). */
export function syncDescription(op: PullOperation): string {
  if (op.isCompleted || op.status === 'Complete') return t('complete');
  if (op.isErrored) return op.status;
  const progress = shownText(op.progress);
  return progress === undefined ? op.status : t('{0} ({1}%)', op.status, progress);
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
  // Each field shown only when it holds text to show: a history entry may hold anything.
  const completed = shownText(op.completed);
  if (completed) lines.push(t('Completed: {0}', escapeMarkdown(completed)));
  const why = shownText(op.errorMessage) || shownText(op.statusDescription);
  if (op.isErrored && why) lines.push(escapeMarkdown(why));
  return lines.join('\n\n');
}
