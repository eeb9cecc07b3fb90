// The report page's HTML: media/report.html with its CSP, nonce, resource URIs and the page's own
// words (in the display language) filled in. No report data ever goes into the HTML: it arrives by
// message and is laid out with DOM APIs.
import { fillPage, type PageResources } from '../diagnostics/html';
import { t } from '../l10n';

/** The words the script uses (`{0}` filled in by it). */
function scriptStrings(): Record<string, string> {
  return {
    loading: t('Loading…'),
    change: t('Change vs previous column: {0}'),
    chartOf: t('Chart of the {0}'),
    noRows: t('The report has no lines for these parameters.'),
    account: t('Line'),
    invalid: t('Check the parameters: {0}'),
    sent: t('Request: {0}'),
  };
}

export function renderReportPage(template: string, res: PageResources): string {
  return fillPage('report', template, res, {
    title: t('Report'),
    periodLength: t('Period length'),
    months1: t('1 month'),
    months3: t('3 months'),
    months6: t('6 months'),
    months12: t('12 months'),
    periods: t('Periods'),
    startMonth: t('Start month'),
    reportDate: t('Report date'),
    agedPeriods: t('Number of periods'),
    periodDays: t('Days per period'),
    apply: t('Apply'),
    refresh: t('Refresh'),
    exportCsv: t('Export as CSV'),
    copyCurl: t('Copy as cURL'),
    showChanges: t('Show changes'),
    retry: t('Retry'),
    defaultHint: t('Empty: the platform’s default'),
    strings: JSON.stringify(scriptStrings()),
  });
}
