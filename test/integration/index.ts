// Test entry loaded by the extension host (`extensionTestsPath`): runs every
// `*.test.js` next to it with mocha and tells the runner the counts through a marker line.
// A heartbeat line lets the runner tell a slow test from a dead or blocked host.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ENV, resultsLine } from '../host/protocol';
import { runInHost } from '../support/inHostMocha';

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return testFiles(p);
    return name.endsWith('.test.js') ? [p] : [];
  }).sort();
}

// The suites that take about half the time (each names its file): `npm test` runs them in a second
// host beside the first, which runs the rest. Each host has its own emulator and user data.
const SECOND_HALF = ['dataTypes', 'invoiceJson', 'savedQueries', 'tree'];

/** The files of this host's half (DP_TEST_SHARD `1/2` or `2/2`), or every file without one. */
function shardOf(files: string[], shard: string | undefined): string[] {
  if (!shard) return files;
  const second = (f: string) => SECOND_HALF.some((name) => f.endsWith(`${name}.test.js`));
  return files.filter((f) => (shard === '2/2') === second(f));
}

export async function run(): Promise<void> {
  const counts = await runInHost(shardOf(testFiles(__dirname), process.env[ENV.shard]));
  console.log(resultsLine(counts));
  if (counts.failed > 0) throw new Error(`${counts.failed} integration test(s) failed`);
}
