// An account's API Keys folder and its keys. `GET /apiKeys` answers every key whole, in one
// response (no paging): each is turned into a summary as it arrives (name, last four characters,
// created date, whether the account uses it), so no node, item, tooltip or saved state ever holds
// a key. The folder is a paged list of one page, so failing, retrying and refreshing work as
// everywhere else in the tree.
import * as vscode from 'vscode';
import { API_KEYS_PATH, PagedList, type DataPlatformClient } from '../api';
import {
  API_KEY_LIMIT,
  apiKeyDescription,
  apiKeyLabel,
  apiKeyTooltip,
  summariseApiKey,
  type ApiKeySummary,
} from '../format/apiKeyLabels';
import type { ListItems } from '../format/labels';
import { t } from '../l10n';
import type { TreeContext } from './context';
import { apiKeysContext, plainContext } from './contextValues';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';

export class ApiKeysNode extends PagedNode<ApiKeySummary> {
  /** The view has asked for this node's item: only then may a change name it. */
  private shown = false;
  /** The count the item last showed, so a load that changes it renders the item again. */
  private shownCount?: number;

  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    /** Whether a listed key is the account's own: compared, never kept. */
    private readonly usesKey: (key: string) => boolean,
  ) {
    super(parent, ctx);
  }

  get key(): string {
    return 'apiKeys';
  }
  get items(): ListItems {
    return 'apiKeys';
  }

  /** The keys as loaded; undefined before the folder has been opened. */
  get keys(): readonly ApiKeySummary[] | undefined {
    const list = this.pagedList;
    return list && list.pagesLoaded > 0 ? list.items : undefined;
  }

  getTreeItem(): vscode.TreeItem {
    this.shown = true;
    const item = this.collapsedItem(t('API Keys'));
    item.iconPath = new vscode.ThemeIcon('key');
    const count = this.keys?.length;
    this.shownCount = count;
    item.description = count !== undefined ? t('{0} of {1}', count, API_KEY_LIMIT) : undefined;
    item.tooltip = t(
      'The API keys of {0} (at most {1}), each shown by its name and last four characters only.',
      this.ctx.account().name,
      API_KEY_LIMIT,
    );
    item.contextValue = apiKeysContext();
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    const children = await super.getChildren();
    // The first load is rendered by this call alone: the item's count is rendered again after it.
    if (this.shown && this.keys?.length !== this.shownCount) setTimeout(() => this.ctx.changed(this), 0);
    return children;
  }

  /** The node of a shown key, by id. */
  keyNode(id: string): ApiKeyNode | undefined {
    const key = this.keys?.find((k) => k.id === id);
    return key ? (this.itemNode(key) as ApiKeyNode) : undefined;
  }

  /** Loads the list again, when it was ever loaded or shown (a node the view never had is not
   * named in a change). */
  override refresh(): void {
    if (this.pagedList || this.shown) super.refresh();
  }

  protected createList(client: DataPlatformClient): PagedList<ApiKeySummary> {
    return new PagedList<ApiKeySummary>(async (_href, options) => {
      const list = await client.listApiKeys(options);
      const results = list.results.map((k) => summariseApiKey(k, this.usesKey(k.apiKey)));
      const self = { href: API_KEYS_PATH };
      return {
        results,
        pageNumber: 1,
        pageSize: results.length,
        totalResults: results.length,
        _links: { self, current: self },
      };
    });
  }
  protected itemKey(item: ApiKeySummary): string {
    return item.id;
  }
  protected createItemNode(item: ApiKeySummary): TreeNode {
    return new ApiKeyNode(this, item);
  }
}

/** One key: its name, last four characters and created date; the one the account uses stands out. */
export class ApiKeyNode extends TreeNode {
  constructor(
    readonly folder: ApiKeysNode,
    readonly apiKey: ApiKeySummary,
  ) {
    super(folder);
  }

  getTreeItem(): vscode.TreeItem {
    const key = this.apiKey;
    const item = new vscode.TreeItem(apiKeyLabel(key));
    item.id = `apiKey:${key.id}`;
    item.description = apiKeyDescription(key);
    item.tooltip = new vscode.MarkdownString(apiKeyTooltip(key));
    item.iconPath = key.inUse
      ? new vscode.ThemeIcon('verified-filled', new vscode.ThemeColor('charts.green'))
      : new vscode.ThemeIcon('key');
    item.contextValue = plainContext('apiKey');
    return item;
  }
}
