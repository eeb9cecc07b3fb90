// The Companies view: its tree provider, the view itself and the query nodes it keeps across
// reloads, built once at activation.
import * as vscode from 'vscode';
import type { Connections } from '../connection/connections';
import type { ReportError } from '../diagnostics/reporter';
import type { Log } from '../log';
import { QueryNodeStore } from '../persistence/queryNodeStore';
import { SavedQueries } from '../persistence/savedQueries';
import { PushTrackers } from '../push/trackers';
import { loadAllConcurrency, pageSize } from '../settings';
import type { CompanyNodeLike } from './context';
import { CompaniesTreeProvider } from './provider';

/** The query nodes kept across reloads (in globalState: they belong to the account, not to a
 * workspace), each company's under its account's id. */
export function createQueryStore(context: vscode.ExtensionContext, log: Log): QueryNodeStore<CompanyNodeLike> {
  return new QueryNodeStore(
    new SavedQueries(context.globalState),
    (company) => company.account.id,
    (e) => log.warn(`query nodes not saved: ${e instanceof Error ? e.message : String(e)}`),
  );
}

export function createCompaniesView(
  connections: Connections,
  report: ReportError,
  queryStore: QueryNodeStore<CompanyNodeLike>,
) {
  const pushes = new PushTrackers();
  const tree = new CompaniesTreeProvider(
    {
      pageSize,
      loadAllConcurrency,
      report,
      now: Date.now,
      queryStore,
      onRootRendered: (empty) => void vscode.commands.executeCommand('setContext', 'dataPlatform.noCompanies', empty),
    },
    connections,
    pushes,
  );
  const view = vscode.window.createTreeView('dataPlatform.companies', {
    treeDataProvider: tree,
    showCollapseAll: true,
    // Export, Copy ID and Remove Query act on every node selected; the other commands on the one clicked.
    canSelectMany: true,
  });
  return { tree, view, queryStore, pushes };
}
