// Decides when a host run has hung: the tests never started, the in-host heartbeat stopped
// (a crashed or blocked extension host), or the whole run took too long. Every limit counts from
// `start()`, when the host is launched, so a first-run install (Chromium, Node 24, the VS Code
// server: minutes on a fresh machine) never eats into them. The clock is injected so the rules
// are tested without waiting.

export interface WatchdogLimits {
  /** From the host's start to the first heartbeat of the in-host index. */
  startupMs: number;
  /** Longest silence between two heartbeats. */
  stallMs: number;
  /** Whole run. */
  totalMs: number;
}

export const DEFAULT_LIMITS: WatchdogLimits = { startupMs: 180_000, stallMs: 60_000, totalMs: 900_000 };

/** `DP_TEST_STARTUP_TIMEOUT`, `DP_TEST_STALL_TIMEOUT`, `DP_TEST_TIMEOUT`, in seconds. */
export function limitsFromEnv(env: NodeJS.ProcessEnv, defaults = DEFAULT_LIMITS): WatchdogLimits {
  const seconds = (name: string, fallback: number): number => {
    const v = Number(env[name]);
    return env[name] && Number.isFinite(v) && v > 0 ? v * 1000 : fallback;
  };
  return {
    startupMs: seconds('DP_TEST_STARTUP_TIMEOUT', defaults.startupMs),
    stallMs: seconds('DP_TEST_STALL_TIMEOUT', defaults.stallMs),
    totalMs: seconds('DP_TEST_TIMEOUT', defaults.totalMs),
  };
}

export class Watchdog {
  private started: number | undefined;
  private lastBeat: number | undefined;

  constructor(
    private readonly limits: WatchdogLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The host is being launched: the limits count from here. Later calls change nothing. */
  start(): void {
    this.started ??= this.now();
  }

  beat(): void {
    this.lastBeat = this.now();
  }

  /** Why the run counts as hung, or undefined while it is healthy (always, before `start`). */
  verdict(): string | undefined {
    if (this.started === undefined) return undefined;
    const t = this.now();
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    if (t - this.started >= this.limits.totalMs)
      return `the run did not finish within ${s(this.limits.totalMs)} (DP_TEST_TIMEOUT)`;
    if (this.lastBeat === undefined) {
      if (t - this.started >= this.limits.startupMs) {
        return `the tests did not start within ${s(this.limits.startupMs)} of the host starting (DP_TEST_STARTUP_TIMEOUT)`;
      }
    } else if (t - this.lastBeat >= this.limits.stallMs) {
      return `the extension host stopped responding: no heartbeat for ${s(this.limits.stallMs)} (DP_TEST_STALL_TIMEOUT)`;
    }
    return undefined;
  }
}
