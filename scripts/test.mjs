// `npm test`: build, compile the tests, run the unit tests in plain Node, then the integration
// tests in a real VS Code extension host, and end with one summary line across both.
//   --unit         unit tests only
//   --integration  integration tests only
//   --grep <re>    passed to mocha (unit tests)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Mocha from 'mocha';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.includes('--unit') ? 'unit' : args.includes('--integration') ? 'integration' : undefined;
const grepAt = args.indexOf('--grep');
const grep = grepAt >= 0 ? args[grepAt + 1] : undefined;

function run(cmd, cmdArgs, env) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
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

function integrationTests() {
  const runner = join(root, 'out/test/runTest.js');
  if (!existsSync(runner)) {
    console.log('\n(no integration test runner yet)');
    return { passed: 0, failed: 0, skipped: 0 };
  }
  const resultsDir = join(root, '.test-results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'integration.json');
  rmSync(file, { force: true });
  console.log('\n> integration tests (real VS Code extension host)');
  const code = run(process.execPath, [runner], { DP_TEST_RESULTS: file });
  const counts = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { passed: 0, failed: 0, skipped: 0 };
  // A crash or hang of the host counts as a failure even when no test reported one.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

step('build', process.execPath, [join(root, 'esbuild.mjs')]);
step('compile tests', process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.test.json']);

const total = { passed: 0, failed: 0, skipped: 0 };
const add = (c) => { total.passed += c.passed; total.failed += c.failed; total.skipped += c.skipped ?? 0; };
if (only !== 'integration') add(await unitTests());
if (only !== 'unit') add(integrationTests());

console.log(`\ntotal: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
