// The rows of one range of a table's current order, as the host answers a page that holds only a
// window of them: the page asks for [start, end) of the order it knows by its epoch, the host
// answers at most MAX_ROWS_PER_ANSWER rows of it, or nothing when the order has changed since.
import type { GridModel } from './grid';

/** Rows in one answer: ~120 KB of JSON at 25 columns, well under a frame of the page's parsing. */
export const MAX_ROWS_PER_ANSWER = 500;

export interface RowsAnswer {
  type: 'rows';
  epoch: number;
  start: number;
  ids: string[];
  cells: string[][];
}

/** `[start, end)` within `count` rows, at most `cap` long; undefined when nothing of it is there. */
export function clampRange(
  count: number,
  start: number,
  end: number,
  cap = MAX_ROWS_PER_ANSWER,
): { start: number; end: number } | undefined {
  const from = Math.max(0, Math.floor(start));
  const to = Math.min(count, Math.floor(end), from + cap);
  return to > from ? { start: from, end: to } : undefined;
}

/** Whether two orders (undefined: every row as held) show the same rows at the same places. */
export function sameOrder(a: Uint32Array | undefined, b: Uint32Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The answer to a page's request for rows [start, end) of the order of `epoch`. */
export function rowsAnswer(
  grid: GridModel,
  order: Uint32Array | undefined,
  epoch: number,
  start: number,
  end: number,
): RowsAnswer | undefined {
  const range = clampRange(order ? order.length : grid.size, start, end);
  if (!range) return undefined;
  const ids: string[] = [];
  const cells: string[][] = [];
  for (let i = range.start; i < range.end; i++) {
    const row = order ? order[i] : i;
    ids.push(grid.idAt(row) ?? '');
    cells.push(grid.rowAt(row));
  }
  return { type: 'rows', epoch, start: range.start, ids, cells };
}
