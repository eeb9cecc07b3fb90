// A small benchmark harness with no dependency: warm-up runs (so the JIT has compiled the code
// and caches are filled, as in an editor that has been open a while), then timed samples with
// process.hrtime.bigint until both a minimum count and a minimum total time are reached.
// Very fast cases are timed in batches, so the clock's own cost does not swamp them.

export interface Throughput {
  /** Work done by one call: records, bytes… */
  amount: number;
  /** `records` gives records/s; `bytes` gives MB/s (10^6 bytes). */
  unit: 'records' | 'bytes';
}

export interface BenchCase {
  name: string;
  /** One operation; a returned promise is awaited before the clock stops. */
  fn: () => unknown;
  throughput?: Throughput;
  /** Per-case overrides, e.g. fewer iterations for a case that takes seconds. */
  options?: Partial<RunOptions>;
}

export interface RunOptions {
  warmupIterations: number;
  /** Warm-up goes on until both the count and this time are reached. */
  warmupMs: number;
  minIterations: number;
  /** Timed samples go on until both `minIterations` and this much measured time are reached. */
  minTimeMs: number;
  /** Stops a fast case long before `minTimeMs` would make it run millions of calls. */
  maxIterations: number;
  /** A sample lasts at least this long: fast operations are repeated inside one sample. */
  minSampleMs: number;
  /** The clock in nanoseconds; injected by tests. */
  now: () => bigint;
}

export const DEFAULT_OPTIONS: RunOptions = {
  warmupIterations: 3,
  warmupMs: 200,
  minIterations: 10,
  minTimeMs: 1000,
  maxIterations: 100_000,
  minSampleMs: 0.2,
  now: () => process.hrtime.bigint(),
};

/** Just enough to prove each case runs, one timed call each: `--quick` (its numbers are not compared). */
export const QUICK_OPTIONS: Partial<RunOptions> = {
  warmupIterations: 0,
  warmupMs: 0,
  minIterations: 1,
  minTimeMs: 0,
  maxIterations: 50,
};

export interface Stats {
  count: number;
  median: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/**
 * The p-th percentile (0–100) of ascending values, interpolating linearly between the two
 * nearest ranks (the "R-7" definition of spreadsheets and numpy), so the median of an even
 * count is the mean of the middle two.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no samples');
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function summarize(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

export interface CaseResult {
  name: string;
  /** Operations timed (samples × batch). */
  iterations: number;
  /** Operations per sample. */
  batch: number;
  /** Nanoseconds per operation. */
  medianNs: number;
  p95Ns: number;
  meanNs: number;
  opsPerSec: number;
  /** records/s or MB/s at the median, when the case declares its throughput. */
  throughput?: { value: number; unit: 'records/s' | 'MB/s' };
}

// Results land here so the optimiser cannot drop a call whose value is unused.
const sink: { value?: unknown } = {};
export function consume(value: unknown): void {
  sink.value = value;
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

async function call(fn: () => unknown): Promise<void> {
  const r = fn();
  // Sync cases are not awaited: an await costs a microtask turn, which would be measured.
  consume(isThenable(r) ? await r : r);
}

export async function runCase(c: BenchCase, overrides: Partial<RunOptions> = {}): Promise<CaseResult> {
  // The runner's overrides (--quick) win over a case's own, so --quick stays quick.
  const o: RunOptions = { ...DEFAULT_OPTIONS, ...c.options, ...overrides };
  const ms = (ns: bigint) => Number(ns) / 1e6;

  // Warm-up; the slowest call tells how many calls one sample needs.
  const warmStart = o.now();
  let fastest = Infinity;
  for (let i = 0; i < o.warmupIterations || ms(o.now() - warmStart) < o.warmupMs; i++) {
    const t0 = o.now();
    await call(c.fn);
    fastest = Math.min(fastest, ms(o.now() - t0));
  }
  const batch = fastest > 0 && fastest < o.minSampleMs ? Math.ceil(o.minSampleMs / fastest) : 1;

  const samples: number[] = [];
  let measuredMs = 0;
  while (samples.length * batch < o.maxIterations && (samples.length < o.minIterations || measuredMs < o.minTimeMs)) {
    const t0 = o.now();
    for (let b = 0; b < batch; b++) await call(c.fn);
    const elapsed = o.now() - t0;
    measuredMs += ms(elapsed);
    samples.push(Number(elapsed) / batch);
  }

  const s = summarize(samples);
  const result: CaseResult = {
    name: c.name,
    iterations: samples.length * batch,
    batch,
    medianNs: s.median,
    p95Ns: s.p95,
    meanNs: s.mean,
    opsPerSec: s.median > 0 ? 1e9 / s.median : Infinity,
  };
  if (c.throughput && s.median > 0) {
    const perSec = (c.throughput.amount * 1e9) / s.median;
    result.throughput =
      c.throughput.unit === 'bytes' ? { value: perSec / 1e6, unit: 'MB/s' } : { value: perSec, unit: 'records/s' };
  }
  return result;
}

// ---- printing ------------------------------------------------------------------------------

/** `1.23 ms`, `456 µs`, `2.10 s`: three significant digits in a unit a person reads at once. */
export function formatDuration(ns: number): string {
  const [value, unit] =
    ns >= 1e9 ? [ns / 1e9, 's'] : ns >= 1e6 ? [ns / 1e6, 'ms'] : ns >= 1e3 ? [ns / 1e3, 'µs'] : [ns, 'ns'];
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)} ${unit}`;
}

/** `12,345` for large rates, three significant digits for small ones. */
export function formatRate(value: number): string {
  if (!Number.isFinite(value)) return '∞';
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

/** One table: name, iterations, median, p95, ops/s, records/s or MB/s. */
export function formatTable(title: string, results: readonly CaseResult[]): string {
  const header = ['case', 'iterations', 'median', 'p95', 'ops/s', 'throughput'];
  const rows = results.map((r) => [
    r.name,
    r.iterations.toLocaleString('en-US'),
    formatDuration(r.medianNs),
    formatDuration(r.p95Ns),
    formatRate(r.opsPerSec),
    r.throughput ? `${formatRate(r.throughput.value)} ${r.throughput.unit}` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  // Names read left-aligned, numbers right-aligned.
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [title, line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// ---- suites --------------------------------------------------------------------------------

/** A number read off a suite's results, with the goal it is held to, if any. */
export interface Figure {
  name: string;
  /** Undefined when it was not measured (see `skipped`). */
  value?: number;
  /** `×` for ratios, `KB`, `MB`, `ms`. */
  unit: string;
  /** What the value was computed from, e.g. `1.42 s vs 5.61 s`. */
  detail?: string;
  goal?: { comparison: '≤' | '≥'; target: number };
  /** Why it was not measured in this run. */
  skipped?: string;
}

/** PASS or MISS against the figure's goal; undefined without a goal or a value. */
export function verdict(f: Figure): 'PASS' | 'MISS' | undefined {
  if (!f.goal || f.value === undefined) return undefined;
  const ok = f.goal.comparison === '≤' ? f.value <= f.goal.target : f.value >= f.goal.target;
  return ok ? 'PASS' : 'MISS';
}

function formatValue(value: number, unit: string): string {
  if (unit === '×') return `${value.toFixed(2)}×`;
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${unit}`;
}

/** One table of figures: name, value, goal, PASS/MISS, what it was computed from. */
export function formatFigures(title: string, figures: readonly Figure[]): string {
  const header = ['figure', 'value', 'goal', '', 'from'];
  const rows = figures.map((f) => [
    f.name,
    f.value === undefined ? '—' : formatValue(f.value, f.unit),
    f.goal ? `${f.goal.comparison} ${f.unit === '×' ? `${f.goal.target}×` : `${f.goal.target} ${f.unit}`}` : '',
    verdict(f) ?? '',
    f.skipped ? `not measured: ${f.skipped}` : (f.detail ?? ''),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [title, line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** What a suite is prepared for: `--quick` proves every case runs, on smaller data. */
export interface SuiteContext {
  quick: boolean;
}

export interface PreparedSuite {
  cases: BenchCase[];
  /** Ratios read off the cases' results (by case name), with their goals. */
  ratios?: (results: ReadonlyMap<string, CaseResult>) => Figure[];
  /** Figures that are not timings of a case (sizes, memory, a host's activation), measured after the cases. */
  measure?: () => Promise<Figure[]>;
  /** Releases what `prepare` started (an emulator, sockets). */
  dispose?: () => Promise<void>;
}

export interface Suite {
  name: string;
  /** Builds fixtures (not timed) and returns the cases; async only when it has to wait (an emulator). */
  prepare(context: SuiteContext): PreparedSuite | Promise<PreparedSuite>;
}

/** The ratio of two cases' medians as a figure; undefined when either case did not run (a filter). */
export function ratioFigure(
  results: ReadonlyMap<string, CaseResult>,
  name: string,
  top: string,
  bottom: string,
  goal: Figure['goal'],
): Figure | undefined {
  const a = results.get(top);
  const b = results.get(bottom);
  if (!a || !b) return undefined;
  return {
    name,
    value: a.medianNs / b.medianNs,
    unit: '×',
    detail: `${formatDuration(a.medianNs)} / ${formatDuration(b.medianNs)}`,
    goal,
  };
}

/** Stops a run whose case measured the wrong thing: a partial or failed load is not a result. */
export function expectCount(what: string, got: number, wanted: number): void {
  if (got !== wanted)
    throw new Error(`${what}: expected ${wanted.toLocaleString('en-US')} records, got ${got.toLocaleString('en-US')}`);
}
