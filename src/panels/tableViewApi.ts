// What the table view offers the integration tests and benchmarks under the test switch
// (src/testApi.ts). Types only; the panel (tablePanel.ts) implements it.
import type * as vscode from 'vscode';

/** What the table page shows after a render, reported under the test switch only. */
export interface TableRenderSnapshot {
  type: 'rendered';
  /** Column ids shown, in order. */
  columns: string[];
  /** Rows the grid holds (after the quick filter) and rows the list has loaded. */
  rowCount: number;
  loadedCount: number;
  /** The rows laid out in the DOM (virtualised: a window), their record ids and cell texts. */
  visible: { id: string; cells: string[] }[];
  sort?: { column: string; descending: boolean; scope: 'loaded' | 'list' };
  filter: string;
  /** The focused cell, row and column indices within the grid. */
  focus?: { row: number; column: number };
  /** `document.body.innerText` of everything but the grid's rows. */
  text: string;
  images: number;
  scriptsWithoutNonce: number;
  /** Milliseconds from the message that changed the grid to its rows laid out. */
  renderMs: number;
  /** Long tasks (ms, > 50) the page saw since the last report; heap used (bytes), where known. */
  longTasks: number[];
  heapBytes?: number;
  /** The page's saved state (setState), what the serializer gets after a reload. */
  persisted?: unknown;
  /** The first row index laid out, and the rows laid out in the DOM (virtualisation's window). */
  firstRow: number;
  domRows: number;
  /** The status line and the sort note as shown; whether Load More / Sort the Whole List show. */
  count: string;
  sortNote?: string;
  canLoadMore: boolean;
  /** The ARIA of the grid: aria-rowcount, aria-colcount, each header's aria-sort. */
  aria: { rowcount: number; colcount: number; sort: string[] };
}

export interface TableViewsApi {
  /** The open table panels. */
  panels(): readonly vscode.WebviewPanel[];
  /** The latest render report of a panel (the active one if none is given). */
  lastRender(panel?: vscode.WebviewPanel): TableRenderSnapshot | undefined;
  /** Sends a message to a page as the host would (tests drive the page with it). */
  post(panel: vscode.WebviewPanel, message: unknown): Thenable<boolean>;
  /** Adopts a revived panel with the state its page saved (the serializer's path; tests call it
   * with a panel of the view type `dataPlatform.table`). */
  restore(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
}
