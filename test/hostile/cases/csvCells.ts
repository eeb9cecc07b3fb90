// Company names a spreadsheet would run as formulas, met by Export Companies to CSV: a cell
// holding `;` is quoted (a `;` list separator would split it there), and a formula after leading
// whitespace is neutralised like one at the start.
import { page, type HostileCase } from '../corpus';

/** Export of one page holding a company named `name`; its cell must read `cell`. */
const cell = (what: string, name: string, cellText: string): HostileCase => ({
  id: `csv/${what}`,
  group: 'csv',
  run: { op: 'export', format: 'csv', pageSize: 10 },
  replies: [
    {
      status: 200,
      json: page(
        [
          { id: 'c1', name },
          { id: 'c2', name: 'Plain Ltd' },
        ],
        { pageSize: 10 },
      ),
    },
  ],
  // The row starts `c1,<name>,`: the name's cell is exactly this.
  expect: { outcome: 'success', items: 2, requests: 1, contains: [`\r\nc1,${cellText},`] },
});

export const csvCorpus = (): HostileCase[] => [
  cell('a ; before a formula: quoted', "a;=cmd|' /C calc'!A0", `"a;=cmd|' /C calc'!A0"`),
  cell('a ; alone: quoted', 'Smith; Jones', '"Smith; Jones"'),
  cell('= after a space: neutralised', ' =1+1', "' =1+1"),
  cell(
    '= after a line break: neutralised and quoted',
    '\n=HYPERLINK("http://evil.example")',
    `"'\n=HYPERLINK(""http://evil.example"")"`,
  ),
  cell('@ after a NBSP: neutralised', '\u00a0@SUM(A1:A9)', "'\u00a0@SUM(A1:A9)"),
  cell('+ after an ideographic space: neutralised', '\u3000+1', "'\u3000+1"),
  cell('- after tabs and CR LF: neutralised and quoted', '\t\r\n-2+3', `"'\t\r\n-2+3"`),
  cell('= at the start: neutralised', '=1+1', "'=1+1"),
  cell('spaces before text: as it is', '  Acme', '  Acme'),
];
