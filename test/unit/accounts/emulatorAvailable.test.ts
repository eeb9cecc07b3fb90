// Whether "Add Local Emulator" is offered (the context key dataPlatform.emulatorAvailable): in
// development mode always; otherwise only when an emulator answers on the loopback port, asked
// without a key and given up quickly.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMULATOR_URL, emulatorAvailable, type FetchLike } from '../../../src/accounts/emulatorPreset';

type Call = { url: string; headers: Record<string, string> };

function fakeFetch(answer: unknown, calls: Call[] = []): FetchLike {
  return (url, init) => {
    calls.push({ url, headers: init.headers });
    return Promise.resolve({ ok: true, json: () => Promise.resolve(answer) });
  };
}

const EMULATOR_INFO = { keys: { normal: 'emulator-demo-key-0001' } };

describe('emulator availability', () => {
  it('is true in development mode without asking anything', async () => {
    const calls: Call[] = [];
    assert.equal(await emulatorAvailable(true, fakeFetch(undefined, calls)), true);
    assert.deepEqual(calls, []);
  });

  it('asks the default loopback address once, with no key, and is true when an emulator answers', async () => {
    const calls: Call[] = [];
    assert.equal(await emulatorAvailable(false, fakeFetch(EMULATOR_INFO, calls)), true);
    assert.deepEqual(
      calls.map((c) => c.url),
      [`${EMULATOR_URL}/_emulator/info`],
    );
    assert.ok(
      calls.every((c) => Object.keys(c.headers).every((h) => h.toLowerCase() !== 'authorization')),
      'no key is sent',
    );
  });

  it('is false when nothing answers, something else answers, or the address is not loopback', async () => {
    const refused: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    assert.equal(await emulatorAvailable(false, refused), false);
    assert.equal(await emulatorAvailable(false, fakeFetch({ hello: 'world' })), false);
    const calls: Call[] = [];
    assert.equal(await emulatorAvailable(false, fakeFetch(EMULATOR_INFO, calls), 'http://example.com:4010'), false);
    assert.deepEqual(calls, [], 'a remote host is never asked');
  });

  describe('against a port that accepts and never answers', () => {
    let server: Server;
    before(async () => {
      server = createServer(() => undefined);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    });
    after(() => {
      server.closeAllConnections();
      server.close();
    });

    it('gives up by itself and says false', async () => {
      const { port } = server.address() as AddressInfo;
      assert.equal(await emulatorAvailable(false, fetch, `http://127.0.0.1:${port}`), false);
    });
  });
});
