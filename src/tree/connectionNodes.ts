// A company's Connections folder: its data connections (GET …/connections), paged like every
// list, each with its platform, its status as an icon and colour, its source type and dates. A
// whole list read here is what the company's row and its data types go by (is any Linked?).
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
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';

/** What the folder needs of its company's node: the company, and who hears of a whole list read. */
interface ConnectionsOwner extends TreeNode {
  readonly company: Company;
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
    return new ConnectionNode(this, c);
  }

  /** The shown node of a connection, by id. */
  connectionNode(connectionId: string): ConnectionNode | undefined {
    const id = connectionId.toLowerCase();
    const found = this.pagedList?.items.find((c) => String(c.id).toLowerCase() === id);
    return found ? (this.itemNode(found) as ConnectionNode) : undefined;
  }
}

/** One connection of a company. */
export class ConnectionNode extends TreeNode {
  constructor(
    readonly folder: ConnectionsFolderNode,
    readonly connection: DataConnection,
  ) {
    super(folder);
  }

  get company(): Company {
    return this.folder.company;
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.connection;
    const item = new vscode.TreeItem(connectionLabel(c));
    item.id = `connection:${this.folder.key}:${String(c.id)}`;
    item.description = connectionDescription(c);
    const icon = connectionIcon(c.status);
    item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    item.tooltip = new vscode.MarkdownString(connectionTooltip(c));
    item.contextValue = connectionContext(connectionState(c.status));
    return item;
  }
}
