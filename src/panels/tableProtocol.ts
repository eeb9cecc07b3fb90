// Messages between a table panel (tablePanel.ts) and its page (media/table.js, plain JS: keep the
// two in step by hand). The host holds the rows, their order (sorting and filtering, src/table)
// and answers the page's requests for ranges of it: the page holds only a window of rows, by their
// place in the order of an epoch (a new order, a reset list: a new epoch, the page's rows dropped).
import type { RowsAnswer } from '../table/window';
import type { TableRenderSnapshot } from './tableViewApi';

interface WireColumn {
  id: string;
  /** Cells right-aligned (numbers). */
  numeric: boolean;
}

/** Where the list is and what it is: the texts the page shows above the grid, from the host. */
export interface ListStatus {
  /** "500 of 2,300 loaded". */
  count: string;
  hasMore: boolean;
  loading: boolean;
  /** "Sorted by totalAmount: 500 loaded of 2,300": a sort of the loaded rows while more remain. */
  sortNote?: string;
  /** The list's last failure, said in words (the error is in the diagnostics panel). */
  error?: string;
}

export interface ViewMessage {
  type: 'view';
  /** Every column of the type, and those shown, in order. */
  columns: WireColumn[];
  shown: string[];
  sort?: { column: string; descending: boolean; scope: 'loaded' | 'list' };
  filter: string;
  /** The order the page's rows are placed in; rows of another epoch are stale. */
  epoch: number;
  /** Rows in that order (after the quick filter), and rows the list has loaded. */
  rowCount: number;
  loaded: number;
  status: ListStatus;
}

/** A fresh list (first load, a reset list, a list found again), with the view; the page asks for
 * the rows it shows. */
type InitMessage = {
  title: string;
  list: unknown;
  restore?: { scrollRow: number; focus?: { row: number; column: number } };
} & Omit<ViewMessage, 'type'> & { type: 'init' };

export type TableHostToPage =
  | InitMessage
  | ViewMessage
  /** The rows of a range the page asked for. */
  | RowsAnswer
  /** Test switch only: do what a user does (tablePanel's drive). */
  | {
      type: 'drive';
      action: DriveAction;
      column?: string;
      text?: string;
      key?: string;
      row?: number;
      ctrl?: boolean;
      shift?: boolean;
      alt?: boolean;
    };

type DriveAction = 'clickHeader' | 'typeFilter' | 'key' | 'scrollTo' | 'focusCell' | 'click' | 'openRow' | 'report';

export type TablePageToHost =
  | { type: 'ready' }
  | { type: 'sort'; column: string }
  | { type: 'sortList' }
  | { type: 'filter'; text: string }
  | { type: 'columns' }
  | { type: 'move'; column: string; delta: number }
  | { type: 'open'; id: string }
  | { type: 'copyCell'; id: string; column: string }
  | { type: 'copyRow'; id: string }
  | { type: 'loadMore' }
  | { type: 'loadAll' }
  /** Rows [start, end) of the order of `epoch`. */
  | { type: 'rows'; epoch: number; start: number; end: number }
  | TableRenderSnapshot;

const MAX_FILTER = 500;

/** A page asks for its window plus a margin: a few hundred rows, never the whole list. */
const MAX_RANGE = 5000;
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

const str = (v: unknown, max = 1000): v is string => typeof v === 'string' && v.length <= max;

/** Whether a message from the page is one the host knows, with fields of the right kinds. */
export function isTablePageToHost(value: unknown): value is TablePageToHost {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'sortList':
    case 'columns':
    case 'loadMore':
    case 'loadAll':
      return true;
    case 'sort':
      return str(m.column);
    case 'filter':
      return str(m.text, MAX_FILTER);
    case 'move':
      return str(m.column) && (m.delta === -1 || m.delta === 1);
    case 'open':
    case 'copyRow':
      return str(m.id);
    case 'copyCell':
      return str(m.id) && str(m.column);
    case 'rows':
      return count(m.epoch) && count(m.start) && count(m.end) && m.end >= m.start && m.end - m.start <= MAX_RANGE;
    case 'rendered':
      return Array.isArray(m.columns) && Array.isArray(m.visible) && typeof m.rowCount === 'number';
    default:
      return false;
  }
}
