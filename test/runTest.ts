// Integration-test runner (`out/test/runTest.js`, run by `npm test` after the unit tests).
// Starts the API emulator, runs test/integration in a real VS Code extension host — a desktop
// VS Code through @vscode/test-electron, or the offline VS Code server in headless Chromium —
// writes the mocha counts to $DP_TEST_RESULTS and exits with the tests' exit code.
//   --installed <file.vsix>  instead: install the packaged extension into the host's extensions
//                            folder and run test/installed against that copy. The development
//                            path is then a bare harness extension, so the product under test is
//                            the installed one and nothing of the repository.
//   --locale <tag>           the host's display language: test/l10n runs against the development
//                            extension, or with --installed against the installed one before its
//                            own tests (npm test: --installed x.vsix --locale qps-ploc, one host
//                            start-up for both).
//   --bench-activation <dir> instead: load the extension from <dir> (a production build) and run
//                            test/bench/host, which times its activation (`npm run bench`). The
//                            test hooks stay off, as in a user's window.
//   --bench-tree <dir> <n>   instead: the extension from <dir> (a production build) against an
//                            emulator whose `many` company has <n> invoices, running
//                            test/bench/host/tree.test
//                            (Load all, scrolling and expanding a big list in the workbench;
//                            `npm run bench`). The test hooks are on: it reaches the tree's nodes.
//   --bench-table <dir> <n>  the same against <n> invoices, running test/bench/host/table.test
//                            (Open as Table, scrolling and sorting the grid, a 24-period
//                            statement; `npm run bench`).
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chooseHost } from './host/choose';
import { downloadVSCode, runElectronHost } from './host/electron';
import { defaultCacheDir } from './host/install';
import { hostLog } from './host/log';
import { runDirs, runOfflineHost, type HostRunOptions } from './host/offline';
import { ENV, type Counts } from './host/protocol';
import { Session } from './host/session';
import { startEmulator, type RunningEmulator } from './emulator';
import { TEST_HOOKS_ENV } from '../src/testApi';
import { limitsFromEnv, Watchdog } from './host/watchdog';

const root = resolve(__dirname, '..', '..');
const cleanups: (() => Promise<void>)[] = [];
/** How long the host tests' emulator keeps a push pending and a sync running (its defaults: 1.5 s, 3 s). */
const HOST_TEST_OPERATION_MS = 500;

async function cleanUp(): Promise<void> {
  // Last registered first: the host before the emulator before the temp folder.
  for (const step of cleanups.splice(0).reverse()) await step().catch((e: Error) => hostLog(`clean-up: ${e.message}`));
}

function onSignal(signal: NodeJS.Signals): void {
  hostLog(`${signal}: stopping`);
  void cleanUp().finally(() => process.exit(130));
}

/** The .vsix of an installed-package run, or undefined for the development run. */
function installedVsix(args: readonly string[]): string | undefined {
  const at = args.indexOf('--installed');
  if (at < 0) return undefined;
  const file = args[at + 1];
  if (!file || !existsSync(file))
    throw new Error(`--installed needs the path of a .vsix that exists, not ${file ?? 'nothing'}`);
  return resolve(file);
}

/** The display language of a localisation run, or undefined for English. */
function displayLanguage(args: readonly string[]): string | undefined {
  const at = args.indexOf('--locale');
  if (at < 0) return undefined;
  const tag = args[at + 1];
  if (!tag || !/^[a-z]{2,3}(-[a-z0-9]+)*$/i.test(tag))
    throw new Error(`--locale needs a language tag such as qps-ploc, not ${tag ?? 'nothing'}`);
  return tag;
}

/** The extension folder of an activation benchmark run, or undefined. */
function benchExtension(args: readonly string[]): string | undefined {
  const at = args.indexOf('--bench-activation');
  if (at < 0) return undefined;
  const dir = args[at + 1];
  if (!dir || !existsSync(join(dir, 'package.json')))
    throw new Error(`--bench-activation needs an extension folder, not ${dir ?? 'nothing'}`);
  return resolve(dir);
}

/** The extension folder and invoices of a big-list benchmark run (the tree's or the table's),
 * and the in-host entry that runs it, or undefined. */
function benchTree(args: readonly string[]): { dir: string; invoices: number; index: string } | undefined {
  const flag = ['--bench-tree', '--bench-table'].find((f) => args.includes(f));
  if (!flag) return undefined;
  const at = args.indexOf(flag);
  const [dir, count] = [args[at + 1], Number(args[at + 2])];
  if (!dir || !existsSync(join(dir, 'package.json')) || !Number.isInteger(count) || count < 1)
    throw new Error(`${flag} needs an extension folder and a count of invoices, not ${args.slice(at + 1).join(' ')}`);
  return { dir: resolve(dir), invoices: count, index: flag === '--bench-tree' ? 'treeIndex.js' : 'tableIndex.js' };
}

/** A development extension that contributes nothing: VS Code runs extension tests only in a
 * window with one, and it must not be the product, which has to come from the extensions folder. */
function harnessExtension(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'dp-installed-tests',
      publisher: 'dataplatform-tests',
      version: '0.0.0',
      engines: { vscode: '^1.90.0' },
    }) + '\n',
  );
  return dir;
}

async function main(): Promise<number> {
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const tmp = mkdtempSync(join(tmpdir(), 'dp-host-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  const workspaceDir = join(tmp, 'workspace');
  mkdirSync(workspaceDir);

  const choice = await chooseHost({
    env: process.env,
    platform: process.platform,
    download: () => downloadVSCode(join(root, '.vscode-test')),
    log: hostLog,
  });

  const tree = benchTree(process.argv.slice(2));
  const treeInvoices = tree?.invoices;
  const emulator: RunningEmulator = await startEmulator({
    host: '127.0.0.1',
    port: 0,
    // Pushes and syncs settle before the extension's first poll (about 1 s), not after its third
    // (1 + 2 + 4 s): the host tests wait on those polls, not on the emulator. A test that needs one
    // pending for longer says so with a push rule's delayMs.
    pushDelayMs: HOST_TEST_OPERATION_MS,
    syncDurationMs: HOST_TEST_OPERATION_MS,
    // A big list's Load all is hundreds of requests a minute: not rate limited.
    ...(treeInvoices ? { invoices: treeInvoices, rateLimit: { limit: 1e9, windowMs: 60_000 } } : {}),
  });
  cleanups.push(() => emulator.close());
  hostLog(`API emulator on ${emulator.url}`);

  const resultsDir = join(root, '.test-results');
  const screenshotDir = resolve(process.env[ENV.screenshotDir] || join(resultsDir, 'screenshots'));
  const activationBench = benchExtension(process.argv.slice(2));
  const bench = activationBench ?? tree?.dir;
  const env: Record<string, string> = {
    [ENV.emulatorUrl]: emulator.url,
    [ENV.emulatorKey]: emulator.keys.normal,
    [ENV.emulatorToken]: emulator.adminToken,
    // The extension's test hooks: every run here is a test (npm start never sets it), except
    // the activation benchmark, which measures the extension as a user runs it.
    ...(activationBench ? {} : { [TEST_HOOKS_ENV]: 'on' }),
  };
  if (bench && process.env[ENV.benchResult]) env[ENV.benchResult] = process.env[ENV.benchResult] as string;
  // The big-list benchmarks' dataPlatform.maxTreeRows, when not the default; the table's parts.
  for (const name of ['DP_BENCH_MAX_TREE_ROWS', 'DP_BENCH_TABLE_PARTS'])
    if (tree && process.env[name]) env[name] = process.env[name];
  if (choice.kind === 'offline') {
    mkdirSync(screenshotDir, { recursive: true });
    env[ENV.screenshotDir] = screenshotDir;
  }
  if (process.env[ENV.grep]) env[ENV.grep] = process.env[ENV.grep] as string;

  const vsix = bench ? undefined : installedVsix(process.argv.slice(2));
  const locale = bench ? undefined : displayLanguage(process.argv.slice(2));
  if (locale) env[ENV.displayLanguage] = locale;
  if (vsix) {
    env[ENV.installedExtensionsDir] = runDirs(tmp).extensionsDir;
    env[ENV.phaseDir] = join(tmp, 'phases');
    mkdirSync(env[ENV.phaseDir]);
  }

  const session = new Session({
    watchdog: new Watchdog(limitsFromEnv(process.env)),
    print: (line) => console.log(line),
    screenshotDir: choice.kind === 'offline' ? screenshotDir : undefined,
  });
  const opts: HostRunOptions = {
    extensionDevelopmentPath: bench ?? (vsix ? harnessExtension(join(tmp, 'harness')) : root),
    extensionTestsPath: bench
      ? join(root, 'out', 'test', 'bench', 'host', tree?.index ?? 'index.js')
      : join(root, 'out', 'test', vsix ? 'installed' : locale ? 'l10n' : 'integration', 'index.js'),
    workspaceDir,
    tmpDir: tmp,
    install: vsix,
    env,
    locale,
    // Per run: `npm test` runs several at once (.test-results/logs/integration-1, …).
    logsDir: join(
      resultsDir,
      'logs',
      process.env.DP_TEST_RESULTS ? basename(process.env.DP_TEST_RESULTS, '.json') : '',
    ),
    session,
    log: hostLog,
    onCleanup: (step) => cleanups.push(step),
  };
  hostLog(
    choice.kind === 'offline'
      ? 'host: offline VS Code server (code-server)'
      : `host: desktop VS Code ${choice.executable}`,
  );
  const outcome =
    choice.kind === 'offline'
      ? await runOfflineHost(process.env.DP_OFFLINE_CACHE || defaultCacheDir(root), opts)
      : await runElectronHost(choice.executable, opts);

  const counts: Counts = session.counts ?? { passed: 0, failed: 0, skipped: 0 };
  let code = outcome.code;
  if (outcome.reason) hostLog(`FAILED: ${outcome.reason}`);
  if (code === 0 && counts.passed + counts.failed === 0 && !process.env[ENV.grep]) {
    hostLog('FAILED: no integration test ran');
    code = 1;
  }
  if (process.env.DP_TEST_RESULTS) writeFileSync(process.env.DP_TEST_RESULTS, JSON.stringify(counts) + '\n');
  hostLog(
    `${tree ? `big-list benchmark (${tree.index})` : bench ? 'activation benchmark' : vsix ? `installed package${locale ? ` in ${locale}` : ''}` : locale ? `localisation (${locale})` : 'integration'}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (exit ${code})`,
  );
  return code;
}

main().then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (err: Error) => {
    hostLog(`FAILED: ${err.message}`);
    await cleanUp();
    process.exit(1);
  },
);
