// Words and icons of the tree, as pure functions so they are unit-tested without an editor.
import { certificateProblem, type ApiError, type Company, type DataStatus, type Invoice, type InvoiceStatus } from '../api';
import { t } from '../l10n';
import { formatDuration } from '../util/duration';
import { formatAmount, formatCount } from './amount';

export function invoiceLabel(inv: Invoice): string {
  return inv.invoiceNumber?.trim() || inv.id;
}

export function customerName(inv: Invoice): string | undefined {
  return inv.customerRef?.companyName?.trim() || inv.customerRef?.id;
}

/** `Acme Ltd · 1,234.50 GBP · Paid`; parts the record lacks are left out. */
export function invoiceDescription(inv: Invoice, locale?: string): string {
  const parts = [customerName(inv), formatAmount(inv.totalAmount, inv.currency, locale), statusText(inv.status)];
  if (inv.metadata?.isDeleted) parts.push(t('deleted'));
  return parts.filter((p): p is string => !!p).join(' · ');
}

/** The words for a status: one of InvoiceStatus, or one this version does not know, shown as sent. */
export function statusText(status: string): string {
  switch (status as InvoiceStatus) {
    case 'Unknown':
      return t('Unknown');
    case 'Draft':
      return t('Draft');
    case 'Submitted':
      return t('Submitted');
    case 'PartiallyPaid':
      return t('Partially paid');
    case 'Paid':
      return t('Paid');
    case 'Void':
      return t('Void');
    default:
      return status;
  }
}

/** Codicon and theme colour for an invoice status (ids only: the UI layer builds the ThemeIcon). */
export function statusIcon(status: string): { id: string; color?: string } {
  switch (status) {
    case 'Paid':
      return { id: 'pass-filled', color: 'testing.iconPassed' };
    case 'PartiallyPaid':
      return { id: 'circle-large-outline', color: 'charts.yellow' };
    case 'Submitted':
      return { id: 'send', color: 'charts.blue' };
    case 'Draft':
      return { id: 'edit' };
    case 'Void':
      return { id: 'circle-slash', color: 'disabledForeground' };
    default:
      return { id: 'question' };
  }
}

/** Markdown special characters escaped, so a server string cannot inject links or markup. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

/** Tooltip of an invoice, in Markdown. Every server value is escaped. */
export function invoiceTooltip(inv: Invoice, locale?: string): string {
  const e = escapeMarkdown;
  // Each row is a whole "Label: {0}" message; the value is escaped before it goes in.
  const rows: [(value: string) => string, string | undefined][] = [
    [(v) => t('Customer: {0}', v), customerName(inv)],
    [(v) => t('Status: {0}', v), statusText(inv.status)],
    [(v) => t('Issued: {0}', v), inv.issueDate?.slice(0, 10)],
    [(v) => t('Due: {0}', v), inv.dueDate?.slice(0, 10)],
    [(v) => t('Paid on: {0}', v), inv.paidOnDate?.slice(0, 10)],
    [(v) => t('Total: {0}', v), formatAmount(inv.totalAmount, inv.currency, locale)],
    [(v) => t('Tax: {0}', v), formatAmount(inv.totalTaxAmount, inv.currency, locale)],
    [(v) => t('Amount due: {0}', v), formatAmount(inv.amountDue, inv.currency, locale)],
    [(v) => t('Note: {0}', v), inv.note],
    [(v) => t('Id: {0}', v), inv.id],
  ];
  const title = `**${e(invoiceLabel(inv))}**`;
  const lines = [inv.metadata?.isDeleted ? t('{0} (deleted)', title) : title, ''];
  for (const [row, v] of rows) if (v) lines.push(`${row(e(v))}  `);
  return lines.join('\n');
}

/** Names of the platforms a company is connected to, in connection order. */
export function companyPlatforms(c: Company): string[] {
  return (c.dataConnections ?? []).map((d) => d.platformName).filter(Boolean);
}

export function companyTooltip(c: Company): string {
  const e = escapeMarkdown;
  const lines = [`**${e(c.name)}**`, ''];
  if (c.description) lines.push(`${e(c.description)}`, '');
  const platforms = companyPlatforms(c);
  if (platforms.length) lines.push(`${t('Platform: {0}', e(platforms.join(', ')))}  `);
  if (c.lastSync) lines.push(`${t('Last sync: {0}', e(c.lastSync))}  `);
  lines.push(t('Id: {0}', e(c.id)));
  return lines.join('\n');
}

/** `Load more (100 of 12,345 loaded)`. */
export function loadMoreLabel(loaded: number, total?: number, locale?: string): string {
  return total !== undefined
    ? t('Load more ({0} of {1} loaded)', formatCount(loaded, locale), formatCount(total, locale))
    : t('Load more ({0} loaded)', formatCount(loaded, locale));
}

/** `12,345 invoices` / `1 invoice`. */
export function invoiceCount(n: number, locale?: string): string {
  return n === 1 ? t('{0} invoice', formatCount(n, locale)) : t('{0} invoices', formatCount(n, locale));
}

/** What a paged node lists; its messages are whole sentences per kind, not a noun slotted in. */
export type ListItems = 'companies' | 'invoices';

/** Shown under a loaded, empty list. */
export function emptyListLabel(items: ListItems): string {
  return items === 'companies' ? t('No companies') : t('No invoices');
}

/** Title of the progress notification of Load all. */
export function loadingAllTitle(items: ListItems): string {
  return items === 'companies' ? t('Loading all companies') : t('Loading all invoices');
}

/** Tooltip of the Load all node. */
export function loadAllTooltip(items: ListItems): string {
  return items === 'companies'
    ? t('Load every remaining page of companies (can be cancelled)')
    : t('Load every remaining page of invoices (can be cancelled)');
}

export interface ErrorPresentation {
  /** Short, for the tree item's label. */
  label: string;
  /** Actions that fit the failure; Retry and Show details always do. */
  queueSync: boolean;
  setKey: boolean;
  /** What to search for in the Settings editor ("Open Network Settings"), when settings can fix it. */
  settingsQuery?: string;
}

/** The platform named by `Datatype [invoices] not supported by platform(s) [Xero]`, if any. */
export function unsupportedPlatform(message: string): string | undefined {
  const m = /platform\(s\)\s*\[([^\]]+)\]/i.exec(message);
  return m ? m[1].trim() : undefined;
}

/**
 * How a failed load reads in the tree. `now` is injected so the rate-limit countdown is testable;
 * `failedAt` is when the error arrived.
 */
export function presentError(error: ApiError, failedAt: number, now: number, items: ListItems = 'invoices'): ErrorPresentation {
  const none = { queueSync: false, setKey: false };
  switch (error.kind) {
    case 'rateLimited': {
      const left = error.retryAfterMs !== undefined ? error.retryAfterMs - (now - failedAt) : undefined;
      return { label: left !== undefined && left > 0 ? t('Rate limited — retry in {0}', formatDuration(left, 'wait')) : t('Rate limited — retry now'), ...none };
    }
    case 'dataSetNotRequested':
      return { label: items === 'companies' ? t('Companies not synced yet') : t('Invoices not synced yet'), queueSync: true, setKey: false };
    case 'syncInProgress':
      return { label: items === 'companies' ? t('Companies sync in progress') : t('Invoices sync in progress'), ...none };
    case 'datatypeNotSupported': {
      const platform = unsupportedPlatform(error.message);
      return { label: platform ? t('Not supported by {0}', platform) : t('Not supported by this platform'), ...none };
    }
    case 'unauthorized':
      return { label: t('Key rejected'), queueSync: false, setKey: true };
    case 'forbidden':
      return { label: t('Key outdated or not for this resource'), queueSync: false, setKey: true };
    case 'accountExpired':
      return { label: t('Account expired'), ...none };
    case 'notFound':
      return { label: t('Not found'), ...none };
    case 'proxyAuth':
      return { label: t('Proxy sign-in required (407)'), ...none, settingsQuery: 'http.proxy' };
    case 'tlsTrust':
      // Only an untrusted issuer is fixed on this computer; an expired or misnamed certificate is not.
      return {
        label: t('Certificate not accepted ({0})', error.code ?? 'TLS'),
        ...none,
        ...(certificateProblem(error.code) === 'untrusted' ? { settingsQuery: 'http.systemCertificates' } : {}),
      };
    case 'network':
    case 'timeout':
      return { label: t('Cannot reach the API ({0})', error.code ?? error.kind), ...none };
    case 'server':
    case 'unavailable':
      return { label: error.status ? t('Server error {0} — retry later', error.status) : t('Server error — retry later'), ...none };
    default:
      return { label: error.message, ...none };
  }
}

/** `Invoices data: Complete` and `last sync 2025-12-30`, from `GET /dataStatus`. The state is the
 * API's own word, spaced out (`Map Queued`), and not translated: it is what the API documents. */
export function dataStatusText(status: DataStatus | undefined): { label: string; description?: string; icon: string } {
  if (!status) return { label: t('Invoices data: never requested'), icon: 'circle-outline' };
  const state = status.currentStatus;
  const description = status.lastSuccessfulSync ? t('last sync {0}', status.lastSuccessfulSync.slice(0, 10)) : undefined;
  const icon = state === 'Complete' ? 'check' : /Error|Cancelled|NotSupported|PrerequisiteNotMet/.test(state) ? 'error' : 'sync';
  return { label: t('Invoices data: {0}', state.replace(/([a-z])([A-Z])/g, '$1 $2')), description, icon };
}
