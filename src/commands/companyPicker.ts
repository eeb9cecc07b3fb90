// A quick pick of the account's companies: the first page at once, "Load more…" while the list
// has more, and typing searches the API (`name~text`) once some companies are not loaded yet, so
// an account with thousands of companies never has to be paged through by hand. Given the
// Companies view's own list, it shows the pages the view already holds (no request) and pages
// loaded here appear in the view as well.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type ApiError, type Company, type DataPlatformClient, type PagedList } from '../api';
import { companyPlatforms, loadMoreLabel } from '../format/labels';
import { t } from '../l10n';
import { formatValue } from '../query';
import { createQuickPick } from './quickPicks';

export interface CompanyPickerDeps {
  client: DataPlatformClient;
  pageSize: number;
  report(error: ApiError): void;
  /** The Companies view's list, shared; without it the picker pages a list of its own. */
  list?: PagedList<Company>;
  /** Delay before a typed search is sent; injectable so nothing depends on timing. */
  searchDelayMs?: number;
}

interface CompanyItem extends vscode.QuickPickItem {
  company?: Company;
  loadMore?: true;
}

const companyItem = (c: Company): CompanyItem => ({
  label: c.name,
  description: companyPlatforms(c).join(', ') || undefined,
  detail: c.id,
  company: c,
});

export function pickCompany(deps: CompanyPickerDeps, title: string): Promise<Company | undefined> {
  const list = deps.list ?? deps.client.companyList({ pageSize: deps.pageSize });
  const found = new Map<string, Company>();
  const pick = createQuickPick<CompanyItem>();
  pick.title = title;
  pick.placeholder = t('Type to search companies by name');
  pick.matchOnDetail = true;
  pick.ignoreFocusOut = true;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let searchAbort: AbortController | undefined;

  const fail = (e: unknown) => {
    if (isCancellation(e)) return;
    if (isApiError(e)) deps.report(e);
    pick.placeholder = t('Could not load companies: {0}', e instanceof Error ? e.message : String(e));
  };

  const render = () => {
    const items: CompanyItem[] = list.items.map(companyItem);
    const loaded = new Set(list.items.map((c) => c.id));
    const extra = [...found.values()].filter((c) => !loaded.has(c.id));
    if (extra.length > 0) items.push({ label: t('search results'), kind: vscode.QuickPickItemKind.Separator }, ...extra.map(companyItem));
    if (list.hasMore) {
      items.push({ label: `$(ellipsis) ${loadMoreLabel(list.items.length, list.totalResults)}`, loadMore: true, alwaysShow: true });
    }
    const active = pick.activeItems[0]?.company?.id;
    pick.items = items;
    const keep = active && items.find((i) => i.company?.id === active);
    if (keep) pick.activeItems = [keep];
  };

  const load = async () => {
    pick.busy = true;
    try {
      await list.loadMore();
    } catch (e) {
      fail(e);
    } finally {
      pick.busy = false;
      render();
    }
  };

  const searchNow = async (text: string) => {
    const controller = new AbortController();
    searchAbort = controller;
    pick.busy = true;
    try {
      const page = await deps.client.listCompanies({ pageSize: deps.pageSize, query: `name~${formatValue(text.trim())}` }, { signal: controller.signal });
      for (const c of page.results) found.set(c.id, c);
      render();
    } catch (e) {
      fail(e);
    } finally {
      if (searchAbort === controller) pick.busy = false;
    }
  };

  // Only needed while some companies are not loaded: otherwise the pick's own filter suffices.
  const search = (text: string) => {
    if (searchTimer !== undefined) clearTimeout(searchTimer);
    searchAbort?.abort();
    if (text.trim() === '' || !list.hasMore) return;
    // searchNow reports its own failures (fail), so its promise has nothing left to handle.
    searchTimer = setTimeout(() => void searchNow(text), deps.searchDelayMs ?? 300);
  };

  return new Promise<Company | undefined>((resolve) => {
    let done = false;
    const finish = (c: Company | undefined) => {
      if (done) return;
      done = true;
      if (searchTimer !== undefined) clearTimeout(searchTimer);
      searchAbort?.abort();
      resolve(c);
      pick.dispose();
    };
    pick.onDidChangeValue(search);
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      if (item?.loadMore) void load();
      else if (item?.company) finish(item.company);
    });
    pick.onDidHide(() => finish(undefined));
    // The view may load pages (or fail) while the pick is open.
    const subscription = list.onDidChange(() => {
      if (!done && !list.loading) render();
    });
    pick.onDidHide(() => subscription.dispose());
    pick.show();
    render();
    // Only what is missing: a first page, or joining a load the view has in flight.
    if (list.pagesLoaded === 0 || list.loading) void load();
  });
}
