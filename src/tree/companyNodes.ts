// The account in the tree: the companies (root list) and a company, under which sit its Data
// folder (src/tree/dataNodes.ts) and its query nodes.
import * as vscode from 'vscode';
import {
  isApiError,
  type Company,
  type CompanyListParams,
  type DataConnection,
  type DataPlatformClient,
  type PagedList,
} from '../api/index';
import { dataType, type DataTypeId } from '../dataTypes/catalog';
import type { AccountRef } from '../diagnostics/reporter';
import { emptyWithoutLinkText, noLinkedConnectionText } from '../format/connectionLabels';
import {
  companyGoneLabel,
  companyGoneMessage,
  companyGoneTooltip,
  companyPlatforms,
  companyTooltip,
  type ListItems,
} from '../format/labels';
import { t } from '../l10n';
import type { TreeContext } from './context';
import { CompanyDataStatus } from './dataStatus';
import { CompanyQueries } from './companyQueries';
import { ConnectionsFolderNode } from './connectionNodes';
import { companyContext } from './contextValues';
import { withFound } from './foundItems';
import { DataFolderNode, type DataTypeNode, type RecordQuery } from './dataNodes';
import type { ListSpot } from './typePlaces';
import type { QueryNode, QueryOwner } from './queryNode';
import { MessageNode } from './leafNodes';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';
import { PushHistoryNode } from './pushNodes';
import { companyInfoTooltip, ReportsFolderNode } from './reportNodes';
import { SyncHistoryNode } from './syncHistory';

/** The invisible root: its children are the view's top-level items. */
export class CompaniesRoot extends PagedNode<Company> {
  /** Companies shown before the page holding them is loaded (picked from a search), after the
   * loaded ones; each moves to its place, keeping its node, when its page arrives. */
  private readonly extras = new Map<string, Company>();
  /** Companies deleted in this window: gone from the view at once, before the list is read again
   * (the list itself is not edited; its next load no longer has them). */
  private readonly removed = new Set<string>();

  constructor(ctx: TreeContext) {
    super(undefined, ctx);
  }
  get key(): string {
    return 'companies';
  }
  get items(): ListItems {
    return 'companies';
  }
  getTreeItem(): vscode.TreeItem {
    return new vscode.TreeItem(t('Companies'), vscode.TreeItemCollapsibleState.Expanded);
  }
  /** An account without companies shows the view's welcome content instead. */
  protected override emptyNode(): TreeNode | undefined {
    return undefined;
  }
  protected createList(client: DataPlatformClient): PagedList<Company> {
    return client.companyList({ pageSize: this.ctx.pageSize(), ...this.listFilter() });
  }
  /** What narrows the list (an account's tag filter); nothing here. */
  protected listFilter(): Pick<CompanyListParams, 'tags'> {
    return {};
  }
  protected itemKey(item: Company): string {
    return item.id;
  }
  protected createItemNode(item: Company): TreeNode {
    // Its parent is this root, so a command finds the company's account by walking up; the view
    // shows no parent for it while the root is invisible (one account: see the provider).
    return new CompanyNode(this, this.ctx, item);
  }
  /** A shown company node by id, for reveal and tests. */
  companyNode(companyId: string): CompanyNode | undefined {
    if (this.removed.has(companyId)) return undefined;
    const company = this.pagedList?.items.find((c) => c.id === companyId) ?? this.extras.get(companyId);
    return company ? (this.itemNode(company) as CompanyNode) : undefined;
  }

  /** The company's node, shown at once: a company found by a search deep in a large account is
   * not worth paging the whole list for (one request per page). */
  showCompany(company: Company): CompanyNode | undefined {
    if (!this.ensureList()) return undefined;
    const shown = this.companyNode(company.id);
    if (shown) return shown;
    this.extras.set(company.id, company);
    this.ctx.changed(this);
    return this.companyNode(company.id);
  }

  /** A company deleted: its node leaves the view (its loads stopped, its saved queries
   * forgotten) without reading the list again. */
  removeCompany(companyId: string): void {
    const node = this.companyNode(companyId);
    this.removed.add(companyId);
    this.extras.delete(companyId);
    node?.queryList.forgetAll();
    node?.dispose();
    this.ctx.changed(this);
  }

  protected override render(list: PagedList<Company>): TreeNode[] {
    const loaded = list.items.map((c) => c.id);
    const shown = withFound(super.render(list), loaded, this.extras, (c) => this.itemNode(c));
    return shown.filter((n) => !(n instanceof CompanyNode && this.removed.has(n.company.id)));
  }

  override refresh(): void {
    this.extras.clear();
    this.removed.clear();
    super.refresh();
  }

  /** The list is made again with other parameters (a tag filter set or cleared). */
  protected override dropList(): void {
    this.extras.clear();
    this.removed.clear();
    super.dropList();
  }

  override dispose(): void {
    this.extras.clear();
    super.dispose();
  }
}

export class CompanyNode extends TreeNode implements QueryOwner {
  /** The data set statuses of every type, one request shared by the type nodes. */
  readonly dataStatus: CompanyDataStatus;
  readonly data: DataFolderNode;
  /** The company's data connections, after Data. */
  readonly connections: ConnectionsFolderNode;
  /** The connections as last read whole (the Connections folder, a watch): newer than the
   * company's `dataConnections`, which come with the companies list. */
  private connectionsSeen?: readonly DataConnection[];
  /** Its statements, aged reports and info, after Connections. */
  readonly reports: ReportsFolderNode;
  /** The company's pushes, newest first, and the ones of this window followed live. */
  readonly pushHistory: PushHistoryNode;
  /** The company's syncs (pull operations), newest first. */
  readonly syncHistory: SyncHistoryNode;
  /** Filtered lists (Run query…), shown after the Data folder, pinned ones first; restored from
   * the query store when this node is made. */
  readonly queryList: CompanyQueries;
  private current: Company;
  /** The API answered 404 for the company: deleted elsewhere. */
  private deleted = false;

  constructor(
    parent: TreeNode | undefined,
    private readonly ctx: TreeContext,
    company: Company,
  ) {
    super(parent);
    this.current = company;
    // A type node shows its status until its list has a count; one whose list is loaded is not
    // re-rendered for it (that would render its thousands of records again).
    // A failed query node too: its 409 reads by the status.
    this.dataStatus = new CompanyDataStatus(ctx, company, () => {
      for (const node of [...this.data.typeNodes, ...this.connections.typeNodes()])
        if (node.pagedList?.totalResults === undefined) ctx.changed(node);
      for (const node of this.queryList.all) if (node.pagedList?.lastError !== undefined) ctx.changed(node);
      const error = this.dataStatus.error;
      if (isApiError(error) && error.kind === 'notFound') this.markDeleted();
    });
    this.data = new DataFolderNode(this, ctx);
    this.connections = new ConnectionsFolderNode(this, ctx);
    this.pushHistory = new PushHistoryNode(this, ctx);
    this.syncHistory = new SyncHistoryNode(this, ctx);
    this.reports = new ReportsFolderNode(this, ctx);
    this.queryList = new CompanyQueries(this, ctx);
  }

  /** The company as last read (an edit shows at once, in place). */
  get company(): Company {
    return this.current;
  }

  /** Whether the API answered 404 for the company (deleted elsewhere). */
  get isDeleted(): boolean {
    return this.deleted;
  }

  /** Shows the company as the API now has it (after Edit Company): the row changes, its children
   * and expansion stay. */
  update(company: Company): void {
    this.current = company;
    this.ctx.changed(this);
  }

  /** The company is gone from the API (a 404): its row says so and offers Refresh of the list;
   * what it still had loading stops. */
  markDeleted(): void {
    if (this.deleted) return;
    this.deleted = true;
    this.stopLoads();
    this.ctx.changed(this);
  }

  /** The account the company belongs to (its id scopes anything kept per company). */
  get account(): AccountRef {
    return this.ctx.account();
  }

  /** The company's invoices node, under the Data folder. */
  get invoices(): DataTypeNode {
    return this.data.type('invoices');
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.company;
    const item = new vscode.TreeItem(c.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `company:${c.id}`;
    item.contextValue = companyContext({ deleted: this.deleted });
    if (this.deleted) {
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.description = companyGoneLabel();
      item.tooltip = new vscode.MarkdownString(companyGoneTooltip(c));
      return item;
    }
    item.iconPath = new vscode.ThemeIcon('organization');
    const known = this.withConnections;
    const noLink = noLinkedConnectionText(known);
    item.description = [companyPlatforms(known).join(', '), noLink].filter((p) => !!p).join(' · ') || undefined;
    item.tooltip = new vscode.MarkdownString(companyTooltip(c) + companyInfoTooltip(this.reports.info.info));
    return item;
  }

  override getChildren(): TreeNode[] {
    if (this.deleted)
      return [new MessageNode(this, `company:${this.company.id}:deleted`, companyGoneMessage(), 'warning')];
    this.dataStatus.ensureLoaded();
    return [this.data, this.connections, this.reports, this.pushHistory, this.syncHistory, ...this.queryList.all];
  }

  /** The company with its connections as last seen. */
  get withConnections(): Company {
    const seen = this.connectionsSeen;
    return seen ? { ...this.company, dataConnections: [...seen] } : this.company;
  }

  /** The connections were read whole: the row and the data types' empty states go by them. */
  connectionsRead(connections: readonly DataConnection[]): void {
    const before = noLinkedConnectionText(this.withConnections);
    this.connectionsSeen = connections;
    if (noLinkedConnectionText(this.withConnections) === before) return;
    this.ctx.changed(this);
  }

  /** Why a data type's list is empty when no connection is Linked; undefined when one is (or
   * the company's connections are not known). */
  emptyWhy(): string | undefined {
    const known = this.withConnections;
    return noLinkedConnectionText(known) === undefined ? undefined : emptyWithoutLinkText(known);
  }

  /** The lists showing a type's records, to load again after a sync or a push: its node in the
   * Data folder, or under each connection shown; for a type under a parent record, the lists of
   * the parent's type (whose records hold its lists, made again when expanded). */
  listsOf(type: DataTypeId): DataTypeNode[] {
    const spec = dataType(type);
    if (spec.parent) return this.listsOf(spec.parent.type);
    if (spec.scope !== 'connection') return [this.data.type(type)];
    return this.connections.typeNodes().filter((n) => n.spec.id === type);
  }

  get queries(): readonly QueryNode[] {
    return this.queryList.all;
  }

  /** Adds a query node, or returns the one with the same type, place, filter and order (nothing
   * is fetched until it is expanded). */
  addQuery(query: RecordQuery, type: DataTypeId = 'invoices', spot: ListSpot = {}): QueryNode {
    return this.queryList.add(query, type, spot);
  }

  /** Edits a query node's filter in place: a new node of the same type at the same position. */
  replaceQuery(old: QueryNode, query: RecordQuery): QueryNode {
    return this.queryList.replace(old, query);
  }

  removeQuery(node: QueryNode): boolean {
    return this.queryList.remove(node);
  }

  /** A company's refresh reloads what it holds: its data statuses and lists, and its queries. */
  override refresh(): void {
    // Deleted elsewhere: nothing under it can load; the list is read again, without it.
    if (this.deleted) return this.parent?.refresh();
    this.data.refresh();
    this.connections.refresh();
    this.pushHistory.refresh();
    this.syncHistory.refresh();
    this.reports.refresh();
    this.queryList.refresh();
  }

  /** The company left the tree: stop its lists', statuses' and queries' loads. */
  override dispose(): void {
    this.stopLoads();
  }

  private stopLoads(): void {
    this.data.dispose();
    this.connections.dispose();
    this.pushHistory.dispose();
    this.syncHistory.dispose();
    this.reports.dispose();
    this.dataStatus.dispose();
    this.queryList.dispose();
  }

  /** The record, for Copy as JSON. */
  get record(): Company {
    return this.company;
  }
}
