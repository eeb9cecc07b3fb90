// Runner-side progress lines. Prefixed so they stand apart from the host's own output.
export type Log = (line: string) => void;

export const hostLog: Log = (line) => console.log(`[host] ${line}`);

/** Prints `what … N s` every `everyMs` until stopped, so a long silent step does not look hung. */
export function heartbeat(log: Log, what: string, everyMs = 15000): () => void {
  const started = Date.now();
  const timer = setInterval(() => log(`${what} … ${Math.round((Date.now() - started) / 1000)} s`), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
