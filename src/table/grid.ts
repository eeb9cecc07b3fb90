// The table's rows as the host holds them: every loaded record's cells for every column, by
// column, with what sorting and the quick filter need computed once per column and kept until
// rows are added. The page gets the cells once and, for a sort or filter, only the order of rows
// to show (indices): the work is done here, in plain code tested in Node.
import type { DataRecord } from '../dataTypes/rows';
import { rowCells } from './cells';
import type { TableColumn } from './columns';
import { sortedOrder, sortKeys, type SortKeys } from './sort';

interface GridSort {
  column: string;
  descending: boolean;
}

/** A row as the page gets it: the record's id and its cells in the order of the grid's columns. */
interface GridRow {
  id: string;
  cells: string[];
}

export class GridModel {
  private readonly ids: string[] = [];
  /** Cells by column, then row. */
  private readonly cells: string[][];
  private readonly keys = new Map<string, SortKeys>();
  private readonly lower = new Map<string, string[]>();

  constructor(readonly columns: readonly TableColumn[]) {
    this.cells = columns.map(() => []);
  }

  get size(): number {
    return this.ids.length;
  }

  idAt(row: number): string | undefined {
    return this.ids[row];
  }

  indexOf(id: string): number {
    return this.ids.indexOf(id);
  }

  /** The cells of a row, in the columns' order. */
  rowAt(row: number): string[] {
    return this.cells.map((c) => c[row]);
  }

  cell(row: number, column: string): string | undefined {
    const c = this.columns.findIndex((col) => col.id === column);
    return c < 0 || row < 0 || row >= this.size ? undefined : this.cells[c][row];
  }

  /** Adds the records after those held; returns their rows as the page gets them. */
  append(records: readonly DataRecord[]): GridRow[] {
    const paths = this.columns.map((c) => c.path);
    const rows = records.map((r) => ({ id: String(r.id), cells: rowCells(r, paths) }));
    for (const row of rows) {
      this.ids.push(row.id);
      row.cells.forEach((text, c) => this.cells[c].push(text));
    }
    if (rows.length > 0) {
      this.keys.clear();
      this.lower.clear();
    }
    return rows;
  }

  clear(): void {
    this.ids.length = 0;
    for (const c of this.cells) c.length = 0;
    this.keys.clear();
    this.lower.clear();
  }

  /** The rows to show, in order: sorted by one column (stable, empty cells last), then only those
   * whose shown cells hold `filter` (case-insensitive). Undefined when that is every row as loaded. */
  order(sort: GridSort | undefined, filter: string, shown: readonly string[]): Uint32Array | undefined {
    const needle = filter.trim().toLowerCase();
    if (!sort && needle === '') return undefined;
    let order = sort ? this.sorted(sort) : undefined;
    if (needle !== '') order = this.filtered(order, needle, shown);
    return order;
  }

  private sorted(sort: GridSort): Uint32Array | undefined {
    const c = this.columns.findIndex((col) => col.id === sort.column);
    if (c < 0) return undefined;
    let keys = this.keys.get(sort.column);
    if (!keys) {
      keys = sortKeys(this.cells[c], this.columns[c].kind);
      this.keys.set(sort.column, keys);
    }
    return sortedOrder(keys, sort.descending);
  }

  private filtered(order: Uint32Array | undefined, needle: string, shown: readonly string[]): Uint32Array {
    const columns = shown.map((id) => this.lowerCells(id)).filter((c) => c !== undefined);
    const out = new Uint32Array(this.size);
    let n = 0;
    const count = order ? order.length : this.size;
    for (let i = 0; i < count; i++) {
      const row = order ? order[i] : i;
      if (columns.some((c) => c[row].includes(needle))) out[n++] = row;
    }
    return out.slice(0, n);
  }

  private lowerCells(id: string): string[] | undefined {
    const c = this.columns.findIndex((col) => col.id === id);
    if (c < 0) return undefined;
    let lower = this.lower.get(id);
    if (!lower) {
      lower = this.cells[c].map((text) => text.toLowerCase());
      this.lower.set(id, lower);
    }
    return lower;
  }
}
