// Accounts wired to connections: one connection (so one client, rate gate and rate-limit state)
// per account, kept in step with the list; log lines tagged by account, never with a key; the
// emulator preset and the development-mode emulator account; the migration of a new user.
import * as assert from 'node:assert/strict';
import { AccountList, accountSecretName } from '../../../src/accounts/accountList';
import { devEmulatorUrl, ensureDevEmulatorAccount } from '../../../src/accounts/devEmulator';
import { freeName, probeEmulator, type FetchLike } from '../../../src/accounts/emulatorPreset';
import type { Connection } from '../../../src/connection/connection';
import { Connections } from '../../../src/connection/connections';
import { createConnectionFactory } from '../../../src/connection/factory';
import { Log, type LogSink } from '../../../src/log';
import type { RateLimitInfo } from '../../../src/api';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { memento } from '../../support/memento';
import { memorySecrets as secrets } from '../../support/secrets';

const ids = () => {
  let n = 0;
  return () => `acct-${++n}`;
};

const sink = (): LogSink & { out: string[] } => {
  const out: string[] = [];
  const w = (level: string) => (m: string) => out.push(`${level} ${m}`);
  return { out, trace: w('trace'), debug: w('debug'), info: w('info'), warn: w('warn'), error: w('error') };
};

interface World {
  accounts: AccountList;
  connections: Connections;
  out: string[];
  rates: Map<string, RateLimitInfo>;
  store: ReturnType<typeof secrets>;
}

function world(): World {
  const store = secrets();
  const accounts = new AccountList(memento(), store, ids());
  const s = sink();
  const log = new Log(s);
  const rates = new Map<string, RateLimitInfo>();
  const factory = createConnectionFactory({
    accounts,
    log,
    statusBar: { setRateLimit: (id, info) => rates.set(id, info) },
    traceEnabled: () => false,
    userAgent: 'test',
    maxInFlight: () => 4,
    timeoutMs: () => 30_000,
  });
  return { accounts, connections: new Connections(accounts, factory), out: s.out, rates, store };
}

const clientOf = (c: Connection | undefined) => {
  if (!c?.client) throw new Error('no client');
  return c.client;
};

describe('connections: one per account', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 5 });
  });
  after(() => emu.close());

  it('follows the list: added, renamed, removed accounts; each its own client on the same origin', async () => {
    const w = world();
    let listChanges = 0;
    w.connections.onDidChangeList(() => listChanges++);
    const a = await w.accounts.add('Normal', emu.url, emu.keys.normal);
    const b = await w.accounts.add('Trial', emu.url, emu.keys.freeTrial);
    await w.connections.sync();
    assert.deepEqual(
      w.connections.list().map((c) => [c.account.name, c.state.kind]),
      [
        ['Normal', 'ready'],
        ['Trial', 'ready'],
      ],
    );
    assert.notEqual(w.connections.get(a.id)?.client, w.connections.get(b.id)?.client, 'two clients, so two rate gates');
    const normal = await clientOf(w.connections.get(a.id)).listCompanies({ pageSize: 1 });
    const trial = await clientOf(w.connections.get(b.id)).listCompanies({ pageSize: 1 });
    assert.notEqual(normal.totalResults, trial.totalResults, 'each key lists its own account');

    await w.accounts.rename(b.id, 'Free trial');
    await w.connections.sync();
    assert.equal(w.connections.get(b.id)?.account.name, 'Free trial');
    await w.accounts.remove(a.id);
    await w.connections.sync();
    assert.deepEqual(
      w.connections.list().map((c) => c.account.name),
      ['Free trial'],
    );
    assert.equal(w.connections.get(a.id), undefined);
    assert.ok(listChanges >= 3, 'added, renamed, removed');
    w.connections.dispose();
  });

  it('a key change of one account changes that connection alone', async () => {
    const w = world();
    const a = await w.accounts.add('A', emu.url, emu.keys.normal);
    const b = await w.accounts.add('B', emu.url, emu.keys.freeTrial);
    await w.connections.sync();
    const changed: string[] = [];
    w.connections.onDidChange(({ connection, state }) => changed.push(`${connection.account.name}:${state.kind}`));
    const clientB = w.connections.get(b.id)?.client;
    await w.accounts.deleteKey(a.id);
    await w.connections.sync();
    assert.deepEqual(changed, ['A:noKey']);
    assert.equal(w.connections.get(b.id)?.client, clientB, 'B keeps its client, its gate and its budget');
    w.connections.dispose();
  });

  it("an environment set while a key read hangs is the connection's at once (a write asked next must see it)", async () => {
    const w = world();
    const a = await w.accounts.add('A', emu.url, emu.keys.normal);
    await w.connections.sync();
    const get = w.store.get.bind(w.store);
    w.store.get = () => new Promise<string | undefined>(() => undefined);
    try {
      void w.connections.sync();
      await w.accounts.setEnvironment(a.id, 'production');
      assert.equal(w.connections.get(a.id)?.account.environment, 'production');
      await w.accounts.rename(a.id, 'Live');
      assert.equal(w.connections.get(a.id)?.account.name, 'Live');
    } finally {
      w.store.get = get;
      w.connections.dispose();
    }
  });

  it("tags every log line with the account name, scrubs every account's key, keeps each budget apart", async () => {
    const w = world();
    const a = await w.accounts.add('Production', emu.url, emu.keys.normal);
    const b = await w.accounts.add('Test client', emu.url, emu.keys.freeTrial);
    await w.connections.sync();
    await clientOf(w.connections.get(a.id)).listCompanies({ pageSize: 1 });
    await clientOf(w.connections.get(b.id)).listCompanies({ pageSize: 2 });
    assert.ok(
      w.out.some((l) => /^info \[Production\] GET \/companies\?page=1&pageSize=1 → 200/.test(l)),
      w.out.join('\n'),
    );
    assert.ok(w.out.some((l) => /^info \[Test client\] GET \/companies\?page=1&pageSize=2 → 200/.test(l)));
    assert.ok(w.rates.get(a.id) && w.rates.get(b.id), 'a budget per account');
    for (const key of [emu.keys.normal, emu.keys.freeTrial]) assert.ok(w.out.every((l) => !l.includes(key)));
    w.connections.dispose();
  });
});

describe('the emulator preset', () => {
  const fetchOf = (answer: unknown, ok = true): FetchLike & { urls: string[] } => {
    const urls: string[] = [];
    const f = (url: string) => {
      urls.push(url);
      return Promise.resolve({ ok, body: new Response(JSON.stringify(answer)).body });
    };
    return Object.assign(f, { urls });
  };

  it('reads the demo key from the emulator it finds on a loopback address, sending no key', async () => {
    const f = fetchOf({ keys: { normal: 'emu-normal-x' } });
    assert.deepEqual(await probeEmulator('http://127.0.0.1:4010/', f), {
      ok: true,
      baseUrl: 'http://127.0.0.1:4010',
      key: 'emu-normal-x',
    });
    assert.deepEqual(f.urls, ['http://127.0.0.1:4010/_emulator/info']);
  });

  it('says where the emulator comes from when nothing answers, and asks nothing of other hosts', async () => {
    const refused: FetchLike = () => Promise.reject(new Error('ECONNREFUSED'));
    const none = await probeEmulator('http://127.0.0.1:4010', refused);
    assert.match(none.ok ? '' : none.message, /No emulator answers at http:\/\/127\.0\.0\.1:4010.*npm run emulator/);
    const notEmulator = await probeEmulator('http://127.0.0.1:4010', fetchOf({ hello: 1 }));
    assert.equal(notEmulator.ok, false);
    const remote = fetchOf({ keys: { normal: 'k' } });
    assert.equal((await probeEmulator('https://api.codat.io', remote)).ok, false);
    assert.deepEqual(remote.urls, [], 'nothing asked of a remote host');
  });

  it('refuses a key the service hands out that no account could hold: too long, or with control characters (issue 23)', async () => {
    for (const key of ['k'.repeat(5000), 'emu\nkey']) {
      const probe = await probeEmulator('http://127.0.0.1:4010', fetchOf({ keys: { normal: key } }));
      assert.equal(probe.ok, false, JSON.stringify(key.slice(0, 10)));
      assert.match(probe.ok ? '' : probe.message, /handed out a key that cannot be used/);
      assert.ok(!(probe.ok ? '' : probe.message).includes(key), 'the message does not spell the key out');
    }
  });

  it('npm start (development mode): Add Account offers the emulator it runs, at its own port, and only on loopback', () => {
    assert.equal(devEmulatorUrl({ DP_EMULATOR_URL: 'http://127.0.0.1:41234' }), 'http://127.0.0.1:41234');
    assert.equal(devEmulatorUrl({}), undefined);
    assert.equal(devEmulatorUrl({ DP_EMULATOR_URL: 'https://api.example.com' }), undefined);
    assert.equal(devEmulatorUrl({ DP_EMULATOR_URL: 'not a url' }), undefined);
  });

  it('picks a free name', () => {
    assert.equal(freeName('Local emulator', []), 'Local emulator');
    assert.equal(freeName('Local emulator', ['local emulator', 'Local emulator 2']), 'Local emulator 3');
  });

  it('npm start (development mode): the emulator becomes an account with its key, once', async () => {
    const store = secrets();
    const accounts = new AccountList(memento(), store, ids());
    const env = { DP_EMULATOR_URL: 'http://127.0.0.1:4010', DP_EMULATOR_KEY: 'emu-key' };
    const made = await ensureDevEmulatorAccount(accounts, env, fetchOf({}));
    assert.deepEqual(made, {
      id: 'acct-1',
      name: 'Local emulator',
      baseUrl: 'http://127.0.0.1:4010',
      environment: 'local',
    });
    assert.equal(await accounts.getKey('acct-1'), 'emu-key');
    await ensureDevEmulatorAccount(accounts, { ...env, DP_EMULATOR_KEY: 'new-key' }, fetchOf({}));
    assert.equal(accounts.list().length, 1, 'the same account again');
    assert.equal(store.data.get(accountSecretName('acct-1')), 'new-key');
    // Without a key in the environment (the Run Extension launch), the emulator gives its own.
    const other = new AccountList(memento(), secrets(), ids());
    await ensureDevEmulatorAccount(
      other,
      { DP_EMULATOR_URL: 'http://127.0.0.1:4010' },
      fetchOf({ keys: { normal: 'probed' } }),
    );
    assert.equal(await other.getKey('acct-1'), 'probed');
    assert.equal(await ensureDevEmulatorAccount(other, {}, fetchOf({})), undefined, 'nothing without the variable');
  });
});
