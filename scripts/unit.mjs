// The unit tests (out/test/unit, compiled by scripts/test.mjs) in plain Node: mocha in parallel
// workers, so that tests waiting on real timers (retry storms, soak runs) overlap with the
// CPU-bound ones. Counts go to the file named by DP_TEST_RESULTS for test.mjs's summary.
//   --grep <re>  only the matching tests
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Mocha from 'mocha';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const grepAt = process.argv.indexOf('--grep');
const grep = grepAt >= 0 ? process.argv[grepAt + 1] : undefined;

function testFiles(dir) {
  return readdirSync(dir)
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return testFiles(p);
      return name.endsWith('.test.js') ? [p] : [];
    })
    .sort();
}

// One worker per core (more only slowed the host lanes beside them). The timeout only catches a
// hang: beside the host lanes of `npm test`, a test that computes for 5 s alone may take 20 s.
const mocha = new Mocha({ reporter: 'spec', timeout: 60_000, grep, parallel: true, jobs: availableParallelism() });
for (const f of testFiles(join(root, 'out/test/unit'))) mocha.addFile(f);
const runner = mocha.run(() => {
  const s = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
  const counts = { passed: s.passes, failed: s.failures, skipped: s.pending };
  if (process.env.DP_TEST_RESULTS) writeFileSync(process.env.DP_TEST_RESULTS, JSON.stringify(counts) + '\n');
  process.exitCode = counts.failed > 0 ? 1 : 0;
});
