// Every pass over text that came from a server or a user is linear in its length (issue 22): each
// case times a pass over hostile text against the same pass over plain text of the same length
// (test/support/complexity.ts) and asserts only the ratio. A quadratic pass (a regex that rescans
// from every `<`, indentation that grows with the depth) is hundreds of times slower at these sizes,
// which the first case below shows with one.
//
// To add cases: a section is a table of {what, work, hostile(n), plain?(n)}; `plain` defaults to
// prose, and is given the hostile text's length.
import * as assert from 'node:assert/strict';
import { parseErrorBody } from '../../src/api/errorBody';
import { kindForStatus } from '../../src/api/failures';
import { parseJsonBody } from '../../src/api/jsonBody';
import { resolveHref } from '../../src/api/url';
import { prettyBody } from '../../src/diagnostics/viewModel';
import { cutText } from '../../src/diagnostics/limits';
import { csvCell } from '../../src/export/csv';
import { completeQuery } from '../../src/query/completions';
import { encodeQueryValue } from '../../src/query/encode';
import { QueryErrorException } from '../../src/query/errors';
import { canonicalQuery, formatValue } from '../../src/query/format';
import { MAX_QUERY_LENGTH } from '../../src/query/parser';
import { INVOICE_SCHEMA } from '../../src/query/schemas';
import { Tokenizer } from '../../src/query/tokenizer';
import { costRatio, fill, LINEAR_RATIO, plainText } from '../support/complexity';

interface Case {
  what: string;
  work: (text: string) => unknown;
  /** Hostile text of about `n` characters. */
  hostile: (n: number) => string;
  /** Plain text of exactly `n` characters through the same pass (default: prose). */
  plain?: (n: number) => string;
  /** Characters of hostile text (default: 256 KB). */
  size?: number;
}

/** Far past any body a server sends in one error; a linear pass takes milliseconds. */
const BIG = 256 * 1024;
/** For passes that do work for nearly every character (a container per `[`, a replacement per
 * quote). */
const HALF = BIG / 2;

/** `prefix`, `unit` repeated, `suffix`: exactly `n` characters. */
const framed = (prefix: string, unit: string, suffix: string, n: number) =>
  prefix + fill(unit, n - prefix.length - suffix.length) + suffix;

/** `unit` repeated `n` characters' worth, whole units only, so nesting stays balanced. */
const times = (unit: string, n: number) => unit.repeat(Math.max(1, Math.floor(n / unit.length)));

// Plain bodies of the shapes a server sends: a JSON error body, an HTML error page (with no title
// or heading, so that its whole text is read, as it is of the hostile pages).
const plainJson = (n: number) =>
  framed('{"statusCode":500,"error":"', 'Lorem ipsum dolor sit amet 0123456789 ', '"}', n);
const plainJsonArray = (n: number) => framed('[', '"Lorem ipsum", 12345, "dolor sit", ', '0]', n);
/** As many containers as the nested ones, side by side: depth is what is tested, not their number. */
const sideBySide = (container: string) => (n: number) => {
  const text = `[${times(`${container},`, n - container.length - 2)}${container}]`;
  return text.padEnd(n, ' ');
};
const plainHtml = (n: number) =>
  framed('<html><body>', '<p>Lorem ipsum <b>dolor</b> sit amet &amp; 0123456789.</p>\n', '</body></html>', n);

/** Every token of a filter, or the error that stopped the tokenizer. */
function tokens(text: string): number {
  const tokenizer = new Tokenizer(text);
  let count = 0;
  try {
    while (tokenizer.next().kind !== 'eof') count++;
  } catch (e) {
    if (!(e instanceof QueryErrorException)) throw e;
  }
  return count;
}

/** A filter someone typed or pasted, a link a server sent: 64 KB is far past any real one. */
const LINE = 64 * 1024;

const completions = (text: string) => completeQuery(text, text.length, INVOICE_SCHEMA);
const plainFilter = (n: number) => framed('', 'status=Paid && totalAmount>100 || ', 'status=Paid', n);

/** The JSON page parser splits only bodies with a top-level `results` array. */
const page = (text: string) => {
  try {
    return parseJsonBody(Buffer.from(text, 'latin1'));
  } catch {
    return undefined;
  }
};
const plainPage = (n: number) =>
  framed('{"results":[', '{"id":"inv-1","note":"Lorem ipsum dolor"},', '{"id":"x"}],"pageSize":1}', n);

const link = (href: string) => {
  try {
    return resolveHref('https://api.example.com/v1', href);
  } catch (e) {
    return e;
  }
};
const plainLink = (n: number) => framed('/companies/', 'abc-123/', 'x?page=2', n);

const SECTIONS: Record<string, Case[]> = {
  'error bodies (src/api/errorBody.ts, failures.ts)': [
    {
      what: 'HTML: a run of "<" that never closes',
      work: (s) => parseErrorBody(s, 'text/html'),
      hostile: (n) => fill('<', n),
      plain: plainHtml,
    },
    {
      what: 'HTML: a run of "<a" that never closes',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('<html>', '<a', '', n),
      plain: plainHtml,
    },
    {
      what: 'HTML: a run of "<!--" that never closes',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('<html>', '<!--', '', n),
      plain: plainHtml,
    },
    {
      what: 'HTML: a run of "<script>" that never closes',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('<html>', '<script>', '', n),
      plain: plainHtml,
    },
    {
      what: 'HTML: a run of "<title>" that never closes',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('<html>', '<title>x', '', n),
      plain: plainHtml,
    },
    {
      what: 'HTML: a run of "<title" without ">"',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('<html>', '<title', '', n),
      plain: plainHtml,
    },
    {
      what: 'HTML: a run of "&#"',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('<p>', '&#', '', n),
      plain: plainHtml,
    },
    {
      what: 'HTML: a run of "&#x" digits without ";"',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('<p>&#x', '0', '', n),
      plain: plainHtml,
    },
    {
      what: 'JSON cut short: a run of "\\"',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('{"error":"', '\\', '', n),
      plain: plainJson,
    },
    {
      what: 'JSON cut short: a run of escaped quotes',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('{"error":"', '\\"', '', n),
      plain: plainJson,
    },
    {
      what: 'JSON cut short: a run of "\\"error\\":\\""',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('{', '"error":"\\', '', n),
      plain: plainJson,
    },
    {
      what: 'JSON cut short: "error" and a run of spaces',
      work: (s) => parseErrorBody(s),
      hostile: (n) => framed('{"error"', ' ', '', n),
      plain: plainJson,
    },
    {
      what: 'JSON: nested arrays',
      work: (s) => parseErrorBody(s),
      hostile: (n) => times('[', n / 2) + times(']', n / 2),
      plain: sideBySide('[]'),
      size: HALF,
    },
    {
      what: 'JSON: nested objects',
      work: (s) => parseErrorBody(s),
      hostile: (n) => times('{"a":', n / 6) + '1' + times('}', n / 6),
      plain: sideBySide('{"a":1}'),
    },
    {
      what: 'JSON: a run of "[" (cut short)',
      work: (s) => parseErrorBody(s),
      hostile: (n) => fill('[', n),
      plain: plainJson,
    },
    {
      what: 'JSON in a string in a string',
      work: (s) => parseErrorBody(s),
      hostile: (n) => JSON.stringify(JSON.stringify(JSON.stringify({ message: fill('\\"', n / 8) }))),
      plain: plainJson,
    },
    {
      what: 'a 404 whose error is a run of "Datatype ["',
      work: (s) => kindForStatus(404, '/x', parseErrorBody(s)),
      hostile: (n) =>
        JSON.stringify({ statusCode: 404, service: 's', error: fill('Datatype [', n - 64), correlationId: 'c' }),
      plain: plainJson,
    },
    {
      what: 'a 409 whose error is a run of "not yet been "',
      work: (s) => kindForStatus(409, '/x', parseErrorBody(s)),
      hostile: (n) =>
        JSON.stringify({ statusCode: 409, service: 's', error: fill('not yet been ', n - 64), correlationId: 'c' }),
      plain: plainJson,
    },
    {
      what: 'a 402 whose error is "Payment Required" and a run of spaces',
      work: (s) => kindForStatus(402, '/x', parseErrorBody(s)),
      hostile: (n) =>
        JSON.stringify({
          statusCode: 402,
          service: 's',
          error: `Payment Required${fill(' ', n - 80)}x`,
          correlationId: 'c',
        }),
      plain: plainJson,
    },
  ],
  'the diagnostics panel (src/diagnostics/viewModel.ts, limits.ts)': [
    {
      what: 'pretty-printing nested arrays',
      work: prettyBody,
      hostile: (n) => times('[', n / 2) + times(']', n / 2),
      plain: sideBySide('[]'),
      size: HALF,
    },
    {
      what: 'pretty-printing nested objects',
      work: prettyBody,
      hostile: (n) => times('{"a":', n / 6) + '1' + times('}', n / 6),
      plain: sideBySide('{"a":1}'),
    },
    {
      what: 'pretty-printing nested arrays between runs of spaces',
      work: prettyBody,
      hostile: (n) => times('[ ', n / 2) + times(' ]', n / 2),
      plain: sideBySide('[ ]'),
      size: HALF,
    },
    {
      what: 'pretty-printing a run of escaped quotes',
      work: prettyBody,
      hostile: (n) => framed('["', '\\"', '"]', n),
      plain: plainJsonArray,
    },
    {
      what: 'pretty-printing an array of empty arrays and objects',
      work: prettyBody,
      hostile: (n) => framed('[', '[ ],{ },', '0]', n),
      plain: plainJsonArray,
    },
    { what: 'cutting a run of surrogate pairs', work: (s) => cutText(s, s.length - 1), hostile: (n) => fill('😀', n) },
  ],
  'the JSON page parser (src/api/jsonBody.ts)': [
    {
      what: 'a result holding a run of "\\\\"',
      work: page,
      hostile: (n) => framed('{"results":["', '\\\\', '"]}', n),
      plain: plainPage,
    },
    {
      what: 'a result holding a run of escaped quotes',
      work: page,
      hostile: (n) => framed('{"results":["', '\\"', '"]}', n),
      plain: plainPage,
    },
    {
      what: 'a result that never ends: a run of escaped quotes',
      work: page,
      hostile: (n) => framed('{"results":["', '\\"', '', n),
      plain: plainPage,
    },
    {
      what: 'a result of nested arrays',
      work: page,
      hostile: (n) => `{"results":[${times('[', n / 2 - 8)}${times(']', n / 2 - 8)}]}`,
      plain: plainPage,
      size: HALF,
    },
    {
      what: 'a result of nested objects',
      work: page,
      hostile: (n) => `{"results":[${times('{"a":', n / 6 - 4)}1${times('}', n / 6 - 4)}]}`,
      plain: plainPage,
    },
    {
      what: 'a result of nested arrays that never closes',
      work: page,
      hostile: (n) => framed('{"results":[', '[', '', n),
      plain: plainPage,
    },
    {
      what: 'a run of empty results',
      work: page,
      hostile: (n) => framed('{"results":[', '"",', '""]}', n),
      plain: plainPage,
      size: HALF,
    },
    {
      what: 'a run of keys before the results',
      work: page,
      hostile: (n) => framed('{', '"a":1,', '"results":[]}', n),
      plain: plainPage,
    },
  ],
  'filters (src/query/tokenizer.ts, parser.ts, completions.ts, format.ts, encode.ts)': [
    { what: 'tokens: a run of "{"', work: tokens, hostile: (n) => fill('{', n), plain: plainFilter, size: LINE },
    { what: 'tokens: a run of "("', work: tokens, hostile: (n) => fill('(', n), plain: plainFilter, size: LINE },
    {
      what: 'tokens: a long field name',
      work: tokens,
      hostile: (n) => framed('', 'a', '=1', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'tokens: a long quoted value',
      work: tokens,
      hostile: (n) => framed('a="', 'x', '"', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'tokens: a quoted value of escapes',
      work: tokens,
      hostile: (n) => framed('a="', '\\"', '"', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'tokens: a quoted value that never ends',
      work: tokens,
      hostile: (n) => framed('a="', '\\"', '', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'tokens: junk after a quoted value',
      work: tokens,
      hostile: (n) => framed('a="x"', 'x', '', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'tokens: a value with a run of spaces',
      work: tokens,
      hostile: (n) => framed('a=x', ' ', 'x', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'tokens: many "&&" terms',
      work: tokens,
      hostile: (n) => framed('', 'a=1&&', 'a=1', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'completions: a run of "{"',
      work: completions,
      hostile: (n) => fill('{', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'completions: a run of "&"',
      work: completions,
      hostile: (n) => fill('&', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'completions: a long field name',
      work: completions,
      hostile: (n) => fill('a', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'completions: a long value being typed',
      work: completions,
      hostile: (n) => framed('status=', 'P ', '', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'completions: many "&&" terms',
      work: completions,
      hostile: (n) => framed('', 'status=Paid&&', 'status=Paid', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'completions: many terms and a half "&"',
      work: completions,
      hostile: (n) => framed('', 'status=Paid && ', 'status=Paid &', n),
      plain: plainFilter,
      size: LINE,
    },
    {
      what: 'parse and format: nested braces at the length limit',
      work: canonicalQuery,
      hostile: (n) => `${'{'.repeat(n / 8)}a=1${'&&a=1}'.repeat(n / 8)}`.slice(0, n),
      plain: plainFilter,
      size: MAX_QUERY_LENGTH,
    },
    {
      what: 'parse and format: braces opening to the right at the length limit',
      work: canonicalQuery,
      hostile: (n) => `${'a=1&&{'.repeat(n / 8)}a=1${'}'.repeat(n / 8)}`,
      plain: plainFilter,
      size: MAX_QUERY_LENGTH,
    },
    {
      what: 'parse and format: "&&" and "||" nested in turn at the length limit',
      work: canonicalQuery,
      hostile: (n) => {
        const k = Math.floor((n - 3) / 14);
        return `${'a=1&&{a=1||{'.repeat(k)}a=1${'}}'.repeat(k)}`;
      },
      plain: plainFilter,
      size: MAX_QUERY_LENGTH,
    },
    {
      what: 'parse and format: many "&&" terms at the length limit',
      work: canonicalQuery,
      hostile: (n) => framed('', 'a=1&&', 'a=1', n),
      plain: plainFilter,
      size: MAX_QUERY_LENGTH,
    },
    { what: 'formatting a value of quotes and backslashes', work: formatValue, hostile: (n) => fill('\\"', n) },
    { what: 'percent-encoding a run of "%"', work: encodeQueryValue, hostile: (n) => fill('%', n) },
    {
      what: 'percent-encoding a run of lone surrogates',
      work: encodeQueryValue,
      hostile: (n) => fill('\uD800', n),
      plain: (n) => fill('é', n),
      size: HALF,
    },
  ],
  "a server's next-page links (src/api/url.ts)": [
    {
      what: 'a run of "%"',
      work: link,
      hostile: (n) => framed('/companies?page=', '%', '', n),
      plain: plainLink,
      size: LINE,
    },
    { what: 'a run of "%2F"', work: link, hostile: (n) => framed('/', '%2F', '', n), plain: plainLink, size: LINE },
    {
      what: 'a run of "/" in an absolute link',
      work: link,
      hostile: (n) => framed('https://api.example.com/v1', '/', 'x', n),
      plain: plainLink,
      size: LINE,
    },
  ],
  'CSV (src/export/csv.ts)': [
    // Plain cells with quotes, as objects are written (JSON): doubling each quote is the work.
    {
      what: 'quoting a run of quotes',
      work: csvCell,
      hostile: (n) => fill('"', n),
      plain: (n) => fill('{"id":"inv-1","note":"Lorem"},', n),
      size: HALF,
    },
    // Plain cells that are neutralised and quoted too, as a cell of line breaks is.
    {
      what: 'quoting a run of line breaks',
      work: csvCell,
      hostile: (n) => fill('\r\n', n),
      plain: (n) => fill('-12.5, Lorem ipsum ', n),
    },
  ],
};

// The bound catches a quadratic pass at the smallest size used: the classic one, a scan from every
// `<` for its `>`, which is linear on text without `<`.
describe('linear time: the bound itself', () => {
  it(`puts a quadratic pass over ${LINE / 1024} KB far over ${LINEAR_RATIO}×`, () => {
    const quadratic = (text: string) => {
      let open = 0;
      for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) if (text.indexOf('>', i) < 0) open++;
      return open;
    };
    const ratio = costRatio(quadratic, { what: 'quadratic', hostile: fill('<', LINE), plain: plainText(LINE) });
    assert.ok(ratio > 10 * LINEAR_RATIO, `only ${ratio.toFixed(1)}×`);
  });
});

for (const [section, cases] of Object.entries(SECTIONS)) {
  describe(`linear time: ${section}`, function () {
    this.timeout(60_000);
    for (const c of cases) {
      it(c.what, () => {
        const hostile = c.hostile(c.size ?? BIG);
        const plain = (c.plain ?? plainText)(hostile.length);
        assert.equal(plain.length, hostile.length, 'plain text of the same length');
        const ratio = costRatio(c.work, { what: c.what, hostile, plain });
        assert.ok(
          ratio < LINEAR_RATIO,
          `${c.what}: ${ratio.toFixed(1)} times as long as plain text of the same length`,
        );
      });
    }
  });
}
