// What the report view offers the integration tests and benchmarks under the test switch
// (src/testApi.ts). Types only; the panel (reportPanel.ts) implements it.
import type * as vscode from 'vscode';
import type { ReportKind, ReportParams } from '../api';
import type { ReportTable } from '../reports/reportTable';

/** What the report page shows after a render, reported under the test switch only. */
export interface ReportRenderSnapshot {
  type: 'rendered';
  kind: ReportKind;
  companyId: string;
  params: ReportParams;
  /** Column headings, in order. */
  columns: string[];
  /** The table's rows as shown: label, depth, role, each cell's text, whether it is flagged. */
  rows: { label: string; depth: number; role: string; cells: string[]; flagged: boolean }[];
  /** The chart: number of series and of drawn marks (bars), its accessible name. */
  chart: { series: number; marks: number; label: string };
  /** `document.body.innerText`. */
  text: string;
  /** IMG elements (must stay 0) and scripts without the page's nonce (must stay 0). */
  images: number;
  scriptsWithoutNonce: number;
  /** Milliseconds the page took from the message to the table and chart laid out. */
  renderMs: number;
  /** The page's problem line (an error, an unavailable report) and whether it offers Retry. */
  problem?: string;
  retry?: boolean;
  /** A request is in flight (the loading state shown). */
  loading?: boolean;
  /** Whether each cell's change vs the column before is shown. */
  showChanges?: boolean;
  /** `getState()`: what the serializer gets back after a reload. */
  persisted?: unknown;
}

export interface ReportViewsApi {
  /** Opens (or reveals) the report of a company of the first account; `params` as the view sends. */
  open(companyId: string, kind: ReportKind, params?: ReportParams): Promise<vscode.WebviewPanel>;
  /** The open report panels. */
  panels(): readonly vscode.WebviewPanel[];
  /** The latest render report of a panel (the active one if none is given). */
  lastRender(panel?: vscode.WebviewPanel): ReportRenderSnapshot | undefined;
  /** Sends a message to a page as the host would (tests drive the page with it). */
  post(panel: vscode.WebviewPanel, message: unknown): Thenable<boolean>;
  /** The serializer's path: adopts a revived panel with the state its page saved. */
  restore(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
  /** Settles when the panel's fetch in flight does (none: at once). */
  settled(panel?: vscode.WebviewPanel): Promise<void>;
  /** The table the panel shows, as the host built it (what Export writes). */
  table(panel?: vscode.WebviewPanel): ReportTable | undefined;
}
