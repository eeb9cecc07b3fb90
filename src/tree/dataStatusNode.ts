// A company's invoices data set status (`GET /dataStatus`), shown next to Invoices. Loaded in
// the background when the company expands, so expanding never waits for it and never fetches
// invoices.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type Company, type DataStatus } from '../api';
import { dataStatusText } from '../format/labels';
import type { TreeContext } from './context';
import { TreeNode } from './node';

export class DataStatusNode extends TreeNode {
  private state: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';
  private status?: DataStatus;
  private error?: Error;

  constructor(
    parent: TreeNode,
    private readonly ctx: TreeContext,
    readonly company: Company,
  ) {
    super(parent);
  }

  /** Starts the fetch once; later calls do nothing until refresh. */
  ensureLoaded(): void {
    if (this.state !== 'idle') return;
    const client = this.ctx.client();
    if (!client) return;
    this.state = 'loading';
    client.getDataStatus(this.company.id).then(
      (map) => {
        this.status = map.invoices;
        this.state = 'loaded';
        this.ctx.changed(this);
      },
      (e: unknown) => {
        this.state = isCancellation(e) ? 'idle' : 'failed';
        this.error = e instanceof Error ? e : new Error(String(e));
        if (isApiError(e)) this.ctx.report(e);
        this.ctx.changed(this);
      },
    );
  }

  override refresh(): void {
    this.state = 'idle';
    this.status = undefined;
    this.error = undefined;
    this.ensureLoaded();
    this.ctx.changed(this);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Invoices data: …');
    item.id = `dataStatus:${this.company.id}`;
    item.contextValue = 'dataStatus';
    if (this.state === 'loaded') {
      const text = dataStatusText(this.status);
      item.label = text.label;
      item.description = text.description;
      item.iconPath = new vscode.ThemeIcon(text.icon);
    } else if (this.state === 'failed') {
      item.label = 'Invoices data: status unavailable';
      item.tooltip = this.error?.message;
      item.iconPath = new vscode.ThemeIcon('warning');
    } else {
      item.iconPath = new vscode.ThemeIcon('loading~spin');
    }
    return item;
  }
}
