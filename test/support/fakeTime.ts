// Time for tests of code that takes `now` and `sleep` as arguments: a clock that moves only when
// the test says, and sleeps that end when it passes their time (in order, letting the code they
// wake run before the next). Sleeps reject with the signal's reason when it aborts.

interface Timer {
  at: number;
  resolve: () => void;
}

/** Lets every pending callback and promise continuation run. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class FakeTime {
  private timers: Timer[] = [];

  constructor(private t: number) {}

  now = (): number => this.t;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer: Timer = {
        at: this.t + ms,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.timers = this.timers.filter((x) => x !== timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
    });

  /** Sleeps not yet ended. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves the clock to `at`, ending each sleep due by then at its own time. */
  async advanceTo(at: number): Promise<void> {
    await settle();
    for (;;) {
      const due = this.timers.filter((x) => x.at <= at).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = Math.max(this.t, due.at);
      due.resolve();
      await settle();
    }
    this.t = Math.max(this.t, at);
    await settle();
  }

  async advance(ms: number): Promise<void> {
    await this.advanceTo(this.t + ms);
  }

  /** Runs the clock until no sleep is left (bounded, so a test cannot spin forever). */
  async runAll(limit = 1000): Promise<void> {
    await settle();
    for (let i = 0; i < limit && this.timers.length > 0; i++)
      await this.advanceTo(Math.min(...this.timers.map((x) => x.at)));
  }
}
