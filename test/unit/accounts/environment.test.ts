import * as assert from 'node:assert/strict';
import { ACCOUNTS_KEY, AccountList } from '../../../src/accounts/accountList';
import {
  confirmWritesOf,
  inferEnvironment,
  writeNeedsConfirmation,
  type Environment,
} from '../../../src/accounts/environment';
import { memento } from '../../support/memento';
import { memorySecrets as secrets } from '../../support/secrets';

const ids = () => {
  let n = 0;
  return () => `acct-${++n}`;
};

describe('account environments', () => {
  it('infers local only where the emulator itself answered on loopback, production for anything else (safe by default)', () => {
    assert.equal(inferEnvironment('http://127.0.0.1:4010', true), 'local');
    assert.equal(inferEnvironment('http://localhost:4010/api', true), 'local');
    assert.equal(inferEnvironment('http://[::1]:4010', true), 'local');
    // A loopback address alone may be a tunnel to production: it asks before writes.
    assert.equal(inferEnvironment('http://127.0.0.1:4010'), 'production');
    assert.equal(inferEnvironment('http://localhost:8443'), 'production');
    assert.equal(inferEnvironment('https://api.codat.io', true), 'production');
    assert.equal(inferEnvironment('https://api.codat.io'), 'production');
    assert.equal(inferEnvironment('https://sandbox.example.com'), 'production');
    assert.equal(inferEnvironment('not a url'), 'production');
  });

  it('asks before a write on production only, or on every account when the setting says always', () => {
    const all: Environment[] = ['production', 'test', 'local'];
    assert.deepEqual(
      all.map((e) => writeNeedsConfirmation(e, 'production')),
      [true, false, false],
    );
    assert.deepEqual(
      all.map((e) => writeNeedsConfirmation(e, 'always')),
      [true, true, true],
    );
  });

  it('reads the setting: unknown values (a hand-edited "never") keep the default', () => {
    assert.equal(confirmWritesOf('always'), 'always');
    assert.equal(confirmWritesOf('production'), 'production');
    assert.equal(confirmWritesOf('never'), 'production');
    assert.equal(confirmWritesOf(undefined), 'production');
  });

  it('old entries get an inferred environment (production, even on loopback); an invalid one is inferred again', () => {
    const state = memento();
    void state.update(ACCOUNTS_KEY, [
      { id: 'a', name: 'Emulator', baseUrl: 'http://127.0.0.1:4010' },
      { id: 'b', name: 'Live', baseUrl: 'https://api.codat.io' },
      { id: 'c', name: 'Sandbox', baseUrl: 'https://api.codat.io', environment: 'test' },
      { id: 'd', name: 'Odd', baseUrl: 'https://api.codat.io', environment: 'prod' },
    ]);
    const accounts = new AccountList(state, secrets(), ids());
    assert.deepEqual(
      accounts.list().map((a) => a.environment),
      ['production', 'production', 'test', 'production'],
    );
  });

  it('adds with an inferred or a given environment, changes it, and keeps it across a reload', async () => {
    const state = memento();
    const accounts = new AccountList(state, secrets(), ids());
    const local = await accounts.add('Emulator', 'http://127.0.0.1:4010', undefined, 'local');
    const test = await accounts.add('Sandbox', 'https://api.codat.io', undefined, 'test');
    assert.equal(local.environment, 'local');
    assert.equal(test.environment, 'test');
    let fired = 0;
    accounts.onDidChange(() => fired++);
    await accounts.setEnvironment(local.id, 'production');
    assert.equal(fired, 1);
    const again = new AccountList(state, secrets(), ids());
    assert.deepEqual(
      again.list().map((a) => a.environment),
      ['production', 'test'],
    );
  });

  it('a move to another origin infers the environment again: off loopback it is production', async () => {
    const accounts = new AccountList(memento(), secrets(), ids());
    const a = await accounts.add('Emulator', 'http://127.0.0.1:4010', undefined, 'local');
    await accounts.changeBaseUrl(a.id, 'http://127.0.0.1:4010/v2');
    assert.equal(accounts.get(a.id)?.environment, 'local', 'same origin: kept');
    await accounts.changeBaseUrl(a.id, 'https://api.codat.io');
    assert.equal(accounts.get(a.id)?.environment, 'production');
  });
});
