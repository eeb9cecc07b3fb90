// A company's invoices data set status (`GET /dataStatus`), shown next to Invoices. Loaded in
// the background when the company expands, so expanding never waits for it and never fetches
// invoices.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type Company, type DataStatus } from '../api';
import { dataStatusText } from '../format/labels';
import { t } from '../l10n';
import type { TreeContext } from './context';
import { TreeNode } from './node';

export class DataStatusNode extends TreeNode {
  private state: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';
  private status?: DataStatus;
  private error?: Error;
  private controller?: AbortController;
  private disposed = false;

  constructor(
    parent: TreeNode,
    private readonly ctx: TreeContext,
    readonly company: Company,
  ) {
    super(parent);
  }

  /** Starts the fetch once; later calls do nothing until refresh. */
  ensureLoaded(): void {
    if (this.state !== 'idle' || this.disposed) return;
    const client = this.ctx.client();
    if (!client) return;
    this.state = 'loading';
    // Only the latest request may settle the node: refresh and dispose abort the one in flight,
    // and an answer arriving after that is dropped.
    const controller = new AbortController();
    this.controller = controller;
    client.getDataStatus(this.company.id, { signal: controller.signal }).then(
      (map) => {
        if (this.controller !== controller) return;
        this.controller = undefined;
        this.status = map.invoices;
        this.state = 'loaded';
        this.ctx.changed(this);
      },
      (e: unknown) => {
        if (this.controller !== controller) return;
        this.controller = undefined;
        if (isCancellation(e)) {
          this.state = 'idle';
        } else {
          this.state = 'failed';
          this.error = e instanceof Error ? e : new Error(String(e));
          if (isApiError(e)) this.ctx.report(e);
        }
        this.ctx.changed(this);
      },
    );
  }

  override refresh(): void {
    this.abort();
    this.state = 'idle';
    this.status = undefined;
    this.error = undefined;
    this.ensureLoaded();
    this.ctx.changed(this);
  }

  /** The node left the tree: its request is aborted and nothing is reported for it. */
  override dispose(): void {
    this.disposed = true;
    this.abort();
  }

  private abort(): void {
    const controller = this.controller;
    this.controller = undefined;
    controller?.abort();
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(t('Invoices data: …'));
    item.id = `dataStatus:${this.company.id}`;
    item.contextValue = 'dataStatus';
    if (this.state === 'loaded') {
      const text = dataStatusText(this.status);
      item.label = text.label;
      item.description = text.description;
      item.iconPath = new vscode.ThemeIcon(text.icon);
    } else if (this.state === 'failed') {
      item.label = t('Invoices data: status unavailable');
      item.tooltip = this.error?.message;
      item.iconPath = new vscode.ThemeIcon('warning');
    } else {
      item.iconPath = new vscode.ThemeIcon('loading~spin');
    }
    return item;
  }
}
