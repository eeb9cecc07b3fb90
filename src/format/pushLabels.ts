// How a push operation reads in the tree: what was pushed and when, its status as a word and an
// icon, and a tooltip with its timing and what it changed.
import type { PushOperation } from '../api';
import { t } from '../l10n';
import { escapeMarkdown } from './markdown';
import { operationLabel } from './operationLabels';

/** `Invoices · 14:03:12`: the type pushed and when it was asked for. */
export function pushLabel(op: PushOperation, locale?: string, now = new Date()): string {
  return operationLabel(op.dataType, op.requestedOnUtc, locale, now);
}

export function pushStatusText(op: PushOperation): string {
  switch (op.status) {
    case 'Pending':
      return t('pending');
    case 'Success':
      return t('succeeded');
    case 'Failed':
      return t('failed');
    case 'TimedOut':
      return t('timed out');
    default:
      return op.status;
  }
}

/** A codicon and theme colour per status; a Pending one spins. */
export function pushIcon(op: PushOperation): { id: string; color?: string } {
  switch (op.status) {
    case 'Pending':
      return { id: 'loading~spin' };
    case 'Success':
      return { id: 'pass', color: 'testing.iconPassed' };
    case 'Failed':
      return { id: 'error', color: 'testing.iconFailed' };
    case 'TimedOut':
      return { id: 'watch', color: 'list.warningForeground' };
    default:
      return { id: 'question' };
  }
}

/** The id of the record a push made or changed, once it is known. */
export function pushedRecordId(op: PushOperation): string | undefined {
  const fromData = op.data?.id;
  if (typeof fromData === 'string' && fromData) return fromData;
  const change = op.changes?.find((c) => c.recordRef?.id);
  return change?.recordRef.id;
}

/** Markdown: status, key, connection, timing, the record and the first validation messages. */
export function pushTooltip(op: PushOperation): string {
  const lines = [
    `**${escapeMarkdown(pushLabel(op))}**: ${escapeMarkdown(pushStatusText(op))}`,
    t('Push operation: {0}', escapeMarkdown(op.pushOperationKey)),
    t('Connection: {0}', escapeMarkdown(op.dataConnectionKey)),
    t('Requested: {0}', escapeMarkdown(op.requestedOnUtc)),
  ];
  if (op.completedOnUtc) lines.push(t('Completed: {0}', escapeMarkdown(op.completedOnUtc)));
  const record = pushedRecordId(op);
  if (record) lines.push(t('Record: {0}', escapeMarkdown(record)));
  if (op.errorMessage) lines.push(escapeMarkdown(op.errorMessage));
  for (const e of op.validation?.errors?.slice(0, 5) ?? [])
    lines.push(`- ${escapeMarkdown(e.itemId ? `${e.itemId}: ${e.message}` : e.message)}`);
  return lines.join('\n\n');
}
