// A company's data in the tree: the Data folder, one node per data type under it (each a lazily
// paged list of the type's records showing its data set's status) and a record. A list has a
// place below its company (src/api ListPlace): a connection-scoped type is listed under each
// connection, a type with a parent under each record of that parent's type, by the same nodes.
// Everything per type comes from the catalog; query nodes are in queryNode.ts.
import * as vscode from 'vscode';
import {
  isApiError,
  type ApiError,
  type Company,
  type DataPlatformClient,
  type ListParams,
  type ListPlace,
  type PagedList,
} from '../api';
import type { DataTypeId, DataTypeSpec } from '../dataTypes/catalog';
import type { RecordRow } from '../dataTypes/rows';
import { typeTitle } from '../dataTypes/words';
import { formatCount } from '../util/amount';
import { dataSetDescription, dataSetTooltip, isSyncRunning, type DataSetStatus } from '../format/labels';
import { recordDescription, recordIcon, recordLabel, recordTooltip } from '../format/recordLabels';
import { t } from '../l10n';
import { maxTreeRows } from '../settings';
import { AttachmentsFolderNode } from './attachmentNodes';
import type { TreeContext } from './context';
import { dataFolderContext, listContext, plainContext, recordContext } from './contextValues';
import type { CompanyDataStatus } from './dataStatus';
import { ErrorNode, MessageNode } from './leafNodes';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';
import { childTypes, DATA_FOLDER_TYPES, spotKey, type ListSpot } from './typePlaces';

export type RecordQuery = Omit<ListParams, 'page' | 'pageSize'>;

/** What a list needs of its company node (an interface, so this file does not import that one):
 * the company and its data set statuses. */
export interface ListOwner extends TreeNode {
  readonly company: Company;
  readonly dataStatus: CompanyDataStatus;
  /** Why the company's lists are empty, when it is known (no connection is Linked). */
  emptyWhy?(): string | undefined;
}

/** A list of a company's records of one type at one place, fetched only when expanded: the
 * type's node (under the Data folder, a connection or a parent record), or a query node. It keeps
 * each record's row (src/dataTypes/rows.ts). */
export abstract class RecordListNode extends PagedNode<RecordRow> {
  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    readonly owner: ListOwner,
    readonly spec: DataTypeSpec,
    readonly query: RecordQuery,
    readonly spot: ListSpot = {},
  ) {
    super(parent, ctx);
  }

  get company(): Company {
    return this.owner.company;
  }

  /** Where the client lists the records: the company, and the connection and parent record ids. */
  get place(): ListPlace {
    const { connectionId, parentId } = this.spot;
    return {
      companyId: this.company.id,
      ...(connectionId !== undefined ? { connectionId } : {}),
      ...(parentId !== undefined ? { parentId } : {}),
    };
  }

  /** The tooltip's line naming the spot, if any. */
  protected spotLines(): string[] {
    return this.spot.name !== undefined ? [t('In: {0}', this.spot.name)] : [];
  }

  get dataType(): DataTypeId {
    return this.spec.id;
  }

  get items(): DataTypeId {
    return this.spec.id;
  }

  /** The data set status of the type, once the company's statuses are loaded. */
  dataSetStatus(): DataSetStatus {
    const status = this.owner.dataStatus;
    return status.state === 'loaded' ? status.of(this.spec.id) : undefined;
  }

  /** A sync in progress, told by the API's 409 and the data status read after it: the user waits for
   * it (often after queueing it), nothing is wrong. */
  protected override async expectedFailure(error: ApiError): Promise<boolean> {
    if (error.kind !== 'dataSetNotRequested') return super.expectedFailure(error);
    await this.owner.dataStatus.settled().catch(() => undefined);
    return isSyncRunning(this.dataSetStatus()) || this.notLinked(error) !== undefined;
  }

  /** A 409 is Codat's one answer for "not requested" and "still syncing": the company's data status,
   * if still loading, is waited for so the error reads right when first shown. */
  override async getChildren(): Promise<TreeNode[]> {
    const children = await super.getChildren();
    const error = this.pagedList?.lastError;
    const list = this.pagedList;
    if (isApiError(error) && error.status === 409 && this.owner.dataStatus.state !== 'loaded') {
      await this.owner.dataStatus.settled().catch(() => undefined);
      // Rendered again: what the 409 means may read differently by the status (no connection).
      if (list === this.pagedList && list?.lastError === error) return this.render(list);
    }
    return children;
  }

  protected createList(client: DataPlatformClient): PagedList<RecordRow> {
    const { query, orderBy } = this.query;
    return client.recordRows(this.spec.id, this.place, { pageSize: this.ctx.pageSize(), query, orderBy });
  }
  protected itemKey(item: RecordRow): string {
    return item.id;
  }
  protected createItemNode(item: RecordRow): TreeNode {
    return new RecordNode(this, this.company, this.spec, item, this.ctx);
  }
  protected override rowLimit(): number {
    return maxTreeRows();
  }
  protected override hiddenNode(hidden: number): TreeNode {
    return new HiddenRowsNode(this, hidden);
  }
  /** An empty list of a company without a Linked connection says that is why. */
  protected override emptyNode(): TreeNode | undefined {
    const why = this.owner.emptyWhy?.();
    return why ? new MessageNode(this, `${this.key}:empty`, why, 'plug') : super.emptyNode();
  }
  /** Without a Linked connection nothing was ever synced: the API's 409 "not requested" is that,
   * not a failure, and reads as the reason (Queue Sync could not help). */
  protected override render(list: PagedList<RecordRow>): TreeNode[] {
    const children = super.render(list);
    const why = this.notLinked(list.lastError);
    return why
      ? children.map((c) => (c instanceof ErrorNode ? new MessageNode(this, `${this.key}:empty`, why, 'plug') : c))
      : children;
  }
  /** Why a 409 is no failure when no connection is Linked; not while a sync runs (the statuses,
   * once loaded, tell), which is the other thing the 409 means. */
  private notLinked(error: Error | undefined): string | undefined {
    if (!isApiError(error) || error.kind !== 'dataSetNotRequested') return undefined;
    if (this.owner.dataStatus.state !== 'loaded' || isSyncRunning(this.dataSetStatus())) return undefined;
    return this.owner.emptyWhy?.();
  }
}

/** The last row of a list longer than dataPlatform.maxTreeRows: a click exports every record. */
class HiddenRowsNode extends TreeNode {
  constructor(
    private readonly list: RecordListNode,
    private readonly hidden: number,
  ) {
    super(list);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(t('{0} more not shown: Export… writes them all', formatCount(this.hidden)));
    item.id = `${this.list.key}:hidden`;
    item.iconPath = new vscode.ThemeIcon('info');
    item.tooltip = t(
      'The tree shows the first {0} records (setting dataPlatform.maxTreeRows); Export… writes every record.',
      formatCount(maxTreeRows()),
    );
    item.contextValue = plainContext('message');
    item.command = { command: 'dataPlatform.exportRecords', title: t('Export…'), arguments: [this.list] };
    return item;
  }
}

/** All the records of one type at its place, with its data set's status. */
export class DataTypeNode extends RecordListNode {
  constructor(parent: TreeNode, ctx: TreeContext, owner: ListOwner, spec: DataTypeSpec, spot: ListSpot = {}) {
    super(parent, ctx, owner, spec, {}, spot);
  }

  get key(): string {
    return `${this.spec.id}:${this.company.id}${spotKey(this.spot)}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = this.collapsedItem(typeTitle(this.spec.id));
    item.iconPath = new vscode.ThemeIcon(this.spec.icon);
    const total = this.pagedList?.totalResults;
    const status = this.owner.dataStatus;
    const lines = [typeTitle(this.spec.id), ...this.spotLines()];
    if (status.state === 'loaded') lines.push(...dataSetTooltip(status.of(this.spec.id)));
    if (status.state === 'failed') lines.push(t('Data set status unavailable: {0}', status.error?.message ?? ''));
    if (total !== undefined) {
      // Once loaded, the count; before, the data set's status.
      item.description = formatCount(total);
      lines.push(t('Records: {0}', formatCount(total)));
    } else if (status.state === 'loaded') {
      item.description = dataSetDescription(status.of(this.spec.id));
    } else if (status.state === 'failed') {
      item.description = t('status unavailable');
    }
    item.tooltip = lines.join('\n');
    item.contextValue = listContext(this.spec.id, this.morePages);
    return item;
  }
}

/** The Data folder under a company: every company-scoped data type of the catalog, in its order. */
export class DataFolderNode extends TreeNode {
  private readonly types: ReadonlyMap<DataTypeId, DataTypeNode>;

  constructor(
    readonly owner: ListOwner,
    ctx: TreeContext,
  ) {
    super(owner);
    this.types = new Map(DATA_FOLDER_TYPES.map((spec) => [spec.id, new DataTypeNode(this, ctx, owner, spec)]));
  }

  /** The node of one type. */
  type(id: DataTypeId): DataTypeNode {
    const node = this.types.get(id);
    if (!node) throw new Error(`no node for data type ${id}`);
    return node;
  }

  get typeNodes(): DataTypeNode[] {
    return [...this.types.values()];
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(t('Data'), vscode.TreeItemCollapsibleState.Expanded);
    item.id = `data:${this.owner.company.id}`;
    item.iconPath = new vscode.ThemeIcon('database');
    item.tooltip = t('Data types of {0}', this.owner.company.name);
    item.contextValue = dataFolderContext();
    return item;
  }

  override getChildren(): TreeNode[] {
    this.owner.dataStatus.ensureLoaded();
    return this.typeNodes;
  }

  /** Reloads the statuses and every type's list. */
  override refresh(): void {
    this.owner.dataStatus.refresh();
    for (const node of this.types.values()) node.refresh();
  }

  override dispose(): void {
    for (const node of this.types.values()) node.dispose();
  }
}

export class RecordNode extends TreeNode {
  /** The record's Attachments folder, made on first expand (types with attachments only). */
  private folder?: AttachmentsFolderNode;
  /** The lists of the types under this record, made on first expand. */
  private lists?: DataTypeNode[];

  constructor(
    parent: RecordListNode,
    readonly company: Company,
    readonly spec: DataTypeSpec,
    /** What the tree shows of the record, not the whole record: Open JSON and Copy as JSON fetch
     * that by its id. */
    readonly record: RecordRow,
    private readonly ctx?: TreeContext,
  ) {
    super(parent);
  }

  private get list(): RecordListNode {
    return this.parent as RecordListNode;
  }

  /** Where the record is listed (its company, connection and parent record): reading it again,
   * its attachments and its share go there. */
  get place(): ListPlace {
    return this.list.place;
  }

  /** The connection a connection-scoped record comes from. */
  get connectionId(): string | undefined {
    return this.list.spot.connectionId;
  }

  get itemId(): string {
    return `record:${this.list.key}:${this.record.id}`;
  }

  /** The Attachments folder, for a type whose records have attachments. */
  get attachments(): AttachmentsFolderNode | undefined {
    if (!this.spec.attachments || !this.ctx) return undefined;
    this.folder ??= new AttachmentsFolderNode(this, this.ctx);
    return this.folder;
  }

  /** The lists of the types under this record (a bank account's transactions), at its place. */
  get childLists(): DataTypeNode[] {
    const ctx = this.ctx;
    if (!ctx) return [];
    this.lists ??= childTypes(this.spec.id).map((spec) => {
      const name = recordLabel(this.spec, this.record);
      const spot = {
        ...this.list.spot,
        parentId: this.record.id,
        name: this.list.spot.name ? t('{0} · {1}', this.list.spot.name, name) : name,
      };
      return new DataTypeNode(this, ctx, this.list.owner, spec, spot);
    });
    return this.lists;
  }

  getTreeItem(): vscode.TreeItem {
    const { spec, record } = this;
    const parentOf = (spec.attachments || childTypes(spec.id).length > 0) && this.ctx;
    const item = new vscode.TreeItem(
      recordLabel(spec, record),
      parentOf ? vscode.TreeItemCollapsibleState.Collapsed : undefined,
    );
    item.id = this.itemId;
    item.description = recordDescription(spec, record);
    const icon = recordIcon(spec, record);
    item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    item.tooltip = new vscode.MarkdownString(recordTooltip(spec, record));
    item.contextValue = recordContext(spec.id);
    // A click opens the JSON in a preview tab, as a click on a file does.
    item.command = { command: 'dataPlatform.openRecord', title: t('Open JSON'), arguments: [this] };
    return item;
  }

  override getChildren(): TreeNode[] {
    const folder = this.attachments;
    return [...(folder ? [folder] : []), ...this.childLists];
  }

  override refresh(): void {
    for (const list of this.lists ?? []) list.refresh();
  }

  override dispose(): void {
    this.folder?.dispose();
    for (const list of this.lists ?? []) list.dispose();
  }
}
