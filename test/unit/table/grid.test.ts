import * as assert from 'node:assert/strict';
import { tableColumns } from '../../../src/table/columns';
import { cellText } from '../../../src/table/cells';
import { GridModel } from '../../../src/table/grid';
import { sortedOrder, sortKeys } from '../../../src/table/sort';
import type { DataRecord } from '../../../src/dataTypes/rows';
import { DATA_TYPE_IDS, dataType } from '../../../src/dataTypes/catalog';
import { rowFields } from '../../../src/dataTypes/rows';

const invoice = (id: string, fields: Record<string, unknown>): DataRecord => ({ id, ...fields });

describe('table grid model', () => {
  it('columns are the export columns the tree rows hold, id first, each with its schema type', () => {
    const cols = tableColumns('invoices');
    assert.equal(cols[0].id, 'id');
    const ids = cols.map((c) => c.id);
    for (const id of ['invoiceNumber', 'customerRef.companyName', 'issueDate', 'totalAmount', 'status'])
      assert.ok(ids.includes(id), id);
    // A list (line items) and a field the rows never keep are not offered.
    assert.ok(!ids.includes('lineItems'));
    assert.ok(!ids.includes('modifiedDate'));
    assert.equal(cols.find((c) => c.id === 'totalAmount')?.kind, 'number');
    assert.equal(cols.find((c) => c.id === 'issueDate')?.kind, 'date');
    assert.deepEqual(cols.find((c) => c.id === 'customerRef.companyName')?.path, ['customerRef', 'companyName']);
  });

  it('every type has columns, each one a field its rows keep', () => {
    for (const type of DATA_TYPE_IDS) {
      const held = new Set(rowFields(dataType(type)));
      const cols = tableColumns(type);
      assert.ok(cols.length >= 2, type);
      for (const c of cols) assert.ok(held.has(c.id), `${type} ${c.id}`);
    }
  });

  it('cells read as the export writes values: text as sent, numbers, booleans, nothing for objects', () => {
    assert.equal(cellText('2025-01-02T00:00:00'), '2025-01-02T00:00:00');
    assert.equal(cellText(1234.5), '1234.5');
    assert.equal(cellText(-0.1), '-0.1');
    assert.equal(cellText(true), 'true');
    assert.equal(cellText(undefined), '');
    assert.equal(cellText(null), '');
    assert.equal(cellText({}), '');
    assert.equal(cellText('<b>x</b>'), '<b>x</b>');
  });

  it('a row has a cell per column, nested references by their path', () => {
    const grid = new GridModel(tableColumns('invoices'));
    const [row] = grid.append([invoice('i1', { customerRef: { companyName: 'Acme' }, totalAmount: 12 })]);
    const at = (id: string) => row.cells[grid.columns.findIndex((c) => c.id === id)];
    assert.equal(row.id, 'i1');
    assert.equal(at('id'), 'i1');
    assert.equal(at('customerRef.companyName'), 'Acme');
    assert.equal(at('totalAmount'), '12');
    assert.equal(at('status'), '');
    assert.equal(grid.cell(0, 'customerRef.companyName'), 'Acme');
    assert.equal(grid.cell(5, 'id'), undefined);
  });

  describe('sorting', () => {
    const grid = new GridModel(tableColumns('invoices'));
    grid.append([
      invoice('a', { totalAmount: 100, issueDate: '2025-03-01T00:00:00', invoiceNumber: 'INV-10' }),
      invoice('b', { totalAmount: 9.5, invoiceNumber: 'inv-9' }),
      invoice('c', { totalAmount: 100, issueDate: '2024-12-31T00:00:00', invoiceNumber: 'INV-100' }),
      invoice('d', { issueDate: '2025-01-15', invoiceNumber: '' }),
      invoice('e', { totalAmount: -3, issueDate: '2025-01-15T00:00:00Z', invoiceNumber: 'Inv-9' }),
    ]);
    const ids = (order: Uint32Array | undefined) => [...(order ?? [])].map((i) => grid.idAt(i));

    it('numbers by value, stable for ties, empty last both ways', () => {
      assert.deepEqual(ids(grid.order({ column: 'totalAmount', descending: false }, '', [])), [
        'e',
        'b',
        'a',
        'c',
        'd',
      ]);
      assert.deepEqual(ids(grid.order({ column: 'totalAmount', descending: true }, '', [])), ['a', 'c', 'b', 'e', 'd']);
    });

    it('dates by instant, empty last', () => {
      assert.deepEqual(ids(grid.order({ column: 'issueDate', descending: false }, '', [])), ['c', 'd', 'e', 'a', 'b']);
      assert.deepEqual(ids(grid.order({ column: 'issueDate', descending: true }, '', [])), ['a', 'd', 'e', 'c', 'b']);
    });

    it('text case-insensitively with numerals by value, equal texts in list order', () => {
      assert.deepEqual(ids(grid.order({ column: 'invoiceNumber', descending: false }, '', [])), [
        'b',
        'e',
        'a',
        'c',
        'd',
      ]);
      assert.deepEqual(ids(grid.order({ column: 'invoiceNumber', descending: true }, '', [])), [
        'c',
        'a',
        'b',
        'e',
        'd',
      ]);
    });

    it('rows added after a sort are sorted with the others', () => {
      const g = new GridModel(tableColumns('invoices'));
      g.append([invoice('x', { totalAmount: 5 })]);
      g.order({ column: 'totalAmount', descending: false }, '', []);
      g.append([invoice('y', { totalAmount: 1 })]);
      const order = g.order({ column: 'totalAmount', descending: false }, '', []);
      assert.deepEqual(
        [...(order ?? [])].map((i) => g.idAt(i)),
        ['y', 'x'],
      );
    });

    it('a number column holding text sorts that text with the empty cells', () => {
      const keys = sortKeys(['3', 'n/a', '', '1'], 'number');
      assert.deepEqual([...sortedOrder(keys, false)], [3, 0, 1, 2]);
    });

    it('booleans false before true', () => {
      assert.deepEqual([...sortedOrder(sortKeys(['true', '', 'false'], 'boolean'), false)], [2, 0, 1]);
    });

    it('sorts 25,000 rows correctly', () => {
      const g = new GridModel(tableColumns('invoices'));
      const n = 25_000;
      g.append(Array.from({ length: n }, (_, i) => invoice(`r${i}`, { totalAmount: (i * 7919) % 1000 })));
      const order = g.order({ column: 'totalAmount', descending: false }, '', []) ?? new Uint32Array();
      assert.equal(order.length, n);
      const amount = (i: number) => Number(g.cell(i, 'totalAmount'));
      for (let i = 1; i < n; i++) {
        const [a, b] = [order[i - 1], order[i]];
        assert.ok(amount(a) < amount(b) || (amount(a) === amount(b) && a < b), `at ${i}`);
      }
    });
  });

  describe('quick filter', () => {
    const grid = new GridModel(tableColumns('invoices'));
    grid.append([
      invoice('a', { customerRef: { companyName: 'Acme Ltd' }, status: 'Paid' }),
      invoice('b', { customerRef: { companyName: 'Globex' }, status: 'PAID' }),
      invoice('c', { customerRef: { companyName: 'Initech' }, status: 'Draft' }),
    ]);
    const ids = (order: Uint32Array | undefined) => [...(order ?? [])].map((i) => grid.idAt(i));

    it('matches case-insensitively over the shown cells only', () => {
      assert.deepEqual(ids(grid.order(undefined, 'paid', ['status'])), ['a', 'b']);
      assert.deepEqual(ids(grid.order(undefined, 'ACME', ['customerRef.companyName'])), ['a']);
      assert.deepEqual(ids(grid.order(undefined, 'acme', ['status'])), []);
    });

    it('keeps the sort order, and no sort and no filter is the list as loaded', () => {
      assert.deepEqual(ids(grid.order({ column: 'id', descending: true }, 'paid', ['status'])), ['b', 'a']);
      assert.equal(grid.order(undefined, '  ', ['status']), undefined);
    });

    it('clear forgets every row', () => {
      const g = new GridModel(tableColumns('invoices'));
      g.append([invoice('a', {})]);
      g.clear();
      assert.equal(g.size, 0);
      assert.equal(g.indexOf('a'), -1);
    });
  });
});

describe('table text sort forms', () => {
  it('folds accents and case, and orders numerals by value', () => {
    const cells = ['Émile', 'emile', 'Zed', 'a10', 'a9', 'a009', 'ábc'];
    const order = [...sortedOrder(sortKeys(cells, 'string'), false)].map((i) => cells[i]);
    assert.deepEqual(order, ['a9', 'a009', 'a10', 'ábc', 'Émile', 'emile', 'Zed']);
  });
});
