// How a company's data connection reads in the tree: its platform, its status as an icon and a
// theme colour, its source type and dates, its ids in the tooltip; and the words of an
// integration in Create Connection's pick. Every field is server text: shown only when it is
// text, escaped in Markdown.
import type { Company, DataConnection, Integration } from '../api';
import { t } from '../l10n';
import { isRecord } from '../util/guards';
import { escapeMarkdown } from './markdown';
import { shownText } from './operationLabels';

/** The statuses of Codat's contract; anything else (`Unknown`, a state added later) is `other`. */
type LinkState = 'Linked' | 'PendingAuth' | 'Unlinked' | 'Deauthorized' | 'other';

const KNOWN: ReadonlySet<string> = new Set(['Linked', 'PendingAuth', 'Unlinked', 'Deauthorized']);

export function connectionState(status: unknown): LinkState {
  return typeof status === 'string' && KNOWN.has(status) ? (status as LinkState) : 'other';
}

/** The status in words: the contract's states spaced out (`Pending auth` reads as the portal's
 * `PendingAuth`), an unknown one as sent, none as `Unknown`. */
export function connectionStatusText(status: unknown): string {
  switch (connectionState(status)) {
    case 'Linked':
      return t('Linked');
    case 'PendingAuth':
      return t('Pending authorization');
    case 'Unlinked':
      return t('Unlinked');
    case 'Deauthorized':
      return t('Deauthorized');
    default: {
      const text = shownText(status);
      return text !== undefined && text.trim() !== '' ? text : t('Unknown');
    }
  }
}

/** A codicon and a theme colour per state: linked passes, pending waits, the two broken ones warn
 * or fail, an unknown one asks. */
export function connectionIcon(status: unknown): { id: string; color?: string } {
  switch (connectionState(status)) {
    case 'Linked':
      return { id: 'plug', color: 'testing.iconPassed' };
    case 'PendingAuth':
      return { id: 'clock', color: 'list.warningForeground' };
    case 'Unlinked':
      return { id: 'debug-disconnect', color: 'disabledForeground' };
    case 'Deauthorized':
      return { id: 'error', color: 'list.errorForeground' };
    default:
      return { id: 'question' };
  }
}

const day = (value: unknown): string | undefined => {
  const text = shownText(value);
  return text === undefined || text === '' ? undefined : text.slice(0, 10);
};

/** Server text for a notification, whose message turns `[text](target)` into a link: the pair
 * is broken by a zero-width space, so a name can never become something to click. */
export function noLinks(text: string): string {
  return text.replace(/\]\s*\(/g, (m) => `${m.slice(0, 1)}\u200b${m.slice(1)}`);
}

/** The platform's name, else its integration id, else the connection's id (never a link). */
export function connectionLabel(c: DataConnection): string {
  return noLinks(
    shownText(c.platformName) || shownText(c.integrationId) || shownText(c.id) || t('(unnamed connection)'),
  );
}

/** `Linked · Accounting · synced 2026-11-26`. */
export function connectionDescription(c: DataConnection): string {
  const parts = [connectionStatusText(c.status)];
  const source = shownText(c.sourceType);
  if (source) parts.push(source);
  const synced = day(c.lastSync);
  parts.push(synced ? t('synced {0}', synced) : t('never synced'));
  return parts.join(' · ');
}

export function connectionTooltip(c: DataConnection): string {
  const e = (v: unknown) => escapeMarkdown(shownText(v) ?? '');
  const lines = [`**${escapeMarkdown(connectionLabel(c))}**: ${escapeMarkdown(connectionStatusText(c.status))}`];
  if (shownText(c.sourceType)) lines.push(t('Source type: {0}', e(c.sourceType)));
  if (day(c.created)) lines.push(t('Created: {0}', e(c.created)));
  lines.push(shownText(c.lastSync) ? t('Last sync: {0}', e(c.lastSync)) : t('Last sync: never'));
  lines.push(t('Connection id: {0}', e(c.id)));
  if (shownText(c.integrationId)) lines.push(t('Integration id: {0}', e(c.integrationId)));
  if (shownText(c.sourceId)) lines.push(t('Source id: {0}', e(c.sourceId)));
  if (connectionState(c.status) === 'PendingAuth')
    lines.push(t('Waiting for the company to authorize it at its link (Open Link).'));
  return lines.join('\n\n');
}

/** Whether the company has a Linked connection, by its `dataConnections`: undefined when the
 * company row carries none (the list did not say). */
export function hasLinkedConnection(company: Company): boolean | undefined {
  const list: unknown = company.dataConnections;
  if (!Array.isArray(list)) return undefined;
  return list.some((c) => isRecord(c) && connectionState(c.status) === 'Linked');
}

/** What a company's row adds when no connection is Linked: none at all, or none linked. */
export function noLinkedConnectionText(company: Company): string | undefined {
  if (hasLinkedConnection(company) !== false) return undefined;
  const list = company.dataConnections ?? [];
  return list.length === 0 ? t('no connection') : t('no linked connection');
}

/** A data type's empty list when no connection is Linked: why it is empty. */
export function emptyWithoutLinkText(company: Company): string {
  return (company.dataConnections ?? []).length === 0
    ? t('No data: the company has no connection (Create Connection…)')
    : t('No data: no connection of the company is Linked');
}

/** An integration in Create Connection's pick: its name (escaped of codicon syntax), its key and
 * source type; a disabled one says so. The logo URL is never shown nor fetched. */
export function integrationItem(i: Integration): { label: string; description: string; detail?: string } {
  const name = noLinks((shownText(i.name) || shownText(i.key) || '?').replace(/\$\(/g, '$\u200b('));
  const parts = [shownText(i.key) ?? ''];
  const source = shownText(i.sourceType);
  if (source) parts.push(source);
  if (i.isBeta === true) parts.push(t('beta'));
  return {
    label: name,
    description: parts.filter((p) => p !== '').join(' · '),
    ...(i.enabled === true ? {} : { detail: t('Disabled for this account: it cannot be linked') }),
  };
}

/** Enabled integrations first, each group in the order the API gave. */
export function enabledFirst(integrations: readonly Integration[]): Integration[] {
  return [...integrations.filter((i) => i.enabled === true), ...integrations.filter((i) => i.enabled !== true)];
}
