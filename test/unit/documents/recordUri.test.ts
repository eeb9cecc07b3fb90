import * as assert from 'node:assert/strict';
import { errorText, indentFrom, noConnectionText, prettyJson } from '../../../src/documents/json';
import { DATA_TYPES, type DataTypeSpec } from '../../../src/dataTypes/catalog';
import {
  MAX_LABEL_LENGTH,
  asRecordArgument,
  labelOr,
  parseRecordUri,
  recordLabelOfPath,
  recordKey,
  recordRefAt,
  recordUriParts,
  sameRecord,
  sanitizeLabel,
  type RecordRef,
} from '../../../src/documents/recordUri';

/** An invoice's ref of account `acct-1`. */
const inv = (companyId: string, invoiceId: string): RecordRef => ({
  companyId,
  dataType: 'invoices',
  recordId: invoiceId,
  accountId: 'acct-1',
});

/** The place ids a record of the type is read by (odd ones, to be encoded). */
const placeOf = (spec: DataTypeSpec): Pick<RecordRef, 'connectionId' | 'parentId'> => ({
  ...(spec.scope === 'connection' ? { connectionId: 'cn/1' } : {}),
  ...(spec.parent ? { parentId: 'p&1' } : {}),
});

/** What a URI's parts look like after a trip through a string, as a restored tab's URI makes:
 * encoded the way a URI string needs, then decoded again (what vscode.Uri does on toString/parse). */
function throughString(parts: { path: string; query: string }): { path: string; query: string } {
  const url = new URL(
    `dataplatform:${parts.path.split('/').map(encodeURIComponent).join('/')}?${encodeURIComponent(parts.query)}`,
  );
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

describe('record document URIs', () => {
  it('name the account whose key fetches the record; a URI without one is not a record document', () => {
    const ref: RecordRef = { companyId: 'c-1', dataType: 'bills', recordId: 'b-2', accountId: 'acct-9' };
    const parts = recordUriParts(ref, { companyName: 'Acme' });
    assert.equal(parts.query, 'companyId=c-1&billId=b-2&account=acct-9');
    assert.deepEqual(parseRecordUri(throughString(parts)), ref);
    assert.equal(parseRecordUri({ path: '/Acme/bills/b-2.json', query: 'companyId=c-1&billId=b-2' }), undefined);
    assert.notEqual(recordKey(ref), recordKey({ ...ref, accountId: 'acct-10' }), 'two accounts, two documents');
    assert.throws(() => recordUriParts({ ...ref, accountId: '' }));
  });

  it('puts the labels in the path and the ids in the query', () => {
    assert.deepEqual(recordUriParts(inv('c-1', 'inv-9'), { companyName: 'Acme Ltd', recordLabel: 'INV-00042' }), {
      path: '/Acme Ltd/invoices/INV-00042.json',
      query: 'companyId=c-1&invoiceId=inv-9&account=acct-1',
    });
  });

  it('labels with the ids when names are unknown or have nothing readable', () => {
    const ref = inv('c-1', 'inv-9');
    assert.equal(recordUriParts(ref).path, '/c-1/invoices/inv-9.json');
    assert.equal(recordUriParts(ref, { companyName: ' \t ', recordLabel: '' }).path, '/c-1/invoices/inv-9.json');
  });

  it('encodes the query like URLSearchParams, so ids holding & = ? # % cannot add or shift a parameter', () => {
    const { query } = recordUriParts(inv('a&invoiceId=evil', 'b c#?%'));
    assert.equal(query, 'companyId=a%26invoiceId%3Devil&invoiceId=b+c%23%3F%25&account=acct-1');
  });

  it('round-trips odd ids and labels, the identity from the ids only; the path has exactly three segments', () => {
    for (const [companyId, invoiceId] of ODD_IDS) {
      for (const labels of [
        {},
        { companyName: companyId, recordLabel: invoiceId },
        { companyName: 'Ünï / co', recordLabel: 'No. 7/2024 #3?' },
      ]) {
        const parts = recordUriParts(inv(companyId, invoiceId), labels);
        assert.equal(parts.path.split('/').length, 4, `${parts.path} has three segments`);
        assert.match(parts.path, /^\/[^/]+\/invoices\/[^/]+\.json$/);
        assert.deepEqual(parseRecordUri(parts), inv(companyId, invoiceId), JSON.stringify(parts));
        assert.deepEqual(
          parseRecordUri(throughString(parts)),
          inv(companyId, invoiceId),
          `${JSON.stringify(parts)} through a string`,
        );
      }
    }
  });

  it("gives back the record's label from its path (a tab's title without .json), nothing for another path", () => {
    const parts = recordUriParts(inv('c1', 'i1'), { companyName: 'Acme', recordLabel: 'INV 0.json/1' });
    assert.equal(recordLabelOfPath(parts.path), 'INV 0.json_1');
    assert.equal(recordLabelOfPath(recordUriParts(inv('c1', 'i1')).path), 'i1');
    assert.equal(recordLabelOfPath('/Acme/invoices'), undefined);
  });

  it('takes the identity from the query, whatever the labels say', () => {
    const query = 'companyId=c-1&invoiceId=inv-9&account=acct-1';
    assert.deepEqual(parseRecordUri({ path: '/Other Co/invoices/INV-1.json', query }), inv('c-1', 'inv-9'));
    assert.deepEqual(parseRecordUri({ path: '/c-2/invoices/inv-3.json', query }), inv('c-1', 'inv-9'));
  });

  it('refuses empty ids rather than building a URI that points elsewhere', () => {
    assert.throws(() => recordUriParts(inv('', 'x')));
    assert.throws(() => recordUriParts(inv('c', '')));
    assert.throws(
      () => recordUriParts({ companyId: 'c', dataType: 'nope' as 'bills', recordId: 'x', accountId: 'a' }),
      'an unknown type',
    );
  });

  it('parses nothing that is not a record document', () => {
    const query = 'companyId=c&invoiceId=i&account=a';
    for (const path of [
      '/c/invoices/x',
      '/c/bills/x.json',
      'c/invoices/x.json',
      '/c/invoices/.json',
      '//invoices/x.json',
      '/a/b/invoices/x.json',
      '/c/nope/x.json',
      '/',
    ]) {
      assert.equal(parseRecordUri({ path, query }), undefined, path);
      assert.equal(parseRecordUri({ path, query: '' }), undefined, `${path} without a query`);
    }
    for (const q of [
      '',
      'companyId=c&account=a',
      'invoiceId=i&account=a',
      'companyId=&invoiceId=i&account=a',
      'x=1',
      'companyId=c&billId=i&account=a',
      'companyId=c&invoiceId=i',
      'companyId=c&invoiceId=i&account=',
    ]) {
      assert.equal(
        parseRecordUri({ path: '/c/invoices/i.json', query: q }),
        undefined,
        `a query without both ids and the account: ${q}`,
      );
    }
  });

  it('keys a record by its ids, type and account, unambiguously', () => {
    const key = (companyId: string, recordId: string, dataType: RecordRef['dataType'] = 'invoices'): string =>
      recordKey({ companyId, dataType, recordId, accountId: 'a' });
    assert.equal(key('a', 'b'), key('a', 'b'));
    assert.notEqual(key('a/b', 'c'), key('a', 'b/c'));
    assert.notEqual(key('a","b', 'c'), key('a', 'b","c'));
    assert.notEqual(key('a', 'b'), key('a', 'b', 'bills'), 'one id in two types is two records');
  });

  it('accepts {companyId, dataType, recordId, accountId?, companyName?}, the first account when none is named, and nothing looser', () => {
    const ref = inv('c', 'i');
    assert.deepEqual(asRecordArgument({ companyId: 'c', dataType: 'invoices', recordId: 'i', extra: 1 }, 'acct-1'), {
      ref,
    });
    assert.deepEqual(
      asRecordArgument({ companyId: 'c', dataType: 'invoices', recordId: 'i', companyName: 'Acme' }, 'acct-1'),
      { ref, companyName: 'Acme' },
    );
    assert.deepEqual(
      asRecordArgument({ companyId: 'c', dataType: 'invoices', recordId: 'i', companyName: 7 }, 'acct-1'),
      { ref },
      'a name that is not a string is ignored',
    );
    assert.deepEqual(
      asRecordArgument({ companyId: 'c', dataType: 'bills', recordId: 'b', accountId: 'acct-2' }, 'acct-1'),
      { ref: { companyId: 'c', dataType: 'bills', recordId: 'b', accountId: 'acct-2' } },
    );
    assert.equal(
      asRecordArgument({ companyId: 'c', dataType: 'bills', recordId: 'b' }, undefined),
      undefined,
      'no account at all',
    );
    for (const v of [
      undefined,
      null,
      'c/i',
      {},
      { companyId: 'c' },
      { companyId: 'c', invoiceId: 'i' },
      { companyId: '', dataType: 'invoices', recordId: 'i' },
      { companyId: 'c', dataType: 'nope', recordId: 'x' },
      { companyId: 'c', dataType: 'bills' },
      { companyId: 'c', recordId: 'x' },
      { companyId: 'c', dataType: 'bills', invoiceId: 'i' },
    ]) {
      assert.equal(asRecordArgument(v, 'acct-1'), undefined, JSON.stringify(v));
    }
  });

  it('names every type in the path and its record id by the type in the query, and round-trips each', () => {
    for (const spec of DATA_TYPES) {
      const { id } = spec;
      const ref: RecordRef = { companyId: 'c&1', dataType: id, recordId: 'r/1?', accountId: 'a-1', ...placeOf(spec) };
      const parts = recordUriParts(ref, { companyName: 'Acme', recordLabel: 'No. 7' });
      assert.equal(parts.path, `/Acme/${id}/No. 7.json`);
      const place = `${spec.scope ? 'connectionId=cn%2F1&' : ''}${spec.parent ? `${spec.parent.idName}=p%261&` : ''}`;
      assert.match(parts.query, new RegExp(`^companyId=c%261&${place}[a-z][A-Za-z]*Id=r%2F1%3F&account=a-1$`));
      assert.deepEqual(parseRecordUri(parts), ref, id);
      assert.deepEqual(parseRecordUri(throughString(parts)), ref, `${id} through a string`);
    }
    assert.equal(
      recordUriParts({ companyId: 'c', dataType: 'journalEntries', recordId: 'j', accountId: 'a' }).query,
      'companyId=c&journalEntryId=j&account=a',
    );
    assert.equal(
      recordUriParts({ companyId: 'c', dataType: 'billPayments', recordId: 'p', accountId: 'a' }).query,
      'companyId=c&billPaymentId=p&account=a',
    );
  });
});

describe('record document URIs of a connection-scoped type and of a type under a parent', () => {
  const cost: RecordRef = {
    companyId: 'c',
    dataType: 'directCosts',
    recordId: 'd',
    accountId: 'a',
    connectionId: 'cn',
  };
  const line: RecordRef = {
    companyId: 'c',
    dataType: 'bankTransactions',
    recordId: 't',
    accountId: 'a',
    connectionId: 'cn',
    parentId: 'ba',
  };

  it('name the connection, and the parent under the name its path gives it', () => {
    assert.equal(recordUriParts(cost).query, 'companyId=c&connectionId=cn&directCostId=d&account=a');
    assert.equal(recordUriParts(line).query, 'companyId=c&connectionId=cn&accountId=ba&bankTransactionId=t&account=a');
    assert.deepEqual(parseRecordUri(recordUriParts(line)), line);
  });

  it('refuse a place the type is not read by: a missing connection or parent, or one it has not', () => {
    const { connectionId: _c, ...noConnection } = cost;
    const { parentId: _p, ...noParent } = line;
    assert.throws(() => recordUriParts(noConnection), /directCosts needs the connection/);
    assert.throws(() => recordUriParts(noParent), /bankTransactions needs/);
    assert.throws(() => recordUriParts({ ...inv('c', 'i'), connectionId: 'cn' }), /invoices needs/);
    const parts = recordUriParts(line);
    assert.equal(parseRecordUri({ ...parts, query: parts.query.replace('accountId=ba&', '') }), undefined);
    assert.equal(parseRecordUri({ ...parts, query: parts.query.replace('connectionId=cn&', '') }), undefined);
  });

  it('key and compare a record with its place: one id under two bank accounts is two records', () => {
    const other = { ...line, parentId: 'ba2' };
    assert.notEqual(recordKey(line), recordKey(other));
    assert.equal(sameRecord(line, other), false);
    assert.equal(sameRecord(line, { ...line }), true);
    assert.notEqual(recordKey(cost), recordKey({ ...cost, connectionId: 'cn2' }));
  });

  it('open by ids with connectionId and parentId where the type needs them, else not at all', () => {
    const arg = { companyId: 'c', dataType: 'bankTransactions', recordId: 't', connectionId: 'cn', parentId: 'ba' };
    assert.deepEqual(asRecordArgument(arg, 'a'), { ref: line });
    assert.equal(asRecordArgument({ ...arg, parentId: undefined }, 'a'), undefined);
    assert.equal(asRecordArgument({ ...arg, connectionId: 7 }, 'a'), undefined);
    assert.deepEqual(
      asRecordArgument({ companyId: 'c', dataType: 'directCosts', recordId: 'd', connectionId: 'cn' }, 'a'),
      {
        ref: cost,
      },
    );
    assert.deepEqual(
      asRecordArgument({ companyId: 'c', dataType: 'invoices', recordId: 'i', connectionId: 'cn' }, 'acct-1'),
      { ref: inv('c', 'i') },
      'a company-scoped type ignores a connection: it is read by the company',
    );
  });

  it('make the reference of a record listed at a place (its ids as the client places it)', () => {
    assert.deepEqual(
      recordRefAt({ companyId: 'c', connectionId: 'cn', parentId: 'ba' }, 'bankTransactions', 't', 'a'),
      line,
    );
  });
});

describe('record document labels', () => {
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
    assert.equal(
      sanitizeLabel(`${'x'.repeat(MAX_LABEL_LENGTH - 1)} y`),
      'x'.repeat(MAX_LABEL_LENGTH - 1),
      'no trailing space after the cut',
    );
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

describe('record document text', () => {
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
    const text = errorText(inv('c1', 'i1'), { status: 500, message: 'Internal error', correlationId: 'corr-7' });
    assert.match(text, /^\/\/ Invoices: could not load i1 of company c1\.$/m);
    assert.match(
      errorText({ companyId: 'c1', dataType: 'taxRates', recordId: 't1', accountId: 'a' }, { message: 'x' }),
      /^\/\/ Tax rates: could not load t1 of company c1\.$/m,
    );
    assert.match(text, /500: Internal error/);
    assert.match(text, /correlationId: corr-7/);
    assert.match(text, /Show Diagnostics/);
    assert.ok(
      text
        .trimEnd()
        .split('\n')
        .every((l) => l.startsWith('// ')),
      'every line is a comment',
    );
  });

  it('leaves out what the error does not have', () => {
    const text = errorText(inv('c1', 'i1'), { message: 'Network unreachable' });
    assert.match(text, /^\/\/ Network unreachable$/m);
    assert.doesNotMatch(text, /correlationId|undefined/);
  });

  it('says how to get a key when there is no connection', () => {
    assert.match(noConnectionText(inv('c1', 'i1')), /Set API Key/);
  });
});
