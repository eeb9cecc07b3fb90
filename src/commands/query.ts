// Run query… and Filter… (the commands on a query node itself are in queryNodes.ts). A query is
// of one data type (picked, Invoices first), a filter checked against that type's schema as it is
// typed (the error and its column shown in place of the runnable row), offered with the company's
// recent queries of the type, and an optional orderBy; the result is a QueryNode with that query
// under the company, paged like the type's own node, and kept across window reloads.
import * as vscode from 'vscode';
import { isApiError, type ApiError, type Company, type DataPlatformClient } from '../api';
import { dataType, type DataTypeSpec } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import type { QueryHistory } from '../persistence/queryHistory';
import { orderByPickRows, queryPickRows, type PickRow } from '../format/queryMessages';
import { ConnectionNode } from '../tree/connectionNodes';
import { DataFolderNode, RecordListNode, type RecordQuery } from '../tree/dataNodes';
import { typesAt, type ListSpot } from '../tree/typePlaces';
import { QueryNode } from '../tree/queryNode';
import { ErrorNode } from '../tree/leafNodes';
import type { TreeNode } from '../tree/node';
import type { CompaniesTreeProvider } from '../tree/provider';
import { CompanyNode } from '../tree/companyNodes';
import { pickCompany } from './companyPicker';
import { pickDataType } from './dataTypePicker';
import type { ResolveAccount } from './accountTarget';
import { registerQueryNodeCommands } from './queryNodes';
import { prompt } from './prompt';
import { createQuickPick } from './quickPicks';
import { registerCommand } from './register';

interface QueryCommandDeps {
  tree: CompaniesTreeProvider;
  view: vscode.TreeView<TreeNode>;
  /** The account of a query not run on a node (the selected, only or picked one). */
  account: ResolveAccount;
  pageSize(): number;
  history: QueryHistory;
  /** Resolves once the query nodes' changes so far are stored (they last across reloads). */
  settled(): Promise<void>;
}

export type QueryResult =
  { outcome: 'shown'; node: QueryNode } | { outcome: 'cancelled' } | { outcome: 'unavailable'; message: string };

/** The company a caller names instead of a node (`{ accountId, companyId }`): what the command
 * acts on, not an answer; the type, filter and order are always asked. */
function namedCompanyId(v: unknown): string | undefined {
  const id = typeof v === 'object' && v !== null ? (v as { companyId?: unknown }).companyId : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

interface RowItem extends vscode.QuickPickItem {
  row?: PickRow;
}

/** A quick pick whose rows are recomputed from the typed text; resolves with the accepted row's
 * value, undefined when dismissed. An invalid row cannot be accepted. */
function pickRow(
  title: string,
  placeholder: string,
  initial: string,
  rowsFor: (value: string) => PickRow[],
): Promise<PickRow | undefined> {
  const pick = createQuickPick<RowItem>();
  pick.title = title;
  pick.placeholder = placeholder;
  pick.ignoreFocusOut = true;
  pick.matchOnDescription = false;
  const update = (value: string) => {
    const rows = rowsFor(value);
    const items: RowItem[] = [];
    let recentHeader = false;
    let completions = false;
    for (const row of rows) {
      if (row.kind === 'recent' && !recentHeader) {
        items.push({ label: t('recent queries'), kind: vscode.QuickPickItemKind.Separator });
        recentHeader = true;
      }
      if (row.kind === 'completion' && !completions) {
        items.push({ label: t('complete'), kind: vscode.QuickPickItemKind.Separator });
        completions = true;
      }
      // The typed row (valid or not) and the completions must show whatever VS Code's own filter
      // thinks of them: a completion's label is what it inserts, not the typed text.
      const always = row.kind === 'typed' || row.kind === 'invalid' || row.kind === 'completion';
      items.push({ label: row.label, description: row.description, detail: row.detail, alwaysShow: always, row });
    }
    pick.items = items;
  };
  pick.value = initial;
  update(initial);
  const answers = (item: RowItem) => {
    const row = item.row;
    if (row?.completion === undefined) return row?.value !== undefined;
    pick.value = row.completion;
    update(row.completion);
    return false;
  };
  return prompt()
    .pick({ pick, typed: update, answers })
    .then((item) => item?.row);
}

function askQuery(
  deps: QueryCommandDeps,
  company: CompanyNode,
  spec: DataTypeSpec,
  initial: string,
): Promise<PickRow | undefined> {
  const recent = deps.history.list(company.company.id, spec.id);
  const title = t('{0} of {1}: filter', typeTitle(spec.id), company.company.name);
  return pickRow(title, t('e.g. {0}', spec.example), initial, (v) => queryPickRows(v, recent, spec.schema));
}

function askOrderBy(company: CompanyNode, spec: DataTypeSpec, initial: string): Promise<PickRow | undefined> {
  const title = t('{0} of {1}: orderBy (optional)', typeTitle(spec.id), company.company.name);
  return pickRow(title, t('A field, "-" first for descending: -modifiedDate'), initial, (v) =>
    orderByPickRows(v, spec.schema),
  );
}

async function fetchCompany(
  report: (e: ApiError) => void,
  client: DataPlatformClient,
  companyId: string,
): Promise<Company | undefined> {
  try {
    return await client.getCompany(companyId);
  } catch (e) {
    if (isApiError(e)) report(e);
    return undefined;
  }
}

/** The company a command was invoked on, or the one the arguments name, or a picked one. */
async function companyFor(deps: QueryCommandDeps, arg: unknown): Promise<CompanyNode | QueryResult> {
  if (arg instanceof CompanyNode) return arg;
  if ((arg instanceof RecordListNode || arg instanceof DataFolderNode) && arg.owner instanceof CompanyNode)
    return arg.owner;
  if (arg instanceof ConnectionNode && arg.folder.owner instanceof CompanyNode) return arg.folder.owner;
  const target = await deps.account(arg, t('Run Query: account'));
  if (!target) return { outcome: 'cancelled' };
  const { root, report } = target;
  const client = target.connection.client;
  if (!client) {
    const message = t('Set an API key before running a query.');
    void vscode.window.showErrorMessage(message);
    return { outcome: 'unavailable', message };
  }
  let company: Company | undefined;
  const companyId = namedCompanyId(arg);
  if (companyId) {
    // One request for the company, not a walk through the view's pages to find it.
    company = root.companyNode(companyId)?.company ?? (await fetchCompany(report, client, companyId));
    if (!company) {
      const message = t('Company {0} could not be found (see Data Platform Diagnostics).', companyId);
      void vscode.window.showErrorMessage(message);
      return { outcome: 'unavailable', message };
    }
  } else {
    company = await pickCompany(
      { client, pageSize: deps.pageSize(), report: (e) => report(e), list: root.ensureList() },
      t('Run Query: company'),
    );
    if (!company) return { outcome: 'cancelled' };
  }
  if (deps.tree.rootOf(root.accountId) !== root) {
    // The key or base URL changed meanwhile: that root is gone from the view.
    const message = t('The connection changed while finding the company; run the query again.');
    void vscode.window.showWarningMessage(message);
    return { outcome: 'unavailable', message };
  }
  // Shown as it is, even when its page is not loaded (a company found by the picker's search).
  const node = root.showCompany(company);
  if (!node) {
    const message = t('Company {0} cannot be shown in the Data Platform view.', company.id);
    void vscode.window.showErrorMessage(message);
    return { outcome: 'unavailable', message };
  }
  return node;
}

type Typed = { outcome: 'typed'; spec: DataTypeSpec; spot: ListSpot } | QueryResult;

/** Where the arguments place a query (`{ companyId, connectionId?, parentId? }`): a connection,
 * named as the company's shown connection is; a parent record (within a connection), by its id. */
function namedSpot(company: CompanyNode, v: unknown): ListSpot {
  const { connectionId, parentId } = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  if (typeof connectionId !== 'string' || connectionId === '') return {};
  const shown = company.connections.connectionNode(connectionId)?.getTreeItem().label;
  const connection = typeof shown === 'string' ? shown : connectionId;
  if (typeof parentId !== 'string' || parentId === '') return { connectionId, name: connection };
  return { connectionId, parentId, name: t('{0} · {1}', connection, parentId) };
}

/** The type a query is of and where it lists: the node's, or the one picked of those listed at the
 * connection node or the place the arguments name (the company's own types otherwise). */
async function typeFor(company: CompanyNode, arg: unknown): Promise<Typed> {
  if (arg instanceof RecordListNode) return { outcome: 'typed', spec: arg.spec, spot: arg.spot };
  const spot = arg instanceof ConnectionNode ? (arg.typeNodes[0]?.spot ?? {}) : namedSpot(company, arg);
  const types = typesAt(spot);
  const picked = await pickDataType(t('Run Query: data type'), types[0]?.id, types);
  return picked ? { outcome: 'typed', spec: dataType(picked), spot } : { outcome: 'cancelled' };
}

type Asked = { outcome: 'asked'; query: RecordQuery } | QueryResult;

/** The filter and order asked (each checked against the type's schema as it is typed). */
async function queryFor(
  deps: QueryCommandDeps,
  company: CompanyNode,
  spec: DataTypeSpec,
  current: RecordQuery,
): Promise<Asked> {
  const filter = await askQuery(deps, company, spec, current.query ?? '');
  if (!filter?.value) return { outcome: 'cancelled' };
  // A recent entry brings its own order; a typed filter asks for one.
  if (filter.kind === 'recent')
    return { outcome: 'asked', query: { query: filter.value.query, orderBy: filter.value.orderBy } };
  const order = await askOrderBy(company, spec, current.orderBy ?? '');
  if (!order?.value) return { outcome: 'cancelled' };
  return { outcome: 'asked', query: { query: filter.value.query, orderBy: order.value.orderBy || undefined } };
}

async function show(deps: QueryCommandDeps, company: CompanyNode, node: QueryNode): Promise<QueryResult> {
  // The node's own text: an equivalent query typed differently finds the existing node, and the
  // history should read as the node does.
  await deps.history.add(company.company.id, {
    query: node.query.query ?? '',
    orderBy: node.query.orderBy,
    dataType: node.dataType,
  });
  await deps.settled();
  try {
    await deps.view.reveal(node, { expand: true, select: true, focus: false });
  } catch {
    // A hidden view cannot reveal; the node is there when the user opens it.
  }
  return { outcome: 'shown', node };
}

async function runQuery(deps: QueryCommandDeps, arg?: unknown): Promise<QueryResult> {
  const company = await companyFor(deps, arg);
  if (!(company instanceof CompanyNode)) return company;
  const typed = await typeFor(company, arg);
  if (typed.outcome !== 'typed') return typed;
  const asked = await queryFor(deps, company, typed.spec, {});
  if (asked.outcome !== 'asked') return asked;
  return show(deps, company, company.addQuery(asked.query, typed.spec.id, typed.spot));
}

/** On a query node: edits its filter in place. On a type's node: adds a query node of that type. */
async function filterRecords(deps: QueryCommandDeps, target?: unknown): Promise<QueryResult> {
  const node = target instanceof ErrorNode ? target.owner : target;
  if (!(node instanceof RecordListNode) || !(node.owner instanceof CompanyNode)) return runQuery(deps, target);
  const company = node.owner;
  const asked = await queryFor(deps, company, node.spec, node.query);
  if (asked.outcome !== 'asked') return asked;
  const updated =
    node instanceof QueryNode
      ? company.replaceQuery(node, asked.query)
      : company.addQuery(asked.query, node.dataType, node.spot);
  return show(deps, company, updated);
}

/** Run Query…, Filter… and the commands on a query node. */
export function registerQueryCommands(deps: QueryCommandDeps): vscode.Disposable[] {
  return [
    ...registerQueryNodeCommands(deps),
    registerCommand('dataPlatform.runQuery', (arg?: unknown) => runQuery(deps, arg)),
    // The id predates the other data types; it filters any type's list.
    registerCommand('dataPlatform.filter', (target?: unknown) => filterRecords(deps, target)),
  ];
}
