import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeFailureLogs } from '../../host/failureLogs';
import { freePort } from '../../host/freePort';
import { ensureOfflineHost, isOfflineHostInstalled, npmEnv, OFFLINE_VERSIONS } from '../../host/install';
import { workbenchUrl, writeUserSettings } from '../../host/server';

describe('offline host pieces', () => {
  let dir: string;
  const savedChromium = process.env.DP_CHROMIUM_PATH;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-offline-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    if (savedChromium === undefined) delete process.env.DP_CHROMIUM_PATH;
    else process.env.DP_CHROMIUM_PATH = savedChromium;
  });

  it('skips the install when entry files and version stamps are in place, and only then', async () => {
    const chromium = join(dir, 'chromium');
    writeFileSync(chromium, '');
    process.env.DP_CHROMIUM_PATH = chromium;
    const cache = join(dir, 'cache');
    const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
    const node = join(cache, 'node24', 'node_modules', pkg, 'bin', 'node');
    const entry = join(cache, 'vscode-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
    for (const f of [node, entry]) {
      mkdirSync(dirname(f), { recursive: true });
      writeFileSync(f, '');
    }
    assert.equal(isOfflineHostInstalled(cache), false);
    writeFileSync(join(cache, 'node24', '.dp-installed'), `${pkg}@${OFFLINE_VERSIONS.node}\n`);
    writeFileSync(join(cache, 'vscode-server', '.dp-installed'), `code-server@0.0.1 ${pkg}@${OFFLINE_VERSIONS.node}\n`);
    assert.equal(isOfflineHostInstalled(cache), false, 'a stamp of another version means reinstall');
    writeFileSync(
      join(cache, 'vscode-server', '.dp-installed'),
      `code-server@${OFFLINE_VERSIONS.codeServer} ${pkg}@${OFFLINE_VERSIONS.node}\n`,
    );
    assert.equal(isOfflineHostInstalled(cache), true);
    const lines: string[] = [];
    assert.deepEqual(await ensureOfflineHost(cache, (l) => lines.push(l)), { node, entry, chromium });
    assert.deepEqual(lines, []);
  });

  it("runs the nested npm install under Node 24, without the outer npm run's identity", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
        npm_config_local_prefix: '/repo',
        npm_config_prefix: '/usr',
        npm_lifecycle_event: 'test',
        npm_package_name: 'data-platform-explorer',
        npm_config_registry: 'https://registry.example.test/',
        PATH: '/usr/bin',
      });
      const env = npmEnv('/cache/node24/bin', '/cache/node24');
      assert.equal(env.npm_config_user_agent, undefined, 'code-server reads the Node version from it');
      assert.equal(env.npm_config_local_prefix, undefined);
      assert.equal(env.npm_config_prefix, undefined);
      assert.equal(env.npm_lifecycle_event, undefined);
      assert.equal(env.npm_package_name, undefined);
      assert.equal(env.npm_config_registry, 'https://registry.example.test/');
      assert.equal(env.npm_config_nodedir, '/cache/node24');
      assert.equal(env.PATH?.split(':')[0], '/cache/node24/bin');
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });

  it('builds a workbench URL whose payload names paths on the server and the host environment', () => {
    const url = new URL(
      workbenchUrl({
        origin: 'http://127.0.0.1:5000',
        port: 5000,
        folder: '/tmp/ws',
        extensionDevelopmentPath: '/repo',
        extensionTestsPath: '/repo/out/test/integration/index.js',
        extensionEnvironment: { A: 'b c' },
      }),
    );
    assert.equal(url.searchParams.get('folder'), '/tmp/ws');
    const payload = new Map(JSON.parse(url.searchParams.get('payload') ?? '[]') as [string, string][]);
    assert.equal(payload.get('extensionDevelopmentPath'), 'vscode-remote://127.0.0.1:5000/repo');
    assert.equal(
      payload.get('extensionTestsPath'),
      'vscode-remote://127.0.0.1:5000/repo/out/test/integration/index.js',
    );
    assert.deepEqual(JSON.parse(payload.get('extensionEnvironment') ?? '{}'), { A: 'b c' });
  });

  it('writes user settings over the quiet defaults', () => {
    writeUserSettings(dir, { 'dataPlatform.pageSize': 7 });
    const s = JSON.parse(readFileSync(join(dir, 'User', 'settings.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(s['dataPlatform.pageSize'], 7);
    assert.equal(s['chat.disableAIFeatures'], true);
  });

  it('keeps failure logs named by the browser inside the logs folder', () => {
    const logs = join(dir, 'logs');
    writeFailureLogs(logs, [
      { relativePath: '../../evil.log', contents: 'x' },
      { relativePath: 'exthost/a.log', contents: 'y' },
    ]);
    assert.equal(existsSync(join(dir, 'evil.log')), false);
    assert.equal(readFileSync(join(logs, 'evil.log'), 'utf8'), 'x');
    assert.equal(readFileSync(join(logs, 'exthost', 'a.log'), 'utf8'), 'y');
  });

  it('finds a loopback port that can be listened on', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    await new Promise<void>((r) => server.close(() => r()));
    assert.ok(port > 0);
  });
});
