// Proxy sign-in (407) and certificate failures, over real sockets: https servers on 127.0.0.1
// with certificates made at test time, and proxies that refuse CONNECT. Outside VS Code there is
// no patched agent, so the agents VS Code (and others) use are installed as Node's global https
// agent for the proxy cases, which is what VS Code's proxy support amounts to for our requests.
import * as assert from 'node:assert/strict';
import type * as httpsTypes from 'node:https';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { DataPlatformClient, type ClientOptions } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import {
  certificateProblem,
  classifyConnectionFailure,
  proxyAuthMessage,
  proxySchemes,
  tlsTrustMessage,
} from '../../../src/api/networkErrors';
import type { RequestSummary } from '../../../src/api/transportOptions';
import { presentError } from '../../../src/format/labels';
import { makeCert, type TestCert } from '../../support/certs';
import { TestServer } from '../../support/httpDouble';
import { startHttpsServer, startRefusingProxy, type HttpsTestServer, type TestProxy } from '../../support/netDoubles';

const KEY = 'sk_live_5d4c3b2a19f8e7d6c5b4a3928170f6e5';
const KEY_B64 = Buffer.from(KEY).toString('base64');
const DAY = 24 * 60 * 60 * 1000;

// The module object itself (an `import * as` copy cannot be assigned to): tests swap its
// globalAgent the way VS Code's proxy support does for the requests of extensions.
const nodeRequire = createRequire(__filename);
const https = nodeRequire('node:https') as typeof httpsTypes & { globalAgent: httpsTypes.Agent };

/** Never suggests switching verification off. */
const TURN_OFF = /rejectUnauthorized|NODE_TLS_REJECT_UNAUTHORIZED|strictSSL["']?\s*[:=]?\s*false|disable/i;

function assertNoKey(label: string, text: string | undefined): void {
  if (text === undefined) return;
  assert.ok(!text.includes(KEY), `${label} contains the key: ${text}`);
  assert.ok(!text.includes(KEY_B64), `${label} contains the Base64 key: ${text}`);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
    assertNoKey('message', e.message);
    assertNoKey('toJSON()', JSON.stringify(e));
    assertNoKey('rawBody', e.rawBody);
    return e;
  }
  assert.fail('the request succeeded');
}

describe('proxy and certificate failures', () => {
  let summaries: RequestSummary[];
  const client = (baseUrl: string, over: Partial<ClientOptions> = {}) =>
    new DataPlatformClient({
      baseUrl,
      apiKey: KEY,
      // Four attempts allowed: proving that these failures are not retried.
      retry: { maxAttempts: 4 },
      sleep: () => Promise.resolve(),
      onRequest: (s) => summaries.push(s),
      timeoutMs: 5000,
      ...over,
    });

  beforeEach(() => {
    summaries = [];
  });

  describe('TLS certificates that must not be accepted (real https servers)', () => {
    let root: TestCert;
    let intermediate: TestCert;
    let leaf: TestCert;
    let server: HttpsTestServer | undefined;
    const savedCa = https.globalAgent.options.ca;

    before(() => {
      root = makeCert({ commonName: 'DP Test Root CA', ca: true });
      intermediate = makeCert({ commonName: 'DP Test Intermediate CA', ca: true, issuer: root });
      leaf = makeCert({ commonName: '127.0.0.1', altNames: ['127.0.0.1'], issuer: root });
    });

    afterEach(async () => {
      https.globalAgent.options.ca = savedCa;
      await server?.close();
      server = undefined;
    });

    /** Trusts `root` as an operating system trust store would (VS Code adds those to the agent). */
    function trust(cert: TestCert): void {
      https.globalAgent.options.ca = [cert.cert];
    }

    const cases: {
      name: string;
      code: string;
      words: RegExp;
      untrusted: boolean;
      setup: () => { key: string; chain: string };
    }[] = [
      {
        name: 'a self-signed certificate',
        code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
        words: /it is self-signed/,
        untrusted: true,
        setup: () => {
          const self = makeCert({ commonName: '127.0.0.1', altNames: ['127.0.0.1'] });
          return { key: self.key, chain: self.cert };
        },
      },
      {
        name: 'a chain ending in a root the computer does not trust (a TLS-inspecting proxy)',
        code: 'SELF_SIGNED_CERT_IN_CHAIN',
        words: /root certificate this computer does not trust/,
        untrusted: true,
        setup: () => ({ key: leaf.key, chain: leaf.cert + root.cert }),
      },
      {
        name: 'a certificate whose issuer is unknown and not sent',
        code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
        words: /issuer could not be verified/,
        untrusted: true,
        setup: () => ({ key: leaf.key, chain: leaf.cert }),
      },
      {
        name: 'an intermediate whose root is not in the trust store',
        code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
        words: /issuer is not among the certificates this computer trusts/,
        untrusted: true,
        setup: () => {
          const viaIntermediate = makeCert({ commonName: '127.0.0.1', altNames: ['127.0.0.1'], issuer: intermediate });
          return { key: viaIntermediate.key, chain: viaIntermediate.cert + intermediate.cert };
        },
      },
      {
        name: 'an expired certificate from a trusted authority',
        code: 'CERT_HAS_EXPIRED',
        words: /it has expired/,
        untrusted: false,
        setup: () => {
          trust(root);
          const expired = makeCert({
            commonName: '127.0.0.1',
            altNames: ['127.0.0.1'],
            issuer: root,
            notBefore: new Date(Date.now() - 60 * DAY),
            notAfter: new Date(Date.now() - DAY),
          });
          return { key: expired.key, chain: expired.cert };
        },
      },
      {
        name: 'a certificate not valid yet',
        code: 'CERT_NOT_YET_VALID',
        words: /not valid yet/,
        untrusted: false,
        setup: () => {
          trust(root);
          const future = makeCert({
            commonName: '127.0.0.1',
            altNames: ['127.0.0.1'],
            issuer: root,
            notBefore: new Date(Date.now() + DAY),
            notAfter: new Date(Date.now() + 60 * DAY),
          });
          return { key: future.key, chain: future.cert };
        },
      },
      {
        name: 'a trusted certificate for another host name',
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
        words: /issued for another host name/,
        untrusted: false,
        setup: () => {
          trust(root);
          const other = makeCert({ commonName: 'other.example', altNames: ['other.example'], issuer: root });
          return { key: other.key, chain: other.cert };
        },
      },
    ];

    for (const c of cases) {
      it(`${c.name} → tlsTrust ${c.code}, said in words, not retried`, async () => {
        const { key, chain } = c.setup();
        server = await startHttpsServer(key, chain);
        const e = await failure(client(server.url).listCompanies());
        assert.equal(e.kind, 'tlsTrust');
        assert.equal(e.code, c.code);
        assert.equal(e.retryable, false);
        assert.equal(e.attempts, 1);
        assert.equal(summaries.length, 1, 'one attempt only');
        assert.equal(server.requests, 0);
        assert.ok(e.message.startsWith(`The TLS certificate of ${server.host} was not accepted: `), e.message);
        assert.match(e.message, c.words);
        assert.ok(e.message.includes(`(${c.code})`), e.message);
        assert.doesNotMatch(e.message, TURN_OFF);
        if (c.untrusted) {
          assert.match(e.message, /operating system's trust store/);
          assert.match(e.message, /http\.systemCertificates/);
          assert.match(e.message, /http\.proxyStrictSSL/);
        } else {
          assert.doesNotMatch(e.message, /trust store/, 'trusting a root does not cure this');
        }
        assert.equal(certificateProblem(c.code) === 'untrusted', c.untrusted);
      });
    }

    it('the same chain is accepted once its root is trusted (the advice works; the certificates are sound)', async () => {
      server = await startHttpsServer(leaf.key, leaf.cert + root.cert);
      await failure(client(server.url, { retry: { maxAttempts: 1 } }).listCompanies());
      trust(root);
      const page = await client(server.url).listCompanies();
      assert.equal(page.totalResults, 0);
      assert.equal(server.requests, 1);
    });
  });

  describe('407 Proxy Authentication Required', () => {
    let proxy: TestProxy | undefined;
    let api: TestServer | undefined;
    const savedAgent = https.globalAgent;

    afterEach(async () => {
      https.globalAgent = savedAgent;
      await proxy?.close();
      await api?.close();
      proxy = undefined;
      api = undefined;
    });

    it('a 407 response (a proxied plain request) → proxyAuth, pointing to http.proxy, not retried', async () => {
      api = await TestServer.start();
      // A proxy's error page that echoes the request headers, key included.
      api.reply((req, res) => {
        res.writeHead(407, {
          'Content-Type': 'text/html',
          'Proxy-Authenticate': 'Negotiate, Basic realm="Corp Proxy"',
        });
        res.end(`<html><body>Access denied. Authorization: ${req.headers.authorization ?? ''}</body></html>`);
      });
      const e = await failure(client(api.url).listCompanies());
      assert.equal(e.kind, 'proxyAuth');
      assert.equal(e.status, 407);
      assert.equal(e.retryable, false);
      assert.equal(api.count, 1, 'not retried');
      const host = new URL(api.url).host;
      assert.equal(
        e.message,
        `A proxy between this computer and ${host} requires authentication (407 Proxy Authentication Required, asks for Negotiate or Basic). ` +
          `Put the proxy user name and password in VS Code's setting http.proxy (http://user:password@proxy:port), or sign in when VS Code asks for them.`,
      );
      assert.match(e.rawBody ?? '', /Access denied/);
    });

    it('a CONNECT refused with 407 through https-proxy-agent (VS Code’s proxy support) arrives as a 407 response', async function () {
      const HttpsProxyAgent = loadHttpsProxyAgent();
      if (!HttpsProxyAgent)
        return skip(this, 'https-proxy-agent is not installed (it comes with @vscode/test-electron)');
      proxy = await startRefusingProxy(407, { 'Proxy-Authenticate': 'Basic realm="corp"' });
      installGlobalAgent(new HttpsProxyAgent(proxy.url));
      // The API host is never resolved: the proxy refuses before anything reaches it.
      const e = await failure(client('https://api.dataplatform.test').listCompanies());
      assert.equal(e.kind, 'proxyAuth');
      assert.equal(e.status, 407);
      assert.deepEqual(proxy.connects, ['api.dataplatform.test:443'], 'one CONNECT, not retried');
      assert.match(
        e.message,
        /^A proxy between this computer and api\.dataplatform\.test requires authentication \(407 Proxy Authentication Required, asks for Basic\)/,
      );
      assert.match(e.message, /http\.proxy /);
    });

    it('a CONNECT refused with 407 through the `tunnel` agent (an error coded ECONNRESET) → proxyAuth, not retried', async function () {
      const tunnel = loadOptional<{ httpsOverHttp(o: { proxy: { host: string; port: number } }): httpsTypes.Agent }>(
        'tunnel',
      );
      if (!tunnel) return skip(this, 'the tunnel package is not installed (it comes with @vscode/vsce)');
      proxy = await startRefusingProxy(407);
      installGlobalAgent(tunnel.httpsOverHttp({ proxy: { host: '127.0.0.1', port: proxy.port } }));
      const e = await failure(client('https://api.dataplatform.test').listCompanies());
      assert.equal(e.kind, 'proxyAuth');
      assert.equal(e.status, 407);
      assert.equal(e.attempts, 1);
      assert.deepEqual(
        proxy.connects,
        ['api.dataplatform.test:443'],
        'ECONNRESET alone would have been retried three times',
      );
      assert.match(
        e.message,
        /requires authentication \(407 Proxy Authentication Required\)\. Put the proxy user name and password in VS Code's setting http\.proxy/,
      );
    });

    it('a CONNECT refused with 403 (the proxy forbids the host) is not a sign-in problem', async function () {
      const tunnel = loadOptional<{ httpsOverHttp(o: { proxy: { host: string; port: number } }): httpsTypes.Agent }>(
        'tunnel',
      );
      if (!tunnel) return skip(this, 'the tunnel package is not installed (it comes with @vscode/vsce)');
      proxy = await startRefusingProxy(403, {});
      installGlobalAgent(tunnel.httpsOverHttp({ proxy: { host: '127.0.0.1', port: proxy.port } }));
      const e = await failure(client('https://api.dataplatform.test', { retry: { maxAttempts: 1 } }).listCompanies());
      assert.equal(e.kind, 'network');
    });

    it('a proxy VS Code cannot reach at all → a network error naming http.proxy, without the proxy’s credentials', async () => {
      // What @vscode/proxy-agent's PacProxyAgent throws; its text holds the proxy as configured.
      const agent = new https.Agent();
      agent.createConnection = ((_options: unknown, callback: (err: Error) => void) => {
        callback(new Error('Failed to establish a socket connection to proxies: PROXY user:s3cret@127.0.0.1:3128'));
        return undefined;
      }) as unknown as typeof agent.createConnection;
      installGlobalAgent(agent);
      const e = await failure(client('https://api.dataplatform.test', { retry: { maxAttempts: 1 } }).listCompanies());
      assert.equal(e.kind, 'network');
      assert.equal(
        e.message,
        "Could not connect to the proxy that VS Code uses for api.dataplatform.test; check VS Code's setting http.proxy and the system's proxy settings.",
      );
      assert.doesNotMatch(JSON.stringify(e), /s3cret/);
    });
  });

  describe('recognising a tunnel refused with 407 from the error an agent produces', () => {
    // Shapes as the agents make them (Node 24.21 for ERR_PROXY_TUNNEL; tunnel 0.0.6; undici 7 and
    // VS Code's fetch patch), bare and wrapped the way axios wraps a socket error.
    const nodeTunnel = Object.assign(
      new Error(
        'Failed to establish tunnel to api.codat.io:443 via http://user:pw@127.0.0.1:3128/: HTTP/1.1 407 Proxy Authentication Required',
      ),
      { code: 'ERR_PROXY_TUNNEL', statusCode: 407 },
    );
    const wrapped = (cause: Error & { code?: string }) =>
      Object.assign(new Error(cause.message), { code: cause.code, cause });
    const shapes: [string, unknown, string | undefined][] = [
      ["Node's own proxy support", nodeTunnel, 'proxyAuth'],
      ['… wrapped by axios', wrapped(nodeTunnel), 'proxyAuth'],
      [
        '… with statusCode as a string',
        Object.assign(new Error('Failed to establish tunnel'), { code: 'ERR_PROXY_TUNNEL', statusCode: '407' }),
        'proxyAuth',
      ],
      [
        '… without statusCode (older Node)',
        Object.assign(
          new Error(
            'Failed to establish tunnel to h:443 via http://p:8080/: HTTP/1.1 407 Proxy Authentication Required',
          ),
          { code: 'ERR_PROXY_TUNNEL' },
        ),
        'proxyAuth',
      ],
      [
        '… refused with 403',
        Object.assign(new Error('Failed to establish tunnel to h:443 via http://p:407/: HTTP/1.1 403 Forbidden'), {
          code: 'ERR_PROXY_TUNNEL',
          statusCode: 403,
        }),
        undefined,
      ],
      [
        'the tunnel package',
        wrapped(
          Object.assign(new Error('tunneling socket could not be established, statusCode=407'), { code: 'ECONNRESET' }),
        ),
        'proxyAuth',
      ],
      [
        'the tunnel package, proxy down',
        Object.assign(
          new Error('tunneling socket could not be established, cause=connect ECONNREFUSED 127.0.0.1:4070'),
          { code: 'ECONNRESET' },
        ),
        undefined,
      ],
      [
        'undici ProxyAgent',
        Object.assign(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), { code: 'UND_ERR_ABORTED' }),
        'proxyAuth',
      ],
      [
        'a certificate error deep in the chain',
        wrapped(
          wrapped(
            Object.assign(new Error('self-signed certificate in certificate chain'), {
              code: 'SELF_SIGNED_CERT_IN_CHAIN',
            }),
          ),
        ),
        'tlsTrust',
      ],
      ['a plain reset', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), undefined],
      ['not an error', 'ECONNRESET', undefined],
    ];
    for (const [name, error, kind] of shapes) {
      it(`${name} → ${kind ?? 'nothing special'}`, () => {
        assert.equal(classifyConnectionFailure(error)?.kind, kind);
      });
    }
  });

  describe('messages and labels', () => {
    it('reads the schemes a proxy offers, not its parameters', () => {
      assert.deepEqual(proxySchemes('Basic realm="corp", Negotiate'), ['Basic', 'Negotiate']);
      assert.deepEqual(proxySchemes('Digest realm="x", qop="auth", nonce="abc", NTLM'), ['Digest', 'NTLM']);
      assert.deepEqual(proxySchemes(undefined), []);
      assert.match(
        proxyAuthMessage('api.codat.io'),
        /\(407 Proxy Authentication Required\)\. /,
        'no scheme list without the header',
      );
    });

    it('an unknown verification code still gets a message that never says to turn checking off', () => {
      const m = tlsTrustMessage('api.codat.io', 'SOME_NEW_CODE');
      assert.match(
        m,
        /^The TLS certificate of api\.codat\.io was not accepted: it failed verification \(SOME_NEW_CODE\)\./,
      );
      assert.doesNotMatch(m, TURN_OFF);
    });

    it('the tree labels them and offers the settings that can fix them', () => {
      const make = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
        new ApiError({ kind: 'network', message: 'm', method: 'GET', path: '/companies', ...init });
      assert.deepEqual(presentError(make({ kind: 'proxyAuth', status: 407 }), 0, 0), {
        label: 'Proxy sign-in required (407)',
        queueSync: false,
        setKey: false,
        settingsQuery: 'http.proxy',
      });
      assert.deepEqual(presentError(make({ kind: 'tlsTrust', code: 'SELF_SIGNED_CERT_IN_CHAIN' }), 0, 0), {
        label: 'Certificate not accepted (SELF_SIGNED_CERT_IN_CHAIN)',
        queueSync: false,
        setKey: false,
        settingsQuery: 'http.systemCertificates',
      });
      // No setting fixes an expired certificate.
      assert.equal(presentError(make({ kind: 'tlsTrust', code: 'CERT_HAS_EXPIRED' }), 0, 0).settingsQuery, undefined);
    });
  });
});

/** Routes every https request without an agent of its own through `agent`, as VS Code's proxy
 * support does; the protocol must match the one Node expects of the default agent. */
function installGlobalAgent(agent: httpsTypes.Agent): void {
  Object.defineProperty(agent, 'protocol', { value: 'https:', configurable: true, writable: true });
  https.globalAgent = agent;
}

/** Skips with the reason in the test's title, so the report says why. */
function skip(context: Mocha.Context, reason: string): never {
  if (context.test) context.test.title += ` (skipped: ${reason})`;
  return context.skip();
}

/** A package the tests borrow from the dev dependencies' tree; undefined when it is not there. */
function loadOptional<T>(name: string, from = __filename): T | undefined {
  try {
    return createRequire(from)(name) as T;
  } catch {
    return undefined;
  }
}

type ProxyAgentClass = new (proxy: string) => httpsTypes.Agent;

/** https-proxy-agent 7, the major VS Code bundles (under @vscode/test-electron here); else any. */
function loadHttpsProxyAgent(): ProxyAgentClass | undefined {
  let fromTestElectron: string | undefined;
  try {
    fromTestElectron = dirname(nodeRequire.resolve('@vscode/test-electron/package.json'));
  } catch {
    fromTestElectron = undefined;
  }
  const mod =
    (fromTestElectron
      ? loadOptional<{ HttpsProxyAgent?: ProxyAgentClass }>('https-proxy-agent', `${fromTestElectron}/package.json`)
      : undefined) ?? loadOptional<{ HttpsProxyAgent?: ProxyAgentClass }>('https-proxy-agent');
  return mod?.HttpsProxyAgent;
}
