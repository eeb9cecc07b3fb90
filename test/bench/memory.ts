// RSS growth of a scenario (memoryScenarios.ts), each run in a fresh Node with --expose-gc, so
// nothing the benchmark process did before is counted and full collections settle the baseline.
// The emulator the scenario reads from runs in yet another process. The figure is the median of
// the runs; a run that read the wrong number of records fails the benchmark.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { expectCount, summarize, type Figure } from './harness';
import type { ListTarget } from './listReaders';
import type { MemoryReading } from './memoryChild';
import { MEMORY_SCENARIOS } from './memoryScenarios';

const MB = 1024 * 1024;

/** One run of `scenario` in a child process. */
export function measureRss(scenario: string, target: ListTarget): Promise<MemoryReading> {
  const child = fork(join(__dirname, 'memoryChild.js'), [JSON.stringify({ scenario, target })], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let reading: MemoryReading | undefined;
    child.once('message', (m) => (reading = m as MemoryReading));
    child.once('error', reject);
    child.once('exit', (code) =>
      reading && code === 0 ? resolve(reading) : reject(new Error(`memory scenario "${scenario}" exited with ${code}`)),
    );
  });
}

/** The median RSS growth of `runs` runs, in MB, as a figure (held to `goalMB` when given). */
export async function rssFigure(
  name: string,
  scenario: string,
  target: ListTarget,
  runs: number,
  goalMB?: number,
): Promise<Figure> {
  const readings: MemoryReading[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await measureRss(scenario, target);
    expectCount(name, r.count, target.invoices);
    readings.push(r);
  }
  const median = (f: (r: MemoryReading) => number): number => summarize(readings.map(f)).median / MB;
  const held = median((r) => r.heldBytes - r.baselineBytes);
  const peak = median((r) => r.peakBytes - r.baselineBytes);
  const value = MEMORY_SCENARIOS[scenario].measure === 'held' ? held : peak;
  return {
    name,
    value,
    unit: 'MB',
    detail: `median of ${runs}: held ${held.toFixed(0)} MB (JS heap +${median((r) => r.heapGrowthBytes).toFixed(0)} MB, ${((median((r) => r.heapGrowthBytes) * MB) / target.invoices).toFixed(0)} bytes a record), peak ${peak.toFixed(0)} MB over a baseline of ${median((r) => r.baselineBytes).toFixed(0)} MB`,
    ...(goalMB === undefined ? {} : { goal: { comparison: '≤', target: goalMB } as const }),
  };
}
