// The account's records in the tree: the companies (root list), a company, its invoice lists (all
// of them, and one per query) and an invoice.
import * as vscode from 'vscode';
import type { Company, DataPlatformClient, Invoice, ListParams, PagedList } from '../api';
import { formatCount } from '../format/amount';
import { companyPlatforms, companyTooltip, invoiceDescription, invoiceLabel, invoiceTooltip, statusIcon, type ListItems } from '../format/labels';
import { t } from '../l10n';
import { queryIdentity } from '../query/canonical';
import { queryNodeLabel } from '../format/queryMessages';
import type { TreeContext } from './context';
import { DataStatusNode } from './dataStatusNode';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';

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
    return new CompanyNode(undefined, this.ctx, item);
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
    const children = super.render(list);
    for (const c of list.items) this.extras.delete(c.id);
    if (this.extras.size === 0) return children;
    // After the loaded companies, before the error and Load more nodes.
    const n = list.items.length;
    return [...children.slice(0, n), ...[...this.extras.values()].map((c) => this.itemNode(c)), ...children.slice(n)];
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

export class CompanyNode extends TreeNode {
  readonly invoices: InvoicesNode;
  readonly dataStatus: DataStatusNode;
  /** Filtered invoice lists (Run query…), oldest first, shown after Invoices and the status. */
  private readonly queryNodes: QueryNode[] = [];

  constructor(
    parent: TreeNode | undefined,
    private readonly ctx: TreeContext,
    readonly company: Company,
  ) {
    super(parent);
    this.invoices = new InvoicesNode(this, ctx, company);
    this.dataStatus = new DataStatusNode(this, ctx, company);
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.company;
    const item = new vscode.TreeItem(c.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `company:${c.id}`;
    item.iconPath = new vscode.ThemeIcon('organization');
    item.description = companyPlatforms(c).join(', ') || undefined;
    item.tooltip = new vscode.MarkdownString(companyTooltip(c));
    item.contextValue = 'company';
    return item;
  }

  override getChildren(): TreeNode[] {
    this.dataStatus.ensureLoaded();
    return [this.invoices, this.dataStatus, ...this.queryNodes];
  }

  get queries(): readonly QueryNode[] {
    return this.queryNodes;
  }

  /** Adds a query node, or returns the one with the same filter and order (nothing is fetched
   * until it is expanded). */
  addQuery(query: InvoiceQuery): QueryNode {
    const node = new QueryNode(this, this.ctx, this.company, query);
    const existing = this.queryNodes.find((q) => q.key === node.key);
    if (existing) return existing;
    this.queryNodes.push(node);
    this.ctx.changed(this);
    return node;
  }

  /** Edits a query node's filter in place: a new node at the same position. */
  replaceQuery(old: QueryNode, query: InvoiceQuery): QueryNode {
    const index = this.queryNodes.indexOf(old);
    if (index < 0) return this.addQuery(query);
    const node = new QueryNode(this, this.ctx, this.company, query);
    const duplicate = this.queryNodes.find((q) => q !== old && q.key === node.key);
    this.queryNodes.splice(index, 1);
    old.dispose();
    if (duplicate) {
      this.ctx.changed(this);
      return duplicate;
    }
    this.queryNodes.splice(index, 0, node);
    this.ctx.changed(this);
    return node;
  }

  removeQuery(node: QueryNode): boolean {
    const index = this.queryNodes.indexOf(node);
    if (index < 0) return false;
    this.queryNodes.splice(index, 1);
    node.dispose();
    this.ctx.changed(this);
    return true;
  }

  /** A company's refresh reloads what it holds: its invoices, their status and its queries. */
  override refresh(): void {
    this.invoices.refresh();
    this.dataStatus.refresh();
    for (const q of this.queryNodes) q.refresh();
  }

  /** The company left the tree: stop its invoices, status and query loads. */
  override dispose(): void {
    this.invoices.dispose();
    this.dataStatus.dispose();
    for (const q of this.queryNodes) q.dispose();
  }

  /** The record, for Copy as JSON. */
  get record(): Company {
    return this.company;
  }
}

export interface InvoiceQuery extends Omit<ListParams, 'page' | 'pageSize'> {
  /** Shown instead of the filter text on a query node. */
  label?: string;
}

/** A list of a company's invoices, fetched only when expanded: its Invoices node, or a query node. */
export abstract class InvoiceListNode extends PagedNode<Invoice> {
  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    readonly company: Company,
    readonly query: InvoiceQuery,
  ) {
    super(parent, ctx);
  }

  get items(): ListItems {
    return 'invoices';
  }

  protected createList(client: DataPlatformClient): PagedList<Invoice> {
    const { query, orderBy } = this.query;
    return client.invoiceList(this.company.id, { pageSize: this.ctx.pageSize(), query, orderBy });
  }
  protected itemKey(item: Invoice): string {
    return item.id;
  }
  protected createItemNode(item: Invoice): TreeNode {
    return new InvoiceNode(this, this.company, item);
  }
}

/** The company's invoices, all of them. */
export class InvoicesNode extends InvoiceListNode {
  constructor(parent: TreeNode, ctx: TreeContext, company: Company) {
    super(parent, ctx, company, {});
  }

  get key(): string {
    return `invoices:${this.company.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const total = this.pagedList?.totalResults;
    const item = this.collapsedItem(t('Invoices'));
    item.iconPath = new vscode.ThemeIcon('files');
    if (total !== undefined) item.description = formatCount(total);
    item.contextValue = 'invoices';
    return item;
  }
}

/** A Run query… node: the company's invoices filtered and/or ordered. */
export class QueryNode extends InvoiceListNode {
  get key(): string {
    // By meaning, not spelling: `status = Paid` finds the node `status=Paid` made.
    return `invoices:${this.company.id}:query:${queryIdentity(this.query.query, this.query.orderBy)}`;
  }

  getTreeItem(): vscode.TreeItem {
    const total = this.pagedList?.totalResults;
    // "status=Paid — 123 invoices": the count arrives with the first page.
    const text = this.query.label ?? this.query.query ?? t('All invoices');
    const item = this.collapsedItem(queryNodeLabel(text, total));
    item.iconPath = new vscode.ThemeIcon('filter');
    if (this.query.orderBy) item.description = t('orderBy {0}', this.query.orderBy);
    item.tooltip = [
      t('Invoices of {0}', this.company.name),
      this.query.query !== undefined ? t('query: {0}', this.query.query) : t('query: (none)'),
      ...(this.query.orderBy ? [t('orderBy: {0}', this.query.orderBy)] : []),
    ].join('\n');
    item.contextValue = 'invoices;query';
    return item;
  }
}

export class InvoiceNode extends TreeNode {
  constructor(
    parent: TreeNode,
    readonly company: Company,
    readonly invoice: Invoice,
  ) {
    super(parent);
  }

  getTreeItem(): vscode.TreeItem {
    const inv = this.invoice;
    const item = new vscode.TreeItem(invoiceLabel(inv));
    item.id = `invoice:${this.company.id}:${(this.parent as InvoiceListNode).key}:${inv.id}`;
    item.description = invoiceDescription(inv);
    const icon = statusIcon(inv.status);
    item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    item.tooltip = new vscode.MarkdownString(invoiceTooltip(inv));
    item.contextValue = 'invoice';
    // A click opens the JSON in a preview tab, as a click on a file does.
    item.command = { command: 'dataPlatform.openInvoice', title: t('Open JSON'), arguments: [this] };
    return item;
  }

  get record(): Invoice {
    return this.invoice;
  }
}
