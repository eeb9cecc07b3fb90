import * as assert from 'node:assert/strict';
import { ACCOUNTS_KEY, AccountList, accountSecretName } from '../../../src/accounts/accountList';
import { memento } from '../../support/memento';
import { memorySecrets as secrets } from '../../support/secrets';

const ids = () => {
  let n = 0;
  return () => `acct-${++n}`;
};

describe('accounts', () => {
  it('adds two accounts on the same origin, each with its own key, the list holding nothing secret', async () => {
    const state = memento();
    const store = secrets();
    const accounts = new AccountList(state, store, ids());
    const prod = await accounts.add('Production', 'https://api.codat.io', 'key-prod');
    const test = await accounts.add('Test client', 'https://api.codat.io/', 'key-test');
    assert.deepEqual(accounts.list(), [
      { id: 'acct-1', name: 'Production', baseUrl: 'https://api.codat.io', environment: 'production' },
      { id: 'acct-2', name: 'Test client', baseUrl: 'https://api.codat.io', environment: 'production' },
    ]);
    assert.equal(await accounts.getKey(prod.id), 'key-prod');
    assert.equal(await accounts.getKey(test.id), 'key-test');
    assert.ok(!JSON.stringify(state.data).includes('key-'), 'no key in the stored list');
  });

  it('refuses what an account cannot be, with a message, and stores nothing', async () => {
    const accounts = new AccountList(memento(), secrets(), ids());
    await accounts.add('Emulator', 'http://127.0.0.1:4010');
    await assert.rejects(accounts.add('emulator', 'http://127.0.0.1:4011'), /already called "emulator"/);
    await assert.rejects(accounts.add('  ', 'https://a.example'), /needs a name/);
    await assert.rejects(accounts.add('x'.repeat(61), 'https://a.example'), /at most 60/);
    await assert.rejects(accounts.add('bad\u0007name', 'https://a.example'), /control characters/);
    await assert.rejects(accounts.add('Plain http', 'http://api.example.com'), /dataPlatform\.baseUrl|https/i);
    assert.equal(accounts.list().length, 1);
  });

  it('renames, and forgets the key when the base URL moves to another origin (never sent elsewhere)', async () => {
    const store = secrets();
    const accounts = new AccountList(memento(), store, ids());
    const a = await accounts.add('Mine', 'https://api.codat.io', 'k1');
    await accounts.rename(a.id, 'Renamed');
    assert.equal(accounts.get(a.id)?.name, 'Renamed');
    assert.deepEqual((await accounts.changeBaseUrl(a.id, 'https://api.codat.io/v2')).keyForgotten, false);
    assert.equal(await accounts.getKey(a.id), 'k1', 'same origin: the key stays');
    assert.deepEqual((await accounts.changeBaseUrl(a.id, 'https://other.example')).keyForgotten, true);
    assert.equal(await accounts.getKey(a.id), undefined);
  });

  it('removing an account deletes its key and nothing else', async () => {
    const store = secrets();
    const accounts = new AccountList(memento(), store, ids());
    const a = await accounts.add('A', 'https://api.codat.io', 'ka');
    const b = await accounts.add('B', 'https://api.codat.io', 'kb');
    await accounts.remove(a.id);
    assert.deepEqual(
      accounts.list().map((x) => x.name),
      ['B'],
    );
    assert.equal(store.data.get(accountSecretName(a.id)), undefined);
    assert.equal(await accounts.getKey(b.id), 'kb');
  });

  it('fires a change for its own writes and for its keys changed in another window', async () => {
    const store = secrets();
    const accounts = new AccountList(memento(), store, ids());
    let fired = 0;
    accounts.onDidChange(() => fired++);
    const a = await accounts.add('A', 'https://api.codat.io');
    assert.equal(fired, 1);
    await store.store(accountSecretName(a.id), 'from another window');
    assert.equal(fired, 2);
    await store.store('someone.else', 'x');
    assert.equal(fired, 2, 'other secrets are not ours');
  });

  it('changes made at once are all kept: each reads the list the one before wrote', async () => {
    const accounts = new AccountList(memento(), secrets(), ids());
    const a = await accounts.add('A', 'http://127.0.0.1:4010');
    // An add awaits its key's storage before it writes; a read of the list then would lose it.
    const results = await Promise.allSettled([
      accounts.add('B', 'http://127.0.0.1:4011', 'key-b'),
      accounts.setEnvironment(a.id, 'production'),
      accounts.add('b', 'http://127.0.0.1:4012'),
      accounts.rename(a.id, 'Live'),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
      'the second "b" sees the first',
    );
    assert.deepEqual(
      accounts.list().map((x) => [x.name, x.environment]),
      [
        ['Live', 'production'],
        ['B', 'production'],
      ],
    );
  });

  it('a change an echo of an earlier write undid is written again (VS Code keeps global state as one object)', async () => {
    const state = memento();
    const accounts = new AccountList(state, secrets(), ids());
    const a = await accounts.add('A', 'http://127.0.0.1:4010');
    const before = JSON.parse(JSON.stringify(state.data)) as Record<string, unknown>;
    const update = state.update.bind(state);
    let echoes = 1;
    // The first update is undone before it resolves, as an echo of the state before it would.
    state.update = async (key, value) => {
      await update(key, value);
      if (echoes-- > 0) Object.assign(state.data, JSON.parse(JSON.stringify(before)));
    };
    assert.equal(accounts.get(a.id)?.environment, 'production', 'inferred: no emulator answered');
    await accounts.setEnvironment(a.id, 'local');
    assert.equal(accounts.get(a.id)?.environment, 'local');
  });

  it('skips stored entries it cannot trust', () => {
    const state = memento({
      [ACCOUNTS_KEY]: [
        { id: 'ok-1', name: 'Fine', baseUrl: 'https://api.codat.io' },
        { id: 'ok-1', name: 'Duplicate id', baseUrl: 'https://api.codat.io' },
        { id: '../../x', name: 'Bad id', baseUrl: 'https://api.codat.io' },
        { id: 'ok-2', name: 'Plain http elsewhere', baseUrl: 'http://evil.example' },
        { id: 'ok-3', name: 42, baseUrl: 'https://api.codat.io' },
        null,
      ],
    });
    assert.deepEqual(
      new AccountList(state, secrets(), ids()).list().map((a) => a.name),
      ['Fine'],
    );
  });
});
