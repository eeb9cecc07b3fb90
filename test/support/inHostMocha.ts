// Runs mocha inside the extension host, with the heartbeat the runner's watchdog listens for.
// Shared by the in-host entries (test/integration/index.ts, test/installed/index.ts).
import Mocha from 'mocha';
import { ENV, HEARTBEAT_INTERVAL_MS, HEARTBEAT_MARKER, type Counts } from '../host/protocol';

export function runInHost(files: readonly string[]): Promise<Counts> {
  // The web workbench forwards console.log calls, not raw stdout writes: no colours, one line each.
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false,
    timeout: 30_000,
    grep: process.env[ENV.grep] || undefined,
  });
  for (const f of files) mocha.addFile(f);
  console.log(HEARTBEAT_MARKER);
  const beat = setInterval(() => console.log(HEARTBEAT_MARKER), HEARTBEAT_INTERVAL_MS);
  return new Promise<Counts>((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        clearInterval(beat);
        const s = runner.stats;
        resolve({ passed: s?.passes ?? 0, failed: s?.failures ?? failures, skipped: s?.pending ?? 0 });
      });
    } catch (err) {
      clearInterval(beat);
      reject(err);
    }
  });
}
