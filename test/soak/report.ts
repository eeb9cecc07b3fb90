// The soak's figures as lines of text: what was sent, how each answer was classified against
// what the emulator applied, memory, and why the run failed if it did.
import { cpus } from 'node:os';
import { faultClass, ruleRate, SOAK_FAULTS } from './outcomes';
import { KEY_KINDS } from './requests';
import type { SoakReport } from './soak';

const n = (x: number): string => Math.round(x).toLocaleString('en-US');
const pct = (part: number, whole: number): string => `${((100 * part) / Math.max(1, whole)).toFixed(2)}%`;
const mb = (x: number): string => `${x.toFixed(1)} MB`;

export function reportLines(r: SoakReport): string[] {
  const o = r.options;
  const faulted = SOAK_FAULTS.reduce((sum, rule) => sum + (r.outcomes[faultClass(rule)] ?? 0), 0);
  const lines = [
    `soak: ${o.clients} clients for ${o.seconds} s on loopback, seed ${o.seed}; Node ${process.version}, ${cpus().length} CPUs`,
    `faults: ${SOAK_FAULTS.length} rules at ${(100 * ruleRate(o.faultShare)).toFixed(2)}% each (about ${100 * o.faultShare}% of requests)`,
    `requests: ${n(r.requests)} in ${(r.elapsedMs / 1000).toFixed(1)} s (${n(r.requests / (r.elapsedMs / 1000))}/s); served by the emulator: ${n(r.served)}`,
    `answered as the request asks: ${n(r.outcomes.answered ?? 0)} (${pct(r.outcomes.answered ?? 0, r.requests)}); faulted: ${n(faulted)} (${pct(faulted, r.requests)}); unexpected: ${n(r.outcomes.unexpected ?? 0)}`,
    `faults met by the clients / applied by the emulator:`,
    ...SOAK_FAULTS.map(
      (rule) =>
        `  ${faultClass(rule).padEnd(14)} ${n(r.outcomes[faultClass(rule)] ?? 0).padStart(7)} / ${n(r.applied[faultClass(rule)] ?? 0)}`,
    ),
    `keys: ${KEY_KINDS.map(([k]) => `${k} ${pct(r.byKey[k] ?? 0, r.requests)}`).join(', ')}`,
    `memory${r.gc ? ' after GC' : ' (no --expose-gc: without GC)'}: heap ${mb(r.start.heapMB)} → ${mb(r.end.heapMB)} (${r.end.heapMB >= r.start.heapMB ? '+' : ''}${mb(r.end.heapMB - r.start.heapMB)}, bound +${o.maxHeapGrowthMB} MB; peak ${mb(r.peak.heapMB)}), RSS ${mb(r.start.rssMB)} → ${mb(r.end.rssMB)} (peak ${mb(r.peak.rssMB)})`,
    `rate-limit windows held at the end: ${n(r.rateWindows)} (after ${n(r.byKey.random ?? 0)} requests with random keys)`,
  ];
  if (r.failures.length === 0) lines.push('soak: passed');
  else lines.push(...r.failures.map((f) => `FAILED: ${f}`), 'soak: failed');
  return lines;
}
