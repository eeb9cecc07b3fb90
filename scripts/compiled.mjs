// `npm run bench` and `npm run soak`: compile the tests (the bench lives in test/bench/, the soak
// in test/soak/), then run the named one in a fresh Node with the garbage collector exposed, so
// the runner can collect between cases and compare memory after a full collection.
//   npm run bench -- [filter] [--quick] [--json <file>] [--record]
//     Speed is measured here, never by timed assertions in tests; `npm test` runs only `--quick`
//     (test/unit/bench/quick.test.ts), which proves every case runs and reads the right count. A
//     full run takes about 20 minutes on 2 cores and starts 3 VS Code extension hosts to time
//     activation, as npm test starts them (DP_OFFLINE_CACHE points at an installed offline host).
//   npm run soak -- [--seconds 30] [--clients 50] [--faults 0.05] [--seed 1] [--max-growth-mb 50]
//     It stops itself; a short run of it is part of the unit tests (test/unit/soak.test.ts).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNNERS = { bench: 'out/test/bench/run.js', soak: 'out/test/soak/run.js' };
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [which, ...args] = process.argv.slice(2);
if (!Object.hasOwn(RUNNERS, which)) {
  console.error(`usage: node scripts/compiled.mjs ${Object.keys(RUNNERS).join('|')} [arguments]`);
  process.exit(2);
}

console.log('> compile (tsc -p tsconfig.test.json)');
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.test.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) {
  console.error('compile failed');
  process.exit(1);
}

const run = spawnSync(process.execPath, ['--expose-gc', join(root, RUNNERS[which]), ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
