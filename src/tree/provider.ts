// The Companies view's data provider: a thin adapter from TreeNode to VS Code. The root is
// rebuilt when the connection changes (other base URL or key); otherwise nodes live on, so a
// refresh of one node reloads only that node.
import * as vscode from 'vscode';
import type { TreeContext } from './context';
import { TreeNode } from './node';
import { CompaniesRoot } from './recordNodes';

export class CompaniesTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private currentRoot?: CompaniesRoot;

  constructor(private readonly ctx: Omit<TreeContext, 'changed'> & { onRootRendered?: (empty: boolean) => void }) {}

  /** The root of the current connection; undefined without one. */
  get root(): CompaniesRoot | undefined {
    if (!this.currentRoot && this.ctx.client()) this.currentRoot = new CompaniesRoot({ ...this.ctx, changed: (n) => this.changed(n) });
    return this.currentRoot;
  }

  /** Re-renders `node`, or the whole tree. The root's changes are the whole tree's. */
  changed(node: TreeNode | undefined): void {
    this.emitter.fire(node === undefined || node === this.currentRoot ? undefined : node);
  }

  /** Drops every loaded list (new connection, new page size) and renders again. */
  reset(): void {
    this.currentRoot?.dispose();
    this.currentRoot = undefined;
    this.emitter.fire(undefined);
  }

  getTreeItem(element: TreeNode): vscode.TreeItem {
    return element.getTreeItem();
  }

  getChildren(element?: TreeNode): TreeNode[] | Promise<TreeNode[]> {
    if (element) return element.getChildren();
    const root = this.root;
    if (!root) return [];
    return root.getChildren().then((children) => {
      // An account without companies shows the welcome view's text instead of an empty tree.
      this.ctx.onRootRendered?.(children.length === 0 && root.pagedList?.pagesLoaded !== 0);
      return children;
    });
  }

  getParent(element: TreeNode): TreeNode | undefined {
    // Top-level items (companies, the root's error and load-more nodes) have no visible parent.
    return element.parent instanceof CompaniesRoot ? undefined : element.parent;
  }

  dispose(): void {
    this.currentRoot?.dispose();
    this.emitter.dispose();
  }
}
