// What the in-host test index and the runner say to each other. The extension host can only
// talk to the runner through its console output (forwarded by the web workbench, or the stdout
// of a desktop VS Code), so every message is a marker line.

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Printed once by the in-host index when mocha ends: `__DP_RESULTS__ {"passed":…}`. */
export const RESULTS_MARKER = '__DP_RESULTS__ ';
/** Printed every few seconds by the in-host index while tests run; silence means a stuck host. */
export const HEARTBEAT_MARKER = '__DP_HEARTBEAT__';
/** `__SCREENSHOT__:<absolute path>.png`: the runner writes a screenshot of the workbench there. */
export const SCREENSHOT_MARKER = '__SCREENSHOT__:';
export const HEARTBEAT_INTERVAL_MS = 5000;

/** Environment of the extension host under test. */
export const ENV = {
  emulatorUrl: 'DP_EMULATOR_URL',
  emulatorKey: 'DP_EMULATOR_KEY',
  /** Set only when the host can take screenshots (the offline web workbench). */
  screenshotDir: 'DP_SCREENSHOT_DIR',
  grep: 'DP_TEST_GREP',
} as const;

export function resultsLine(counts: Counts): string {
  return RESULTS_MARKER + JSON.stringify(counts);
}

export type Message =
  | { kind: 'results'; counts: Counts }
  | { kind: 'heartbeat' }
  | { kind: 'screenshot'; path: string };

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Reads a marker anywhere in a line: hosts may prefix the extension's output. */
export function parseMessage(line: string): Message | undefined {
  if (line.includes(HEARTBEAT_MARKER)) return { kind: 'heartbeat' };
  const r = line.indexOf(RESULTS_MARKER);
  if (r >= 0) {
    try {
      const c = JSON.parse(line.slice(r + RESULTS_MARKER.length).trim()) as Record<string, unknown>;
      if (isCount(c.passed) && isCount(c.failed) && isCount(c.skipped)) {
        return { kind: 'results', counts: { passed: c.passed, failed: c.failed, skipped: c.skipped } };
      }
    } catch {
      // not ours after all: printed as ordinary output
    }
    return undefined;
  }
  const s = line.indexOf(SCREENSHOT_MARKER);
  if (s >= 0) {
    const path = line.slice(s + SCREENSHOT_MARKER.length).trim();
    if (path) return { kind: 'screenshot', path };
  }
  return undefined;
}
