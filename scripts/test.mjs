// `npm test`: lint (`npm run lint`: tsc and ESLint, zero findings) and the architecture check
// (`npm run architecture`), build, compile the tests, run the unit tests in plain Node, the integration tests in a real VS Code extension host (in English,
// then the localisation tests in the pseudo-locale qps-ploc), then
// package the extension (`npm run package`) and run the installed-package tests against that .vsix
// installed into a real host; end with one summary line across all of them.
//   --unit         unit tests only
//   --integration  integration tests only (the development build; English, then qps-ploc)
//   --l10n         the localisation tests only (the development build in qps-ploc)
//   --installed    package, then the installed-package tests only
//   --grep <re>    passed to mocha (unit tests)
//   --no-lint      skip lint and the architecture check, for quick local loops
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Mocha from 'mocha';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = ['unit', 'integration', 'l10n', 'installed'].find((name) => args.includes(`--${name}`));
const grepAt = args.indexOf('--grep');
const grep = grepAt >= 0 ? args[grepAt + 1] : undefined;
const lint = !args.includes('--no-lint');
const onWindows = process.platform === 'win32';
const npm = onWindows ? 'npm.cmd' : 'npm';

function run(cmd, cmdArgs, env) {
  // npm.cmd is a batch file, which Windows runs only through a shell.
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, shell: onWindows && cmd === npm });
  return r.status ?? 1;
}

function step(title, cmd, cmdArgs) {
  console.log(`\n> ${title}`);
  if (run(cmd, cmdArgs) !== 0) {
    console.error(`${title} failed`);
    console.log('\ntotal: 0 passed, 1 failed');
    process.exit(1);
  }
}

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return testFiles(p);
    return name.endsWith('.test.js') ? [p] : [];
  }).sort();
}

async function unitTests() {
  const mocha = new Mocha({ reporter: 'spec', timeout: 20000, grep });
  for (const f of testFiles(join(root, 'out/test/unit'))) mocha.addFile(f);
  await mocha.loadFilesAsync();
  return new Promise((res) => {
    const runner = mocha.run(() => {
      const s = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
      res({ passed: s.passes, failed: s.failures, skipped: s.pending });
    });
  });
}

const resultsDir = join(root, '.test-results');

/** One run of the host runner; its counts come back through a file. */
function hostTests(title, name, runnerArgs = []) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  rmSync(file, { force: true });
  console.log(`\n> ${title}`);
  const code = run(process.execPath, [join(root, 'out/test/runTest.js'), ...runnerArgs], { DP_TEST_RESULTS: file });
  const counts = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { passed: 0, failed: 0, skipped: 0 };
  // A crash or hang of the host counts as a failure even when no test reported one.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

/** `npm run package` into .test-results/, then the tests of that .vsix installed into a host. */
function installedTests() {
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const vsix = join(resultsDir, `${name}-${version}.vsix`);
  mkdirSync(resultsDir, { recursive: true });
  rmSync(vsix, { force: true });
  console.log('\n> package (npm run package)');
  if (run(npm, ['run', 'package', '--', '--out', vsix]) !== 0 || !existsSync(vsix)) {
    console.error('npm run package failed');
    return { passed: 0, failed: 1, skipped: 0 };
  }
  return hostTests('installed-package tests (the .vsix installed into a real VS Code extension host)', 'installed', ['--installed', vsix]);
}

// First, so that CI fails on a lint finding (the one definition of lint is package.json's script).
if (lint) {
  step('lint (npm run lint)', npm, ['run', '--silent', 'lint']);
  // The structural rules (function and file lengths, import cycles, the emulator apart from src/).
  step('architecture (npm run architecture)', process.execPath, [join(root, 'scripts', 'architecture.mjs')]);
}
step('build', process.execPath, [join(root, 'esbuild.mjs')]);
// From an empty out/: a test file deleted or renamed in the sources must not keep running from an
// old compile (tsc never removes what it wrote before).
rmSync(join(root, 'out'), { recursive: true, force: true });
step('compile tests', process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.test.json']);

const total = { passed: 0, failed: 0, skipped: 0 };
const add = (c) => { total.passed += c.passed; total.failed += c.failed; total.skipped += c.skipped ?? 0; };
if (!only || only === 'unit') add(await unitTests());
if (!only || only === 'integration') add(hostTests('integration tests (real VS Code extension host)', 'integration'));
if (!only || only === 'integration' || only === 'l10n') {
  add(hostTests('localisation tests (the same host in the pseudo-locale qps-ploc)', 'l10n', ['--locale', 'qps-ploc']));
}
if (!only || only === 'installed') add(installedTests());

console.log(`\ntotal: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
