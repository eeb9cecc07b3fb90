// `npm test`: build, compile the tests (tsc over src/ and test/, incremental: also their type
// check), then four lanes at once, each a child process with its output kept in
// .test-results/<lane>.log and printed whole when it ends:
//   static  lint (tsc over src/ alone, ESLint with zero findings, Prettier) and the architecture check;
//   unit    the unit tests in plain Node, mocha's parallel workers (scripts/unit.mjs);
//   integration  the integration tests in a real VS Code extension host;
//   host    `npm run package`, then that .vsix installed into a host in the pseudo-locale qps-ploc:
//           the localisation tests, then the installed-package tests.
// The lanes overlap what waits (host start-up, timers in tests) with what computes, static and
// host at the lowest CPU priority (the integration host is the critical path); it ends with
// one summary line across all of them. `npm run lint` remains the lint a developer runs alone.
//   --unit         unit tests only
//   --integration  integration tests only (the development build; English, then qps-ploc)
//   --l10n         the localisation tests only (the development build in qps-ploc)
//   --installed    package, then the localisation and installed-package tests only
//   --grep <re>    passed to mocha (unit tests)
//   --no-lint      skip lint and the architecture check, for quick local loops
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsFiles } from './tsFiles.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = ['unit', 'integration', 'l10n', 'installed'].find((name) => args.includes(`--${name}`));
const grepAt = args.indexOf('--grep');
const grep = grepAt >= 0 ? args[grepAt + 1] : undefined;
const lint = !args.includes('--no-lint');
const onWindows = process.platform === 'win32';
const npm = onWindows ? 'npm.cmd' : 'npm';
const node = process.execPath;
const resultsDir = join(root, '.test-results');
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

function step(title, cmd, cmdArgs) {
  console.log(`\n> ${title}`);
  // npm.cmd is a batch file, which Windows runs only through a shell.
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', shell: onWindows && cmd === npm });
  if (r.status !== 0) {
    console.error(`${title} failed`);
    console.log('\ntotal: 0 passed, 1 failed');
    process.exit(1);
  }
}

/** The logs of the lanes that run at a lower CPU priority (see `lanes`). */
const background = new Set();

/** Runs a command with its output into the lane's log; resolves to its exit code. */
function run(log, cmd, cmdArgs, env = {}) {
  return new Promise((res) => {
    log.write(`\n> ${[cmd === node ? 'node' : cmd, ...cmdArgs].join(' ')}\n`);
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, ...env }, shell: onWindows && cmd === npm });
    // Set before the child starts its own workers (mocha's, a host's), which inherit it.
    if (background.has(log) && child.pid !== undefined) {
      try {
        setPriority(child.pid, BACKGROUND_NICENESS);
      } catch {
        // Not allowed here: the lane runs at the normal priority, only slower to finish the whole run.
      }
    }
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (e) => {
      log.write(`${e.message}\n`);
      res(1);
    });
    child.on('close', (code) => res(code ?? 1));
  });
}

/** Counts a test run wrote to its results file; a run that failed without counting any failure
 * (a crash, a hung host) counts as one. */
function counts(file, code) {
  const c = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { passed: 0, failed: 0, skipped: 0 };
  if (code !== 0 && c.failed === 0) c.failed = 1;
  return c;
}

/** A test run that writes its counts to DP_TEST_RESULTS. */
async function tests(log, name, cmdArgs, env = {}) {
  const file = join(resultsDir, `${name}.json`);
  rmSync(file, { force: true });
  return counts(file, await run(log, node, cmdArgs, { ...env, DP_TEST_RESULTS: file }));
}

const host = (log, name, runnerArgs = [], env = {}) =>
  tests(log, name, [join(root, 'out/test/runTest.js'), ...runnerArgs], env);

/** `npm run package` into .test-results/, then the tests of that .vsix installed into a host. */
async function installed(log) {
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const vsix = join(resultsDir, `${name}-${version}.vsix`);
  rmSync(vsix, { force: true });
  if ((await run(log, npm, ['run', 'package', '--', '--out', vsix])) !== 0 || !existsSync(vsix)) {
    log.write('npm run package failed\n');
    return { passed: 0, failed: 1, skipped: 0 };
  }
  return host(log, 'installed', ['--installed', vsix, '--locale', 'qps-ploc']);
}

const tsc = join(root, 'node_modules/typescript/bin/tsc');

/** Every compiled .js under out/ whose .ts source is gone (a test deleted or renamed), and its map:
 * tsc never removes what it wrote before, and mocha would still run it. */
function pruneCompiled(dir = join(root, 'out')) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) pruneCompiled(p);
    else if (
      /\.js(\.map)?$/.test(name) &&
      !existsSync(join(root, relative(join(root, 'out'), p)).replace(/\.js(\.map)?$/, '.ts'))
    )
      rmSync(p);
  }
}

/** ESLint with its type-checked rules is the costliest check: when not one file it reads changed
 * since its last clean run, that run's verdict stands. Any change runs it whole. */
function lintInputsHash() {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) return undefined;
  const hash = createHash('sha256');
  for (const f of listed.stdout
    .split('\n')
    .filter((f) => /\.(ts|js|mjs|json)$/.test(f))
    .sort()) {
    if (!existsSync(join(root, f))) continue;
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(join(root, f)))
      .update('\0');
  }
  return hash.digest('hex');
}

async function eslint(log) {
  const file = join(resultsDir, 'eslint.clean');
  const inputs = lintInputsHash();
  if (inputs && existsSync(file) && readFileSync(file, 'utf8') === inputs) {
    log.write('\n> eslint: no file changed since its last clean run\n');
    return zero();
  }
  const result = await check(log, [join(root, 'node_modules/eslint/bin/eslint.js'), '--max-warnings', '0', '.']);
  if (result.failed === 0 && inputs) writeFileSync(file, inputs);
  return result;
}

/** A check that counts as one failure when it exits non-zero. */
const check = async (log, args) => ({ ...zero(), failed: (await run(log, node, args)) === 0 ? 0 : 1 });

const zero = () => ({ passed: 0, failed: 0, skipped: 0 });
const sum = (list) =>
  list.reduce(
    (t, c) => ({ passed: t.passed + c.passed, failed: t.failed + c.failed, skipped: t.skipped + (c.skipped ?? 0) }),
    zero(),
  );

// The integration lane is the longest, and it waits on its host's every answer: static and the
// installed host run at the lowest priority, so they take the cores while it waits, not the other
// way round. The unit lane keeps its priority: its timeout and latency rows wait for real (a 1 s
// request timeout in the fault matrix), and starved of the cores they time out.
const FOREGROUND = new Set(['integration', 'unit']);
const BACKGROUND_NICENESS = 19;

/** The lanes: each a list of steps run in order, the lanes at once. */
const lanes = {
  static: lint && [
    // src/ alone, without the tests' types (a `describe` in src/ would pass the test compile).
    (log) =>
      check(log, [
        tsc,
        '--noEmit',
        '--incremental',
        '--tsBuildInfoFile',
        join(resultsDir, 'src.tsbuildinfo'),
        '-p',
        'tsconfig.json',
      ]),
    eslint,
    // The formatter (.prettierrc.json, .prettierignore): `npm run format` writes what it asks for.
    // Its cache (content hashes) skips the files that passed last time unchanged.
    (log) =>
      check(log, [
        join(root, 'node_modules/prettier/bin/prettier.cjs'),
        '--check',
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        join(resultsDir, 'prettier.cache'),
        '.',
      ]),
    (log) => check(log, [join(root, 'scripts/architecture.mjs')]),
  ],
  unit: (!only || only === 'unit') && [
    (log) => tests(log, 'unit', [join(root, 'scripts/unit.mjs'), ...(grep ? ['--grep', grep] : [])]),
  ],
  // The integration suites in one host: the machine's cores are busy throughout, and a second host
  // (each suite half) cost more in its own workbench than it saved.
  integration: [...(!only || only === 'integration' ? [(log) => host(log, 'integration')] : [])],
  // The whole run tests the pseudo-locale on the installed package (one host start-up fewer); a
  // developer's --integration or --l10n tests it on the development build.
  host: [
    ...(only === 'integration' || only === 'l10n' ? [(log) => host(log, 'l10n', ['--locale', 'qps-ploc'])] : []),
    ...(!only || only === 'installed' ? [installed] : []),
  ],
};

async function lane(name, stepsOfLane) {
  const file = join(resultsDir, `${name}.log`);
  const log = createWriteStream(file);
  if (!FOREGROUND.has(name)) background.add(log);
  const results = [];
  for (const s of stepsOfLane) results.push(await s(log));
  await new Promise((r) => log.end(r));
  const total = sum(results);
  console.log(`\n> ${name}: ${total.passed} passed, ${total.failed} failed (done at ${seconds()}); its output:`);
  process.stdout.write(readFileSync(file, 'utf8'));
  return total;
}

step('build', node, [join(root, 'esbuild.mjs')]);
// Incremental: a run after a small change compiles only what it touches. Outputs whose source is
// gone are pruned; a build info that outlived its outputs (out/ emptied by hand) is dropped first.
const buildInfo = join(root, 'out', '.tsbuildinfo');
const compiledOf = (ts) => join(root, 'out', relative(root, ts)).replace(/\.ts$/, '.js');
if ([...tsFiles(join(root, 'src')), ...tsFiles(join(root, 'test'))].some((f) => !existsSync(compiledOf(f))))
  rmSync(buildInfo, { force: true });
step('compile tests (tsc over src/ and test/)', node, [
  tsc,
  '-p',
  'tsconfig.test.json',
  '--incremental',
  '--tsBuildInfoFile',
  buildInfo,
]);
pruneCompiled();
mkdirSync(resultsDir, { recursive: true });
const running = Object.entries(lanes).filter(([, steps]) => steps && steps.length);
console.log(`\n> ${running.map(([name]) => name).join(', ')} at once (each lane's output follows when it ends)`);
const totals = await Promise.all(running.map(([name, steps]) => lane(name, steps)));
const total = sum(totals);
console.log(
  `\ntotal: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''} in ${seconds()}`,
);
process.exit(total.failed > 0 ? 1 : 0);
