// A clock that runs `factor` times faster than real time, shared by the emulator (its rate
// windows, its request log times) and the client (its waits): a rate-limit window of many seconds
// passes in a fraction of one, while both sides still see whole-second HTTP dates and Retry-After
// values, as against a real server. Tests read times from it, never from the wall. It can be
// paused while a test sets the scene, so a slow machine cannot let a window end meanwhile.
import { sleep as realSleep } from '../../src/api/retry';

export class ScaledClock {
  private elapsed = 0;
  private since: number | undefined = performance.now();

  constructor(
    private readonly factor: number,
    private readonly start = Date.UTC(2026, 0, 15, 12, 0, 0),
  ) {}

  now = (): number =>
    this.start +
    Math.round(this.elapsed + (this.since === undefined ? 0 : (performance.now() - this.since) * this.factor));

  date = (): Date => new Date(this.now());

  /** A sleep begun while the clock is paused starts when it resumes: begun at once, it would end
   * early by the clock (real time passing while the clock stands still). */
  sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
    if (this.since === undefined) await this.resumed;
    return realSleep(ms / this.factor, signal);
  };
  private resumed: Promise<void> = Promise.resolve();
  private wake: () => void = () => undefined;

  pause(): void {
    if (this.since === undefined) return;
    this.elapsed += (performance.now() - this.since) * this.factor;
    this.since = undefined;
    this.resumed = new Promise((resolve) => (this.wake = resolve));
  }

  resume(): void {
    if (this.since !== undefined) return;
    this.since = performance.now();
    this.wake();
  }
}
