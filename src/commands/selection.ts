// The Companies view's selection: the context key the palette's `when` clauses read
// (`dataPlatform.selection`, the selected node's contextValue), and the commands of the view's keys,
// which act on the selected node as a key binding passes none (F2 renames a query or an account).
import * as vscode from 'vscode';
import { NODE_COMMANDS, SELECTION_ACTIONS, SELECTION_KEY } from '../tree/contextValues';
import { AccountRoot } from '../tree/accountRoot';
import type { TreeNode } from '../tree/node';
import { registerCommand } from './register';

interface SelectionDeps {
  view: vscode.TreeView<TreeNode>;
  /** A node's words change in place (a query pinned, a list complete): the key follows. */
  onDidChangeTreeData: vscode.Event<unknown>;
}

const contextOf = (node: TreeNode | undefined): string => node?.getTreeItem().contextValue ?? '';

/** Whether `command` acts on a node of this contextValue (src/tree/contextValues.ts). */
function fits(command: string, context: string): boolean {
  const need = NODE_COMMANDS[command];
  return need !== undefined && new RegExp(need.node).test(context);
}

/** Runs the first of `commands` that fits the selected node, on it. `options` (`{ confirmed: true }`,
 * for tests) go along; Remove Account takes them with the account's id instead of a node. */
function runOnSelected(view: SelectionDeps['view'], commands: readonly string[], options: unknown): Thenable<unknown> {
  const node = view.selection[0];
  const context = contextOf(node);
  const command = commands.find((c) => fits(c, context));
  if (!node || !command) return Promise.resolve(undefined);
  const extra = typeof options === 'object' && options !== null ? options : undefined;
  const arg = extra && node instanceof AccountRoot ? { accountId: node.accountId, ...extra } : node;
  return vscode.commands.executeCommand(command, arg, extra);
}

export function registerSelectionCommands(deps: SelectionDeps): vscode.Disposable[] {
  let shown: string | undefined;
  const follow = () => {
    const value = contextOf(deps.view.selection[0]);
    if (value === shown) return;
    shown = value;
    void vscode.commands.executeCommand('setContext', SELECTION_KEY, value);
  };
  follow();
  return [
    deps.view.onDidChangeSelection(follow),
    deps.onDidChangeTreeData(follow),
    ...Object.entries(SELECTION_ACTIONS).map(([id, commands]) =>
      registerCommand(id, (options?: unknown) => runOnSelected(deps.view, commands, options)),
    ),
  ];
}
