// Open as Table: a webview grid over a tree list's loaded records (one panel per list). The
// panel follows the list (tableView.ts); the page (media/table.*) is virtualised and reads as an
// ARIA grid. The HTML is a static template with a CSP and a fresh nonce; records reach the page
// only by message, set there as text. The page keeps which list it shows with setState, and the
// serializer finds that list again after a reload. Under the test switch only, the page reports
// what it shows and obeys the tests' drive messages.
import * as vscode from 'vscode';
import type { Connections } from '../connection/connections';
import { createNonce } from '../diagnostics/html';
import type { ReportError } from '../diagnostics/reporter';
import { t } from '../l10n';
import type { Log } from '../log';
import type { RecordListNode } from '../tree/dataNodes';
import type { TreeNode } from '../tree/node';
import type { CompaniesTreeProvider } from '../tree/provider';
import { renderTablePage } from './tableHtml';
import { isTablePageToHost, type TableHostToPage, type TablePageToHost } from './tableProtocol';
import { parseListRef, type ListRef } from '../table/listRef';
import { canQuery, findList, listRefOf } from './tableSource';
import { TableView, titleOf } from './tableView';
import type { TableRenderSnapshot, TableViewsApi } from './tableViewApi';

const TABLE_VIEW_TYPE = 'dataPlatform.table';

interface TableDeps {
  log: Log;
  connections: Connections;
  tree: CompaniesTreeProvider;
  report: ReportError;
  view: vscode.TreeView<TreeNode>;
}

/** Asks which columns to show (commands/table.ts: a quick pick); undefined when dismissed. */
type ColumnPicker = (all: readonly string[], shown: readonly string[]) => Promise<string[] | undefined>;

/** What the commands need of the tables besides what the tests see. */
export interface Tables extends TableViewsApi {
  open(node: RecordListNode): Promise<vscode.WebviewPanel | undefined>;
  pickColumns?: ColumnPicker;
}

interface Open {
  panel: vscode.WebviewPanel;
  view: TableView;
  report?: TableRenderSnapshot;
}

class TablePanels implements Tables {
  private readonly entries: Open[] = [];
  private template?: string;
  private readonly media: vscode.Uri;
  pickColumns?: ColumnPicker;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly deps: TableDeps,
    private readonly testHooks: boolean,
  ) {
    this.media = vscode.Uri.joinPath(context.extensionUri, 'media');
    context.subscriptions.push(deps.tree.onDidChangeTreeData(() => this.treeChanged()));
  }

  panels(): readonly vscode.WebviewPanel[] {
    return this.entries.map((o) => o.panel);
  }

  lastRender(panel?: vscode.WebviewPanel): TableRenderSnapshot | undefined {
    const o = panel ? this.entryOf(panel) : (this.entries.find((e) => e.panel.active) ?? this.entries.at(-1));
    return o?.report;
  }

  post(panel: vscode.WebviewPanel, message: unknown): Thenable<boolean> {
    return this.entryOf(panel) ? panel.webview.postMessage(message) : Promise.resolve(false);
  }

  async open(node: RecordListNode): Promise<vscode.WebviewPanel | undefined> {
    const ref = listRefOf(node);
    if (!ref) return undefined;
    const shown = this.entries.find((o) => o.view.ref.key === ref.key && o.view.ref.accountId === ref.accountId);
    if (shown) {
      shown.panel.reveal(undefined, false);
      return shown.panel;
    }
    const panel = vscode.window.createWebviewPanel(TABLE_VIEW_TYPE, titleOf(node), vscode.ViewColumn.Active, {
      ...this.options(),
      retainContextWhenHidden: false,
    });
    const entry = await this.adopt(panel, ref);
    entry.view.attach(node, ref);
    return panel;
  }

  /** A panel revived after a reload: its list found again by the reference its page saved. */
  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const saved = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
    const ref = parseListRef(saved.list);
    if (!ref) {
      panel.dispose();
      return;
    }
    const entry = await this.adopt(panel, ref);
    const scrollRow = typeof saved.scrollRow === 'number' ? saved.scrollRow : 0;
    const focus = parseFocus(saved.focus);
    entry.view.restore = { scrollRow, ...(focus ? { focus } : {}) };
    if (typeof saved.filter === 'string') entry.view.filter = saved.filter.slice(0, 500);
    const sort = parseSort(saved.sort, entry.view);
    if (sort) entry.view.sort = sort;
    const node = await findList(this.deps.tree, ref, true);
    if (node) {
      panel.title = titleOf(node);
      entry.view.attach(node, listRefOf(node) ?? ref);
    } else entry.view.sendView();
  }

  private options(): vscode.WebviewOptions {
    return { enableScripts: true, enableCommandUris: false, localResourceRoots: [this.media] };
  }

  private entryOf(panel: vscode.WebviewPanel): Open | undefined {
    return this.entries.find((o) => o.panel === panel);
  }

  private async adopt(panel: vscode.WebviewPanel, ref: ListRef): Promise<Open> {
    const entry: Open = {
      panel,
      view: new TableView(ref, {
        globalState: this.context.globalState,
        post: (m: TableHostToPage) => void panel.webview.postMessage(m),
      }),
    };
    this.entries.push(entry);
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.media, 'dataplatform.svg');
    const subscriptions: vscode.Disposable[] = [];
    panel.onDidDispose(
      () => {
        for (const d of subscriptions.splice(0)) d.dispose();
        entry.view.dispose();
        this.entries.splice(this.entries.indexOf(entry), 1);
      },
      undefined,
      subscriptions,
    );
    panel.onDidChangeViewState(
      (e) => {
        // A hidden page is torn down (no retained context): what it reported is gone with it.
        if (!e.webviewPanel.visible) {
          entry.view.pageGone();
          entry.report = undefined;
        }
      },
      undefined,
      subscriptions,
    );
    panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(entry, m), undefined, subscriptions);
    panel.webview.html = renderTablePage(await this.loadTemplate(), {
      cspSource: panel.webview.cspSource,
      nonce: createNonce(),
      lang: vscode.env.language,
      testHooks: this.testHooks,
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.media, 'table.css')).toString(),
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.media, 'table.js')).toString(),
    });
    return entry;
  }

  private async loadTemplate(): Promise<string> {
    this.template ??= new TextDecoder().decode(
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.media, 'table.html')),
    );
    return this.template;
  }

  private onMessage(entry: Open, message: unknown): void {
    if (!isTablePageToHost(message)) return;
    const { view } = entry;
    switch (message.type) {
      case 'ready':
        entry.report = undefined;
        return view.pageReady();
      case 'sort':
        return view.sortBy(message.column);
      case 'filter':
        return view.filterBy(message.text);
      case 'move':
        return view.move(message.column, message.delta);
      case 'rows':
        return view.sendRows(message.epoch, message.start, message.end);
      case 'rendered':
        if (this.testHooks) entry.report = message;
        return;
      default:
        void this.act(entry, message).catch((e: unknown) =>
          this.deps.log.error(`table: ${message.type} failed: ${e instanceof Error ? e.message : String(e)}`),
        );
    }
  }

  /** What the page asks of the tree and the commands. */
  private async act(entry: Open, message: TablePageToHost): Promise<void> {
    const { view } = entry;
    const node = view.node;
    switch (message.type) {
      case 'columns': {
        const picked = await this.pickColumns?.(
          view.columns.map((c) => c.id),
          view.shown,
        );
        if (picked) view.setShown(picked);
        return;
      }
      case 'loadMore':
        if (node) await vscode.commands.executeCommand('dataPlatform.loadMore', node);
        return;
      case 'loadAll':
        // The tree's own Load All: its progress, its cancellation, the same list.
        if (node) await vscode.commands.executeCommand('dataPlatform.loadAll', node);
        return;
      case 'sortList':
        return this.sortWholeList(entry);
      case 'open':
        return this.openRecord(view, message.id);
      case 'copyCell': {
        const text = view.grid.cell(view.grid.indexOf(message.id), message.column);
        if (text !== undefined) await copied(text, t('Copied the cell of {0}', message.column));
        return;
      }
      case 'copyRow': {
        const row = view.followed?.items.find((r) => r.id === message.id);
        if (row) await copied(JSON.stringify(row, null, 2), t('Copied the row as JSON'));
        return;
      }
    }
  }

  /** The whole list in the order of the sorted column: a query node of the same filter with that
   * orderBy (the query machinery, so the tree shows the same list), which the table then follows. */
  private async sortWholeList(entry: Open): Promise<void> {
    const { view } = entry;
    const node = view.node;
    const sort = view.sort;
    if (!node || !sort || !canQuery(node)) return;
    const orderBy = `${sort.descending ? '-' : ''}${sort.column}`;
    const query = node.owner.addQuery({ query: node.query.query, orderBy }, node.dataType, node.spot);
    const ref = listRefOf(query);
    if (!ref) return;
    view.sort = { ...sort, scope: 'list' };
    entry.panel.title = titleOf(query);
    view.attach(query, ref);
    view.sendInit();
    try {
      await this.deps.view.reveal(query, { expand: true, select: false, focus: false });
    } catch {
      // A hidden view cannot reveal; the query node is there when the user opens it.
    }
  }

  private async openRecord(view: TableView, recordId: string): Promise<void> {
    const { ref } = view;
    const node = view.node;
    await vscode.commands.executeCommand('dataPlatform.openRecord', {
      accountId: ref.accountId,
      companyId: ref.companyId,
      ...(node ? { companyName: node.company.name } : {}),
      dataType: ref.dataType,
      recordId,
      ...(ref.connectionId !== undefined ? { connectionId: ref.connectionId } : {}),
      ...(ref.parentId !== undefined ? { parentId: ref.parentId } : {}),
    });
  }

  /** The tree changed: a table whose node left it (rebuilt, reloaded) finds the list again. */
  private treeChanged(): void {
    for (const { view, panel } of this.entries) {
      const node = view.node;
      if (view.finding || (node && node.pagedList === view.followed && view.followed !== undefined)) continue;
      view.finding = true;
      void findList(this.deps.tree, view.ref, false)
        .then((found) => {
          if (!found || found === view.node) return;
          panel.title = titleOf(found);
          view.attach(found, listRefOf(found) ?? view.ref);
        })
        .finally(() => (view.finding = false));
    }
  }
}

async function copied(text: string, message: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(message, 3000);
}

function parseFocus(v: unknown): { row: number; column: number } | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { row, column } = v as Record<string, unknown>;
  return Number.isInteger(row) && Number.isInteger(column)
    ? { row: row as number, column: column as number }
    : undefined;
}

function parseSort(v: unknown, view: TableView): TableView['sort'] {
  if (typeof v !== 'object' || v === null) return undefined;
  const { column, descending, scope } = v as Record<string, unknown>;
  if (typeof column !== 'string' || !view.columns.some((c) => c.id === column)) return undefined;
  return { column, descending: descending === true, scope: scope === 'list' ? 'list' : 'loaded' };
}

export function registerTables(context: vscode.ExtensionContext, deps: TableDeps, testHooks: boolean): Tables {
  const tables = new TablePanels(context, deps, testHooks);
  context.subscriptions.push(
    // Revives a table after a window reload (activation by `onWebviewPanel:dataPlatform.table`).
    vscode.window.registerWebviewPanelSerializer(TABLE_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => tables.restore(panel, state),
    }),
  );
  return tables;
}
