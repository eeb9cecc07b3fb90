// Words and icons of the tree, as pure functions so they are unit-tested without an editor.
import { certificateProblem, formatWait, type ApiError, type Company, type DataStatus, type Invoice, type InvoiceStatus } from '../api';
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
  if (inv.metadata?.isDeleted) parts.push('deleted');
  return parts.filter((p): p is string => !!p).join(' · ');
}

const STATUS_TEXT: Record<InvoiceStatus, string> = {
  Unknown: 'Unknown',
  Draft: 'Draft',
  Submitted: 'Submitted',
  PartiallyPaid: 'Partially paid',
  Paid: 'Paid',
  Void: 'Void',
};

/** The words for a status: one of InvoiceStatus, or one this version does not know, shown as sent. */
export function statusText(status: string): string {
  return (STATUS_TEXT as Record<string, string>)[status] ?? status;
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
  const rows: [string, string | undefined][] = [
    ['Customer', customerName(inv)],
    ['Status', statusText(inv.status)],
    ['Issued', inv.issueDate?.slice(0, 10)],
    ['Due', inv.dueDate?.slice(0, 10)],
    ['Paid on', inv.paidOnDate?.slice(0, 10)],
    ['Total', formatAmount(inv.totalAmount, inv.currency, locale)],
    ['Tax', formatAmount(inv.totalTaxAmount, inv.currency, locale)],
    ['Amount due', formatAmount(inv.amountDue, inv.currency, locale)],
    ['Note', inv.note],
    ['Id', inv.id],
  ];
  const lines = [`**${e(invoiceLabel(inv))}**${inv.metadata?.isDeleted ? ' (deleted)' : ''}`, ''];
  for (const [k, v] of rows) if (v) lines.push(`${k}: ${e(v)}  `);
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
  if (platforms.length) lines.push(`Platform: ${e(platforms.join(', '))}  `);
  if (c.lastSync) lines.push(`Last sync: ${e(c.lastSync)}  `);
  lines.push(`Id: ${e(c.id)}`);
  return lines.join('\n');
}

/** `Load more (100 of 12,345 loaded)`. */
export function loadMoreLabel(loaded: number, total?: number, locale?: string): string {
  return total !== undefined
    ? `Load more (${formatCount(loaded, locale)} of ${formatCount(total, locale)} loaded)`
    : `Load more (${formatCount(loaded, locale)} loaded)`;
}

/** `12,345 invoices` / `1 invoice`. */
export function countLabel(n: number, noun: string, locale?: string): string {
  return `${formatCount(n, locale)} ${noun}${n === 1 ? '' : 's'}`;
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
export function presentError(error: ApiError, failedAt: number, now: number, dataName = 'Invoices'): ErrorPresentation {
  const none = { queueSync: false, setKey: false };
  switch (error.kind) {
    case 'rateLimited': {
      const left = error.retryAfterMs !== undefined ? error.retryAfterMs - (now - failedAt) : undefined;
      return { label: left !== undefined && left > 0 ? `Rate limited — retry in ${formatWait(left)}` : 'Rate limited — retry now', ...none };
    }
    case 'dataSetNotRequested':
      return { label: `${dataName} not synced yet`, queueSync: true, setKey: false };
    case 'syncInProgress':
      return { label: `${dataName} sync in progress`, ...none };
    case 'datatypeNotSupported': {
      const platform = unsupportedPlatform(error.message);
      return { label: platform ? `Not supported by ${platform}` : 'Not supported by this platform', ...none };
    }
    case 'unauthorized':
      return { label: 'Key rejected', queueSync: false, setKey: true };
    case 'forbidden':
      return { label: 'Key outdated or not for this resource', queueSync: false, setKey: true };
    case 'accountExpired':
      return { label: 'Account expired', ...none };
    case 'notFound':
      return { label: 'Not found', ...none };
    case 'proxyAuth':
      return { label: 'Proxy sign-in required (407)', ...none, settingsQuery: 'http.proxy' };
    case 'tlsTrust':
      // Only an untrusted issuer is fixed on this computer; an expired or misnamed certificate is not.
      return {
        label: `Certificate not accepted (${error.code ?? 'TLS'})`,
        ...none,
        ...(certificateProblem(error.code) === 'untrusted' ? { settingsQuery: 'http.systemCertificates' } : {}),
      };
    case 'network':
    case 'timeout':
      return { label: `Cannot reach the API (${error.code ?? error.kind})`, ...none };
    case 'server':
    case 'unavailable':
      return { label: `Server error${error.status ? ` ${error.status}` : ''} — retry later`, ...none };
    default:
      return { label: error.message, ...none };
  }
}

/** `Invoices data: Complete` and `last sync 2025-12-30`, from `GET /dataStatus`. */
export function dataStatusText(status: DataStatus | undefined, dataName = 'Invoices'): { label: string; description?: string; icon: string } {
  if (!status) return { label: `${dataName} data: never requested`, icon: 'circle-outline' };
  const state = status.currentStatus;
  const description = status.lastSuccessfulSync ? `last sync ${status.lastSuccessfulSync.slice(0, 10)}` : undefined;
  const icon = state === 'Complete' ? 'check' : /Error|Cancelled|NotSupported|PrerequisiteNotMet/.test(state) ? 'error' : 'sync';
  return { label: `${dataName} data: ${state.replace(/([a-z])([A-Z])/g, '$1 $2')}`, description, icon };
}
