// A node whose children come from a PagedList: the companies root, each company's Invoices and
// its query nodes. The list is created on first expand, so nothing is fetched for
// a collapsed node; "Load more" appends one page, "Load all" walks the rest, a failure keeps the
// items and adds an error node, and refresh resets only this node's list.
import * as vscode from 'vscode';
import { isApiError, type ApiError, type DataPlatformClient, type LoadProgress, type PagedList } from '../api';
import { dataChangedLabel, emptyListLabel, loadMoreLabel, type ListItems } from '../format/labels';
import type { TreeContext } from './context';
import { ErrorNode, LoadAllNode, LoadMoreNode, MessageNode } from './leafNodes';
import { TreeNode } from './node';

export abstract class PagedNode<T> extends TreeNode {
  private list?: PagedList<T>;
  private subscription?: { dispose(): void };
  private lastError?: Error;
  /** The node shown for `lastError`: kept, so the countdown re-renders it and nothing else. */
  private errorNode?: ErrorNode;
  /** getChildren is waiting for a load it will render itself: the list's change needs no extra
   * render of this node (the first expand rendered twice). */
  private renderPending = 0;
  private readonly nodes = new Map<string, TreeNode>();
  private countdown?: ReturnType<typeof setInterval>;
  /** Aborted by refresh and dispose, so a Load all (or any load) of this node stops with it. */
  private loads = new AbortController();
  /** The node left the tree for good (a new root, a refreshed parent, a removed query). */
  private disposed = false;

  constructor(
    parent: TreeNode | undefined,
    protected readonly ctx: TreeContext,
  ) {
    super(parent);
  }

  /** Stable id prefix of this node, for its own item and its load-more/error children. */
  abstract get key(): string;
  /** What the node lists: picks its messages (empty list, Load all, errors). */
  abstract get items(): ListItems;
  protected abstract createList(client: DataPlatformClient): PagedList<T>;
  protected abstract itemKey(item: T): string;
  protected abstract createItemNode(item: T): TreeNode;
  /** Shown when the list is loaded and empty; undefined shows nothing (e.g. a welcome view). */
  protected emptyNode(): TreeNode | undefined {
    return new MessageNode(this, `${this.key}:empty`, emptyListLabel(this.items), 'info');
  }

  /** The list, once this node has been expanded (or a command needed it). */
  get pagedList(): PagedList<T> | undefined {
    return this.list;
  }

  /** Not known to be complete: never loaded, or more pages to come. The node's own item is not
   * rendered again after the page its expand loads (that would render the page twice), so the
   * word `page` goes only once a later load finds the list complete. */
  get morePages(): boolean {
    const list = this.list;
    return !list || list.pagesLoaded === 0 || list.hasMore;
  }

  /** The list, created on first use; undefined without a connection, and once disposed: the view
   * may still ask for an element of a tree it has replaced, which must fetch nothing. */
  ensureList(): PagedList<T> | undefined {
    if (this.disposed) return undefined;
    if (!this.list) {
      const client = this.ctx.client();
      if (!client) return undefined;
      const list = this.createList(client);
      this.list = list;
      this.subscription = list.onDidChange(() => this.listChanged(list));
    }
    return this.list;
  }

  override async getChildren(): Promise<TreeNode[]> {
    const list = this.ensureList();
    if (!list) return [];
    // Joins a load in flight (Load more, Load all) instead of starting another one.
    if (list.loading || (list.pagesLoaded === 0 && list.lastError === undefined)) {
      this.renderPending++;
      try {
        await list.loadMore({ signal: this.loads.signal });
      } catch {
        // Rendered below from list.lastError; a cancellation renders what is there.
      } finally {
        this.renderPending--;
      }
    }
    return this.render(list);
  }

  /** Appends exactly the next page (shared with any load in flight). */
  async loadMore(): Promise<void> {
    const list = this.ensureList();
    if (!list) return;
    try {
      await list.loadMore({ signal: this.loads.signal });
    } catch {
      // Shown as an error node by the change listener.
    }
  }

  /** Loads every remaining page until done, failed or cancelled; what was loaded stays. */
  async loadAll(signal?: AbortSignal, onProgress?: (p: LoadProgress) => void): Promise<void> {
    const list = this.ensureList();
    if (!list) return;
    // Stops on the caller's cancel and on this node's refresh or dispose, whichever comes first.
    const own = this.loads.signal;
    const controller = new AbortController();
    const abort = (): void => controller.abort();
    if (own.aborted || signal?.aborted) abort();
    own.addEventListener('abort', abort, { once: true });
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await list.loadAll({ signal: controller.signal, onProgress, concurrency: this.ctx.loadAllConcurrency() });
    } catch {
      // Failure: error node; cancellation: nothing to show.
    } finally {
      own.removeEventListener('abort', abort);
      signal?.removeEventListener('abort', abort);
    }
  }

  /** Tries the failed page again, keeping the pages loaded before it. */
  retry(): Promise<void> {
    return this.loadMore();
  }

  override refresh(): void {
    this.stopLoads();
    this.stopCountdown();
    this.disposeChildren();
    this.lastError = undefined;
    this.errorNode = undefined;
    if (!this.list) this.ctx.changed(this);
    else {
      this.list.reset();
      // A getChildren waiting on the aborted load renders the empty reset list and asks for
      // nothing more: the view must come back for the fresh first page.
      if (this.renderPending > 0) this.ctx.changed(this);
    }
  }

  /** Forgets the list, so the next expand makes a new one (its parameters changed: a filter). */
  protected dropList(): void {
    this.stopLoads();
    this.stopCountdown();
    this.subscription?.dispose();
    this.subscription = undefined;
    this.list?.reset();
    this.list = undefined;
    this.lastError = undefined;
    this.errorNode = undefined;
    this.disposeChildren();
  }

  /** Forgets the list and stops its loads: the node left the tree (nodes are never reused; the
   * tree makes new ones for what it shows again). */
  override dispose(): void {
    this.disposed = true;
    this.dropList();
  }

  /** Aborts every load of this node in flight (a Load all stops); later loads get a new signal. */
  private stopLoads(): void {
    this.loads.abort();
    this.loads = new AbortController();
  }

  private disposeChildren(): void {
    const nodes = [...this.nodes.values()];
    this.nodes.clear();
    for (const node of nodes) node.dispose();
  }

  /** Items shown at most; the rest are counted in `hiddenNode`. */
  protected rowLimit(): number {
    return Infinity;
  }
  /** The last row of a list cut at `rowLimit`: how many are not shown, and where to see them. */
  protected hiddenNode?(hidden: number): TreeNode;

  protected render(list: PagedList<T>): TreeNode[] {
    const limit = this.rowLimit();
    const items = list.items.length > limit ? list.items.slice(0, limit) : list.items;
    const children: TreeNode[] = items.map((item) => this.itemNode(item));
    const hidden = list.items.length - items.length;
    const hiddenNode = hidden > 0 ? this.hiddenNode?.(hidden) : undefined;
    if (hiddenNode) children.push(hiddenNode);
    const error = list.lastError;
    if (error) children.push(this.errorNodeFor(error));
    // The total moved between pages: records may have shifted past the pages read.
    if (list.dataChanged > 0)
      children.push(
        new MessageNode(this, `${this.key}:changed`, dataChangedLabel(this.items, list.dataChanged), 'warning'),
      );
    if (list.pagesLoaded > 0 && list.hasMore) {
      children.push(new LoadMoreNode(this, loadMoreLabel(list.items.length, list.totalResults)), new LoadAllNode(this));
    }
    if (children.length === 0 && list.pagesLoaded > 0) {
      const empty = this.emptyNode();
      if (empty) children.push(empty);
    }
    return children;
  }

  /** One node per item key, kept across renders so expansion state and lists survive. */
  protected itemNode(item: T): TreeNode {
    const key = this.itemKey(item);
    let node = this.nodes.get(key);
    if (!node) {
      node = this.createItemNode(item);
      this.nodes.set(key, node);
    }
    return node;
  }

  private listChanged(list: PagedList<T>): void {
    if (list !== this.list) return;
    const error = list.lastError;
    if (error && error !== this.lastError) {
      this.lastError = error;
      const node = this.errorNodeFor(error);
      if (isApiError(error)) {
        void this.expectedFailure(error).then((expected) => this.ctx.report(error, { expected }));
        this.startCountdown(node, error);
      }
    }
    if (!list.loading && this.renderPending === 0) this.ctx.changed(this);
  }

  /** Whether the failure is a state to wait for, not an error (a list's 409 while a sync runs). */
  protected expectedFailure(error: ApiError): Promise<boolean> {
    return Promise.resolve(error.kind === 'syncInProgress');
  }

  /** The one node shown for `error`, made when the error is first seen (its failure time). */
  private errorNodeFor(error: Error): ErrorNode {
    if (this.errorNode?.error !== error)
      this.errorNode = new ErrorNode(this, error, this.ctx.now(), () => this.ctx.now());
    return this.errorNode;
  }

  /** "Rate limited — retry in 12 s" counts down while the error is shown: the error node alone
   * re-renders each second, not this node's children (a page of 5,000 invoices) or the tree. */
  private startCountdown(node: ErrorNode, error: ApiError): void {
    this.stopCountdown();
    const waitMs = error.retryAfterMs;
    if (error.kind !== 'rateLimited' || waitMs === undefined) return;
    const failedAt = this.ctx.now();
    this.countdown = setInterval(() => {
      if (this.list?.lastError !== error || this.errorNode !== node) {
        this.stopCountdown();
        return;
      }
      if (this.ctx.now() - failedAt > waitMs) this.stopCountdown();
      this.ctx.changed(node);
    }, 1000);
  }

  private stopCountdown(): void {
    if (this.countdown !== undefined) clearInterval(this.countdown);
    this.countdown = undefined;
  }

  protected collapsedItem(label: string): vscode.TreeItem {
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.key;
    return item;
  }
}
