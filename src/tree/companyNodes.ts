// The account in the tree: the companies (root list) and a company, under which sit its Data
// folder (src/tree/dataNodes.ts) and its query nodes.
import * as vscode from 'vscode';
import type { Company, DataConnection, DataPlatformClient, PagedList } from '../api/index';
import type { DataTypeId } from '../dataTypes/catalog';
import type { AccountRef } from '../diagnostics/reporter';
import { emptyWithoutLinkText, noLinkedConnectionText } from '../format/connectionLabels';
import { companyPlatforms, companyTooltip, type ListItems } from '../format/labels';
import { t } from '../l10n';
import type { TreeContext } from './context';
import { CompanyDataStatus } from './dataStatus';
import { CompanyQueries } from './companyQueries';
import { ConnectionsFolderNode } from './connectionNodes';
import { companyContext } from './contextValues';
import { withFound } from './foundItems';
import { DataFolderNode, type DataTypeNode, type QueryNode, type QueryOwner, type RecordQuery } from './dataNodes';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';
import { PushHistoryNode } from './pushNodes';
import { SyncHistoryNode } from './syncHistory';

/** The invisible root: its children are the view's top-level items. */
export class CompaniesRoot extends PagedNode<Company> {
  /** Companies shown before the page holding them is loaded (picked from a search), after the
   * loaded ones; each moves to its place, keeping its node, when its page arrives. */
  private readonly extras = new Map<string, Company>();

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
    return client.companyList({ pageSize: this.ctx.pageSize() });
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

  protected override render(list: PagedList<Company>): TreeNode[] {
    const loaded = list.items.map((c) => c.id);
    return withFound(super.render(list), loaded, this.extras, (c) => this.itemNode(c));
  }

  override refresh(): void {
    this.extras.clear();
    super.refresh();
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
  /** The company's pushes, newest first, and the ones of this window followed live. */
  readonly pushHistory: PushHistoryNode;
  /** The company's syncs (pull operations), newest first. */
  readonly syncHistory: SyncHistoryNode;
  /** Filtered lists (Run query…), shown after the Data folder, pinned ones first; restored from
   * the query store when this node is made. */
  readonly queryList: CompanyQueries;

  constructor(
    parent: TreeNode | undefined,
    private readonly ctx: TreeContext,
    readonly company: Company,
  ) {
    super(parent);
    // A type node shows its status until its list has a count; one whose list is loaded is not
    // re-rendered for it (that would render its thousands of records again).
    // A failed query node too: its 409 reads by the status.
    this.dataStatus = new CompanyDataStatus(ctx, company, () => {
      for (const node of this.data.typeNodes) if (node.pagedList?.totalResults === undefined) ctx.changed(node);
      for (const node of this.queryList.all) if (node.pagedList?.lastError !== undefined) ctx.changed(node);
    });
    this.data = new DataFolderNode(this, ctx);
    this.connections = new ConnectionsFolderNode(this, ctx);
    this.pushHistory = new PushHistoryNode(this, ctx);
    this.syncHistory = new SyncHistoryNode(this, ctx);
    this.queryList = new CompanyQueries(this, ctx);
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
    item.iconPath = new vscode.ThemeIcon('organization');
    const known = this.withConnections;
    const noLink = noLinkedConnectionText(known);
    item.description = [companyPlatforms(known).join(', '), noLink].filter((p) => !!p).join(' · ') || undefined;
    item.tooltip = new vscode.MarkdownString(companyTooltip(c));
    item.contextValue = companyContext();
    return item;
  }

  override getChildren(): TreeNode[] {
    this.dataStatus.ensureLoaded();
    return [this.data, this.connections, this.pushHistory, this.syncHistory, ...this.queryList.all];
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

  get queries(): readonly QueryNode[] {
    return this.queryList.all;
  }

  /** Adds a query node, or returns the one with the same type, filter and order (nothing is
   * fetched until it is expanded). */
  addQuery(query: RecordQuery, type: DataTypeId = 'invoices'): QueryNode {
    return this.queryList.add(query, type);
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
    this.data.refresh();
    this.connections.refresh();
    this.pushHistory.refresh();
    this.syncHistory.refresh();
    this.queryList.refresh();
  }

  /** The company left the tree: stop its lists', statuses' and queries' loads. */
  override dispose(): void {
    this.data.dispose();
    this.connections.dispose();
    this.pushHistory.dispose();
    this.syncHistory.dispose();
    this.dataStatus.dispose();
    this.queryList.dispose();
  }

  /** The record, for Copy as JSON. */
  get record(): Company {
    return this.company;
  }
}
