// `npm run soak`: compile the tests (the soak lives in test/soak/), then run it in a fresh Node
// with the garbage collector exposed, so memory is compared after a full collection.
//   npm run soak -- [--seconds 30] [--clients 50] [--faults 0.05] [--seed 1] [--max-growth-mb 50]
// It stops itself; a short run of it is part of the unit tests (test/unit/soak.test.ts).
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

const run = spawnSync(process.execPath, ['--expose-gc', join(root, 'out/test/soak/run.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
