// Test entry loaded by the extension host (`extensionTestsPath`): runs every
// `*.test.js` next to it with mocha and tells the runner the counts through a marker line.
// A heartbeat line lets the runner tell a slow test from a dead or blocked host.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resultsLine } from '../host/protocol';
import { runInHost } from '../support/inHostMocha';

function testFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return testFiles(p);
      return name.endsWith('.test.js') ? [p] : [];
    })
    .sort();
}

export async function run(): Promise<void> {
  const counts = await runInHost(testFiles(__dirname));
  console.log(resultsLine(counts));
  if (counts.failed > 0) throw new Error(`${counts.failed} integration test(s) failed`);
}
