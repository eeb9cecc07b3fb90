// Test entry of the localisation run (`runTest.js --locale qps-ploc`): the development extension
// in a host started in another display language; runs every `*.test.js` next to it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resultsLine } from '../host/protocol';
import { runInHost } from '../support/inHostMocha';

export async function run(): Promise<void> {
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort()
    .map((name) => join(__dirname, name));
  const counts = await runInHost(files);
  console.log(resultsLine(counts));
  if (counts.failed > 0) throw new Error(`${counts.failed} localisation test(s) failed`);
}
