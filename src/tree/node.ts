// The base of every node in the Companies tree. A node builds its own TreeItem and children and
// knows its parent, so the view can `reveal` it and a command can refresh just that node.
import * as vscode from 'vscode';
import type { DataSetStatus, ListItems } from '../format/labels';

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

/** What the leaf nodes of a paged list (Load more, Load all, its error) need of the list's node;
 * PagedNode is one. An interface here, so that the leaves and PagedNode do not import each other. */
export interface PagedOwner extends TreeNode {
  /** The node's stable id, which its leaves' ids extend. */
  readonly key: string;
  /** What the list holds, for wording. */
  readonly items: ListItems;
  /** The data set status of what it lists, once known: a 409 reads by it (a sync running or not). */
  dataSetStatus?(): DataSetStatus;
}
