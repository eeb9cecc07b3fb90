// What the table benchmark (table.test.ts) needs of the table and report pages: waiting for a
// page's next render report, timed from the host, and the drive messages that scroll and sort the
// grid as the integration tests drive it (src/panels/tableProtocol.ts, media/table.js's drive).
import * as vscode from 'vscode';
import type { ReportRenderSnapshot } from '../../../src/panels/reportViewApi';
import type { TableRenderSnapshot } from '../../../src/panels/tableViewApi';

/** Open as Table on a tree list's node (package.json). */
export const OPEN_AS_TABLE = 'dataPlatform.openTable';

/** Scrolls the grid so that row `row` (of the grid's order) is at the top; the page lays out the
 * rows in view and reports. */
export const scrollMessage = (row: number): unknown => ({ type: 'drive', action: 'scrollTo', row });

/** Clicks a column's header, as a user sorts: ascending first, then the other way. */
export const sortMessage = (column: string): unknown => ({ type: 'drive', action: 'clickHeader', column });

/** Asks the page for a report now: the long tasks it saw since its last one. */
export const reportMessage: unknown = { type: 'drive', action: 'report' };

/** A report's start, without its page text, for a timeout's message. */
const brief = (r: object | undefined): string =>
  r ? JSON.stringify({ ...r, text: undefined, rows: undefined, visible: undefined }).slice(0, 600) : 'none';

const tick = () => new Promise<void>((r) => setTimeout(r, 1));

/**
 * Polls `read` every millisecond until it returns a report other than `since` that `accept`
 * takes: the host hears a page's report as a message, so a 1 ms poll costs the measurement at
 * most a millisecond (the integration tests' waitFor backs off to 100 ms, too coarse to time with).
 */
export async function nextReport<T extends object>(
  what: string,
  read: () => T | undefined,
  since: T | undefined,
  accept: (r: T) => boolean,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const r = read();
    if (r && r !== since && accept(r)) return r;
    if (performance.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; the last report: ${brief(r)}`);
    await tick();
  }
}

export interface Timed<T> {
  ms: number;
  report: T;
  /** Every report heard on the way (long tasks are per report: none may be lost). */
  seen: T[];
}

/** Runs `start`, then waits for the report `accept` takes; every report heard on the way is kept. */
export async function timedReport<T extends object>(
  what: string,
  read: () => T | undefined,
  start: () => Thenable<unknown> | Promise<unknown>,
  accept: (r: T) => boolean,
): Promise<Timed<T>> {
  const seen: T[] = [];
  let last = read();
  const started = performance.now();
  await start();
  const report = await nextReport(what, read, undefined, (r) => {
    if (r !== last) seen.push(r);
    last = r;
    return seen.includes(r) && accept(r);
  });
  return { ms: performance.now() - started, report, seen };
}

/**
 * After `pauseMs`, one more report of the page: a task's long task entry is dispatched after the
 * task, so the report the task itself sent cannot hold it; the next one does. A longer pause also
 * lets the page's heap settle (idle-time collection) before it is read.
 */
export async function settle(
  post: (m: unknown) => Thenable<boolean>,
  read: () => TableRenderSnapshot | undefined,
  pauseMs: number,
): Promise<Timed<TableRenderSnapshot>> {
  await new Promise((r) => setTimeout(r, pauseMs));
  return timedReport(
    'a report of the page',
    read,
    () => post(reportMessage),
    () => true,
  );
}

/** The long tasks (ms) of every report. */
export const longTasksOf = (reports: readonly TableRenderSnapshot[]): number[] => reports.flatMap((r) => r.longTasks);

/** A table panel opened since `before`. */
export function newPanel(
  panels: readonly vscode.WebviewPanel[],
  before: readonly vscode.WebviewPanel[],
): vscode.WebviewPanel | undefined {
  return panels.find((p) => !before.includes(p));
}

/** A statement's render, its request answered, has `periods` period columns (and maybe a total's). */
export function showsPeriods(r: ReportRenderSnapshot, periods: number): boolean {
  const p = r.params as { periodsToCompare?: number };
  return !r.loading && !r.problem && p.periodsToCompare === periods && r.rows.length > 0 && r.columns.length >= periods;
}

/** Closes every editor, so that a panel opened next is a new page and nothing else is drawn. */
export async function closeEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
