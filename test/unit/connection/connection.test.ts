import * as assert from 'node:assert/strict';
import { checkBaseUrl } from '../../../src/accounts/baseUrl';
import { Connection, type ConnectionOptions, type ConnectionState } from '../../../src/connection/connection';
import { accountSecretName, type SecretStorageLike } from '../../../src/accounts/accountList';
import type { GateEvent } from '../../../src/api';
import { gateLine, Log, requestLine, type LogSink } from '../../../src/log';
import { startEmulator } from '../../emulator';
import { statusBarText, statusBarTooltip } from '../../../src/format/statusBarText';

/** SecretStorage in memory, firing onDidChange like the editor's (also for other windows' writes). */
class MemorySecrets implements SecretStorageLike {
  readonly values = new Map<string, string>();
  private readonly listeners = new Set<(e: { key: string }) => unknown>();
  get(key: string) {
    return Promise.resolve(this.values.get(key));
  }
  store(key: string, value: string) {
    this.values.set(key, value);
    this.fire(key);
    return Promise.resolve();
  }
  delete(key: string) {
    this.values.delete(key);
    this.fire(key);
    return Promise.resolve();
  }
  onDidChange(listener: (e: { key: string }) => unknown) {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  fire(key: string) {
    for (const l of this.listeners) l({ key });
  }
}

describe('base URL check', () => {
  it('accepts https and loopback http, normalised', () => {
    assert.deepEqual(checkBaseUrl('https://api.codat.io/'), {
      ok: true,
      baseUrl: 'https://api.codat.io',
      origin: 'https://api.codat.io',
      host: 'api.codat.io',
    });
    const local = checkBaseUrl('http://127.0.0.1:4010');
    assert.equal(local.ok && local.origin, 'http://127.0.0.1:4010');
    assert.equal(checkBaseUrl('http://localhost:1').ok, true);
    assert.equal(checkBaseUrl('http://[::1]:1').ok, true);
    assert.equal(checkBaseUrl('').ok && checkBaseUrl('').ok, true, 'empty means the default');
  });

  it('refuses plain http to another host, credentials and garbage, without echoing the input', () => {
    for (const bad of [
      'http://example.com',
      'https://user:s3cret@example.com',
      'ftp://x',
      'not a url',
      'https://x.io/?q=1',
    ]) {
      const r = checkBaseUrl(bad);
      assert.equal(r.ok, false, bad);
      if (!r.ok) {
        assert.ok(!r.message.includes('s3cret'));
      }
    }
    const http = checkBaseUrl('http://example.com');
    assert.match(!http.ok ? http.message : '', /https:\/\/ unless it is a loopback address/);
  });
});

/** A connection to one account whose key is read from `secrets` under the account's own name. */
function accountConnection(
  secrets: MemorySecrets,
  baseUrl: string,
  extra: Partial<ConnectionOptions> = {},
): Connection {
  return new Connection({
    account: { id: 'a1', name: 'Mine', baseUrl, environment: 'local' },
    readKey: async (id) => (await secrets.get(accountSecretName(id))) || undefined,
    ...extra,
  });
}

describe('Connection', () => {
  it('goes from no key to ready when its account gets a key, and back on sign-out; a moved account is re-read', async () => {
    const secrets = new MemorySecrets();
    const conn = accountConnection(secrets, 'http://127.0.0.1:4010');
    // A function, so assertions on one state do not narrow the type of the next.
    const state = (): ConnectionState => conn.state;
    const states: ConnectionState['kind'][] = [];
    conn.onDidChange((s) => states.push(s.kind));
    await conn.reload();
    assert.equal(state().kind, 'noKey');

    await secrets.store(accountSecretName('a1'), 'k1');
    await conn.reload();
    assert.equal(state().kind, 'ready');
    const first = state();
    const client = first.kind === 'ready' ? first.client : undefined;
    await conn.reload();
    const second = state();
    assert.equal(second.kind === 'ready' && second.client, client, 'same base URL and key: same client');
    assert.equal(conn.client, client);

    assert.equal(conn.update({ id: 'a1', name: 'Mine', baseUrl: 'http://example.com', environment: 'local' }), true);
    await conn.reload();
    assert.equal(state().kind, 'invalidBaseUrl');
    conn.update({ id: 'a1', name: 'Renamed', baseUrl: 'http://127.0.0.1:4010', environment: 'local' });
    assert.equal(
      conn.update({ id: 'a1', name: 'Renamed', baseUrl: 'http://127.0.0.1:4010', environment: 'production' }),
      true,
      'a new environment is a change',
    );
    assert.equal(conn.account.name, 'Renamed');
    await secrets.delete(accountSecretName('a1'));
    await conn.reload();
    assert.equal(state().kind, 'noKey');
    assert.deepEqual(states, ['noKey', 'ready', 'invalidBaseUrl', 'noKey']);
  });

  it('says secret storage is unavailable when reading the key fails, instead of staying unloaded', async () => {
    const secrets = new MemorySecrets();
    secrets.get = () => Promise.reject(new Error('no secret service'));
    const conn = accountConnection(secrets, 'http://127.0.0.1:4010');
    const fired: ConnectionState[] = [];
    conn.onDidChange((s) => fired.push(s));
    await conn.reload(); // must not reject
    const state = conn.state;
    assert.equal(state.kind, 'secretsUnavailable');
    assert.match(state.kind === 'secretsUnavailable' ? state.message : '', /secret storage.*no secret service/);
    assert.deepEqual(
      fired.map((s) => s.kind),
      ['secretsUnavailable'],
    );
    assert.match(
      statusBarText({ id: 'a1', name: 'Mine', environment: 'local', state }),
      /Mine: secret storage unavailable/,
    );
  });
});

describe('Connection: the rate gate of its clients', () => {
  it('bounds the GETs on the wire by maxInFlight and tells onGate when it slows down', async () => {
    const emu = await startEmulator({ invoices: 10, latencyMs: 50, rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const secrets = new MemorySecrets();
      await secrets.store(accountSecretName('a1'), emu.keys.normal);
      const events: GateEvent[] = [];
      const conn = accountConnection(secrets, emu.url, {
        maxInFlight: () => 1,
        hooks: { onGate: (e) => events.push(e) },
      });
      await conn.reload();
      assert.equal(conn.state.kind, 'ready');
      const client = conn.state.kind === 'ready' ? conn.state.client : undefined;
      await Promise.all([client?.listCompanies(), client?.listCompanies()]);
      assert.equal(emu.requests.maxInFlight, 1, 'one at a time');
      // After the first answer 2 of 3 are left (twice the cap): the second goes at once, paced from there on.
      assert.deepEqual(
        events.map((e) => e.kind),
        ['spacing'],
      );
    } finally {
      await emu.close();
    }
  });
});

describe('Log', () => {
  const sink = (): LogSink & { out: string[] } => {
    const out: string[] = [];
    const w = (level: string) => (m: string) => out.push(`${level} ${m}`);
    return { out, trace: w('trace'), debug: w('debug'), info: w('info'), warn: w('warn'), error: w('error') };
  };

  it('writes one info line per request with status, time and correlationId', () => {
    assert.equal(
      requestLine({
        method: 'GET',
        path: '/companies?page=2',
        status: 200,
        durationMs: 12.4,
        attempt: 1,
        correlationId: 'abc',
      }),
      'GET /companies?page=2 → 200 in 12 ms [correlationId abc]',
    );
    assert.equal(
      requestLine({ method: 'GET', path: '/x', durationMs: 3, attempt: 2, errorKind: 'network' }),
      'GET /x → network in 3 ms (attempt 2)',
    );
  });

  it('writes one line when the rate gate slows down or waits: numbers only, a 429 as a warning', () => {
    assert.equal(
      gateLine({ kind: 'spacing', remaining: 8, limit: 100, resetInMs: 12_000, intervalMs: 1500 }),
      'rate limit: 8 of 100 requests left, reset in 12.0 s: spacing requests 1.5 s apart',
    );
    assert.equal(
      gateLine({ kind: 'waitingForReset', waitMs: 4_200 }),
      'rate limit: no requests left: waiting 4.2 s for the reset',
    );
    const s = sink();
    new Log(s).gate({ kind: 'closed', waitMs: 2_000 });
    assert.deepEqual(s.out, ['warn rate limited (429): every request waits 2.0 s']);
  });

  it('scrubs the keys in use, raw and Base64, from every line', () => {
    const s = sink();
    const log = new Log(s, { remember: true });
    log.setSecrets(['sk_live_123456']);
    log.info('echo sk_live_123456 and ' + Buffer.from('sk_live_123456').toString('base64'));
    log.trafficTrace({ method: 'GET', path: '/x', attempt: 1, status: 500, responseBody: '{"auth":"sk_live_123456"}' });
    assert.ok(
      s.out.every(
        (l) => !l.includes('sk_live_123456') && !l.includes(Buffer.from('sk_live_123456').toString('base64')),
      ),
    );
    assert.equal(s.out[0], 'info echo *** and ***');
    assert.match(s.out[1], /^trace GET \/x → 500 response body/);
    assert.deepEqual(
      log.lines().map((l) => l.level),
      ['info', 'trace'],
    );
  });
});

describe('status bar text with a connection', () => {
  it('shows the remaining requests of the account in use once a response carried them; the tooltip every account', async () => {
    const secrets = new MemorySecrets();
    await secrets.store(accountSecretName('a1'), 'k');
    const conn = accountConnection(secrets, 'http://127.0.0.1:4010');
    await conn.reload();
    const emulator = { id: 'a1', name: 'Emulator', environment: 'local' as const, state: conn.state };
    assert.equal(statusBarText(emulator), '$(cloud) Emulator');
    const rate = { remaining: 9998, limit: 10000, observedAt: 0 };
    assert.equal(statusBarText({ ...emulator, rate }), '$(cloud) Emulator · 9,998 left');
    const other = {
      kind: 'noKey',
      baseUrl: 'http://127.0.0.1:4010',
      origin: 'http://127.0.0.1:4010',
      host: '127.0.0.1:4010',
    } as const;
    const trial = { id: 'a2', name: 'Trial', environment: 'local' as const, state: other };
    assert.match(
      statusBarTooltip([{ ...emulator, rate }, trial]),
      /Emulator[\s\S]*API: http:\/\/127\\\.0[\s\S]*API key set[\s\S]*Rate limit: 9,998 of 10,000 left[\s\S]*Trial[\s\S]*No API key set/,
    );
  });
});
