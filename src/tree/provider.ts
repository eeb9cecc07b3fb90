// The Companies view's data provider: a thin adapter from TreeNode to VS Code. One root per
// account: with a single account its companies are the view's top-level items (most users have
// one, and it saves them a click); with several, each account's root is a top-level node. A root
// is rebuilt when its account's connection changes (other base URL or key); the other accounts'
// roots live on, so their loaded lists stay. It also says when a list of records (a data type, a
// query) is opened: the walkthrough's "browse" step.
import * as vscode from 'vscode';
import type { AccountRef, ReportError } from '../diagnostics/reporter';
import { forAccount } from '../diagnostics/reporter';
import type { Connection } from '../connection/connection';
import type { Connections } from '../connection/connections';
import type { PushTrackers } from '../push/trackers';
import { AccountRoot } from './accountRoot';
import type { TreeContext } from './context';
import { RecordListNode } from './dataNodes';
import { TreeNode } from './node';

type ProviderContext = Omit<TreeContext, 'changed' | 'client' | 'report' | 'account' | 'pushes'> & {
  report: ReportError;
  onRootRendered?: (empty: boolean) => void;
};

/** The root a node sits under, so a command acts on the node's account. */
export function accountRootOf(node: unknown): AccountRoot | undefined {
  for (let n = node instanceof TreeNode ? node : undefined; n; n = n.parent) if (n instanceof AccountRoot) return n;
  return undefined;
}

export class CompaniesTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly roots = new Map<string, AccountRoot>();
  /** Each account's tag filter, for the session (a rebuilt root keeps its account's). */
  private readonly tagFilters = new Map<string, string>();
  private readonly browsed = new vscode.EventEmitter<void>();
  /** A list of records (a data type, a query) was opened. */
  readonly onDidBrowse = this.browsed.event;

  constructor(
    private readonly ctx: ProviderContext,
    private readonly connections: Connections,
    /** Each account's, which outlive its roots (extension.ts makes them). */
    private readonly pushes: Pick<PushTrackers, 'of'>,
  ) {}

  /** Whether the view shows one root node per account. */
  get several(): boolean {
    return this.connections.list().length > 1;
  }

  /** The first account's root (the only one for most users); undefined without accounts. */
  get root(): AccountRoot | undefined {
    const first = this.connections.list()[0];
    return first && this.rootOf(first.account.id);
  }

  /** Every account's root, in the accounts' order. */
  get accountRoots(): AccountRoot[] {
    return this.connections.list().flatMap((c) => this.rootOf(c.account.id) ?? []);
  }

  /** The account's root, made on first use. */
  rootOf(accountId: string): AccountRoot | undefined {
    let root = this.roots.get(accountId);
    if (!root) {
      const connection = this.connections.get(accountId);
      if (!connection) return undefined;
      root = new AccountRoot(this.contextOf(connection), connection, () => this.several, this.tagFilters);
      this.roots.set(accountId, root);
    }
    return root;
  }

  /** Re-renders `node`, or the whole tree. A root's changes are the whole tree's when it is invisible. */
  changed(node: TreeNode | undefined): void {
    this.emitter.fire(node === undefined || (node instanceof AccountRoot && !this.several) ? undefined : node);
  }

  /** Drops every loaded list of one account (new connection), or of all (new page size, accounts
   * added or removed), and renders again. */
  reset(accountId?: string): void {
    for (const [id, root] of [...this.roots]) {
      if (accountId !== undefined && id !== accountId) continue;
      root.dispose();
      this.roots.delete(id);
    }
    this.emitter.fire(undefined);
  }

  /** Accounts were added, renamed or removed: the removed ones' roots go, the others keep what
   * they loaded, and everything renders again (one account shows its companies at the top, several
   * a root each). */
  accountsChanged(): void {
    for (const [id, root] of [...this.roots]) {
      if (this.connections.get(id)) continue;
      root.dispose();
      this.roots.delete(id);
      this.tagFilters.delete(id);
    }
    this.emitter.fire(undefined);
  }

  getTreeItem(element: TreeNode): vscode.TreeItem {
    const item = element.getTreeItem();
    // Two accounts may list the same company (two keys of one account): ids must differ per account.
    const root = accountRootOf(element);
    if (item.id !== undefined && root && root !== element) item.id = `${root.accountId}/${item.id}`;
    return item;
  }

  getChildren(element?: TreeNode): TreeNode[] | Promise<TreeNode[]> {
    if (element instanceof RecordListNode) this.browsed.fire();
    if (element) return element.getChildren();
    if (this.several) return this.accountRoots;
    const root = this.root;
    if (!root) return [];
    return root.getChildren().then((children) => {
      // An account without companies shows the welcome view's text instead of an empty tree (its
      // API Keys folder is not counted: the root leaves it out then, so the view is empty).
      const shown = children.filter((n) => n !== root.apiKeys);
      this.ctx.onRootRendered?.(shown.length === 0 && root.pagedList !== undefined && root.pagedList.pagesLoaded !== 0);
      return children;
    });
  }

  getParent(element: TreeNode): TreeNode | undefined {
    // With one account, its root is invisible: its children (companies, error and load-more nodes)
    // have no visible parent.
    if (element.parent instanceof AccountRoot && !this.several) return undefined;
    return element.parent;
  }

  dispose(): void {
    for (const root of this.roots.values()) root.dispose();
    this.roots.clear();
    this.browsed.dispose();
    this.emitter.dispose();
  }

  private contextOf(connection: Connection): TreeContext {
    const account = (): AccountRef => connection.account;
    return {
      ...this.ctx,
      account,
      client: () => connection.client,
      report: forAccount(this.ctx.report, account),
      changed: (n) => this.changed(n),
      pushes: this.pushes.of(connection.account.id),
    };
  }
}
