// The base of every node in the Companies tree. A node builds its own TreeItem and children and
// knows its parent, so the view can `reveal` it and a command can refresh just that node.
import * as vscode from 'vscode';

export abstract class TreeNode {
  constructor(readonly parent: TreeNode | undefined) {}

  abstract getTreeItem(): vscode.TreeItem;

  getChildren(): TreeNode[] | Promise<TreeNode[]> {
    return [];
  }

  /** Drops what the node loaded and loads it again; only this node re-renders. */
  refresh(): void {}

  /** Stops whatever the node (and its children) still has running: loads, requests, timers.
   * Called when the node leaves the tree (reset, refresh of its parent, a removed query). */
  dispose(): void {}
}
