// The export formats' exact text: JSON as one array, `[`, the records separated by `,` and a line
// end, `]`; JSON Lines one record a line; CSV's byte order mark, header and CRLF rows.
import * as assert from 'node:assert/strict';
import { formatOfFileName, recordFormat, type ExportFormat } from '../../src/export/formats';

const RECORDS = [{ id: 'a', n: -1.5, s: 'x"y' }, { id: 'b', nested: { list: [1, 'two'] } }, { id: 'c' }];

function write(format: ExportFormat, records: readonly object[], items: 'invoices' | 'companies' = 'invoices'): string {
  const f = recordFormat(format, items);
  return f.head() + records.map((r, i) => f.record(r, i)).join('') + f.tail(records.length);
}

describe('export formats', () => {
  it('JSON: one array, a record a line', () => {
    assert.equal(write('json', RECORDS), '[\n{"id":"a","n":-1.5,"s":"x\\"y"},\n{"id":"b","nested":{"list":[1,"two"]}},\n{"id":"c"}\n]\n');
    assert.deepEqual(JSON.parse(write('json', RECORDS)), RECORDS);
    assert.equal(write('json', []), '[]\n');
  });

  it('JSON Lines: one record a line, nothing around them', () => {
    assert.equal(write('jsonl', RECORDS), '{"id":"a","n":-1.5,"s":"x\\"y"}\n{"id":"b","nested":{"list":[1,"two"]}}\n{"id":"c"}\n');
    assert.equal(write('jsonl', []), '');
  });

  it('JSON Lines keeps a record on one line whatever its text holds', () => {
    const record = { id: 'x', note: 'a\nb\r\u2028c\u2029d' };
    const text = write('jsonl', [record]);
    assert.equal(text.split(/\r\n|[\n\r\u2028\u2029]/).length, 2, JSON.stringify(text));
    assert.deepEqual(JSON.parse(text), record);
  });

  it('CSV: byte order mark, header of field paths, CRLF rows; nothing after the last row', () => {
    const text = write('csv', [{ id: 'a', name: 'Acme, Ltd', tags: { region: 'EU' }, products: ['lending'] }], 'companies');
    assert.equal(
      text,
      '\uFEFFid,name,description,redirect,created,lastSync,createdByUserName,products,tags,dataConnections\r\n' +
        'a,"Acme, Ltd",,,,,,"[""lending""]","{""region"":""EU""}",\r\n',
    );
  });

  it('takes the format from a name’s extension', () => {
    const names = ['/d/a.csv', 'a.JSON', 'a.jsonl', 'a.ndjson', 'a.txt', 'csv', 'dir.csv/file'];
    assert.deepEqual(names.map(formatOfFileName), ['csv', 'json', 'jsonl', 'jsonl', undefined, undefined, undefined]);
  });
});
