// Nodes without children of their own: "Load more", "Load all", an error, a message.
import * as vscode from 'vscode';
import { isApiError, type ApiError } from '../api';
import { escapeMarkdown, loadAllTooltip, presentError, type ErrorPresentation } from '../format/labels';
import { t } from '../l10n';
import { requestOfError } from '../share/curl';
import { errorContext, plainContext } from './contextValues';
import { TreeNode, type PagedOwner } from './node';

export class LoadMoreNode extends TreeNode {
  constructor(
    readonly owner: PagedOwner,
    private readonly label: string,
  ) {
    super(owner);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label);
    item.id = `${this.owner.key}:loadMore`;
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.contextValue = plainContext('loadMore');
    item.command = { command: 'dataPlatform.loadMore', title: t('Load More'), arguments: [this.owner] };
    return item;
  }
}

export class LoadAllNode extends TreeNode {
  constructor(readonly owner: PagedOwner) {
    super(owner);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(t('Load all'));
    item.id = `${this.owner.key}:loadAll`;
    item.iconPath = new vscode.ThemeIcon('cloud-download');
    item.contextValue = plainContext('loadAll');
    item.tooltip = loadAllTooltip(this.owner.items);
    item.command = { command: 'dataPlatform.loadAll', title: t('Load All'), arguments: [this.owner] };
    return item;
  }
}

/** A failed load. Clicking it shows the error in the diagnostics panel. One per failure: the
 * rate-limit countdown re-renders this node alone, with its label computed at render time. */
export class ErrorNode extends TreeNode {
  constructor(
    readonly owner: PagedOwner,
    readonly error: Error,
    private readonly failedAt: number,
    private readonly now: () => number,
  ) {
    super(owner);
  }

  /** "Rate limited — retry in 12 s", as of now. */
  get label(): string {
    return this.presentation().label;
  }

  /** As of now: a 409 offers Queue sync unless the data status, once loaded, says a sync runs. */
  get queueSync(): boolean {
    return this.presentation().queueSync;
  }

  get setKey(): boolean {
    return this.presentation().setKey;
  }

  /** Settings that may fix the failure (proxy sign-in, trusted certificates). */
  get settingsQuery(): string | undefined {
    return this.presentation().settingsQuery;
  }

  private presentation(): ErrorPresentation {
    return isApiError(this.error)
      ? presentError(this.error, this.failedAt, this.now(), this.owner.items, this.owner.dataSetStatus?.())
      : { label: this.error.message, queueSync: false, setKey: false };
  }

  get apiError(): ApiError | undefined {
    return isApiError(this.error) ? this.error : undefined;
  }

  /** The request that failed as the client sent it (redacted), to copy as cURL; none when it was
   * refused before sending. */
  get sentRequest(): ReturnType<typeof requestOfError> {
    const e = this.apiError;
    return e && requestOfError(e);
  }

  getTreeItem(): vscode.TreeItem {
    const p = this.presentation();
    const label = p.label;
    const item = new vscode.TreeItem(label);
    item.id = `${this.owner.key}:error`;
    const warning = p.queueSync || this.apiError?.kind === 'rateLimited';
    // A sync in progress is a normal state: it turns, like a running sync in the Sync history.
    item.iconPath = p.waiting
      ? new vscode.ThemeIcon('sync~spin')
      : new vscode.ThemeIcon(
          warning ? 'warning' : 'error',
          new vscode.ThemeColor(warning ? 'list.warningForeground' : 'list.errorForeground'),
        );
    const fix = p.queueSync ? 'queueSync' : p.setKey ? 'setKey' : p.settingsQuery ? 'settings' : undefined;
    item.contextValue = errorContext({ fix, curl: !!this.sentRequest });
    const e = this.apiError;
    const lines = [`**${escapeMarkdown(label)}**`, '', escapeMarkdown(this.error.message)];
    if (e?.status !== undefined) lines.push('', `${escapeMarkdown(e.method)} ${escapeMarkdown(e.path)} → ${e.status}`);
    if (e?.correlationId) lines.push('', `correlationId: ${escapeMarkdown(e.correlationId)}`);
    item.tooltip = new vscode.MarkdownString(lines.join('\n'));
    if (e) item.command = { command: 'dataPlatform.showDiagnostics', title: t('Show Details'), arguments: [e] };
    return item;
  }
}

export class MessageNode extends TreeNode {
  constructor(
    parent: TreeNode | undefined,
    private readonly id: string,
    private readonly label: string,
    private readonly icon: string,
    private readonly tooltip?: string,
  ) {
    super(parent);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = plainContext('message');
    if (this.tooltip) item.tooltip = this.tooltip;
    return item;
  }
}
