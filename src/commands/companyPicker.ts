// A quick pick of the account's companies: the first page at once, "Load more…" while the list
// has more, and typing searches the API (`name~text`) once some companies are not loaded yet, so
// an account with thousands of companies never has to be paged through by hand. Given the
// Companies view's own list, it shows the pages the view already holds (no request) and pages
// loaded here appear in the view as well.
import * as vscode from 'vscode';
import {
  companySearchParams,
  isApiError,
  isCancellation,
  type ApiError,
  type Company,
  type DataPlatformClient,
  type PagedList,
} from '../api';
import { companyPlatforms, loadMoreLabel } from '../format/labels';
import { t } from '../l10n';
import { prompt } from './prompt';
import { createQuickPick } from './quickPicks';

interface CompanyPickerDeps {
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

/** One open picker: its list, the companies its searches found, and the search in flight. */
class CompanyPicker {
  private readonly list: PagedList<Company>;
  private readonly found = new Map<string, Company>();
  private readonly pick = createQuickPick<CompanyItem>();
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private searchAbort: AbortController | undefined;
  private done = false;

  constructor(
    private readonly deps: CompanyPickerDeps,
    title: string,
  ) {
    this.list = deps.list ?? deps.client.companyList({ pageSize: deps.pageSize });
    this.pick.title = title;
    this.pick.placeholder = t('Type to search companies by name');
    this.pick.matchOnDetail = true;
    this.pick.ignoreFocusOut = true;
  }

  async run(): Promise<Company | undefined> {
    const { pick, list } = this;
    const answers = (item: CompanyItem) => {
      if (item.loadMore) void this.load();
      return item.company !== undefined;
    };
    // The view may load pages (or fail) while the pick is open.
    const subscription = list.onDidChange(() => {
      if (!this.done && !list.loading) this.render();
    });
    this.render();
    // Only what is missing: a first page, or joining a load the view has in flight.
    if (list.pagesLoaded === 0 || list.loading) void this.load();
    try {
      return (await prompt().pick({ pick, typed: (text) => this.search(text), answers }))?.company;
    } finally {
      this.done = true;
      subscription.dispose();
      if (this.searchTimer !== undefined) clearTimeout(this.searchTimer);
      this.searchAbort?.abort();
    }
  }

  private fail(e: unknown): void {
    if (isCancellation(e)) return;
    if (isApiError(e)) this.deps.report(e);
    this.pick.placeholder = t('Could not load companies: {0}', e instanceof Error ? e.message : String(e));
  }

  private render(): void {
    const { pick, list } = this;
    const items: CompanyItem[] = list.items.map(companyItem);
    const loaded = new Set(list.items.map((c) => c.id));
    const extra = [...this.found.values()].filter((c) => !loaded.has(c.id));
    if (extra.length > 0)
      items.push({ label: t('search results'), kind: vscode.QuickPickItemKind.Separator }, ...extra.map(companyItem));
    if (list.hasMore) {
      items.push({
        label: `$(ellipsis) ${loadMoreLabel(list.items.length, list.totalResults)}`,
        loadMore: true,
        alwaysShow: true,
      });
    }
    const active = pick.activeItems[0]?.company?.id;
    pick.items = items;
    const keep = active && items.find((i) => i.company?.id === active);
    if (keep) pick.activeItems = [keep];
  }

  private async load(): Promise<void> {
    this.pick.busy = true;
    try {
      await this.list.loadMore();
    } catch (e) {
      this.fail(e);
    } finally {
      this.pick.busy = false;
      this.render();
    }
  }

  private async searchNow(text: string): Promise<void> {
    const controller = new AbortController();
    this.searchAbort = controller;
    this.pick.busy = true;
    try {
      const params = companySearchParams(text, this.deps.pageSize);
      const page = params && (await this.deps.client.listCompanies(params, { signal: controller.signal }));
      if (!page) return;
      for (const c of page.results) this.found.set(c.id, c);
      this.render();
    } catch (e) {
      this.fail(e);
    } finally {
      if (this.searchAbort === controller) this.pick.busy = false;
    }
  }

  /** Only needed while some companies are not loaded: otherwise the pick's own filter suffices. */
  private search(text: string): void {
    if (this.searchTimer !== undefined) clearTimeout(this.searchTimer);
    this.searchAbort?.abort();
    if (text.trim() === '' || !this.list.hasMore) return;
    // searchNow reports its own failures (fail), so its promise has nothing left to handle.
    this.searchTimer = setTimeout(() => void this.searchNow(text), this.deps.searchDelayMs ?? 300);
  }
}

export function pickCompany(deps: CompanyPickerDeps, title: string): Promise<Company | undefined> {
  return new CompanyPicker(deps, title).run();
}
