// One table panel: follows one tree list (a PagedList of a RecordListNode) and tells its page what
// changed. The rows are the list's own items, never fetched again; they and their order (a sort,
// the quick filter: the domain code of src/table) stay here. The page holds a window of them: it
// gets the count and asks for the ranges it shows, by the epoch of the order they are placed in.
import * as vscode from 'vscode';
import type { PagedList } from '../api';
import type { RecordRow } from '../dataTypes/rows';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import { tableColumns, type TableColumn } from '../table/columns';
import { GridModel } from '../table/grid';
import { moveColumn, parsePrefs, prefsKey, prefsOf, shownColumns } from '../table/prefs';
import type { RecordListNode } from '../tree/dataNodes';
import { formatCount } from '../util/amount';
import type { TableHostToPage, ListStatus, ViewMessage } from './tableProtocol';
import type { ListRef } from '../table/listRef';
import { rowsAnswer, sameOrder } from '../table/window';

type TableSort = { column: string; descending: boolean; scope: 'loaded' | 'list' };

interface ViewHost {
  globalState: vscode.Memento;
  post(message: TableHostToPage): void;
}

/** The grid of one list node, and what the page was sent of it. */
export class TableView {
  node?: RecordListNode;
  ref: ListRef;
  sort?: TableSort;
  filter = '';
  /** The list is being looked for in a rebuilt tree (one search at a time). */
  finding = false;
  private list?: PagedList<RecordRow>;
  private listSubscription?: { dispose(): void };
  readonly columns: readonly TableColumn[];
  shown: string[];
  readonly grid: GridModel;
  /** The page has said `ready` and holds what it was sent since; a hidden page holds nothing. */
  private ready = false;
  /** The order the page was last told of (undefined: every row as held), and its epoch. */
  private order?: Uint32Array;
  private epoch = 0;
  /** Where the page was when it was saved, given back with the next init (a restored panel). */
  restore?: { scrollRow: number; focus?: { row: number; column: number } };

  constructor(
    ref: ListRef,
    private readonly host: ViewHost,
  ) {
    this.ref = ref;
    this.columns = tableColumns(ref.dataType);
    this.grid = new GridModel(this.columns);
    const all = this.columns.map((c) => c.id);
    this.shown = shownColumns(all, parsePrefs(host.globalState.get(prefsKey(ref.dataType))));
  }

  get followed(): PagedList<RecordRow> | undefined {
    return this.list;
  }

  /** Follows `node`'s list from now on (its first page loaded if it has none yet). */
  attach(node: RecordListNode, ref: ListRef): void {
    this.node = node;
    this.ref = ref;
    this.listSubscription?.dispose();
    const list = node.ensureList();
    this.list = list;
    this.grid.clear();
    this.listSubscription = list?.onDidChange(() => this.listChanged());
    this.listChanged();
    if (list && list.pagesLoaded === 0 && !list.loading && !list.lastError) void node.loadMore();
  }

  /** The page (re)loaded: it holds nothing yet. */
  pageReady(): void {
    this.ready = true;
    this.sendInit();
  }

  pageGone(): void {
    this.ready = false;
  }

  dispose(): void {
    this.listSubscription?.dispose();
    this.listSubscription = undefined;
  }

  /** What the list holds now against what the grid holds: new rows appended, a reset list (fewer
   * rows, or another first row) sent afresh, otherwise only its status. */
  listChanged(): void {
    const items = this.list?.items ?? [];
    const size = this.grid.size;
    if (items.length < size || (size > 0 && items[0]?.id !== this.grid.idAt(0))) {
      this.grid.clear();
      this.grid.append(items);
      this.sendInit();
      // A refreshed list starts again from its first page, whether or not the tree shows it.
      const list = this.list;
      if (list && list.pagesLoaded === 0 && !list.loading && !list.lastError) void this.node?.loadMore();
      return;
    }
    // Rows appended to an unsorted, unfiltered grid keep the places of those before (same epoch).
    if (items.length > size) this.grid.append(items.slice(size));
    this.sendView();
  }

  sendInit(): void {
    if (!this.ready) return;
    const title = this.node ? titleOf(this.node) : this.ref.dataType;
    const restore = this.restore;
    this.restore = undefined;
    this.host.post({ ...this.viewOf(true), type: 'init', title, list: this.ref, ...(restore ? { restore } : {}) });
  }

  /** The page asks for rows [start, end) of the order of `epoch`: an older epoch's go unanswered
   * (the page asks again when it hears of the new one). */
  sendRows(epoch: number, start: number, end: number): void {
    if (!this.ready || epoch !== this.epoch) return;
    const answer = rowsAnswer(this.grid, this.order, epoch, start, end);
    if (answer) this.host.post(answer);
  }

  sendView(): void {
    if (this.ready) this.host.post(this.viewOf());
  }

  /** A header clicked: sorted by that column, ascending first, then the other way. */
  sortBy(column: string): void {
    if (!this.columns.some((c) => c.id === column)) return;
    const descending = this.sort?.column === column && !this.sort.descending;
    this.sort = { column, descending, scope: 'loaded' };
    this.sendView();
  }

  filterBy(text: string): void {
    this.filter = text;
    this.sendView();
  }

  /** Shows `shown` (ids of the type's columns, in order), remembered for the type. */
  setShown(shown: readonly string[]): void {
    const all = this.columns.map((c) => c.id);
    const prefs = prefsOf(all, shown);
    if (prefs.shown.length === 0) return;
    this.shown = [...prefs.shown];
    void this.host.globalState.update(prefsKey(this.ref.dataType), prefs);
    this.sendView();
  }

  move(column: string, delta: number): void {
    this.setShown(moveColumn(this.shown, column, delta));
  }

  /** The view, a new epoch when the order changed (or `fresh`: other rows at the same places). */
  private viewOf(fresh = false): ViewMessage {
    const local = this.sort?.scope === 'loaded' ? this.sort : undefined;
    const order = this.grid.order(local, this.filter, this.shown);
    if (fresh || !sameOrder(order, this.order)) this.epoch++;
    this.order = order;
    return {
      type: 'view',
      columns: this.columns.map((c) => ({ id: c.id, numeric: c.kind === 'number' })),
      shown: this.shown,
      ...(this.sort ? { sort: this.sort } : {}),
      filter: this.filter,
      epoch: this.epoch,
      rowCount: order ? order.length : this.grid.size,
      loaded: this.grid.size,
      status: this.status(),
    };
  }

  private status(): ListStatus {
    const list = this.list;
    const loaded = this.grid.size;
    const total = list?.totalResults;
    const hasMore = list !== undefined && list.hasMore && (list.pagesLoaded > 0 || list.loading);
    const count =
      total !== undefined && hasMore
        ? t('{0} of {1} loaded', formatCount(loaded), formatCount(total))
        : t('{0} loaded', formatCount(loaded));
    const sortNote =
      this.sort?.scope === 'loaded' && hasMore
        ? t(
            'Sorted by {0}: {1} loaded of {2}; the rest of the list is not loaded.',
            this.sort.column,
            formatCount(loaded),
            total !== undefined ? formatCount(total) : '?',
          )
        : undefined;
    const error = !list ? t('This list is no longer in the Data Platform view.') : list.lastError?.message;
    return {
      count,
      hasMore,
      loading: list?.loading ?? false,
      ...(sortNote ? { sortNote } : {}),
      ...(error ? { error } : {}),
    };
  }
}

/** The panel's title: the list's type and company, and its query if it is one. */
export function titleOf(node: RecordListNode): string {
  const { query, orderBy } = node.query;
  const what = [query, orderBy ? t('orderBy {0}', orderBy) : undefined].filter((p) => p !== undefined).join(' · ');
  return what
    ? t('{0} of {1}: {2}', typeTitle(node.spec.id), node.company.name, what)
    : t('{0} of {1}', typeTitle(node.spec.id), node.company.name);
}
