// A record's status as the tree shows it: the words and the icon. The statuses are those of the
// data types in src/dataTypes/catalog.ts (invoices, bills and credit notes; customers, suppliers,
// accounts, tax rates and items; orders, item receipts, account transactions, a sales order's
// invoicing); one the extension does not know is shown as sent.
import { t } from '../l10n';

/** The words for a status, or the status as sent when this version does not know it. */
export function recordStatusText(status: string): string {
  switch (status) {
    case 'Unknown':
      return t('Unknown');
    case 'Draft':
      return t('Draft');
    case 'Submitted':
      return t('Submitted');
    case 'Open':
      return t('Open');
    case 'PartiallyPaid':
      return t('Partially paid');
    case 'Paid':
      return t('Paid');
    case 'Void':
      return t('Void');
    case 'Active':
      return t('Active');
    case 'Archived':
      return t('Archived');
    case 'Pending':
      return t('Pending');
    case 'Closed':
      return t('Closed');
    case 'Received':
      return t('Received');
    case 'Rejected':
      return t('Rejected');
    case 'Reconciled':
      return t('Reconciled');
    case 'Unreconciled':
      return t('Unreconciled');
    case 'NotInvoiced':
      return t('Not invoiced');
    case 'PartiallyInvoiced':
      return t('Partially invoiced');
    case 'Invoiced':
      return t('Invoiced');
    default:
      return status;
  }
}

/** Codicon and theme colour for a status (ids only: the UI layer builds the ThemeIcon). */
export function statusIcon(status: string): { id: string; color?: string } {
  switch (status) {
    case 'Paid':
    case 'Closed':
    case 'Received':
    case 'Reconciled':
      return { id: 'pass-filled', color: 'testing.iconPassed' };
    case 'PartiallyPaid':
      return { id: 'circle-large-outline', color: 'charts.yellow' };
    case 'Submitted':
      return { id: 'send', color: 'charts.blue' };
    case 'Open':
      return { id: 'circle-large-outline', color: 'charts.blue' };
    case 'Draft':
      return { id: 'edit' };
    case 'Void':
      return { id: 'circle-slash', color: 'disabledForeground' };
    case 'Active':
      return { id: 'pass', color: 'testing.iconPassed' };
    case 'Archived':
      return { id: 'archive', color: 'disabledForeground' };
    case 'Pending':
      return { id: 'clock', color: 'charts.yellow' };
    case 'Rejected':
      return { id: 'error', color: 'testing.iconFailed' };
    case 'Unreconciled':
      return { id: 'circle-large-outline', color: 'charts.yellow' };
    default:
      return { id: 'question' };
  }
}
