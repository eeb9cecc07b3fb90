// A company's Sync history folder: its pull operations (GET …/data/history), newest first, paged
// like every list; a click opens one as JSON.
import * as vscode from 'vscode';
import { PagedList, type Company, type DataPlatformClient, type PullOperation } from '../api';
import type { ListItems } from '../format/labels';
import { syncDescription, syncIcon, syncLabel, syncTooltip } from '../format/syncLabels';
import { t } from '../l10n';
import type { TreeContext } from './context';
import { syncContext, syncHistoryContext } from './contextValues';
import { syncFailed } from '../sync/watch';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';

type CompanyOwner = TreeNode & { readonly company: Company };

export class SyncHistoryNode extends PagedNode<PullOperation> {
  constructor(
    readonly owner: CompanyOwner,
    ctx: TreeContext,
  ) {
    super(owner, ctx);
  }

  get company(): Company {
    return this.owner.company;
  }
  get key(): string {
    return `syncs:${this.company.id}`;
  }
  get items(): ListItems {
    return 'syncs';
  }

  getTreeItem(): vscode.TreeItem {
    const item = this.collapsedItem(t('Sync history'));
    item.iconPath = new vscode.ThemeIcon('sync');
    item.tooltip = t('The syncs of {0}, newest first', this.company.name);
    item.contextValue = syncHistoryContext({ morePages: this.morePages });
    return item;
  }

  protected createList(client: DataPlatformClient): PagedList<PullOperation> {
    const params = { pageSize: this.ctx.pageSize() };
    return new PagedList<PullOperation>(client.pullOperationPages(this.company.id, params));
  }
  protected itemKey(op: PullOperation): string {
    return op.id;
  }
  protected createItemNode(op: PullOperation): TreeNode {
    return new SyncNode(this, op);
  }
}

/** One sync of the history. */
export class SyncNode extends TreeNode {
  constructor(
    readonly history: SyncHistoryNode,
    readonly operation: PullOperation,
  ) {
    super(history);
  }

  getTreeItem(): vscode.TreeItem {
    const op = this.operation;
    const item = new vscode.TreeItem(syncLabel(op));
    item.id = `sync:${this.history.key}:${op.id}`;
    item.description = syncDescription(op);
    const icon = syncIcon(op);
    item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    item.tooltip = new vscode.MarkdownString(syncTooltip(op));
    item.contextValue = syncContext({ failed: syncFailed(op) });
    item.command = { command: 'dataPlatform.openSyncOperation', title: t('Open JSON'), arguments: [this] };
    return item;
  }
}
