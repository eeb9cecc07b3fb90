// Create Connection's quick pick of the integrations (`GET /integrations`): the first page at
// once, "Load more…" while there are more, enabled ones first (each group in the API's order),
// searched by the pick's own filter over name, key and source type. A disabled integration is
// shown as such and cannot be chosen. Its logo URL is never fetched nor shown.
import * as vscode from 'vscode';
import { isApiError, isCancellation, PagedList, type ApiError, type Integration, type PageLoader } from '../api';
import { enabledFirst, integrationItem } from '../format/connectionLabels';
import { loadMoreLabel } from '../format/labels';
import { t } from '../l10n';
import { prompt } from './prompt';
import { createQuickPick } from './quickPicks';

interface IntegrationRow extends vscode.QuickPickItem {
  integration?: Integration;
  loadMore?: true;
}

const row = (i: Integration): IntegrationRow => ({ ...integrationItem(i), integration: i });

/** The integration chosen; undefined when the pick was dismissed. */
export async function pickIntegration(
  pages: PageLoader<Integration>,
  title: string,
  report: (e: ApiError) => void,
): Promise<Integration | undefined> {
  const list = new PagedList<Integration>(pages, { key: (i) => (typeof i.key === 'string' ? i.key : undefined) });
  const pick = createQuickPick<IntegrationRow>();
  pick.title = title;
  pick.placeholder = t('Type to search the integrations by name, key or source type');
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.ignoreFocusOut = true;
  let done = false;
  const render = () => {
    if (done) return;
    const items = enabledFirst(list.items).map(row);
    if (list.hasMore)
      items.push({
        label: `$(ellipsis) ${loadMoreLabel(list.items.length, list.totalResults)}`,
        loadMore: true,
        alwaysShow: true,
      });
    pick.items = items;
  };
  const load = async () => {
    pick.busy = true;
    try {
      await list.loadMore();
    } catch (e) {
      if (!isCancellation(e)) {
        if (isApiError(e)) report(e);
        pick.placeholder = t('Could not load the integrations: {0}', e instanceof Error ? e.message : String(e));
      }
    } finally {
      pick.busy = false;
      render();
    }
  };
  // A disabled integration is not linkable: accepting it says so and leaves the pick open.
  const answers = (item: IntegrationRow) => {
    if (item.loadMore) void load();
    if (item.integration && item.integration.enabled !== true)
      vscode.window.setStatusBarMessage(t('{0} is disabled for this account: it cannot be linked.', item.label), 4000);
    return item.integration?.enabled === true;
  };
  render();
  void load();
  try {
    return (await prompt().pick({ pick, answers }))?.integration;
  } finally {
    done = true;
    list.reset();
  }
}
