import * as assert from 'node:assert/strict';
import {
  COMPANY_SCHEMA,
  INVOICE_SCHEMA,
  MAX_QUERY_LENGTH,
  Tokenizer,
  encodeQueryValue,
  formatQuery,
  parseOrderBy,
  parseQuery,
  type FieldType,
  type QueryErrorCode,
  type QueryExpr,
  type Token,
} from '../../../src/query';

function parsed(text: string): QueryExpr {
  const r = parseQuery(text);
  if (!r.ok) assert.fail(`${text}: ${r.error.message}`);
  return r.ast;
}

/** The tree without positions, to compare shapes. */
function shape(node: QueryExpr): unknown {
  if (node.kind === 'comparison') return [node.path.join('.'), node.operator, node.value];
  return { [node.kind]: node.operands.map(shape) };
}

// Valid queries and the tree each parses to (path, operator, value), reused by the format tests.
const VALID: [string, unknown][] = [
  ['status=Paid', ['status', '=', 'Paid']],
  ['  status  =  Paid  ', ['status', '=', 'Paid']],
  ['customerRef.id=61', ['customerRef.id', '=', '61']],
  ['status!=Paid', ['status', '!=', 'Paid']],
  ['note~late', ['note', '~', 'late']],
  ['totalAmount>100', ['totalAmount', '>', '100']],
  ['totalAmount<100', ['totalAmount', '<', '100']],
  ['totalAmount>=-1.5', ['totalAmount', '>=', '-1.5']],
  ['issueDate<=2025-03-04', ['issueDate', '<=', '2025-03-04']],
  ['note=hello   world', ['note', '=', 'hello   world']],
  ['note = a=b.c:d ', ['note', '=', 'a=b.c:d']],
  ['note=say "hi"', ['note', '=', 'say "hi"']],
  ['note=C:\\temp', ['note', '=', 'C:\\temp']],
  ['note={draft', ['note', '=', '{draft']],
  ['note="a && b || c }"', ['note', '=', 'a && b || c }']],
  ['note="say \\"hi\\" \\\\ ok"', ['note', '=', 'say "hi" \\ ok']],
  ['note=""', ['note', '=', '']],
  ['note="  padded  "', ['note', '=', '  padded  ']],
  [
    'a=1&&b=2&&c=3',
    {
      and: [
        ['a', '=', '1'],
        ['b', '=', '2'],
        ['c', '=', '3'],
      ],
    },
  ],
  [
    'a=1||b=2||c=3',
    {
      or: [
        ['a', '=', '1'],
        ['b', '=', '2'],
        ['c', '=', '3'],
      ],
    },
  ],
  // `&&` binds tighter than `||`, on either side.
  [
    'a=1||b=2&&c=3',
    {
      or: [
        ['a', '=', '1'],
        {
          and: [
            ['b', '=', '2'],
            ['c', '=', '3'],
          ],
        },
      ],
    },
  ],
  [
    'a=1&&b=2||c=3',
    {
      or: [
        {
          and: [
            ['a', '=', '1'],
            ['b', '=', '2'],
          ],
        },
        ['c', '=', '3'],
      ],
    },
  ],
  [
    '{a=1||b=2}&&c=3',
    {
      and: [
        {
          or: [
            ['a', '=', '1'],
            ['b', '=', '2'],
          ],
        },
        ['c', '=', '3'],
      ],
    },
  ],
  [
    'a=1&&{b=2||c=3}',
    {
      and: [
        ['a', '=', '1'],
        {
          or: [
            ['b', '=', '2'],
            ['c', '=', '3'],
          ],
        },
      ],
    },
  ],
  [
    '{totalAmount > 100 || totalAmount < 50} && status != paid',
    {
      and: [
        {
          or: [
            ['totalAmount', '>', '100'],
            ['totalAmount', '<', '50'],
          ],
        },
        ['status', '!=', 'paid'],
      ],
    },
  ],
  // Braces around an operand of the same connective add nothing and are flattened.
  [
    '{a=1&&b=2}&&c=3',
    {
      and: [
        ['a', '=', '1'],
        ['b', '=', '2'],
        ['c', '=', '3'],
      ],
    },
  ],
  ['{{a=1}}', ['a', '=', '1']],
  [
    '{ a = x } || { b = y }',
    {
      or: [
        ['a', '=', 'x'],
        ['b', '=', 'y'],
      ],
    },
  ],
];

describe('query parser: valid queries', () => {
  for (const [text, expected] of VALID) {
    it(`parses ${JSON.stringify(text)}`, () => assert.deepEqual(shape(parsed(text)), expected));
  }

  it('records spans of comparisons and groups', () => {
    const ast = parsed('{a=1 || b=2} && c = x ');
    assert.equal(ast.kind, 'and');
    if (ast.kind !== 'and') return;
    assert.deepEqual([ast.start, ast.end], [0, 21]);
    const [group, c] = ast.operands;
    assert.deepEqual([group.start, group.end], [0, 12]);
    assert.deepEqual([c.start, c.end], [16, 21]);
    if (group.kind === 'comparison') assert.fail('group expected');
    assert.deepEqual(
      group.operands.map((o) => [o.start, o.end]),
      [
        [1, 4],
        [8, 11],
      ],
    );
  });

  it('accepts a query of exactly the limit and refuses one character more', () => {
    const atLimit = `note=${'x'.repeat(MAX_QUERY_LENGTH - 5)}`;
    assert.equal(atLimit.length, 2048);
    assert.ok(parseQuery(atLimit).ok);
    const over = `${atLimit}x`;
    assert.deepEqual(parseQuery(over), {
      ok: false,
      error: { code: 'tooLong', message: 'Query is 2049 characters; the limit is 2048', start: 2048, end: 2049 },
    });
  });
});

describe('query parser: invalid queries', () => {
  const cases: [string, QueryErrorCode, number, number, string?][] = [
    ['', 'empty', 0, 0, 'Query is empty'],
    ['   ', 'empty', 0, 3],
    ['status', 'malformed', 0, 6, 'Expected an operator after "status"'],
    ['status Paid', 'malformed', 7, 11, 'Expected an operator after "status", found "Paid"'],
    ['status!Paid', 'malformed', 6, 7, 'Expected an operator after "status", found "!"'],
    ['status=', 'malformed', 6, 7, 'Expected a value after "="'],
    ['status >=  && a=1', 'malformed', 7, 9, 'Expected a value after ">="'],
    ['{status=Paid', 'malformed', 0, 1, 'Unclosed "{" opened at 0'],
    ['a=1&&{b=2||{c=3}', 'malformed', 5, 6, 'Unclosed "{" opened at 5'],
    ['status=Paid}', 'malformed', 11, 12, 'Unexpected "}"'],
    ['{a=1}}', 'malformed', 5, 6, 'Unexpected "}"'],
    ['}', 'malformed', 0, 1, 'Expected a field, found "}"'],
    ['&&a=1', 'malformed', 0, 2, 'Expected a field, found "&&"'],
    ['=Paid', 'malformed', 0, 1, 'Expected a field, found "="'],
    ['a=1&&', 'malformed', 3, 5, 'Expected a field after "&&"'],
    ['a=1||||b=2', 'malformed', 5, 7, 'Expected a field after "||", found "||"'],
    ['{}', 'malformed', 1, 2, 'Expected a field after "{", found "}"'],
    ['{a=1}b=2', 'malformed', 5, 6, 'Expected "&&" or "||" before "b"'],
    ['{a=1}{b=2}', 'malformed', 5, 6, 'Expected "&&" or "||" before "{"'],
    ['{{a=1} b=2}', 'malformed', 7, 8, 'Expected "&&", "||" or "}" before "b"'],
    // A single `&` or `|` is a mistyped connective, not part of the value.
    ['status=Paid&currency=GBP', 'malformed', 11, 12, 'use "&&" for AND'],
    ['status=Paid|currency=GBP', 'malformed', 11, 12, 'use "||" for OR'],
    ['status==Paid', 'malformed', 7, 8],
    ['note="abc', 'malformed', 5, 6, 'Unclosed quote opened at 5'],
    ['note="a\\nb"', 'malformed', 7, 9, 'Unknown escape "\\\\n"'],
    ['note="a" b && c=1', 'malformed', 9, 10, 'Expected "&&", "||" or "}" after the quoted value, found "b"'],
    ['a..b=1', 'malformed', 0, 4, 'Expected a field name like "customerRef.id", found "a..b"'],
    ['.a=1', 'malformed', 0, 2],
    ['a.=1', 'malformed', 0, 2],
    // Syntax comes first: the unknown field is not reported while the text is malformed.
    ['foo=1&&status', 'malformed', 7, 13],
  ];
  for (const [text, code, start, end, message] of cases) {
    it(`refuses ${JSON.stringify(text)} with ${code} at ${start}..${end}`, () => {
      const r = parseQuery(text, INVOICE_SCHEMA);
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.deepEqual([r.error.code, r.error.start, r.error.end], [code, start, end], r.error.message);
      if (message) assert.ok(r.error.message.includes(message), r.error.message);
      assert.ok(!r.error.message.includes('\n'));
    });
  }

  it('keeps messages on one line and short when the text is long or multi-line', () => {
    const r = parseQuery(`{a=1}\n${'b'.repeat(500)}\n=1`);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.ok(!r.error.message.includes('\n'));
    assert.ok(r.error.message.length < 120, r.error.message);
  });
});

describe('query parser: schema checks', () => {
  const OPERATORS = ['=', '!=', '~', '>', '<', '>=', '<='] as const;
  const allowed: Record<FieldType, readonly string[]> = {
    string: ['=', '!=', '~'],
    number: ['=', '!=', '>', '<', '>=', '<='],
    date: ['=', '!=', '>', '<', '>=', '<='],
    boolean: ['=', '!='],
  };
  const sample: Record<FieldType, [string, string]> = {
    string: ['status', 'Paid'],
    number: ['totalAmount', '100'],
    date: ['issueDate', '2025-03-04'],
    boolean: ['metadata.isDeleted', 'true'],
  };
  for (const type of Object.keys(allowed) as FieldType[]) {
    for (const op of OPERATORS) {
      const [field, value] = sample[type];
      const ok = allowed[type].includes(op);
      it(`${ok ? 'accepts' : 'refuses'} ${op} on ${type} field ${field}`, () => {
        const text = `${field} ${op} ${value}`;
        const r = parseQuery(text, INVOICE_SCHEMA);
        if (ok) return assert.ok(r.ok, r.ok ? '' : r.error.message);
        assert.equal(r.ok, false);
        if (r.ok) return;
        assert.equal(r.error.code, 'invalidOperator');
        assert.deepEqual([r.error.start, r.error.end], [field.length + 1, field.length + 1 + op.length]);
        assert.ok(r.error.message.includes(field), r.error.message);
      });
    }
  }

  it('checks syntax only without a schema', () => {
    assert.ok(parseQuery('foo~1&&totalAmount=abc&&status>x').ok);
  });

  const values: [string, string, boolean][] = [
    ['totalAmount', '100', true],
    ['totalAmount', '-1.5', true],
    ['totalAmount', '+3', true],
    ['totalAmount', '.5', true],
    ['totalAmount', 'abc', false],
    ['totalAmount', '1,000', false],
    ['totalAmount', '1e3', false],
    ['totalAmount', '1.', false],
    ['totalAmount', '""', false],
    ['issueDate', '2025-03-04', true],
    ['issueDate', '2024-02-29', true],
    ['issueDate', '2025-03-04T10:00:00Z', true],
    ['issueDate', '2025-03-04T10:00:00.1234567+02:00', true],
    ['issueDate', '2025-02-29', false],
    ['issueDate', '2025-3-4', false],
    ['issueDate', '04/03/2025', false],
    ['issueDate', '2025-03-04T25:00:00Z', false],
    ['metadata.isDeleted', 'true', true],
    ['metadata.isDeleted', 'FALSE', true],
    ['metadata.isDeleted', 'yes', false],
    ['metadata.isDeleted', '1', false],
    ['status', '""', true],
    ['status', 'anything at all', true],
  ];
  for (const [field, value, ok] of values) {
    it(`${ok ? 'accepts' : 'refuses'} ${value} for ${field}`, () => {
      const text = `${field}=${value}`;
      const r = parseQuery(text, INVOICE_SCHEMA);
      if (ok) return assert.ok(r.ok, r.ok ? '' : r.error.message);
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.equal(r.error.code, 'invalidValue');
      assert.deepEqual([r.error.start, r.error.end], [field.length + 1, text.length]);
    });
  }

  const unknown: [string, string][] = [
    ['foo=1', 'Unknown field "foo" on Invoice'],
    ['lineItems.unitAmount=700', 'Unknown field "lineItems.unitAmount" on Invoice'],
    ['Status=Paid', 'did you mean "status"?'],
    ['customerRef=61', 'query one of its fields: "customerRef.id", "customerRef.companyName"'],
    ['constructor=1', 'Unknown field "constructor"'],
    ['__proto__=1', 'Unknown field "__proto__"'],
  ];
  for (const [text, message] of unknown) {
    it(`reports an unknown field in ${text}`, () => {
      const r = parseQuery(`status=Paid && ${text}`, INVOICE_SCHEMA);
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.equal(r.error.code, 'unknownField');
      assert.equal(r.error.start, 15);
      assert.equal(r.error.end, 15 + text.indexOf(text.match(/[=~!<>]/)?.[0] ?? ''));
      assert.ok(r.error.message.includes(message), r.error.message);
    });
  }

  it('names the record type of the schema', () => {
    const r = parseQuery('totalAmount>1', COMPANY_SCHEMA);
    assert.ok(!r.ok && r.error.message === 'Unknown field "totalAmount" on Company');
  });

  it('reports the leftmost schema problem', () => {
    const r = parseQuery('foo=1&&totalAmount~1', INVOICE_SCHEMA);
    assert.ok(!r.ok && r.error.code === 'unknownField');
    const r2 = parseQuery('totalAmount~1&&foo=1', INVOICE_SCHEMA);
    assert.ok(!r2.ok && r2.error.code === 'invalidOperator');
  });
});

describe('orderBy', () => {
  it('reads ascending and descending fields', () => {
    assert.deepEqual(parseOrderBy('issueDate'), {
      ok: true,
      field: 'issueDate',
      path: ['issueDate'],
      descending: false,
    });
    assert.deepEqual(parseOrderBy(' -customerRef.companyName ', INVOICE_SCHEMA), {
      ok: true,
      field: 'customerRef.companyName',
      path: ['customerRef', 'companyName'],
      descending: true,
    });
  });

  const bad: [string, QueryErrorCode, number, number][] = [
    ['', 'empty', 0, 0],
    ['-', 'malformed', 0, 1],
    ['issueDate,dueDate', 'malformed', 0, 17],
    ['issueDate dueDate', 'malformed', 0, 17],
    ['issue..Date', 'malformed', 0, 11],
    ['foo', 'unknownField', 0, 3],
    ['-foo', 'unknownField', 1, 4],
    ['lineItems', 'unknownField', 0, 9],
  ];
  for (const [text, code, start, end] of bad) {
    it(`refuses ${JSON.stringify(text)} with ${code}`, () => {
      const r = parseOrderBy(text, INVOICE_SCHEMA);
      assert.ok(!r.ok);
      if (r.ok) return;
      assert.deepEqual([r.error.code, r.error.start, r.error.end], [code, start, end], r.error.message);
    });
  }

  it('checks only syntax without a schema', () => {
    assert.ok(parseOrderBy('-anything.at.all').ok);
  });
});

describe('tokenizer', () => {
  function kinds(text: string): [string, string][] {
    const t = new Tokenizer(text);
    const out: [string, string][] = [];
    for (let tok: Token = t.next(); tok.kind !== 'eof'; tok = t.next()) out.push([tok.kind, tok.value ?? tok.text]);
    return out;
  }

  it('reads a value after an operator, everything else as structure', () => {
    assert.deepEqual(kinds('{a.b >= x y} || c="q\\"" && d ~ e'), [
      ['lbrace', '{'],
      ['field', 'a.b'],
      ['operator', '>='],
      ['value', 'x y'],
      ['rbrace', '}'],
      ['or', '||'],
      ['field', 'c'],
      ['operator', '='],
      ['value', 'q"'],
      ['and', '&&'],
      ['field', 'd'],
      ['operator', '~'],
      ['value', 'e'],
    ]);
  });

  it('marks quoted values and keeps their written text', () => {
    const t = new Tokenizer('a="x"');
    t.next();
    t.next();
    const v = t.next();
    assert.deepEqual([v.kind, v.text, v.value, v.quoted, v.start, v.end], ['value', '"x"', 'x', true, 2, 5]);
  });
});

describe('formatQuery', () => {
  const canonical: [string, string][] = [
    ['  status  =  Paid  ', 'status=Paid'],
    ['{totalAmount > 100 || totalAmount < 50} && status != paid', '{totalAmount>100||totalAmount<50}&&status!=paid'],
    ['a=1 || b=2 && c=3', 'a=1||b=2&&c=3'],
    ['{a=1 || b=2} || {c=3 && d=4}', 'a=1||b=2||c=3&&d=4'],
    ['{a=1&&b=2}&&c=3', 'a=1&&b=2&&c=3'],
    ['note="a && b"', 'note="a && b"'],
    ['note="plain"', 'note=plain'],
    ['note=""', 'note=""'],
    ['note=" x"', 'note=" x"'],
    ['note="=x"', 'note="=x"'],
    ['note="\\"x"', 'note="\\"x"'],
    ['note=say "hi"', 'note=say "hi"'],
    ['note="a}b\\\\"', 'note="a}b\\\\"'],
  ];
  for (const [text, expected] of canonical) {
    it(`formats ${JSON.stringify(text)} as ${expected}`, () => assert.equal(formatQuery(parsed(text)), expected));
  }

  it('puts braces where precedence needs them in hand-built trees', () => {
    const c = (v: string): QueryExpr => ({
      kind: 'comparison',
      path: ['a'],
      operator: '=',
      value: v,
      start: 0,
      end: 0,
    });
    const or: QueryExpr = { kind: 'or', operands: [c('1'), c('2')], start: 0, end: 0 };
    const and: QueryExpr = { kind: 'and', operands: [c('3'), c('4')], start: 0, end: 0 };
    assert.equal(formatQuery({ kind: 'and', operands: [or, c('5')], start: 0, end: 0 }), '{a=1||a=2}&&a=5');
    assert.equal(formatQuery({ kind: 'or', operands: [and, c('5')], start: 0, end: 0 }), 'a=3&&a=4||a=5');
  });

  const tricky = [
    'plain',
    'two words',
    ' lead',
    'trail ',
    '',
    '"',
    '""',
    '\\',
    '\\"',
    'a&&b',
    'a||b',
    'a&b|c',
    '}',
    '{',
    '{x}',
    '=',
    '==x',
    'x=y',
    '!=',
    '~<>',
    'tab\there',
    'line\nbreak',
    'ünïcødé 😀',
    'R&D "quoted" \\ {braced} || end',
  ];
  for (const value of tricky) {
    it(`round-trips the value ${JSON.stringify(value)}`, () => {
      const ast: QueryExpr = { kind: 'comparison', path: ['note'], operator: '~', value, start: 0, end: 0 };
      const text = formatQuery(ast);
      assert.deepEqual(shape(parsed(text)), ['note', '~', value], text);
    });
  }

  it('round-trips every valid query of the parser table', () => {
    const extra = ['{a=1||b=2}&&{c=3||d="}"}&&e=x', 'a=1&&{b=2||{c=3&&{d=4||e=5}}}'];
    for (const text of [...VALID.map(([t]) => t), ...extra]) {
      const ast = parsed(text);
      assert.deepEqual(shape(parsed(formatQuery(ast))), shape(ast), text);
    }
  });
});

describe('encodeQueryValue', () => {
  const values = [
    'status=Paid&&x',
    '{totalAmount>100||totalAmount<50}&&status!=Paid',
    'a b',
    'a+b',
    '#frag',
    '100%',
    "!'()*",
    'ünïcødé 😀',
    '&=?/;:@,$[]',
    'note="a \\"b\\""',
  ];
  for (const v of values) {
    it(`survives decoding: ${v}`, () => {
      const encoded = encodeQueryValue(v);
      assert.match(encoded, /^[A-Za-z0-9\-._~%]*$/);
      assert.equal(decodeURIComponent(encoded), v);
      assert.equal(new URLSearchParams(`page=1&query=${encoded}&pageSize=5`).get('query'), v);
    });
  }

  it('encodes the characters that would split or alter a query string', () => {
    assert.equal(encodeQueryValue('status=Paid&&x'), 'status%3DPaid%26%26x');
    assert.equal(encodeQueryValue('a b+c#d%'), 'a%20b%2Bc%23d%25');
    assert.equal(encodeQueryValue("!'()*"), '%21%27%28%29%2A');
  });

  it('replaces lone surrogates instead of throwing', () => {
    assert.equal(encodeQueryValue('a\uD800b'), 'a%EF%BF%BDb');
  });
});
