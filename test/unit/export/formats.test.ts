// The export formats' exact text: JSON as one array, `[`, the records separated by `,` and a line
// end, `]`; JSON Lines one record a line; CSV's byte order mark, header, CRLF rows and the last
// column that holds what no other does.
import * as assert from 'node:assert/strict';
import { formatOfFileName, recordFormat, type ExportFormat } from '../../../src/export/formats';
import { INVOICE_TYPES, parseCsv, recordOf } from '../../support/csv';

const RECORDS = [{ id: 'a', n: -1.5, s: 'x"y' }, { id: 'b', nested: { list: [1, 'two'] } }, { id: 'c' }];

function write(format: ExportFormat, records: readonly object[], items: 'invoices' | 'companies' = 'invoices'): string {
  const f = recordFormat(format, items);
  return f.head() + records.map((r, i) => f.record(r, i)).join('') + f.tail(records.length);
}

describe('export formats', () => {
  it('JSON: one array, a record a line', () => {
    assert.equal(
      write('json', RECORDS),
      '[\n{"id":"a","n":-1.5,"s":"x\\"y"},\n{"id":"b","nested":{"list":[1,"two"]}},\n{"id":"c"}\n]\n',
    );
    assert.deepEqual(JSON.parse(write('json', RECORDS)), RECORDS);
    assert.equal(write('json', []), '[]\n');
  });

  it('JSON Lines: one record a line, nothing around them', () => {
    assert.equal(
      write('jsonl', RECORDS),
      '{"id":"a","n":-1.5,"s":"x\\"y"}\n{"id":"b","nested":{"list":[1,"two"]}}\n{"id":"c"}\n',
    );
    assert.equal(write('jsonl', []), '');
  });

  it('JSON Lines keeps a record on one line whatever its text holds', () => {
    const record = { id: 'x', note: 'a\nb\r\u2028c\u2029d' };
    const text = write('jsonl', [record]);
    assert.equal(text.split(/\r\n|[\n\r\u2028\u2029]/).length, 2, JSON.stringify(text));
    assert.deepEqual(JSON.parse(text), record);
  });

  it('CSV: byte order mark, header of field paths, CRLF rows; nothing after the last row', () => {
    const text = write(
      'csv',
      [{ id: 'a', name: 'Acme, Ltd', tags: { region: 'EU' }, products: ['lending'] }],
      'companies',
    );
    assert.equal(
      text,
      '\uFEFFid,name,description,redirect,created,lastSync,createdByUserName,products,tags,dataConnections,otherFields\r\n' +
        'a,"Acme, Ltd",,,,,,"[""lending""]","{""region"":""EU""}",,\r\n',
    );
  });

  it('CSV: the last column holds every field no other column does, nested as in the record', () => {
    const invoice = {
      id: 'i1',
      invoiceNumber: 'INV-1',
      // A column holds customerRef.id and .companyName: only the rest of customerRef goes.
      customerRef: { id: 'c1', companyName: 'Acme', vatNumber: 'GB1' },
      totalAmount: 10,
      // Fields Codat's invoices have and the data model here does not.
      salesOrderRefs: [{ id: 's1' }],
      withholdingTax: [{ name: 'WHT', amount: 1 }],
      supplementalData: null,
      // A list where the columns expect an object: no column can show it.
      metadata: ['odd'],
      lineItems: [],
    };
    const text = write('csv', [invoice], 'invoices');
    const [header, row] = parseCsv(text.slice(1));
    assert.equal(header[header.length - 1], 'otherFields');
    assert.deepEqual(JSON.parse(row[row.length - 1]), {
      customerRef: { vatNumber: 'GB1' },
      salesOrderRefs: [{ id: 's1' }],
      withholdingTax: [{ name: 'WHT', amount: 1 }],
      supplementalData: null,
      metadata: ['odd'],
    });
    assert.deepEqual(recordOf(header, row, INVOICE_TYPES), invoice, 'read back, the row is the whole record');
  });

  it('CSV: a field named __proto__ is kept as a field, not taken as a prototype', () => {
    const record = JSON.parse('{"id":"a","__proto__":{"x":1}}') as object;
    const [, row] = parseCsv(write('csv', [record], 'invoices').slice(1));
    assert.equal(row[row.length - 1], '{"__proto__":{"x":1}}');
  });

  it('CSV: a record the columns hold whole leaves the last column empty', () => {
    const text = write(
      'csv',
      [{ id: 'a', customerRef: { id: 'c' }, metadata: { isDeleted: true }, paidOnDate: null }],
      'invoices',
    );
    const [, row] = parseCsv(text.slice(1));
    assert.equal(row[row.length - 1], '');
  });

  it('takes the format from a name’s extension', () => {
    const names = ['/d/a.csv', 'a.JSON', 'a.jsonl', 'a.ndjson', 'a.txt', 'csv', 'dir.csv/file'];
    assert.deepEqual(names.map(formatOfFileName), ['csv', 'json', 'jsonl', 'jsonl', undefined, undefined, undefined]);
  });
});
