// Entry loaded by the extension host of a big-tree benchmark run (runTest.ts --bench-tree,
// started by test/bench/bigTree.ts): runs tree.test.js and tells the runner the counts.
import { join } from 'node:path';
import { resultsLine } from '../../host/protocol';
import { runInHost } from '../../support/inHostMocha';

export async function run(): Promise<void> {
  const counts = await runInHost([join(__dirname, 'tree.test.js')]);
  console.log(resultsLine(counts));
  if (counts.failed > 0) throw new Error('the big-tree benchmark failed');
}
