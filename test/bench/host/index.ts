// Entry loaded by the extension host of an activation benchmark run (runTest.ts
// --bench-activation, started by test/bench/activation.ts): runs activate.test.js and tells the
// runner the counts, as the integration entry does.
import { join } from 'node:path';
import { resultsLine } from '../../host/protocol';
import { runInHost } from '../../support/inHostMocha';

export async function run(): Promise<void> {
  const counts = await runInHost([join(__dirname, 'activate.test.js')]);
  console.log(resultsLine(counts));
  if (counts.failed > 0) throw new Error('the activation benchmark failed');
}
