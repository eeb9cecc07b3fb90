// Several nodes selected in the Companies view (canSelectMany): VS Code calls a menu's command with
// the node clicked and every node selected. Commands that make sense for several (Export, Copy ID,
// Remove Query) read both; the others take the node clicked alone.

/** The nodes a command acts on: the selection passed beside the node clicked when that node is
 * part of a selection of several, else the node alone. */
export function selectedNodes(node: unknown, selection: unknown): unknown[] {
  return Array.isArray(selection) && selection.length > 1 && selection.includes(node) ? selection : [node];
}
