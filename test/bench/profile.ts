// Profiles of one benchmark case, for docs/profiles/export.md (not part of `npm run bench`):
//   node --cpu-prof --cpu-prof-dir=prof out/test/bench/profile.js cpu [invoices] [latencyMs] [reader]
//     runs a reader of listReaders.ts (default: Export to CSV) against an emulator in its own
//     process, once to warm up and three times timed; open the .cpuprofile in a browser's devtools.
//   node --expose-gc out/test/bench/profile.js heap
//     runs the memory benchmark's "export to CSV" scenario (100,000 invoices, latency 0) in this
//     process: the heap's parts at the peak of RSS, and a sampling heap profile of what reached
//     the old generation or was freed only by a full collection, by allocating function.
import { Session } from 'node:inspector/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { startEmulatorProcess } from './emulatorProcess';
import { LIST_READERS, type ListTarget } from './listReaders';
import { MEMORY_SCENARIOS } from './memoryScenarios';

const MB = 1024 * 1024;

async function cpu(invoices: number, latencyMs: number, name: string): Promise<void> {
  const emu = await startEmulatorProcess({ invoices, latencyMs });
  try {
    const reader = LIST_READERS.find((r) => r.name.includes(name));
    if (!reader) throw new Error(`no reader named like "${name}"`);
    const read = reader.reader({ ...emu, invoices, pageSize: 500 });
    await read();
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const n = await read();
      console.log(`${reader.name}: ${n} records in ${(performance.now() - t0).toFixed(0)} ms`);
    }
  } finally {
    await emu.close();
  }
}

interface SampleNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampleNode[];
}

/** Bytes sampled by the innermost three frames, largest first. */
function byStack(head: SampleNode): [string, number][] {
  const sizes = new Map<string, number>();
  const walk = (node: SampleNode, stack: string[]): void => {
    const f = node.callFrame;
    const here = [
      `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}`,
      ...stack,
    ];
    if (node.selfSize > 0)
      sizes.set(here.slice(0, 3).join(' < '), (sizes.get(here.slice(0, 3).join(' < ')) ?? 0) + node.selfSize);
    for (const c of node.children) walk(c, here);
  };
  walk(head, []);
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

async function heap(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const emu = await startEmulatorProcess({ invoices: 100_000, latencyMs: 0 });
  try {
    const target: ListTarget = { ...emu, invoices: 100_000, pageSize: 500 };
    const scenario = MEMORY_SCENARIOS['export to CSV'];
    await scenario.warmUp(target);
    for (let i = 0; i < 3; i++) {
      gc();
      await delay(20);
    }
    const base = process.memoryUsage();
    let peak = base;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      if (m.rss > peak.rss) peak = m;
    }, 2);
    const session = new Session();
    session.connect();
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 32_768,
      includeObjectsCollectedByMajorGC: true,
    });
    await scenario.run(target);
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SampleNode } };
    clearInterval(sampler);
    const growth = (k: keyof NodeJS.MemoryUsage): string => `${((peak[k] - base[k]) / MB).toFixed(0)} MB`;
    console.log(
      `at the peak of RSS: rss +${growth('rss')}, heap used +${growth('heapUsed')}, external +${growth('external')}`,
    );
    const stacks = byStack(profile.head);
    const total = stacks.reduce((s, [, v]) => s + v, 0);
    console.log(`reached the old generation or freed by a full collection: ${(total / MB).toFixed(0)} MB`);
    for (const [stack, bytes] of stacks.slice(0, 12))
      console.log(`${(bytes / MB).toFixed(1).padStart(7)} MB  ${stack}`);
  } finally {
    await emu.close();
  }
}

const [what, ...args] = process.argv.slice(2);
(what === 'heap' ? heap() : cpu(Number(args[0] ?? 25_000), Number(args[1] ?? 0), args[2] ?? 'Export to CSV')).catch(
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
