// The report page's HTML: media/report.html with its CSP, nonce, resource URIs and the page's own
// words (in the display language) filled in. No report data ever goes into the HTML: it arrives by
// message and is laid out with DOM APIs.
import { contentSecurityPolicy, escapeAttribute } from '../diagnostics/html';
import { t } from '../l10n';

interface PageResources {
  cspSource: string;
  styleUri: string;
  scriptUri: string;
  nonce: string;
  lang?: string;
  /** Under the test switch only: the page reports its renders and obeys the tests' drive messages. */
  testHooks?: boolean;
}

/** The words the script uses (`{0}` filled in by it). */
function scriptStrings(): Record<string, string> {
  return {
    loading: t('Loading…'),
    mismatch: t('does not add up: lines sum to {0}'),
    change: t('Change vs previous column: {0}'),
    chartOf: t('Chart of the {0}'),
    noRows: t('The report has no lines for these parameters.'),
    account: t('Line'),
    invalid: t('Check the parameters: {0}'),
    sent: t('Request: {0}'),
  };
}

export function renderReportPage(template: string, res: PageResources): string {
  const values: Record<string, string> = {
    csp: contentSecurityPolicy(res.cspSource, res.nonce),
    nonce: res.nonce,
    styleUri: res.styleUri,
    scriptUri: res.scriptUri,
    lang: res.lang ?? 'en',
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
    testHooks: res.testHooks ? 'on' : 'off',
  };
  const html = template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`unknown placeholder {{${name}}} in the report template`);
    return escapeAttribute(v);
  });
  if (!html.includes('http-equiv="Content-Security-Policy"'))
    throw new Error('the report template has no CSP meta tag');
  return html;
}
