// How a push operation reads in the tree: what was pushed and when, its status as a word and an
// icon, and a tooltip with its timing and what it changed.
import type { PushOperation } from '../api';
import { escapeMarkdown } from '../format/markdown';
import { operationLabel, shownText } from '../format/operationLabels';
import { t } from '../l10n';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `Invoices · 14:03:12`: the type pushed and when it was asked for. */
export function pushLabel(op: PushOperation, locale?: string, now = new Date()): string {
  return operationLabel(op.dataType, shownText(op.requestedOnUtc), locale, now);
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

/** The status word; for a push whose follow ran out of time unsettled (`stalled`), what to do. */
export function pushDescription(op: PushOperation, stalled: boolean): string {
  return stalled ? t('still pending — Refresh to check again') : pushStatusText(op);
}

/** A codicon and theme colour per status; a Pending one spins, one no longer followed waits. */
export function pushIcon(op: PushOperation, stalled = false): { id: string; color?: string } {
  if (stalled) return { id: 'watch' };
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
  const data: unknown = op.data;
  if (isObject(data) && typeof data.id === 'string' && data.id) return data.id;
  const changes: unknown = op.changes;
  if (!Array.isArray(changes)) return undefined;
  for (const change of changes as unknown[]) {
    const ref = isObject(change) ? change.recordRef : undefined;
    if (isObject(ref) && typeof ref.id === 'string' && ref.id) return ref.id;
  }
  return undefined;
}

/** The first validation errors of `op` as lines (`itemId: message`), whatever shape they came in. */
function validationLines(op: PushOperation): string[] {
  const validation: unknown = op.validation;
  const errors = isObject(validation) ? validation.errors : undefined;
  if (!Array.isArray(errors)) return [];
  return (errors as unknown[]).slice(0, 5).flatMap((e) => {
    const message = isObject(e) ? shownText(e.message) : undefined;
    if (message === undefined || !isObject(e)) return [];
    const item = shownText(e.itemId);
    return [`- ${escapeMarkdown(item ? `${item}: ${message}` : message)}`];
  });
}

/** Markdown: status, key, connection, timing, the record and the first validation messages. Each
 * field is shown only when it holds text to show. */
export function pushTooltip(op: PushOperation): string {
  const lines = [
    `**${escapeMarkdown(pushLabel(op))}**: ${escapeMarkdown(pushStatusText(op))}`,
    t('Push operation: {0}', escapeMarkdown(op.pushOperationKey)),
  ];
  const field = (value: unknown, line: (text: string) => string): void => {
    const text = shownText(value);
    if (text) lines.push(line(escapeMarkdown(text)));
  };
  field(op.dataConnectionKey, (v) => t('Connection: {0}', v));
  field(op.requestedOnUtc, (v) => t('Requested: {0}', v));
  field(op.completedOnUtc, (v) => t('Completed: {0}', v));
  const record = pushedRecordId(op);
  if (record) lines.push(t('Record: {0}', escapeMarkdown(record)));
  field(op.errorMessage, (v) => v);
  lines.push(...validationLines(op));
  return lines.join('\n\n');
}
