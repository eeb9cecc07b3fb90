import * as assert from 'node:assert/strict';
import { tableColumns } from '../../../src/table/columns';
import { GridModel } from '../../../src/table/grid';
import { clampRange, MAX_ROWS_PER_ANSWER, rowsAnswer, sameOrder } from '../../../src/table/window';

const gridOf = (n: number): GridModel => {
  const grid = new GridModel(tableColumns('invoices'));
  grid.append(Array.from({ length: n }, (_, i) => ({ id: `r${i}`, totalAmount: n - i })));
  return grid;
};
const amountAt = (grid: GridModel) => grid.columns.findIndex((c) => c.id === 'totalAmount');

describe('table row window (the host answers a range of its order)', () => {
  it('clamps a range to the rows there and to an answer at most', () => {
    assert.deepEqual(clampRange(100, 10, 20), { start: 10, end: 20 });
    assert.deepEqual(clampRange(100, -5, 3), { start: 0, end: 3 });
    assert.deepEqual(clampRange(100, 90, 200), { start: 90, end: 100 });
    assert.deepEqual(clampRange(25_000, 0, 25_000), { start: 0, end: MAX_ROWS_PER_ANSWER });
    assert.deepEqual(clampRange(100, 0, 50, 20), { start: 0, end: 20 });
    assert.equal(clampRange(100, 100, 120), undefined);
    assert.equal(clampRange(0, 0, 10), undefined);
    assert.equal(clampRange(100, 30, 30), undefined);
  });

  it('answers the rows at those places as loaded: ids and every column’s cells', () => {
    const grid = gridOf(1000);
    const a = rowsAnswer(grid, undefined, 4, 998, 1200);
    assert.ok(a);
    assert.equal(a.type, 'rows');
    assert.equal(a.epoch, 4);
    assert.equal(a.start, 998);
    assert.deepEqual(a.ids, ['r998', 'r999']);
    assert.equal(a.cells[0].length, grid.columns.length);
    assert.equal(a.cells[1][amountAt(grid)], '1');
    assert.equal(rowsAnswer(grid, undefined, 4, 1000, 1010), undefined);
  });

  it('answers the places of a sorted or filtered order, capped, the page’s whole range in steps', () => {
    const grid = gridOf(2000);
    const order = grid.order({ column: 'totalAmount', descending: false }, '', ['totalAmount']);
    assert.ok(order);
    const a = rowsAnswer(grid, order, 1, 0, 2000);
    assert.ok(a);
    assert.equal(a.ids.length, MAX_ROWS_PER_ANSWER);
    // Ascending by amount: the last loaded row (amount 1) first.
    assert.deepEqual(a.ids.slice(0, 2), ['r1999', 'r1998']);
    const ids: string[] = [];
    for (let at = 0; at < order.length;) {
      const next = rowsAnswer(grid, order, 1, at, order.length);
      assert.ok(next);
      assert.equal(next.start, at);
      ids.push(...next.ids);
      at += next.ids.length;
    }
    assert.deepEqual(
      ids,
      Array.from(order, (row) => `r${row}`),
    );
    const filtered = grid.order(undefined, 'r199', ['id']);
    assert.ok(filtered);
    assert.deepEqual(
      rowsAnswer(grid, filtered, 2, 0, 100)?.ids,
      Array.from(filtered, (row) => `r${row}`),
    );
    assert.equal(rowsAnswer(grid, filtered, 2, filtered.length, filtered.length + 5), undefined);
  });

  it('an order is the same (no new epoch) only when every place holds the same row', () => {
    assert.ok(sameOrder(undefined, undefined));
    assert.ok(sameOrder(Uint32Array.of(2, 0, 1), Uint32Array.of(2, 0, 1)));
    assert.ok(!sameOrder(undefined, Uint32Array.of(0, 1)));
    assert.ok(!sameOrder(Uint32Array.of(0, 1), undefined));
    assert.ok(!sameOrder(Uint32Array.of(0, 1), Uint32Array.of(1, 0)));
    assert.ok(!sameOrder(Uint32Array.of(0, 1), Uint32Array.of(0, 1, 2)));
  });
});
