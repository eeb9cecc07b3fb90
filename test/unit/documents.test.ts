import * as assert from 'node:assert/strict';
import { errorText, indentFrom, noConnectionText, prettyJson } from '../../src/documents/json';
import {
  MAX_LABEL_LENGTH,
  asInvoiceArgument,
  invoiceKey,
  invoiceUriParts,
  labelOr,
  parseInvoiceUri,
  sanitizeLabel,
  type InvoiceRef,
} from '../../src/documents/invoiceUri';

/** What a URI's parts look like after a trip through a string, as a restored tab's URI makes:
 * encoded the way a URI string needs, then decoded again (what vscode.Uri does on toString/parse). */
function throughString(parts: { path: string; query: string }): { path: string; query: string } {
  const url = new URL(`dataplatform:${parts.path.split('/').map(encodeURIComponent).join('/')}?${encodeURIComponent(parts.query)}`);
  return { path: decodeURIComponent(url.pathname), query: decodeURIComponent(url.search.slice(1)) };
}

const ODD_IDS: [string, string][] = [
  ['a/b', 'x/y/z'],
  ['100%', '%2F'],
  ['q?x=1', 'h#frag'],
  ['a&invoiceId=evil', 'b=c&d'],
  ['with space', 'Ünïcødé ✓ 請求書 🧾'],
  ['back\\slash', '..'],
  ['c', 'ends.json'],
  ['invoices', 'invoices'],
];

describe('invoice document URIs', () => {
  it('puts the labels in the path and the ids in the query', () => {
    assert.deepEqual(invoiceUriParts({ companyId: 'c-1', invoiceId: 'inv-9' }, { companyName: 'Acme Ltd', invoiceNumber: 'INV-00042' }), {
      path: '/Acme Ltd/invoices/INV-00042.json',
      query: 'companyId=c-1&invoiceId=inv-9',
    });
  });

  it('labels with the ids when names are unknown or have nothing readable', () => {
    const ref = { companyId: 'c-1', invoiceId: 'inv-9' };
    assert.equal(invoiceUriParts(ref).path, '/c-1/invoices/inv-9.json');
    assert.equal(invoiceUriParts(ref, { companyName: ' \t ', invoiceNumber: '' }).path, '/c-1/invoices/inv-9.json');
  });

  it('encodes the query like URLSearchParams, so ids holding & = ? # % cannot add or shift a parameter', () => {
    const { query } = invoiceUriParts({ companyId: 'a&invoiceId=evil', invoiceId: 'b c#?%' });
    assert.equal(query, 'companyId=a%26invoiceId%3Devil&invoiceId=b+c%23%3F%25');
  });

  it('round-trips odd ids and labels, the identity from the ids only; the path has exactly three segments', () => {
    for (const [companyId, invoiceId] of ODD_IDS) {
      for (const labels of [{}, { companyName: companyId, invoiceNumber: invoiceId }, { companyName: 'Ünï / co', invoiceNumber: 'No. 7/2024 #3?' }]) {
        const parts = invoiceUriParts({ companyId, invoiceId }, labels);
        assert.equal(parts.path.split('/').length, 4, `${parts.path} has three segments`);
        assert.match(parts.path, /^\/[^/]+\/invoices\/[^/]+\.json$/);
        assert.deepEqual(parseInvoiceUri(parts), { companyId, invoiceId }, JSON.stringify(parts));
        assert.deepEqual(parseInvoiceUri(throughString(parts)), { companyId, invoiceId }, `${JSON.stringify(parts)} through a string`);
      }
    }
  });

  it('takes the identity from the query, whatever the labels say', () => {
    const query = 'companyId=c-1&invoiceId=inv-9';
    assert.deepEqual(parseInvoiceUri({ path: '/Other Co/invoices/INV-1.json', query }), { companyId: 'c-1', invoiceId: 'inv-9' });
    assert.deepEqual(parseInvoiceUri({ path: '/c-2/invoices/inv-3.json', query }), { companyId: 'c-1', invoiceId: 'inv-9' });
  });

  it('still parses the older path-only shape with percent-encoded ids (tabs restored from a previous version)', () => {
    assert.deepEqual(parseInvoiceUri({ path: '/c-1/invoices/inv-9.json', query: '' }), { companyId: 'c-1', invoiceId: 'inv-9' });
    for (const [companyId, invoiceId] of ODD_IDS) {
      // What the previous version built.
      const path = `/${encodeURIComponent(companyId)}/invoices/${encodeURIComponent(invoiceId)}.json`;
      assert.deepEqual(parseInvoiceUri({ path, query: '' }), { companyId, invoiceId }, path);
    }
  });

  it('refuses empty ids rather than building a URI that points elsewhere', () => {
    assert.throws(() => invoiceUriParts({ companyId: '', invoiceId: 'x' }));
    assert.throws(() => invoiceUriParts({ companyId: 'c', invoiceId: '' }));
  });

  it('parses nothing that is not an invoice document', () => {
    const query = 'companyId=c&invoiceId=i';
    for (const path of ['/c/invoices/x', '/c/bills/x.json', 'c/invoices/x.json', '/c/invoices/.json', '//invoices/x.json', '/a/b/invoices/x.json', '/']) {
      assert.equal(parseInvoiceUri({ path, query }), undefined, path);
      assert.equal(parseInvoiceUri({ path, query: '' }), undefined, `${path} without a query`);
    }
    assert.equal(parseInvoiceUri({ path: '/c/invoices/%zz.json', query: '' }), undefined, 'a malformed escape');
    for (const q of ['companyId=c', 'invoiceId=i', 'companyId=&invoiceId=i', 'x=1']) {
      assert.equal(parseInvoiceUri({ path: '/c/invoices/i.json', query: q }), undefined, `a query without both ids: ${q}`);
    }
  });

  it('keys an invoice by its ids, unambiguously', () => {
    const key = (companyId: string, invoiceId: string): string => invoiceKey({ companyId, invoiceId });
    assert.equal(key('a', 'b'), key('a', 'b'));
    assert.notEqual(key('a/b', 'c'), key('a', 'b/c'));
    assert.notEqual(key('a","b', 'c'), key('a', 'b","c'));
  });

  it('accepts {companyId, invoiceId, companyName?} arguments and nothing looser', () => {
    const ref: InvoiceRef = { companyId: 'c', invoiceId: 'i' };
    assert.deepEqual(asInvoiceArgument({ companyId: 'c', invoiceId: 'i', extra: 1 }), { ref });
    assert.deepEqual(asInvoiceArgument({ companyId: 'c', invoiceId: 'i', companyName: 'Acme' }), { ref, companyName: 'Acme' });
    assert.deepEqual(asInvoiceArgument({ companyId: 'c', invoiceId: 'i', companyName: 7 }), { ref }, 'a name that is not a string is ignored');
    for (const v of [undefined, null, 'c/i', {}, { companyId: 'c' }, { companyId: 'c', invoiceId: 3 }, { companyId: '', invoiceId: 'i' }]) {
      assert.equal(asInvoiceArgument(v), undefined, JSON.stringify(v));
    }
  });
});

describe('invoice document labels', () => {
  it('turns slashes, backslashes and control characters into _', () => {
    assert.equal(sanitizeLabel('INV/2024\\07'), 'INV_2024_07');
    assert.equal(sanitizeLabel('a\u0000b\u001fc\u007fd\u009fe'), 'a_b_c_d_e');
    // Bidi overrides and zero-width characters cannot make a title read otherwise than it holds.
    assert.equal(sanitizeLabel('INV-\u202e1000\u202c'), 'INV-_1000_');
    assert.equal(sanitizeLabel('INV\u200b-\u2066x\u2069\ufeff'), 'INV_-_x_', 'U+FEFF is whitespace: trimmed');
  });

  it('collapses whitespace (newlines and tabs included) and trims', () => {
    assert.equal(sanitizeLabel('  Acme \t\n  Ltd  '), 'Acme Ltd');
    assert.equal(sanitizeLabel('a\u00a0\u2003b'), 'a b');
  });

  it('keeps what a path segment can hold: ? # % & and any script', () => {
    assert.equal(sanitizeLabel('No. 7? #3 100% & co'), 'No. 7? #3 100% & co');
    assert.equal(sanitizeLabel('Ünïcødé 請求書 🧾'), 'Ünïcødé 請求書 🧾');
  });

  it(`caps at ${MAX_LABEL_LENGTH} characters without splitting a character`, () => {
    assert.equal(sanitizeLabel('x'.repeat(200)), 'x'.repeat(MAX_LABEL_LENGTH));
    const emoji = sanitizeLabel('🧾'.repeat(100));
    assert.equal(Array.from(emoji).length, MAX_LABEL_LENGTH);
    assert.doesNotMatch(emoji, /[\ud800-\udbff]$/, 'no lone high surrogate at the end');
    assert.equal(sanitizeLabel(`${'x'.repeat(MAX_LABEL_LENGTH - 1)} y`), 'x'.repeat(MAX_LABEL_LENGTH - 1), 'no trailing space after the cut');
  });

  it('never yields a segment that path normalisation would collapse', () => {
    assert.equal(sanitizeLabel('.'), '_');
    assert.equal(sanitizeLabel('..'), '__');
    assert.equal(sanitizeLabel('...x'), '...x');
  });

  it('falls back to the id, itself sanitised, when the label has nothing readable', () => {
    assert.equal(labelOr('INV-1', 'id-1'), 'INV-1');
    assert.equal(labelOr(undefined, 'id-1'), 'id-1');
    assert.equal(labelOr('', 'id-1'), 'id-1');
    assert.equal(labelOr(' \n ', 'id-1'), 'id-1');
    assert.equal(labelOr(undefined, 'a/b'), 'a_b');
    assert.equal(labelOr(undefined, '  '), '_');
  });
});

describe('invoice document text', () => {
  const invoice = { id: 'i1', amountDue: 12.5, lineItems: [{ description: 'x' }] };

  it('indents with the given number of spaces and ends with a newline', () => {
    const text = prettyJson(invoice, { tabSize: 4, insertSpaces: true });
    assert.deepEqual(JSON.parse(text), invoice);
    assert.ok(text.endsWith('}\n'));
    assert.match(text, /^\{\n {4}"id": "i1",\n/);
    assert.match(text, /\n {8}\{\n {12}"description"/);
  });

  it('indents with tabs when insertSpaces is off, whatever the tab size', () => {
    const text = prettyJson(invoice, { tabSize: 8, insertSpaces: false });
    assert.match(text, /^\{\n\t"id": "i1",\n/);
    assert.match(text, /\n\t\t\{\n\t\t\t"description"/);
    assert.deepEqual(JSON.parse(text), invoice);
  });

  it('defaults to two spaces', () => {
    assert.match(prettyJson({ a: 1 }), /^\{\n {2}"a": 1\n\}\n$/);
  });

  it('reads the editor settings defensively', () => {
    assert.deepEqual(indentFrom(4, false), { tabSize: 4, insertSpaces: false });
    assert.deepEqual(indentFrom('3', true), { tabSize: 3, insertSpaces: true });
    assert.deepEqual(indentFrom('auto', 'yes'), { tabSize: 2, insertSpaces: true });
    assert.deepEqual(indentFrom(0, undefined), { tabSize: 2, insertSpaces: true });
    assert.deepEqual(indentFrom(2.5, true), { tabSize: 2, insertSpaces: true });
    assert.deepEqual(indentFrom(40, true), { tabSize: 10, insertSpaces: true });
  });

  it('explains a failed fetch with status, message and correlation id, as comment lines', () => {
    const text = errorText({ companyId: 'c1', invoiceId: 'i1' }, { status: 500, message: 'Internal error', correlationId: 'corr-7' });
    assert.match(text, /invoice i1 of company c1/);
    assert.match(text, /500: Internal error/);
    assert.match(text, /correlationId: corr-7/);
    assert.match(text, /Show Diagnostics/);
    assert.ok(text.trimEnd().split('\n').every((l) => l.startsWith('// ')), 'every line is a comment');
  });

  it('leaves out what the error does not have', () => {
    const text = errorText({ companyId: 'c1', invoiceId: 'i1' }, { message: 'Network unreachable' });
    assert.match(text, /^\/\/ Network unreachable$/m);
    assert.doesNotMatch(text, /correlationId|undefined/);
  });

  it('says how to get a key when there is no connection', () => {
    assert.match(noConnectionText({ companyId: 'c1', invoiceId: 'i1' }), /Set API Key/);
  });
});
