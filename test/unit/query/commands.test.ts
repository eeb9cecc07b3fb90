import * as assert from 'node:assert/strict';
import { checkCompanyNameInput, sanitiseCompanyName } from '../../../src/format/companyName';
import { canonicalQuery, queryIdentity } from '../../../src/query/format';
import { HISTORY_KEY, QueryHistory, type HistoryStore } from '../../../src/persistence/queryHistory';
import {
  orderByPickRows,
  orderByProblem,
  orderBySuggestions,
  queryNodeLabel,
  queryPickRows,
  queryProblem,
} from '../../../src/format/queryMessages';
import { sanitiseCompanyName as emulatorSanitise } from '../../emulator';
import { INVOICE_SCHEMA } from '../../../src/query';

class MemoryStore implements HistoryStore {
  readonly data = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.data.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    // A copy, as globalState serialises what it is given.
    this.data.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

describe('company name', () => {
  it("strips what the API strips and keeps letters, digits, spaces and - ' , & @ . ? !", () => {
    assert.equal(sanitiseCompanyName('Acme <Ltd> #1!'), 'Acme Ltd 1!');
    assert.equal(sanitiseCompanyName("O'Neil & Sons, Co.-op @ Café? Ü"), "O'Neil & Sons, Co.-op @ Café? Ü");
    assert.equal(sanitiseCompanyName('  Zeta  '), 'Zeta');
    assert.equal(sanitiseCompanyName('$%^*()'), '');
  });

  it('agrees with the emulator, which strips on its own, on every character class', () => {
    for (const s of [
      'a/b\\c',
      'x_y+z=1',
      '名前 (株)',
      'tab\there',
      'emoji 🚀 co',
      '"quoted"',
      '[x]{y}|z~',
      'e\u0301 ² ٣ Ａ',
      'a\u00a0b\u200bc\ufeffd\u0085e',
      'O’Neil – Co\u00ad',
      'x\uD800y',
    ]) {
      assert.equal(sanitiseCompanyName(s), emulatorSanitise(s), s);
    }
  });

  it('agrees with the emulator on every code point', () => {
    // Chunks between sentinels, so trimming cannot hide a difference at either end.
    for (let from = 0; from <= 0x10ffff; from += 0x1000) {
      const points = Array.from({ length: 0x1000 }, (_, i) => from + i).filter(
        (p) => p <= 0x10ffff && (p < 0xd800 || p > 0xdfff),
      );
      const chunk = `a${String.fromCodePoint(...points)}a`;
      assert.equal(sanitiseCompanyName(chunk), emulatorSanitise(chunk), `U+${from.toString(16)}…`);
    }
  });

  it('refuses an empty or all-stripped name and shows the stored name when it differs', () => {
    assert.deepEqual(checkCompanyNameInput('   '), { ok: false, message: 'Enter a company name' });
    const stripped = checkCompanyNameInput('###');
    assert.equal(stripped.ok, false);
    assert.deepEqual(checkCompanyNameInput('Acme Ltd'), { ok: true, stored: 'Acme Ltd' });
    const c = checkCompanyNameInput('Acme <Ltd>');
    assert.ok(c.ok);
    assert.equal(c.stored, 'Acme Ltd');
    assert.equal(c.note, 'Will be stored as "Acme Ltd" (other characters are removed)');
  });
});

describe('query history', () => {
  it('keeps queries per company, most recent first, deduplicated', async () => {
    const store = new MemoryStore();
    const h = new QueryHistory(store);
    await h.add('c1', { query: 'status=Paid' });
    await h.add('c1', { query: 'totalAmount>100', orderBy: '-issueDate' });
    await h.add('c2', { query: 'status=Void' });
    await h.add('c1', { query: 'status=Paid' });
    assert.deepEqual(h.list('c1'), [{ query: 'status=Paid' }, { query: 'totalAmount>100', orderBy: '-issueDate' }]);
    assert.deepEqual(h.list('c2'), [{ query: 'status=Void' }]);
    assert.deepEqual(h.list('c3'), []);
  });

  it('treats differently spelled filters of one meaning as one entry, keeping the newest spelling', async () => {
    const h = new QueryHistory(new MemoryStore());
    await h.add('c', { query: 'status=Paid&&currency=GBP', orderBy: 'issueDate' });
    await h.add('c', { query: 'totalAmount>1' });
    await h.add('c', { query: ' { status = Paid } && currency = GBP ', orderBy: ' issueDate ' });
    assert.deepEqual(h.list('c'), [
      { query: ' { status = Paid } && currency = GBP ', orderBy: ' issueDate ' },
      { query: 'totalAmount>1' },
    ]);
  });

  it('treats another orderBy as another entry and drops an empty orderBy', async () => {
    const h = new QueryHistory(new MemoryStore());
    await h.add('c', { query: 'status=Paid', orderBy: '' });
    await h.add('c', { query: 'status=Paid', orderBy: 'issueDate' });
    assert.deepEqual(h.list('c'), [{ query: 'status=Paid', orderBy: 'issueDate' }, { query: 'status=Paid' }]);
  });

  it('keeps each data type its own list, invoices the one of entries without a type (as stored before)', async () => {
    const store = new MemoryStore();
    const h = new QueryHistory(store, 2);
    await h.add('c', { query: 'status=Paid' });
    await h.add('c', { query: 'status=Paid', dataType: 'bills' });
    await h.add('c', { query: 'amountDue>0', dataType: 'bills' });
    await h.add('c', { query: 'status=Void', dataType: 'invoices' });
    await h.add('c', { query: 'status=Open', dataType: 'bills' });
    assert.deepEqual(
      h.list('c'),
      [{ query: 'status=Void' }, { query: 'status=Paid' }],
      'a busy type does not push another out',
    );
    assert.deepEqual(h.list('c', 'invoices'), h.list('c'));
    assert.deepEqual(
      h.list('c', 'bills').map((e) => e.query),
      ['status=Open', 'amountDue>0'],
    );
    assert.deepEqual(h.list('c', 'accounts'), []);
    assert.ok(
      (store.data.get(HISTORY_KEY) as Record<string, unknown[]>).c.every(
        (e) => !(e as { dataType?: string }).dataType || (e as { dataType: string }).dataType === 'bills',
      ),
      'invoices are stored without a type',
    );
  });

  it('is capped, dropping the oldest', async () => {
    const h = new QueryHistory(new MemoryStore(), 3);
    for (const n of [1, 2, 3, 4]) await h.add('c', { query: `totalAmount>${n}` });
    assert.deepEqual(
      h.list('c').map((e) => e.query),
      ['totalAmount>4', 'totalAmount>3', 'totalAmount>2'],
    );
  });

  it('survives a new instance on the same store and ignores malformed storage', async () => {
    const store = new MemoryStore();
    await new QueryHistory(store).add('c', { query: 'status=Paid' });
    assert.deepEqual(new QueryHistory(store).list('c'), [{ query: 'status=Paid' }]);
    store.data.set(HISTORY_KEY, { c: [{ query: 1 }, 'x', { query: 'ok' }], d: 'nope' });
    const h = new QueryHistory(store);
    assert.deepEqual(h.list('c'), [{ query: 'ok' }]);
    assert.deepEqual(h.list('d'), []);
    await h.clear('c');
    assert.deepEqual(h.list('c'), []);
  });
});

describe('query identity', () => {
  it('is the same for spellings of one filter and differs for another meaning or order', () => {
    assert.equal(canonicalQuery('status = Paid'), 'status=Paid');
    assert.equal(canonicalQuery('{status=Paid} && {currency=GBP}'), 'status=Paid&&currency=GBP');
    assert.equal(queryIdentity('status = Paid', undefined), queryIdentity('status=Paid', ''));
    assert.notEqual(queryIdentity('status=Paid', undefined), queryIdentity('status=Void', undefined));
    assert.notEqual(queryIdentity('status=Paid', 'issueDate'), queryIdentity('status=Paid', '-issueDate'));
    // Precedence is meaning: braces that change it make another query.
    assert.notEqual(canonicalQuery('{a=1||b=2}&&c=3'), canonicalQuery('a=1||b=2&&c=3'));
    // An unparsable filter is only trimmed.
    assert.equal(canonicalQuery('  status=  '), 'status=');
  });
});

describe('query messages', () => {
  it('names the 1-based column of the first problem', () => {
    assert.equal(queryProblem('status=Paid'), undefined);
    assert.equal(queryProblem('status ='), 'Col 8: Expected a value after "="');
    assert.match(queryProblem('colour=red') ?? '', /^Col 1: .*colour/);
    assert.match(queryProblem('totalAmount>abc') ?? '', /^Col 13: /);
    assert.equal(queryProblem(''), 'Col 1: Query is empty');
  });

  it('checks orderBy against the invoice fields; empty means none', () => {
    assert.equal(orderByProblem(''), undefined);
    assert.equal(orderByProblem('-issueDate'), undefined);
    assert.match(orderByProblem('colour') ?? '', /^Col 1: /);
    assert.match(orderByProblem('issueDate, dueDate') ?? '', /one field/);
    assert.ok(orderBySuggestions().includes('-totalAmount'));
    assert.ok(orderBySuggestions().includes('issueDate'));
  });

  it('labels a query node with its count once known', () => {
    assert.equal(queryNodeLabel('status=Paid'), 'status=Paid');
    assert.equal(queryNodeLabel('status=Paid', 12345, 'invoices', 'en-GB'), 'status=Paid — 12,345 invoices');
    assert.equal(queryNodeLabel('status=Paid', 1, 'invoices', 'en-GB'), 'status=Paid — 1 invoice');
    assert.equal(queryNodeLabel('status=Paid', 0, 'invoices', 'en-GB'), 'status=Paid — 0 invoices');
  });
});

describe('query pick rows', () => {
  const recent = [{ query: 'status=Paid', orderBy: '-issueDate' }, { query: 'totalAmount>100' }];

  it('offers the recent queries when nothing is typed', () => {
    const rows = queryPickRows('', recent);
    assert.deepEqual(
      rows.slice(0, 2).map((r) => [r.kind, r.label]),
      [
        ['recent', 'status=Paid'],
        ['recent', 'totalAmount>100'],
      ],
    );
    assert.deepEqual(rows[0].value, { query: 'status=Paid', orderBy: '-issueDate' });
  });

  it('offers completions after the recent queries: each row holds the text it leaves, runs nothing', () => {
    const empty = queryPickRows('', recent).filter((r) => r.kind === 'completion');
    assert.equal(empty.length, Object.keys(INVOICE_SCHEMA.fields).length, 'every field');
    assert.deepEqual(empty[0], {
      label: '$(symbol-field) id',
      description: 'text',
      kind: 'completion',
      completion: 'id',
    });
    const values = queryPickRows('status=Pa', []).filter((r) => r.kind === 'completion');
    assert.deepEqual(
      values.map((r) => [r.label, r.completion]),
      [
        ['$(symbol-enum-member) PartiallyPaid', 'status=PartiallyPaid'],
        ['$(symbol-enum-member) Paid', 'status=Paid'],
      ],
    );
    assert.ok(values.every((r) => r.value === undefined));
    const ops = queryPickRows('totalAmount', [])
      .filter((r) => r.kind === 'completion')
      .map((r) => r.completion);
    assert.deepEqual(ops, [
      'totalAmount=',
      'totalAmount!=',
      'totalAmount>',
      'totalAmount<',
      'totalAmount>=',
      'totalAmount<=',
    ]);
  });

  it('puts the typed filter first, runnable when valid, and keeps matching recent queries', () => {
    const rows = queryPickRows(' status=Pa ', recent);
    assert.deepEqual(rows[0], {
      label: 'status=Pa',
      description: 'Run this filter',
      kind: 'typed',
      value: { query: 'status=Pa' },
    });
    assert.deepEqual(
      rows
        .slice(1)
        .filter((r) => r.kind !== 'completion')
        .map((r) => r.label),
      ['status=Paid'],
    );
  });

  it('shows the positioned error under the typed text, not runnable, when invalid', () => {
    const rows = queryPickRows('status =', recent);
    assert.equal(rows[0].kind, 'invalid');
    assert.equal(rows[0].label, '$(error) status =', 'the typed text stays the label, so VS Code sorts it first');
    assert.equal(rows[0].detail, 'Col 8: Expected a value after "="');
    assert.equal(rows[0].value, undefined);
  });

  it('orderBy: no ordering when empty, the typed field validated, suggestions filtered', () => {
    const empty = orderByPickRows('');
    assert.deepEqual(empty[0].value, { query: '' });
    assert.ok(empty.some((r) => r.label === '-dueDate'));
    const typed = orderByPickRows('-dueDate');
    assert.deepEqual(typed[0].value, { query: '', orderBy: '-dueDate' });
    assert.deepEqual(
      typed.slice(1).map((r) => r.label),
      ['dueDate'],
    );
    const bad = orderByPickRows('colour');
    assert.equal(bad[0].kind, 'invalid');
    assert.equal(bad[0].label, '$(error) colour');
    assert.match(bad[0].detail ?? '', /^Col 1: /);
  });
});
