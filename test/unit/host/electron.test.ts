import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runElectronHost } from '../../host/electron';
import type { HostRunOptions } from '../../host/offline';
import { Session } from '../../host/session';
import { Watchdog } from '../../host/watchdog';

// A stand-in for a desktop VS Code: records its arguments and environment, then behaves as
// FAKE_MODE says, speaking the same marker lines as the real in-host index.
const FAKE = `#!${process.execPath}
const fs = require('fs');
fs.writeFileSync(process.env.FAKE_RECORD, JSON.stringify({ args: process.argv.slice(2), env: process.env.DP_EMULATOR_URL }));
const mode = process.env.FAKE_MODE;
console.log('__DP_HEARTBEAT__');
console.log('  ✔ a test');
if (mode === 'pass') { console.log('__DP_RESULTS__ {"passed":1,"failed":0,"skipped":0}'); process.exit(0); }
if (mode === 'fail') { console.log('__DP_RESULTS__ {"passed":1,"failed":1,"skipped":0}'); process.exit(1); }
if (mode === 'hang') { fs.writeFileSync(process.env.FAKE_RECORD + '.pid', String(process.pid)); setInterval(() => {}, 1000); }
`;

describe('desktop VS Code host (test-electron path)', function () {
  if (process.platform === 'win32') return;
  let dir: string;
  let exe: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-electron-'));
    exe = join(dir, 'code');
    writeFileSync(exe, FAKE);
    chmodSync(exe, 0o755);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function options(mode: string, limits = { startupMs: 10_000, stallMs: 10_000, totalMs: 20_000 }) {
    const printed: string[] = [];
    const cleanups: (() => Promise<void>)[] = [];
    const session = new Session({ watchdog: new Watchdog(limits), print: (l) => printed.push(l) });
    const opts: HostRunOptions = {
      extensionDevelopmentPath: '/repo',
      extensionTestsPath: '/repo/out/test/integration/index.js',
      workspaceDir: join(dir, 'ws'),
      tmpDir: dir,
      env: { DP_EMULATOR_URL: 'http://127.0.0.1:1', FAKE_MODE: mode, FAKE_RECORD: join(dir, 'record.json') },
      settings: { 'dataPlatform.pageSize': 7 },
      logsDir: join(dir, 'logs'),
      session,
      log: () => undefined,
      onCleanup: (c) => cleanups.push(c),
    };
    return { opts, printed, session, cleanups };
  }

  it('starts VS Code with the extension, its tests, a fresh profile and the env, and reads the counts', async () => {
    const { opts, printed, session } = options('pass');
    assert.deepEqual(await runElectronHost(exe, opts), { code: 0 });
    assert.deepEqual(session.counts, { passed: 1, failed: 0, skipped: 0 });
    assert.deepEqual(printed, ['  ✔ a test']);
    const record = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8')) as { args: string[]; env: string };
    assert.equal(record.env, 'http://127.0.0.1:1');
    for (const a of [
      '--extensionDevelopmentPath=/repo',
      '--extensionTestsPath=/repo/out/test/integration/index.js',
      `--user-data-dir=${join(dir, 'user-data')}`,
      `--extensions-dir=${join(dir, 'extensions')}`,
    ]) {
      assert.ok(record.args.includes(a), `${a} missing from ${record.args.join(' ')}`);
    }
    const settings = JSON.parse(readFileSync(join(dir, 'user-data', 'User', 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.equal(settings['dataPlatform.pageSize'], 7);
  });

  it('installs a packaged .vsix with the CLI beside the executable into the profile VS Code then starts with', async () => {
    // On Linux the CLI of a downloaded VS Code is bin/code next to the executable.
    mkdirSync(join(dir, 'bin'));
    const cli = join(dir, 'bin', 'code');
    writeFileSync(
      cli,
      `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(join(dir, 'cli.json'))}, JSON.stringify(process.argv.slice(2)));\n`,
    );
    chmodSync(cli, 0o755);
    const { opts } = options('pass');
    const vsix = join(dir, 'data-platform-explorer-0.1.0.vsix');
    assert.deepEqual(await runElectronHost(exe, { ...opts, install: vsix }), { code: 0 });
    const cliArgs = JSON.parse(readFileSync(join(dir, 'cli.json'), 'utf8')) as string[];
    assert.deepEqual(cliArgs.slice(-2), ['--install-extension', vsix]);
    const launch = (JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8')) as { args: string[] }).args;
    for (const a of [`--user-data-dir=${join(dir, 'user-data')}`, `--extensions-dir=${join(dir, 'extensions')}`]) {
      assert.ok(cliArgs.includes(a), `the install uses ${a}`);
      assert.ok(launch.includes(a), `the launch uses ${a}`);
    }
  });

  it('returns the failing exit code and writes the logs', async () => {
    const { opts, session } = options('fail');
    assert.deepEqual(await runElectronHost(exe, opts), { code: 1 });
    assert.deepEqual(session.counts, { passed: 1, failed: 1, skipped: 0 });
    assert.match(readFileSync(join(dir, 'logs', 'runner-transcript.log'), 'utf8'), /a test/);
  });

  it('kills a VS Code whose heartbeat stops and fails the run', async () => {
    const { opts } = options('hang', { startupMs: 10_000, stallMs: 300, totalMs: 20_000 });
    const outcome = await runElectronHost(exe, opts);
    assert.equal(outcome.code, 1);
    assert.match(outcome.reason ?? '', /stopped responding/);
    const pid = Number(readFileSync(join(dir, 'record.json.pid'), 'utf8'));
    assert.throws(() => process.kill(pid, 0), /ESRCH/);
  });
});
