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
/**
 * `__KEYS__:{"id":"k1","type":"status=Paid"}` or `{"id":"k2","press":"Enter"}`: the runner sends
 * real keystrokes to the workbench page (whatever has focus there, e.g. a quick pick), then writes
 * `keys-<id>.done` (or `.failed`) in the screenshot folder. This is how tests drive quick picks by
 * typing, as a user does, instead of setting their value from code.
 */
export const KEYS_MARKER = '__KEYS__:';
export const HEARTBEAT_INTERVAL_MS = 5000;

export interface KeysRequest {
  id: string;
  /** Text typed key by key. */
  type?: string;
  /** One key or chord in Playwright's notation: `Enter`, `ArrowUp`, `Control+A`. */
  press?: string;
}

/** Environment of the extension host under test. */
export const ENV = {
  emulatorUrl: 'DP_EMULATOR_URL',
  emulatorKey: 'DP_EMULATOR_KEY',
  /** The emulator's admin token (X-Emulator-Token), for the suites that set faults or read its log. */
  emulatorToken: 'DP_EMULATOR_TOKEN',
  /** Where an emulator started apart (the "Extension Tests" launch configuration) wrote its token. */
  emulatorTokenFile: 'DP_EMULATOR_TOKEN_FILE',
  /** Set only when the host can take screenshots and type (the offline web workbench); key
   * requests are acknowledged there too. */
  screenshotDir: 'DP_SCREENSHOT_DIR',
  grep: 'DP_TEST_GREP',
  /** The installed-package run: the extensions folder the .vsix was installed into. */
  installedExtensionsDir: 'DP_INSTALLED_EXTENSIONS_DIR',
  /** The installed-package run: a folder that outlives a window reload, for its two phases. */
  phaseDir: 'DP_PHASE_DIR',
  /** The localisation run: the display language the host was started in (`qps-ploc`). */
  displayLanguage: 'DP_DISPLAY_LANGUAGE',
  /** The activation benchmark: the file its in-host suite writes the measured time to. */
  benchResult: 'DP_BENCH_RESULT',
} as const;

export function resultsLine(counts: Counts): string {
  return RESULTS_MARKER + JSON.stringify(counts);
}

export type Message =
  | { kind: 'results'; counts: Counts }
  | { kind: 'heartbeat' }
  | { kind: 'screenshot'; path: string }
  | { kind: 'keys'; request: KeysRequest };

const KEYS_ID = /^[A-Za-z0-9_-]{1,40}$/;
const KEY_NAME = /^[A-Za-z0-9]+(\+[A-Za-z0-9]+)*$/;

/** A keys request must name itself (its ack file) safely and ask for exactly one thing. */
export function parseKeysRequest(json: string): KeysRequest | undefined {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const { id, type, press } = v as Record<string, unknown>;
  if (typeof id !== 'string' || !KEYS_ID.test(id)) return undefined;
  if (typeof type === 'string' && press === undefined && type.length > 0 && type.length <= 1000) return { id, type };
  if (typeof press === 'string' && type === undefined && KEY_NAME.test(press)) return { id, press };
  return undefined;
}

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
  const k = line.indexOf(KEYS_MARKER);
  if (k >= 0) {
    const request = parseKeysRequest(line.slice(k + KEYS_MARKER.length).trim());
    return request ? { kind: 'keys', request } : undefined;
  }
  const s = line.indexOf(SCREENSHOT_MARKER);
  if (s >= 0) {
    const path = line.slice(s + SCREENSHOT_MARKER.length).trim();
    if (path) return { kind: 'screenshot', path };
  }
  return undefined;
}
