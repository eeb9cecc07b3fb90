// Test entry loaded by the extension host (`extensionTestsPath`): runs every
// `*.test.js` next to it with mocha and tells the runner the counts through a marker line.
// A heartbeat line lets the runner tell a slow test from a dead or blocked host.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { ENV, HEARTBEAT_INTERVAL_MS, HEARTBEAT_MARKER, resultsLine } from '../host/protocol';

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return testFiles(p);
    return name.endsWith('.test.js') ? [p] : [];
  }).sort();
}

export function run(): Promise<void> {
  // The web workbench forwards console.log calls, not raw stdout writes: no colours, one line each.
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000, grep: process.env[ENV.grep] || undefined });
  for (const f of testFiles(__dirname)) mocha.addFile(f);
  console.log(HEARTBEAT_MARKER);
  const beat = setInterval(() => console.log(HEARTBEAT_MARKER), HEARTBEAT_INTERVAL_MS);
  return new Promise<void>((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        clearInterval(beat);
        const s = runner.stats;
        console.log(resultsLine({ passed: s?.passes ?? 0, failed: s?.failures ?? failures, skipped: s?.pending ?? 0 }));
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
    } catch (err) {
      clearInterval(beat);
      reject(err as Error);
    }
  });
}
