// An account's root in the Companies view. With one account it stays invisible and its companies
// are the view's top-level items, as before accounts existed; with several, each account is a
// top-level node (name, host, state in its tooltip) holding its own companies, paging and errors,
// and an account that cannot list companies (no key, a refused base URL) says so under itself only.
// Its API Keys folder comes first, before the companies.
import * as vscode from 'vscode';
import type { ApiError, Company, CompanyListParams, PagedList } from '../api';
import type { Connection } from '../connection/connection';
import { accountDescription, accountProblem, accountTooltip, ENVIRONMENT_ICONS } from '../format/accountLabels';
import { escapeMarkdown, tagFilterLabel } from '../format/labels';
import { t } from '../l10n';
import { ApiKeysNode } from './apiKeyNodes';
import type { TreeContext } from './context';
import { accountContext, accountProblemContext, companyFilterContext } from './contextValues';
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
    /** Each account's tag filter, by account id: kept by the provider, so it outlives this root
     * (a new key rebuilds it) for the rest of the session. */
    private readonly tagFilters: Map<string, string> = new Map(),
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

  /** The tag filter (Codat's query language over tags) the companies are listed with, if any. */
  get tagFilter(): string | undefined {
    return this.tagFilters.get(this.accountId);
  }

  /** Lists the companies again with `filter` (none: all of them). */
  setTagFilter(filter: string | undefined): void {
    if (filter === this.tagFilter) return;
    if (filter === undefined) this.tagFilters.delete(this.accountId);
    else this.tagFilters.set(this.accountId, filter);
    this.dropList();
    this.ctx.changed(this);
  }

  protected override listFilter(): Pick<CompanyListParams, 'tags'> {
    const tags = this.tagFilter;
    return tags === undefined ? {} : { tags };
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
    const filter = this.tagFilter;
    const description = accountDescription(account);
    item.description = filter === undefined ? description : `${description} · ${tagFilterLabel(filter)}`;
    const tooltip = accountTooltip(account, state);
    item.tooltip = new vscode.MarkdownString(
      filter === undefined ? tooltip : `${tooltip}\n\n${escapeMarkdown(tagFilterLabel(filter))}`,
      true,
    );
    const ready = state.kind === 'ready';
    // Production is coloured so it stands out in any theme (package.json's contributed colour).
    const colour =
      account.environment === 'production' ? new vscode.ThemeColor('dataPlatform.productionForeground') : undefined;
    item.iconPath = new vscode.ThemeIcon(ready ? ENVIRONMENT_ICONS[account.environment] : 'warning', colour);
    item.contextValue = accountContext({ ready, morePages: this.morePages, filtered: filter !== undefined });
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
    // A filter is shown above what it let through (with one account there is no account row to show
    // it on), and stays when it lets nothing through, so it can be cleared.
    const filter = this.tagFilter;
    if (filter !== undefined) children.unshift(new CompanyFilterNode(this, filter));
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
    if (this.tagFilter !== undefined)
      return new MessageNode(this, `${this.key}:empty`, t('No companies have these tags'), 'info');
    return this.visible() ? new MessageNode(this, `${this.key}:empty`, t('No companies yet'), 'info') : undefined;
  }
}

/** The active tag filter, above the companies it lets through: a click edits it, its inline
 * button clears it. */
class CompanyFilterNode extends TreeNode {
  constructor(
    readonly root: AccountRoot,
    readonly filter: string,
  ) {
    super(root);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(tagFilterLabel(this.filter));
    item.id = `${this.root.key}:tagFilter`;
    item.iconPath = new vscode.ThemeIcon('filter');
    item.tooltip = t('The companies are listed with this tag filter. Clear Tag Filter lists them all.');
    item.contextValue = companyFilterContext();
    item.command = {
      command: 'dataPlatform.filterCompaniesByTag',
      title: t('Filter Companies by Tag…'),
      arguments: [this.root],
    };
    return item;
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
