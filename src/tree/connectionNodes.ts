// A company's Connections folder: its data connections (GET …/connections), paged like every
// list, each with its platform, its status as an icon and colour, its source type and dates. A
// whole list read here is what the company's row and its data types go by (is any Linked?). An
// accounting connection holds the lists of the catalog's connection-scoped types.
import * as vscode from 'vscode';
import { PagedList, type Company, type DataConnection, type DataPlatformClient } from '../api';
import {
  connectionDescription,
  connectionIcon,
  connectionLabel,
  connectionState,
  connectionTooltip,
} from '../format/connectionLabels';
import type { ListItems } from '../format/labels';
import { t } from '../l10n';
import type { TreeContext } from './context';
import { connectionContext, connectionsContext } from './contextValues';
import { DataTypeNode, type ListOwner } from './dataNodes';
import { CONNECTION_TOP_TYPES, isAccounting } from './typePlaces';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';

/** What the folder needs of its company's node: the company, and who hears of a whole list read. */
interface ConnectionsOwner extends ListOwner {
  connectionsRead(connections: readonly DataConnection[]): void;
}

export class ConnectionsFolderNode extends PagedNode<DataConnection> {
  constructor(
    readonly owner: ConnectionsOwner,
    ctx: TreeContext,
  ) {
    super(owner, ctx);
  }

  get company(): Company {
    return this.owner.company;
  }
  get key(): string {
    return `connections:${this.company.id}`;
  }
  get items(): ListItems {
    return 'connections';
  }

  getTreeItem(): vscode.TreeItem {
    const item = this.collapsedItem(t('Connections'));
    item.iconPath = new vscode.ThemeIcon('plug');
    item.tooltip = t(
      'The data connections of {0}: its links to accounting, banking and commerce platforms',
      this.company.name,
    );
    item.contextValue = connectionsContext({ morePages: this.morePages });
    return item;
  }

  protected createList(client: DataPlatformClient): PagedList<DataConnection> {
    const params = { pageSize: this.ctx.pageSize() };
    const list = new PagedList<DataConnection>(client.connections.connectionPages(this.company.id, params));
    list.onDidChange(() => {
      if (!list.loading && !list.hasMore && list.pagesLoaded > 0 && !list.lastError)
        this.owner.connectionsRead(list.items);
    });
    return list;
  }
  protected itemKey(c: DataConnection): string {
    return String(c.id);
  }
  protected createItemNode(c: DataConnection): TreeNode {
    return new ConnectionNode(this, c, this.ctx);
  }

  /** The type lists of the connections shown (for a re-render when the data statuses arrive). */
  typeNodes(): DataTypeNode[] {
    const shown = this.pagedList?.items ?? [];
    return shown.flatMap((c) => (this.itemNode(c) as ConnectionNode).madeTypeNodes);
  }

  /** The shown node of a connection, by id. */
  connectionNode(connectionId: string): ConnectionNode | undefined {
    const id = connectionId.toLowerCase();
    const found = this.pagedList?.items.find((c) => String(c.id).toLowerCase() === id);
    return found ? (this.itemNode(found) as ConnectionNode) : undefined;
  }
}

/** One connection of a company; an accounting one expands to its connection-scoped types. */
export class ConnectionNode extends TreeNode {
  private types?: DataTypeNode[];

  constructor(
    readonly folder: ConnectionsFolderNode,
    readonly connection: DataConnection,
    private readonly ctx: TreeContext,
  ) {
    super(folder);
  }

  get company(): Company {
    return this.folder.company;
  }

  /** The connection's type lists, made on first use (none for a connection that is not accounting). */
  get typeNodes(): DataTypeNode[] {
    if (!isAccounting(this.connection)) return [];
    const spot = { connectionId: String(this.connection.id), name: connectionLabel(this.connection) };
    this.types ??= CONNECTION_TOP_TYPES.map((spec) => new DataTypeNode(this, this.ctx, this.folder.owner, spec, spot));
    return this.types;
  }

  /** The type lists made so far (none before the connection was expanded). */
  get madeTypeNodes(): DataTypeNode[] {
    return this.types ?? [];
  }

  /** The list of one of its types. */
  type(id: string): DataTypeNode | undefined {
    return this.typeNodes.find((n) => n.spec.id === id);
  }

  override getChildren(): TreeNode[] {
    if (this.typeNodes.length > 0) this.folder.owner.dataStatus.ensureLoaded();
    return this.typeNodes;
  }

  override refresh(): void {
    for (const node of this.types ?? []) node.refresh();
  }

  override dispose(): void {
    for (const node of this.types ?? []) node.dispose();
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.connection;
    const expands = isAccounting(c) && CONNECTION_TOP_TYPES.length > 0;
    const item = new vscode.TreeItem(
      connectionLabel(c),
      expands ? vscode.TreeItemCollapsibleState.Collapsed : undefined,
    );
    item.id = `connection:${this.folder.key}:${String(c.id)}`;
    item.description = connectionDescription(c);
    const icon = connectionIcon(c.status);
    item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    item.tooltip = new vscode.MarkdownString(connectionTooltip(c));
    item.contextValue = connectionContext(connectionState(c.status), expands);
    return item;
  }
}
