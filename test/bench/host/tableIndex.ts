// Entry loaded by the extension host of a table benchmark run (runTest.ts --bench-table, started
// by test/bench/tableView.bench.ts): runs table.test.js and tells the runner the counts.
import { join } from 'node:path';
import { resultsLine } from '../../host/protocol';
import { runInHost } from '../../support/inHostMocha';

export async function run(): Promise<void> {
  const counts = await runInHost([join(__dirname, 'table.test.js')]);
  console.log(resultsLine(counts));
  if (counts.failed > 0) throw new Error('the table benchmark failed');
}
