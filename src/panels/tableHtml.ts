// A table page's HTML: the static template media/table.html with the CSP, nonce, resource URIs and
// the page's own words filled in. No record text goes into the HTML: rows arrive by message and
// are set as text by the page script.
import { fillPage, type PageResources } from '../diagnostics/html';
import { t } from '../l10n';

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

export function renderTablePage(template: string, res: PageResources): string {
  return fillPage('table', template, res, {
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
      'Arrow keys move between cells, Enter opens the record, Ctrl+C copies the cell (Ctrl+Shift+C the row as JSON), Alt+Left/Right moves a column.',
    ),
    strings: JSON.stringify(scriptStrings()),
  });
}
