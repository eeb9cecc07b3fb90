// Commands on a query node: Rename Query…, Pin Query / Unpin Query, Remove Query (Clear Filter is
// its older name) and Re-run Query. Each acts on the node it was invoked on (context menu), else
// on the query node selected in the Companies view (palette), and resolves once the change is
// stored, so what a command returns is what a reload brings back. Remove Query takes every query
// node selected with the one clicked, and asks first (once) when one of them is pinned or named.
import * as vscode from 'vscode';
import { t } from '../l10n';
import { PINNED_QUERY_LIMIT } from '../persistence/savedQueries';
import type { PinOutcome } from '../tree/companyQueries';
import { QueryNode } from '../tree/queryNode';
import { ErrorNode } from '../tree/leafNodes';
import type { TreeNode } from '../tree/node';
import { CompanyNode } from '../tree/companyNodes';
import { prompt } from './prompt';
import { registerCommand } from './register';
import { askModal } from './confirmWrite';
import { selectedNodes } from './severalNodes';

interface QueryNodeCommandDeps {
  view: vscode.TreeView<TreeNode>;
  /** Resolves once every change to the query nodes so far is stored. */
  settled(): Promise<void>;
}

/** Longest name a query may be given: it is a line in the tree. */
const MAX_QUERY_NAME = 100;

interface Target {
  node: QueryNode;
  company: CompanyNode;
}

function targetOf(deps: QueryNodeCommandDeps, arg: unknown): Target | undefined {
  const node = arg instanceof ErrorNode ? arg.owner : (arg ?? deps.view.selection.find((n) => n instanceof QueryNode));
  if (node instanceof QueryNode && node.owner instanceof CompanyNode) return { node, company: node.owner };
  // From the palette with nothing to act on; a call on another kind of node does nothing.
  if (arg === undefined)
    void vscode.window.showInformationMessage(t('Select a query in the Data Platform view first.'));
  return undefined;
}

const nameProblem = (name: string): string | undefined =>
  name.trim().length > MAX_QUERY_NAME ? t('A name of at most {0} characters, please.', MAX_QUERY_NAME) : undefined;

/** The name typed into an input box; undefined when dismissed. A name too long cannot be taken. */
function askName(node: QueryNode): Promise<string | undefined> {
  const filter = node.query.query ?? t('(no filter)');
  return prompt().input({
    title: t('Rename Query'),
    prompt: t('The name shown for {0}. Leave it empty to show the filter.', filter),
    placeholder: filter,
    value: node.label ?? '',
    validateInput: nameProblem,
  });
}

/** Names the query (an empty name shows its filter again); undefined when dismissed. */
async function rename(deps: QueryNodeCommandDeps, arg: unknown): Promise<QueryNode | undefined> {
  const target = targetOf(deps, arg);
  if (!target) return undefined;
  const label = await askName(target.node);
  if (label === undefined) return undefined;
  // A node no longer in the tree (its company was rebuilt meanwhile) has nothing to rename.
  const renamed = target.company.queryList.rename(target.node, label);
  await deps.settled();
  return renamed ? target.node : undefined;
}

async function pin(deps: QueryNodeCommandDeps, arg: unknown, pinned: boolean): Promise<PinOutcome | undefined> {
  const target = targetOf(deps, arg);
  if (!target) return undefined;
  const outcome = target.company.queryList.setPinned(target.node, pinned);
  if (outcome === 'full') {
    void vscode.window.showWarningMessage(
      t('{0} already has {1} pinned queries: unpin one first.', target.company.company.name, PINNED_QUERY_LIMIT),
    );
  }
  await deps.settled();
  return outcome;
}

const queryName = (node: QueryNode): string => node.label ?? node.query.query ?? t('(no filter)');

/** One modal question for all the pinned or named queries among `targets`; true to go on. None of
 * them pinned or named: no question. */
async function confirmRemove(targets: readonly Target[]): Promise<boolean> {
  const kept = targets.map((x) => x.node).filter((n) => n.pinned || n.label !== undefined);
  if (kept.length === 0) return true;
  const names = kept.map((n) => (n.pinned ? t('"{0}" (pinned)', queryName(n)) : t('"{0}"', queryName(n))));
  const question =
    targets.length === 1
      ? t('Remove the query {0}?', names[0])
      : t('Remove {0} queries? {1} of them pinned or named: {2}.', targets.length, kept.length, names.join(', '));
  const detail = t('A pinned or named query is kept across reloads. Removing it cannot be undone.');
  return askModal(question, detail, t('Remove'), targets.length === 1 ? t('Keep It') : t('Keep Them'));
}

/** Removes the queries (the one clicked, or all selected with it) from the tree and from storage,
 * asking first for a pinned or named one; false when nothing was removed. */
async function remove(deps: QueryNodeCommandDeps, arg: unknown, more: unknown): Promise<boolean> {
  const nodes =
    arg === undefined
      ? deps.view.selection.filter((n) => n instanceof QueryNode)
      : selectedNodes(arg, more).filter((n) => n instanceof QueryNode || n instanceof ErrorNode);
  const targets = (nodes.length > 0 ? nodes : [arg])
    .map((n) => targetOf(deps, n))
    .filter((x): x is Target => x !== undefined);
  if (targets.length === 0) return false;
  if (!(await confirmRemove(targets))) return false;
  const removed = targets.filter((x) => x.company.queryList.remove(x.node)).length;
  await deps.settled();
  return removed > 0;
}

/** Runs the query again from its first page, and shows it expanded. */
async function rerun(deps: QueryNodeCommandDeps, arg: unknown): Promise<QueryNode | undefined> {
  const target = targetOf(deps, arg);
  if (!target) return undefined;
  target.node.refresh();
  try {
    await deps.view.reveal(target.node, { expand: true, select: true, focus: false });
  } catch {
    // A hidden view cannot reveal; the node loads when the user opens it.
  }
  return target.node;
}

export function registerQueryNodeCommands(deps: QueryNodeCommandDeps): vscode.Disposable[] {
  const register = (id: string, handler: (arg?: unknown, more?: unknown, last?: unknown) => unknown) =>
    registerCommand(id, handler);
  return [
    register('dataPlatform.renameQuery', (arg) => rename(deps, arg)),
    register('dataPlatform.pinQuery', (arg) => pin(deps, arg, true)),
    register('dataPlatform.unpinQuery', (arg) => pin(deps, arg, false)),
    register('dataPlatform.removeQuery', (arg, more) => remove(deps, arg, more)),
    register('dataPlatform.rerunQuery', (arg) => rerun(deps, arg)),
  ];
}
