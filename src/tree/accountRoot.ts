// An account's root in the Companies view. With one account it stays invisible and its companies
// are the view's top-level items, as before accounts existed; with several, each account is a
// top-level node (name, host, state in its tooltip) holding its own companies, paging and errors,
// and an account that cannot list companies (no key, a refused base URL) says so under itself only.
// Its API Keys folder comes first, before the companies.
import * as vscode from 'vscode';
import type { ApiError, Company, PagedList } from '../api';
import type { Connection } from '../connection/connection';
import { accountDescription, accountProblem, accountTooltip, ENVIRONMENT_ICONS } from '../format/accountLabels';
import { t } from '../l10n';
import { ApiKeysNode } from './apiKeyNodes';
import type { TreeContext } from './context';
import { accountContext, accountProblemContext } from './contextValues';
import { MessageNode } from './leafNodes';
import { TreeNode } from './node';
import { CompaniesRoot } from './companyNodes';
import type { PushTracker } from '../push/tracker';

export class AccountRoot extends CompaniesRoot {
  /** The account's API keys, listed when the folder is opened. */
  readonly apiKeys: ApiKeysNode;

  constructor(
    ctx: TreeContext,
    readonly connection: Connection,
    /** Whether the view shows account roots (several accounts) or this root's children. */
    private readonly visible: () => boolean,
  ) {
    super(ctx);
    this.apiKeys = new ApiKeysNode(this, ctx, (key) => connection.usesKey(key));
  }

  get accountId(): string {
    return this.connection.account.id;
  }

  /** The account's pushes followed in this window. */
  get pushes(): PushTracker {
    return this.ctx.pushes;
  }

  /** Reports a failure of this account's request (tagged with the account). */
  reportError(error: ApiError): void {
    this.ctx.report(error);
  }

  override get key(): string {
    return `account:${this.accountId}`;
  }

  override getTreeItem(): vscode.TreeItem {
    const { account, state } = this.connection;
    const item = new vscode.TreeItem(account.name, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.key;
    item.description = accountDescription(account);
    item.tooltip = new vscode.MarkdownString(accountTooltip(account, state), true);
    const ready = state.kind === 'ready';
    // Production is coloured so it stands out in any theme (package.json's contributed colour).
    const colour =
      account.environment === 'production' ? new vscode.ThemeColor('dataPlatform.productionForeground') : undefined;
    item.iconPath = new vscode.ThemeIcon(ready ? ENVIRONMENT_ICONS[account.environment] : 'warning', colour);
    item.contextValue = accountContext({ ready, morePages: this.morePages });
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    const problem = accountProblem(this.connection.state);
    if (!problem || !this.visible()) return super.getChildren();
    return [new AccountProblemNode(this, problem.label, problem.setKey, problem.editAccount)];
  }

  /** The API Keys folder first, whenever the account lists anything: alone and without companies,
   * the view stays empty, so its welcome content (Create Company) shows. */
  protected override render(list: PagedList<Company>): TreeNode[] {
    const children = super.render(list);
    return children.length > 0 && this.connection.client ? [this.apiKeys, ...children] : children;
  }

  /** The account's refresh reloads its keys too, once they were loaded. */
  override refresh(): void {
    super.refresh();
    if (this.apiKeys.pagedList) this.apiKeys.refresh();
  }

  override dispose(): void {
    this.apiKeys.dispose();
    super.dispose();
  }

  /** With several accounts, an empty account says so under its root; alone, the welcome view does. */
  protected override emptyNode(): TreeNode | undefined {
    return this.visible() ? new MessageNode(this, `${this.key}:empty`, t('No companies yet'), 'info') : undefined;
  }
}

/** Why an account lists nothing; a click offers the fix (set the key, edit the account). */
class AccountProblemNode extends TreeNode {
  constructor(
    readonly root: AccountRoot,
    private readonly label: string,
    readonly setKey: boolean,
    readonly editAccount: boolean,
  ) {
    super(root);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label);
    item.id = `${this.root.key}:problem`;
    item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
    item.contextValue = accountProblemContext({ setKey: this.setKey, editAccount: this.editAccount });
    item.tooltip = this.label;
    if (this.setKey)
      item.command = { command: 'dataPlatform.setApiKey', title: t('Set API Key'), arguments: [this.root] };
    else if (this.editAccount)
      item.command = { command: 'dataPlatform.editAccount', title: t('Edit Account…'), arguments: [this.root] };
    return item;
  }
}
