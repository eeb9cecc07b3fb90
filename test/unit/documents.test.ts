import * as assert from 'node:assert/strict';
import { errorText, indentFrom, noConnectionText, prettyJson } from '../../src/documents/json';
import { asInvoiceRef, invoicePath, parseInvoicePath } from '../../src/documents/invoiceUri';

describe('invoice document paths', () => {
  it('puts the two ids in a fixed shape ending in .json', () => {
    assert.equal(invoicePath({ companyId: 'c-1', invoiceId: 'inv-9' }), '/c-1/invoices/inv-9.json');
  });

  it('round-trips ids holding slashes, percent signs, spaces and non-ASCII as single segments', () => {
    for (const [companyId, invoiceId] of [
      ['a/b', 'x/y/z'],
      ['100%', '%2F'],
      ['with space', 'Ünïcødé ✓'],
      ['c', 'ends.json'],
      ['invoices', 'invoices'],
    ]) {
      const path = invoicePath({ companyId, invoiceId });
      assert.equal(path.split('/').length, 4, `${path} has exactly the three segments`);
      assert.deepEqual(parseInvoicePath(path), { companyId, invoiceId });
    }
  });

  it('refuses empty ids rather than building a path that points elsewhere', () => {
    assert.throws(() => invoicePath({ companyId: '', invoiceId: 'x' }));
    assert.throws(() => invoicePath({ companyId: 'c', invoiceId: '' }));
  });

  it('parses nothing that is not an invoice path', () => {
    for (const p of ['/c/invoices/x', '/c/bills/x.json', 'c/invoices/x.json', '/c/invoices/.json', '//invoices/x.json', '/a/b/invoices/x.json', '/c/invoices/%zz.json', '/']) {
      assert.equal(parseInvoicePath(p), undefined, p);
    }
  });

  it('accepts {companyId, invoiceId} arguments and nothing looser', () => {
    assert.deepEqual(asInvoiceRef({ companyId: 'c', invoiceId: 'i', extra: 1 }), { companyId: 'c', invoiceId: 'i' });
    for (const v of [undefined, null, 'c/i', {}, { companyId: 'c' }, { companyId: 'c', invoiceId: 3 }, { companyId: '', invoiceId: 'i' }]) {
      assert.equal(asInvoiceRef(v), undefined, JSON.stringify(v));
    }
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
