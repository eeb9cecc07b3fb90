// Commands on the Companies tree's nodes: refresh, load more, load all, retry, copy.
// Each takes the node it was invoked on (a list, or its Load more, Load all or error row); from the
// palette, the paged commands act on the companies list.
import * as vscode from 'vscode';
import { isApiError, isCancellation } from '../api';
import { formatCount } from '../util/amount';
import { loadingAllTitle } from '../format/labels';
import { noKeyMessage } from '../format/accountLabels';
import { t } from '../l10n';
import { ErrorNode, LoadAllNode, LoadMoreNode } from '../tree/leafNodes';
import type { TreeNode } from '../tree/node';
import { PagedNode } from '../tree/pagedNode';
import { RecordNode } from '../tree/dataNodes';
import { CompanyNode } from '../tree/companyNodes';
import { typeTitle } from '../dataTypes/words';
import { recordLabel } from '../format/recordLabels';
import type { ResolveAccount } from './accountTarget';
import { withCancellableProgress, withProgress } from './progress';
import { copyIds } from './records';
import { registerCommand } from './register';

interface TreeCommandDeps {
  /** Copy ID and Copy as JSON from the palette act on its selection. */
  view: vscode.TreeView<TreeNode>;
  /** The account a command without a node acts on (its companies list). */
  account: ResolveAccount;
  /** Re-reads every account's key, then rebuilds the tree. */
  refreshAll(): Promise<void>;
}

/** The node's list; without a node, the companies of the (selected, only or picked) account. */
async function pagedOf(node: unknown, deps: TreeCommandDeps, title: string): Promise<PagedNode<unknown> | undefined> {
  if (node instanceof PagedNode) return node;
  // A list's error, Load more and Load all rows: its context menu passes the row itself.
  const row = node instanceof ErrorNode || node instanceof LoadMoreNode || node instanceof LoadAllNode;
  if (row && node.owner instanceof PagedNode) return node.owner;
  if (node instanceof CompanyNode) return node.invoices;
  return (await deps.account(node, title))?.root;
}

async function loadAll(node: PagedNode<unknown>): Promise<void> {
  const list = node.ensureList();
  if (!list) return;
  let last = 0;
  await withCancellableProgress(loadingAllTitle(node.items), (signal, progress) =>
    node.loadAll(signal, (p) => {
      const total = p.totalResults;
      const increment = total ? ((p.loaded - last) / total) * 100 : undefined;
      last = p.loaded;
      progress.report({
        message:
          total !== undefined ? t('{0} of {1}', formatCount(p.loaded), formatCount(total)) : formatCount(p.loaded),
        increment,
      });
    }),
  );
}

/** A list already whole (a list's menu may still offer Load More: its item is not redrawn after
 * the page its expand loaded) says so in the status bar rather than doing nothing. */
function saidComplete(node: PagedNode<unknown>): { outcome: 'complete'; count: number } | undefined {
  const list = node.pagedList;
  if (!list || node.morePages || list.lastError) return undefined;
  vscode.window.setStatusBarMessage(t('All {0} are loaded.', formatCount(list.items.length)), 4000);
  return { outcome: 'complete', count: list.items.length };
}

interface Copyable {
  kind: 'company' | 'record';
  label: string;
  id: string;
  /** The whole record, or undefined when it could not be had (the user was told why). */
  whole(deps: TreeCommandDeps): Promise<unknown>;
}

function copyableOf(node: unknown): Copyable | undefined {
  if (node instanceof CompanyNode)
    return {
      kind: 'company',
      label: node.company.name,
      id: node.company.id,
      whole: () => Promise.resolve(node.record),
    };
  if (node instanceof RecordNode) {
    const label = recordLabel(node.spec, node.record);
    return { kind: 'record', label, id: node.record.id, whole: (deps) => fetchRecord(node, label, deps) };
  }
  return undefined;
}

/** A record node's whole record: the tree keeps only its row, so it is fetched (one GET, redacted
 * as Open JSON's is). A failure is reported and said; nothing is copied then. */
async function fetchRecord(node: RecordNode, label: string, deps: TreeCommandDeps): Promise<unknown> {
  // The node's own account: a record is fetched with the key that listed it.
  const target = await deps.account(node, t('Copy as JSON: account'));
  const client = target?.connection.client;
  if (!target || !client) {
    void vscode.window.showWarningMessage(noKeyMessage(target?.connection.account.name));
    return undefined;
  }
  const { spec, place, record } = node;
  try {
    const title = t('{0}: fetching {1}', typeTitle(spec.id), label);
    return await withProgress({ location: vscode.ProgressLocation.Window, title }, () =>
      client.getRecord(spec.id, place, record.id),
    );
  } catch (e) {
    if (isApiError(e) && !isCancellation(e)) target.report(e);
    void vscode.window.showErrorMessage(
      t('Could not copy {0} as JSON: {1}', label, e instanceof Error ? e.message : String(e)),
    );
    return undefined;
  }
}

/** The node a Copy command acts on: the one it was invoked on (context menu), else, from the
 * palette or a keybinding, the selected company or record in the Companies view. */
function copyTarget(node: unknown, deps: TreeCommandDeps): Copyable | undefined {
  const target = copyableOf(node ?? deps.view.selection.find((n) => copyableOf(n)));
  if (!target)
    void vscode.window.showInformationMessage(t('Select a company or a record in the Data Platform view to copy it.'));
  return target;
}

export function registerTreeCommands(deps: TreeCommandDeps): vscode.Disposable[] {
  const register = (id: string, handler: (node?: TreeNode) => unknown) => registerCommand(id, handler);
  return [
    register('dataPlatform.refresh', async (node) => {
      if (node) node.refresh();
      else await deps.refreshAll();
    }),
    register('dataPlatform.loadMore', async (node) => {
      const paged = await pagedOf(node, deps, t('Load More: account'));
      if (paged) return saidComplete(paged) ?? paged.loadMore();
    }),
    register('dataPlatform.loadAll', async (node) => {
      const paged = await pagedOf(node, deps, t('Load All: account'));
      if (paged) return saidComplete(paged) ?? loadAll(paged);
    }),
    register('dataPlatform.retry', async (node) => (await pagedOf(node, deps, t('Retry: account')))?.retry()),
    // Opens the Settings editor on what can fix the failure: http.proxy for a proxy's 407,
    // http.systemCertificates for an untrusted certificate. Returns the query (for tests).
    register('dataPlatform.openNetworkSettings', async (node) => {
      const query = node instanceof ErrorNode ? node.settingsQuery : undefined;
      if (!query) return undefined;
      await vscode.commands.executeCommand('workbench.action.openSettings', query);
      return query;
    }),
    register('dataPlatform.showErrorDetails', (node) =>
      node instanceof ErrorNode && node.apiError
        ? vscode.commands.executeCommand('dataPlatform.showDiagnostics', node.apiError)
        : undefined,
    ),
    // Several selected: their ids, one per line (records.ts).
    registerCommand('dataPlatform.copyId', async (node?: TreeNode, selection?: unknown) => {
      const several = copyIds(node, selection);
      if (several) return several;
      const target = copyTarget(node, deps);
      if (!target) return undefined;
      const { id } = target;
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(
        target.kind === 'company' ? t('Copied company ID {0}', id) : t('Copied ID {0}', id),
        3000,
      );
      return id;
    }),
    register('dataPlatform.copyJson', async (node) => {
      const target = copyTarget(node, deps);
      if (!target) return undefined;
      const record = await target.whole(deps);
      if (record === undefined) return undefined;
      const json = JSON.stringify(record, null, 2);
      await vscode.env.clipboard.writeText(json);
      vscode.window.setStatusBarMessage(
        target.kind === 'company' ? t('Copied the company as JSON') : t('Copied {0} as JSON', target.label),
        3000,
      );
      return json;
    }),
  ];
}
