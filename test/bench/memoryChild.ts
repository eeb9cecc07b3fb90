// Child process of memory.ts, started with --expose-gc: runs one scenario of memoryScenarios.ts
// and sends back the RSS before, at its peak and after (with its result still held).
import { setTimeout as delay } from 'node:timers/promises';
import { consume } from './harness';
import { MEMORY_SCENARIOS } from './memoryScenarios';
import type { ListTarget } from './listReaders';

export interface MemoryReading {
  count: number;
  baselineBytes: number;
  peakBytes: number;
  heldBytes: number;
  /** The JavaScript heap's growth, after the run: what the held objects themselves take. */
  heapGrowthBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Full collections until the heap stops shrinking, then the RSS. */
async function settledRss(): Promise<number> {
  if (!gc) throw new Error('memoryChild needs --expose-gc');
  for (let i = 0; i < 3; i++) {
    gc();
    await delay(20);
  }
  return process.memoryUsage.rss();
}

async function main(): Promise<void> {
  const { scenario, target } = JSON.parse(process.argv[2]) as { scenario: string; target: ListTarget };
  const s = MEMORY_SCENARIOS[scenario];
  if (!s) throw new Error(`no memory scenario "${scenario}"`);
  await s.warmUp(target);
  const baselineBytes = await settledRss();
  const baselineHeap = process.memoryUsage().heapUsed;
  let peakBytes = baselineBytes;
  // Sampled between the run's awaits (a timer cannot fire inside a JSON.parse).
  const sampler = setInterval(() => (peakBytes = Math.max(peakBytes, process.memoryUsage.rss())), 2);
  const result = await s.run(target);
  clearInterval(sampler);
  peakBytes = Math.max(peakBytes, process.memoryUsage.rss());
  const heldBytes = await settledRss();
  const heapGrowthBytes = process.memoryUsage().heapUsed - baselineHeap;
  const reading: MemoryReading = { count: result.count, baselineBytes, peakBytes, heldBytes, heapGrowthBytes };
  // Referenced after the reading, so the collector could not take it before.
  consume(result.keep);
  process.send?.(reading);
}

main().catch((e: unknown) => {
  console.error(`memory scenario: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
