// Open as Table: a webview grid over a tree list's loaded records. STUB: the table helper builds it.
import type * as vscode from 'vscode';
import type { Connections } from '../connection/connections';
import type { ReportError } from '../diagnostics/reporter';
import type { Log } from '../log';
import type { CompaniesTreeProvider } from '../tree/provider';
import type { TableViewsApi } from './tableViewApi';

export interface TableDeps {
  log: Log;
  connections: Connections;
  tree: CompaniesTreeProvider;
  report: ReportError;
}

export function registerTables(context: vscode.ExtensionContext, deps: TableDeps, testHooks: boolean): TableViewsApi {
  void [context, deps, testHooks];
  return { panels: () => [], lastRender: () => undefined, post: () => Promise.resolve(false) };
}
