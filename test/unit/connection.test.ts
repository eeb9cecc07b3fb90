import * as assert from 'node:assert/strict';
import { KeyStore, secretName, type SecretStorageLike } from '../../src/auth/keyStore';
import { checkBaseUrl } from '../../src/connection/baseUrl';
import { Connection, type ConnectionState } from '../../src/connection/connection';
import type { GateEvent } from '../../src/api';
import { gateLine, Log, requestLine, type LogSink } from '../../src/log';
import { startEmulator } from '../emulator';
import { statusText } from '../../src/format/status';

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

const flush = () => new Promise((r) => setImmediate(r));

describe('base URL check', () => {
  it('accepts https and loopback http, normalised', () => {
    assert.deepEqual(checkBaseUrl('https://api.codat.io/'), { ok: true, baseUrl: 'https://api.codat.io', origin: 'https://api.codat.io', host: 'api.codat.io' });
    const local = checkBaseUrl('http://127.0.0.1:4010');
    assert.equal(local.ok && local.origin, 'http://127.0.0.1:4010');
    assert.equal(checkBaseUrl('http://localhost:1').ok, true);
    assert.equal(checkBaseUrl('http://[::1]:1').ok, true);
    assert.equal(checkBaseUrl('').ok && checkBaseUrl('').ok, true, 'empty means the default');
  });

  it('refuses plain http to another host, credentials and garbage, without echoing the input', () => {
    for (const bad of ['http://example.com', 'https://user:s3cret@example.com', 'ftp://x', 'not a url', 'https://x.io/?q=1']) {
      const r = checkBaseUrl(bad);
      assert.equal(r.ok, false, bad);
      if (!r.ok) {
        assert.ok(!r.message.includes('s3cret'));
        assert.match(r.message, /dataPlatform\.baseUrl/);
      }
    }
    const http = checkBaseUrl('http://example.com');
    assert.match(!http.ok ? http.message : '', /https:\/\/ unless it is a loopback address/);
  });
});

describe('KeyStore', () => {
  it('keeps one key per origin and reports changes from any window', async () => {
    const secrets = new MemorySecrets();
    const keys = new KeyStore(secrets);
    const changed: string[] = [];
    keys.onDidChange((o) => changed.push(o));
    await keys.set('https://api.codat.io', 'prod-key');
    await keys.set('http://127.0.0.1:4010', 'local-key');
    assert.equal(await keys.get('https://api.codat.io'), 'prod-key');
    assert.equal(await keys.get('http://127.0.0.1:4010'), 'local-key');
    assert.equal(secrets.values.get(secretName('https://api.codat.io')), 'prod-key');
    secrets.fire('someone.else'); // other extensions' secrets are not ours
    await keys.delete('https://api.codat.io');
    assert.equal(await keys.get('https://api.codat.io'), undefined);
    assert.deepEqual(changed, ['https://api.codat.io', 'http://127.0.0.1:4010', 'https://api.codat.io']);
  });
});

describe('Connection', () => {
  it('goes from no key to ready when a key is stored for its origin, and back on sign-out', async () => {
    const secrets = new MemorySecrets();
    const keys = new KeyStore(secrets);
    let baseUrl = 'http://127.0.0.1:4010';
    const conn = new Connection({ readBaseUrl: () => baseUrl, keys });
    // A function, so assertions on one state do not narrow the type of the next.
    const state = (): ConnectionState => conn.state;
    const states: ConnectionState['kind'][] = [];
    conn.onDidChange((s) => states.push(s.kind));
    await conn.reload();
    assert.equal(state().kind, 'noKey');

    await keys.set('https://elsewhere.example', 'other');
    await flush();
    assert.equal(state().kind, 'noKey', 'a key of another origin is not used');

    await keys.set('http://127.0.0.1:4010', 'k1');
    await conn.reload();
    assert.equal(state().kind, 'ready');
    const first = state();
    const client = first.kind === 'ready' ? first.client : undefined;
    await conn.reload();
    const second = state();
    assert.equal(second.kind === 'ready' && second.client, client, 'same base URL and key: same client');

    baseUrl = 'http://example.com';
    await conn.reload();
    assert.equal(state().kind, 'invalidBaseUrl');
    baseUrl = 'http://127.0.0.1:4010';
    await keys.delete('http://127.0.0.1:4010');
    await conn.reload();
    assert.equal(state().kind, 'noKey');
    assert.deepEqual(states, ['noKey', 'ready', 'invalidBaseUrl', 'noKey']);
  });

  it('says secret storage is unavailable when reading the key fails, instead of staying unloaded', async () => {
    const secrets = new MemorySecrets();
    secrets.get = () => Promise.reject(new Error('no secret service'));
    const conn = new Connection({ readBaseUrl: () => 'http://127.0.0.1:4010', keys: new KeyStore(secrets) });
    const fired: ConnectionState[] = [];
    conn.onDidChange((s) => fired.push(s));
    await conn.reload(); // must not reject
    const state = conn.state;
    assert.equal(state.kind, 'secretsUnavailable');
    assert.match(state.kind === 'secretsUnavailable' ? state.message : '', /secret storage.*no secret service/);
    assert.deepEqual(fired.map((s) => s.kind), ['secretsUnavailable']);
    assert.match(statusText(state, undefined), /secret storage unavailable/);
  });
});

describe('Connection: the rate gate of its clients', () => {
  it('bounds the GETs on the wire by maxInFlight and tells onGate when it slows down', async () => {
    const emu = await startEmulator({ invoices: 10, latencyMs: 50, rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const keys = new KeyStore(new MemorySecrets());
      await keys.set(new URL(emu.url).origin, emu.keys.normal);
      const events: GateEvent[] = [];
      const conn = new Connection({ readBaseUrl: () => emu.url, keys, maxInFlight: () => 1, hooks: { onGate: (e) => events.push(e) } });
      await conn.reload();
      assert.equal(conn.state.kind, 'ready');
      const client = conn.state.kind === 'ready' ? conn.state.client : undefined;
      await Promise.all([client?.listCompanies(), client?.listCompanies()]);
      assert.equal(emu.requests.maxInFlight, 1, 'one at a time');
      // After the first answer 2 of 3 are left (twice the cap): the second goes at once, paced from there on.
      assert.deepEqual(events.map((e) => e.kind), ['spacing']);
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
      requestLine({ method: 'GET', path: '/companies?page=2', status: 200, durationMs: 12.4, attempt: 1, correlationId: 'abc' }),
      'GET /companies?page=2 → 200 in 12 ms [correlationId abc]',
    );
    assert.equal(requestLine({ method: 'GET', path: '/x', durationMs: 3, attempt: 2, errorKind: 'network' }), 'GET /x → network in 3 ms (attempt 2)');
  });

  it('writes one line when the rate gate slows down or waits: numbers only, a 429 as a warning', () => {
    assert.equal(
      gateLine({ kind: 'spacing', remaining: 8, limit: 100, resetInMs: 12_000, intervalMs: 1500 }),
      'rate limit: 8 of 100 requests left, reset in 12.0 s: spacing requests 1.5 s apart',
    );
    assert.equal(gateLine({ kind: 'waitingForReset', waitMs: 4_200 }), 'rate limit: no requests left: waiting 4.2 s for the reset');
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
    assert.ok(s.out.every((l) => !l.includes('sk_live_123456') && !l.includes(Buffer.from('sk_live_123456').toString('base64'))));
    assert.equal(s.out[0], 'info echo *** and ***');
    assert.match(s.out[1], /^trace GET \/x → 500 response body/);
    assert.deepEqual(log.lines().map((l) => l.level), ['info', 'trace']);
  });
});

describe('status bar text', () => {
  it('shows the host and the rate-limit budget left', () => {
    assert.equal(statusText({ kind: 'noKey', baseUrl: 'https://api.codat.io', origin: 'https://api.codat.io', host: 'api.codat.io' }, undefined), '$(key) api.codat.io: no API key');
    assert.equal(statusText({ kind: 'invalidBaseUrl', message: 'x' }, undefined), '$(warning) Data Platform: base URL refused');
  });
});

describe('status bar text with a connection', () => {
  it('shows remaining requests once a response carried them', async () => {
    const keys = new KeyStore(new MemorySecrets());
    await keys.set('http://127.0.0.1:4010', 'k');
    const conn = new Connection({ readBaseUrl: () => 'http://127.0.0.1:4010', keys });
    await conn.reload();
    assert.equal(statusText(conn.state, undefined), '$(cloud) 127.0.0.1:4010');
    assert.equal(statusText(conn.state, { remaining: 9998, limit: 10000, observedAt: 0 }), '$(cloud) 127.0.0.1:4010 · 9,998 left');
  });
});
