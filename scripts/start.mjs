// `npm start`: build the extension, start the API emulator and open the extension on it — in the
// desktop VS Code when `code` is on the PATH, else in the offline VS Code server (installed on
// demand, shared with the integration-test runner) for a browser, with the built extension installed
// in it (test/host/startWindow.ts). Ctrl-C stops everything.
//   --port <n>      emulator port (default: a free one)
//   --host-port <n> port of the offline VS Code server (default: a free one)
//   --offline       use the offline VS Code server even when `code` is on the PATH
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const n = Number(args[at + 1]);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`${name} needs a port number`);
  return n;
};
const log = (line) => console.log(`[start] ${line}`);
function fail(message) {
  console.error(`[start] ${message}`);
  process.exit(1);
}

function step(title, cmdArgs) {
  log(title);
  const r = spawnSync(process.execPath, cmdArgs, { cwd: root, stdio: 'inherit' });
  return r.status === 0;
}

if (!step('build: node esbuild.mjs', [join(root, 'esbuild.mjs')])) fail('build failed');
if (
  !step('compile: tsc -p tsconfig.test.json', [
    join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    'tsconfig.test.json',
  ])
) {
  // tsc still writes its output; go on if what `npm start` needs is there.
  if (!existsSync(join(root, 'out/test/emulator/index.js')) || !existsSync(join(root, 'out/test/host/startWindow.js')))
    fail('compile failed');
  log('compile reported errors (above); starting anyway');
}

const { startEmulator } = require(join(root, 'out/test/emulator/index.js'));
const { ensureOfflineHost, defaultCacheDir } = require(join(root, 'out/test/host/install.js'));
const { writeUserSettings } = require(join(root, 'out/test/host/server.js'));
const { startWindow } = require(join(root, 'out/test/host/startWindow.js'));
const { freePort } = require(join(root, 'out/test/host/freePort.js'));

const cleanups = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const c of cleanups.splice(0).reverse()) {
    try {
      await c();
    } catch (err) {
      log(`clean-up: ${err.message}`);
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => {
  log('Ctrl-C: stopping');
  void stopAll(0);
});
process.on('SIGTERM', () => void stopAll(0));

const tmp = mkdtempSync(join(tmpdir(), 'dp-start-'));
cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));

const emulator = await startEmulator({
  port: option('--port') ?? 0,
  host: '127.0.0.1',
  log: (l) => console.log(`[emulator] ${l}`),
});
cleanups.push(() => emulator.close());
log(`API emulator on ${emulator.url} (admin token for /_emulator calls, as X-Emulator-Token: ${emulator.adminToken})`);
// The extension, opened from its sources (development mode) or the build installed into the VS Code
// server, makes the emulator its account "Local emulator" with this key (src/accounts/devEmulator.ts):
// the window comes up browsing it.
const env = { DP_EMULATOR_URL: emulator.url, DP_EMULATOR_KEY: emulator.keys.normal };
const settings = {};

const onPath = (cmd) => (process.env.PATH ?? '').split(delimiter).some((d) => d && existsSync(join(d, cmd)));

if (!args.includes('--offline') && onPath('code')) {
  const workspace = join(tmp, 'workspace');
  mkdirSync(workspace);
  const userDataDir = join(tmp, 'user-data');
  writeUserSettings(userDataDir, settings);
  log('opening the extension in VS Code (code --extensionDevelopmentPath)');
  const child = spawn(
    'code',
    [`--extensionDevelopmentPath=${root}`, '--new-window', `--user-data-dir=${userDataDir}`, '--wait', workspace],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  child.on('exit', () => {
    log('VS Code window closed');
    void stopAll(0);
  });
} else {
  // DP_OFFLINE_CACHE: an offline host already installed elsewhere, as for the tests.
  const host = await ensureOfflineHost(process.env.DP_OFFLINE_CACHE || defaultCacheDir(root), log);
  const port = option('--host-port') ?? (await freePort());
  log(`starting the VS Code server (code-server) on 127.0.0.1:${port}, with the built extension installed`);
  const { server, url } = await startWindow({
    host,
    port,
    root,
    tmpDir: join(tmp, 'window'),
    settings,
    env, // the extension host inherits the server's environment
    onOutput: (line) => console.log(`[server] ${line}`),
    log,
  });
  cleanups.push(() => server.stop());
  server.exited.then((how) => {
    if (stopping) return;
    log(`the VS Code server exited (${how})`);
    void stopAll(1);
  });
  console.log(`
Data Platform Explorer is running on the API emulator.

  Open in a browser:  ${url}

  API base URL:       ${emulator.url}   (already the account "Local emulator", with its key)
  Demo API key:       ${emulator.keys.normal}
  Admin token:        ${emulator.adminToken}   (X-Emulator-Token, for ${emulator.url}/_emulator/faults …)

The window runs dist/extension.js: after \`npm run build\` (or with \`npm run watch\`), reload it.
Press Ctrl-C to stop.
`);
}
