// Messages between a table panel (tablePanel.ts) and its page (media/table.js, plain JS: keep the
// two in step by hand). The host holds the rows and does the sorting and filtering (src/table):
// the page gets each row's cells once, then only the order of the rows to show, as indices.
import type { GridRow } from '../table/grid';
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
  /** Rows to show by index into the rows held; absent: all, as loaded. */
  order?: number[];
  status: ListStatus;
}

export type HostToPage =
  /** A fresh set of rows (first load, a reset list, a list found again), with the view. */
  | ({
      title: string;
      rows: GridRow[];
      list: unknown;
      restore?: { scrollRow: number; focus?: { row: number; column: number } };
    } & Omit<ViewMessage, 'type'> & { type: 'init' })
  /** Rows the list added after those the page holds. */
  | ({ rows: GridRow[] } & Omit<ViewMessage, 'type'> & { type: 'append' })
  | ViewMessage
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

export type PageToHost =
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
  | TableRenderSnapshot;

const MAX_FILTER = 500;

const str = (v: unknown, max = 1000): v is string => typeof v === 'string' && v.length <= max;

/** Whether a message from the page is one the host knows, with fields of the right kinds. */
export function isPageToHost(value: unknown): value is PageToHost {
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
    case 'rendered':
      return Array.isArray(m.columns) && Array.isArray(m.visible) && typeof m.rowCount === 'number';
    default:
      return false;
  }
}
