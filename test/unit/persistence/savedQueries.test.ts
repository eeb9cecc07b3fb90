import * as assert from 'node:assert/strict';
import { QueryNodeStore } from '../../../src/persistence/queryNodeStore';
import { OPEN_QUERY_LIMIT, SAVED_QUERIES_KEY, SavedQueries } from '../../../src/persistence/savedQueries';
import { memento } from '../../support/memento';

describe('saved query nodes', () => {
  it('keeps each company’s query nodes per scope, in order, and survives a new instance (a reload)', async () => {
    const store = memento();
    const saved = new SavedQueries(store);
    await saved.add('acct-1', 'c1', { dataType: 'invoices', query: 'status=Paid' });
    await saved.add('acct-1', 'c1', { dataType: 'bills', query: 'status=Open', orderBy: '-dueDate' });
    await saved.add('acct-2', 'c1', { dataType: 'invoices', query: 'currency=USD' });
    const reloaded = new SavedQueries(store);
    assert.deepEqual(reloaded.list('acct-1', 'c1'), [
      { dataType: 'invoices', query: 'status=Paid' },
      { dataType: 'bills', query: 'status=Open', orderBy: '-dueDate' },
    ]);
    assert.deepEqual(reloaded.list('acct-2', 'c1'), [{ dataType: 'invoices', query: 'currency=USD' }]);
    assert.deepEqual(reloaded.list('acct-1', 'c2'), []);
  });

  it('forgets every company of a removed account, and nothing of another', async () => {
    const store = memento();
    const saved = new SavedQueries(store);
    await saved.add('gone', 'c1', { dataType: 'invoices', query: 'status=Paid' });
    await saved.add('gone', 'c2', { dataType: 'bills', pinned: true });
    await saved.add('kept', 'c1', { dataType: 'invoices', query: 'currency=USD' });
    await saved.forgetScope('gone');
    assert.deepEqual(saved.list('gone', 'c1'), []);
    assert.deepEqual(saved.list('gone', 'c2'), []);
    assert.deepEqual(saved.list('kept', 'c1'), [{ dataType: 'invoices', query: 'currency=USD' }]);
    assert.deepEqual(Object.keys(store.get<object>(SAVED_QUERIES_KEY) ?? {}), [JSON.stringify(['kept', 'c1'])]);
  });

  it('keeps a query’s place (its connection, its parent record) across a reload; one filter at two places is two queries', async () => {
    const store = memento();
    const saved = new SavedQueries(store);
    const atConnection = { dataType: 'directCosts', query: 'id!=null', connectionId: 'cn-1', placeName: 'Xero' };
    const underAccount = { ...atConnection, dataType: 'bankTransactions', parentId: 'ba-1', placeName: 'Xero · Main' };
    await saved.add('a', 'c', atConnection);
    await saved.add('a', 'c', { ...atConnection, connectionId: 'cn-2' });
    await saved.add('a', 'c', underAccount);
    await saved.add('a', 'c', { ...underAccount, parentId: 'ba-2' });
    await saved.add('a', 'c', { ...underAccount, placeName: 'renamed' });
    const reloaded = new SavedQueries(store).list('a', 'c');
    assert.deepEqual(reloaded, [
      atConnection,
      { ...atConnection, connectionId: 'cn-2' },
      underAccount,
      { ...underAccount, parentId: 'ba-2' },
    ]);
    await saved.replace('a', 'c', [{ dataType: 'directCosts', connectionId: 7 } as unknown as typeof atConnection]);
    assert.deepEqual(saved.list('a', 'c'), [], 'a place that is not text is dropped');
  });

  it('adds a query once by meaning, per data type', async () => {
    const saved = new SavedQueries(memento());
    await saved.add('a', 'c', { dataType: 'invoices', query: 'status=Paid' });
    await saved.add('a', 'c', { dataType: 'invoices', query: 'status = Paid' });
    await saved.add('a', 'c', { dataType: 'bills', query: 'status = Paid' });
    assert.deepEqual(
      saved.list('a', 'c').map((e) => [e.dataType, e.query]),
      [
        ['invoices', 'status=Paid'],
        ['bills', 'status = Paid'],
      ],
    );
  });

  it('renames and pins in place; pinned ones are listed first and are never dropped for room', async () => {
    const saved = new SavedQueries(memento());
    const first = { dataType: 'invoices', query: 'status=Paid' };
    await saved.add('a', 'c', first);
    for (let i = 0; i < OPEN_QUERY_LIMIT; i++)
      await saved.add('a', 'c', { dataType: 'invoices', query: `totalAmount>${i}` });
    assert.equal(saved.list('a', 'c').length, OPEN_QUERY_LIMIT, 'the oldest unpinned one went');
    assert.ok(!saved.list('a', 'c').some((e) => e.query === 'status=Paid'));

    const kept = { dataType: 'invoices', query: 'totalAmount>5' };
    await saved.update('a', 'c', kept, { ...kept, label: 'Big ones', pinned: true });
    for (let i = 100; i < 100 + OPEN_QUERY_LIMIT; i++)
      await saved.add('a', 'c', { dataType: 'invoices', query: `totalAmount>${i}` });
    const list = saved.list('a', 'c');
    assert.deepEqual(list[0], { dataType: 'invoices', query: 'totalAmount>5', label: 'Big ones', pinned: true });
    assert.equal(list.filter((e) => !e.pinned).length, OPEN_QUERY_LIMIT);
  });

  it('an edited filter replaces its entry, merging with an existing one of the same meaning', async () => {
    const saved = new SavedQueries(memento());
    const a = { dataType: 'invoices', query: 'status=Paid' };
    const b = { dataType: 'invoices', query: 'status=Void' };
    await saved.add('s', 'c', a);
    await saved.add('s', 'c', b);
    await saved.update('s', 'c', a, { dataType: 'invoices', query: 'status=Draft' });
    assert.deepEqual(
      saved.list('s', 'c').map((e) => e.query),
      ['status=Draft', 'status=Void'],
    );
    await saved.update(
      's',
      'c',
      { dataType: 'invoices', query: 'status=Draft' },
      { dataType: 'invoices', query: 'status = Void' },
    );
    assert.deepEqual(
      saved.list('s', 'c').map((e) => e.query),
      ['status = Void'],
    );
    await saved.remove('s', 'c', { dataType: 'invoices', query: 'status=Void' });
    assert.deepEqual(saved.list('s', 'c'), []);
  });

  it('drops what it cannot trust from storage instead of failing', () => {
    const key = JSON.stringify(['s', 'c']);
    const store = memento({
      [SAVED_QUERIES_KEY]: {
        [key]: [
          { dataType: 'invoices', query: 'status=Paid' },
          null,
          'text',
          { dataType: '../x', query: 'a=b' },
          { dataType: 'invoices', query: 42 },
          { dataType: 'invoices', query: 'x'.repeat(5000) },
          { dataType: 'invoices', pinned: 'yes' },
          { dataType: 'invoices', query: 'status=Paid', extra: '<script>' },
        ],
      },
    });
    assert.deepEqual(new SavedQueries(store).list('s', 'c'), [{ dataType: 'invoices', query: 'status=Paid' }]);
    assert.deepEqual(new SavedQueries(memento({ [SAVED_QUERIES_KEY]: ['not', 'an', 'object'] })).list('s', 'c'), []);
  });
});

describe("the query node store (the tree's side of saved queries)", () => {
  const company = (id: string, scope?: string) => ({ company: { id }, scope });
  type Company = ReturnType<typeof company>;

  it("reads and writes a company's list under the scope its node was made with, even after the scope changed", async () => {
    const saved = new SavedQueries(memento());
    await saved.add('https://a.example', 'c1', { dataType: 'invoices', query: 'status=Paid' });
    let current = 'https://a.example';
    const store = new QueryNodeStore<Company>(
      saved,
      () => current,
      (e) => assert.fail(String(e)),
    );
    const c1 = store.forCompany(company('c1'));
    assert.deepEqual(c1?.entries, [{ dataType: 'invoices', query: 'status=Paid' }]);
    current = 'https://b.example';
    c1?.save([{ dataType: 'bills', query: 'status=Open', pinned: true }]);
    await store.settled();
    assert.deepEqual(saved.list('https://a.example', 'c1'), [
      { dataType: 'bills', query: 'status=Open', pinned: true },
    ]);
    assert.deepEqual(saved.list('https://b.example', 'c1'), [], 'nothing written to the scope of another connection');
    assert.deepEqual(store.forCompany(company('c1'))?.entries, [], 'a node made now reads the new scope');
  });

  it('without a scope there is nothing to read or write: the queries last as long as the node', () => {
    const store = new QueryNodeStore<Company>(
      new SavedQueries(memento()),
      () => undefined,
      () => undefined,
    );
    assert.equal(store.forCompany(company('c1')), undefined);
  });

  it("the scope function is given the company node, so a node can carry its own (an account's)", () => {
    const saved = new SavedQueries(memento());
    const store = new QueryNodeStore<Company>(
      saved,
      (c) => c.scope,
      () => undefined,
    );
    store.forCompany(company('c1', 'acct-1'))?.save([{ dataType: 'invoices', query: 'a=1' }]);
    store.forCompany(company('c1', 'acct-2'))?.save([{ dataType: 'invoices', query: 'a=2' }]);
    return store.settled().then(() => {
      assert.deepEqual(
        saved.list('acct-1', 'c1').map((e) => e.query),
        ['a=1'],
      );
      assert.deepEqual(
        saved.list('acct-2', 'c1').map((e) => e.query),
        ['a=2'],
      );
    });
  });

  it('writes in the order asked, copies what it is given, and goes on after a failed write, reporting it', async () => {
    const base = memento();
    let failNext = false;
    const store = {
      get: <T>(key: string) => base.get<T>(key),
      update: (key: string, value: unknown) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('disk full'));
        }
        return base.update(key, value);
      },
    };
    const errors: string[] = [];
    const nodes = new QueryNodeStore<Company>(
      new SavedQueries(store),
      () => 's',
      (e) => errors.push((e as Error).message),
    );
    const c = nodes.forCompany(company('c'));
    const list = [{ dataType: 'invoices', query: 'a=1' }];
    c?.save(list);
    list.push({ dataType: 'invoices', query: 'a=2' });
    await nodes.settled();
    assert.deepEqual(
      new SavedQueries(base).list('s', 'c').map((e) => e.query),
      ['a=1'],
      'the list as it was when saved',
    );
    failNext = true;
    c?.save([{ dataType: 'invoices', query: 'lost' }]);
    c?.save([
      { dataType: 'invoices', query: 'a=3' },
      { dataType: 'invoices', query: 'a=4' },
    ]);
    await nodes.settled();
    assert.deepEqual(errors, ['disk full']);
    assert.deepEqual(
      new SavedQueries(base).list('s', 'c').map((e) => e.query),
      ['a=3', 'a=4'],
    );
  });
});
