// A table page's HTML: the static template media/table.html with the CSP, nonce, resource URIs and
// the page's own words filled in. No record text goes into the HTML: rows arrive by message and
// are set as text by the page script.
import { contentSecurityPolicy, escapeAttribute } from '../diagnostics/html';
import { t } from '../l10n';

interface TablePageResources {
  cspSource: string;
  styleUri: string;
  scriptUri: string;
  nonce: string;
  lang?: string;
  /** Under the test switch only: the page reports what it shows and obeys drive messages. */
  testHooks: boolean;
}

/** The words of the page script (it cannot call the host's l10n); `{0}` filled in by the script. */
function scriptStrings(): Record<string, string> {
  return {
    sortAscending: t('Sorted ascending'),
    sortDescending: t('Sorted descending'),
    moveLeft: t('Move {0} left'),
    moveRight: t('Move {0} right'),
    noRows: t('No rows match the filter.'),
    rows: t('{0} rows shown'),
    copyRow: t('Copy Row as JSON'),
  };
}

export function renderTablePage(template: string, res: TablePageResources): string {
  const values: Record<string, string> = {
    csp: contentSecurityPolicy(res.cspSource, res.nonce),
    nonce: res.nonce,
    styleUri: res.styleUri,
    scriptUri: res.scriptUri,
    lang: res.lang ?? 'en',
    title: t('Table'),
    filter: t('Filter'),
    filterPlaceholder: t('Filter the loaded rows'),
    columns: t('Columns…'),
    columnsTitle: t('Choose the columns shown'),
    loadMore: t('Load More'),
    loadAll: t('Load All'),
    sortList: t('Sort the Whole List'),
    sortListTitle: t('Ask the API for the whole list in this order (a query with orderBy, shown in the tree too)'),
    keys: t(
      'Arrow keys move between cells, Enter opens the record, Ctrl+C copies the cell, Alt+Left/Right moves a column.',
    ),
    strings: JSON.stringify(scriptStrings()),
    testHooks: res.testHooks ? 'on' : 'off',
  };
  const html = template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`unknown placeholder {{${name}}} in the table template`);
    return escapeAttribute(v);
  });
  if (!html.includes('http-equiv="Content-Security-Policy"')) throw new Error('the table template has no CSP meta tag');
  return html;
}
