// `npm run bench`: compile the tests (the suites live in test/bench/), then run them in a fresh
// Node with the garbage collector exposed, so the runner can collect between cases.
//   npm run bench -- [filter] [--quick] [--json <file>]
// Speed is measured here, never by timed assertions in tests; `npm test` runs only `--quick`
// (test/unit/benchQuick.test.ts), which proves every case runs and reads the right count. A full
// run takes about 20 minutes on 2 cores and starts 3 VS Code extension hosts to time activation,
// as npm test starts them (DP_OFFLINE_CACHE points at an installed offline host to share).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

console.log('> compile (tsc -p tsconfig.test.json)');
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.test.json'], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('compile failed');
  process.exit(1);
}

const run = spawnSync(process.execPath, ['--expose-gc', join(root, 'out/test/bench/run.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
