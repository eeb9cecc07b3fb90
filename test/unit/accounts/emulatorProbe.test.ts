// The look for the local emulator (`/_emulator/info` on a loopback port, no key sent) treats
// whatever answers there as untrusted (issue 30): it reads a few KB at most, follows no redirect
// and takes no key holding invisible or look-alike characters.
import * as assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROBE_BODY_LIMIT_BYTES, probeEmulator, type FetchLike } from '../../../src/accounts/emulatorPreset';

type Call = { url: string; headers: Record<string, string>; redirect: string };

function fakeFetch(answer: unknown, calls: Call[] = []): FetchLike {
  return (url, init) => {
    calls.push({ url, headers: init.headers, redirect: init.redirect });
    return Promise.resolve({ ok: true, body: new Response(JSON.stringify(answer)).body });
  };
}

/** A loopback server whose every answer is written by `answer`; `url` once listening. */
function scriptedServer(answer: (res: ServerResponse, path: string) => void) {
  const state = { server: undefined as Server | undefined, url: '' };
  before(async () => {
    state.server = createServer((req, res) => answer(res, req.url ?? ''));
    await new Promise<void>((r) => state.server?.listen(0, '127.0.0.1', r));
    state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  });
  after(() => {
    state.server?.closeAllConnections();
    state.server?.close();
  });
  return state;
}

describe('the look for the local emulator', () => {
  it('asks the loopback address once, with no key and no redirect followed, and takes its demo key', async () => {
    const calls: Call[] = [];
    const probe = await probeEmulator('http://127.0.0.1:4010', fakeFetch({ keys: { normal: 'demo-key-0001' } }, calls));
    assert.deepEqual(probe, { ok: true, baseUrl: 'http://127.0.0.1:4010', key: 'demo-key-0001' });
    assert.deepEqual(
      calls.map((c) => [c.url, c.redirect]),
      [['http://127.0.0.1:4010/_emulator/info', 'error']],
    );
    assert.ok(calls.every((c) => Object.keys(c.headers).every((h) => h.toLowerCase() !== 'authorization')));
  });

  it('refuses a key with bidi, zero-width or other invisible characters', async () => {
    for (const key of ['demo\u202ekey', 'demo\u200bkey', '\ufeffdemokey', 'demo\u2066key', 'dеmo-key']) {
      const probe = await probeEmulator('http://127.0.0.1:4010', fakeFetch({ keys: { normal: key } }));
      assert.equal(probe.ok, false, JSON.stringify(key));
      assert.match(probe.ok ? '' : probe.message, /handed out a key that cannot be used/);
    }
  });

  describe('against a port that streams an endless body', () => {
    let written = 0;
    const server = scriptedServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"keys":{"normal":"');
      const chunk = 'k'.repeat(16 * 1024);
      const more = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', more);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      more();
    });

    it('reads at most a few KB, stops and says no emulator answers', async () => {
      let read = 0;
      const counting: FetchLike = async (url, init) => {
        const res = await fetch(url, init);
        const counter = new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, out) {
            read += chunk.byteLength;
            out.enqueue(chunk);
          },
        });
        return { ok: res.ok, body: res.body?.pipeThrough(counter) ?? null };
      };
      // A timeout longer than the test's own: only the size limit can end this look.
      const probe = await probeEmulator(server.url, counting, 10 * 60_000);
      assert.equal(probe.ok, false);
      assert.match(probe.ok ? '' : probe.message, /No emulator answers/);
      assert.ok(read <= PROBE_BODY_LIMIT_BYTES + 64 * 1024, `read ${read} bytes`);
      assert.ok(written < 16 * 1024 * 1024, `the server could write ${written} bytes`);
    });
  });

  describe('against a port that redirects to another origin', () => {
    const elsewhere = scriptedServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: { normal: 'taken-from-elsewhere' } }));
    });
    const redirecting = scriptedServer((res, path) => {
      res.writeHead(302, { location: `${elsewhere.url}${path}` });
      res.end();
    });

    it('follows no redirect and takes no key', async () => {
      const probe = await probeEmulator(redirecting.url, fetch);
      assert.equal(probe.ok, false);
    });
  });

  describe('against a port that accepts and never answers', () => {
    const silent = scriptedServer(() => undefined);

    it('gives up by itself', async () => {
      assert.equal((await probeEmulator(silent.url, fetch, 500)).ok, false);
    });
  });
});
