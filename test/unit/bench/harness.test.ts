// The benchmark harness computes the right statistics and runs what it says it runs. No timing
// is asserted: a fake clock makes every duration known.
import * as assert from 'node:assert/strict';
import {
  formatDuration,
  formatFigures,
  formatTable,
  percentile,
  ratioFigure,
  runCase,
  summarize,
  verdict,
  type CaseResult,
  type Figure,
  type RunOptions,
} from '../../bench/harness';

/** A clock that only moves when a case says how long its call took. */
function fakeClock() {
  let t = 0n;
  return {
    now: () => t,
    advance: (ns: number) => {
      t += BigInt(ns);
    },
  };
}

const exact = (o: Partial<RunOptions>): Partial<RunOptions> => ({
  warmupMs: 0,
  minTimeMs: 0,
  minSampleMs: 0,
  maxIterations: 1e6,
  ...o,
});

describe('bench harness', () => {
  describe('statistics', () => {
    it('median and p95 interpolate between ranks', () => {
      const s = summarize([10, 1, 9, 2, 8, 3, 7, 4, 6, 5]);
      assert.equal(s.count, 10);
      assert.equal(s.median, 5.5);
      assert.ok(Math.abs(s.p95 - 9.55) < 1e-9, `p95 ${s.p95}`);
      assert.equal(s.mean, 5.5);
      assert.equal(s.min, 1);
      assert.equal(s.max, 10);
    });

    it('an odd count has its middle value as median; one sample is every statistic', () => {
      assert.equal(summarize([3, 100, 1, 2, 4]).median, 3);
      assert.deepEqual(summarize([7]), { count: 1, median: 7, p95: 7, mean: 7, min: 7, max: 7 });
    });

    it('p95 of 1..100 sits between the 95th and 96th values; the input is not reordered', () => {
      const values = Array.from({ length: 100 }, (_, i) => 100 - i);
      const copy = [...values];
      assert.ok(Math.abs(summarize(values).p95 - 95.05) < 1e-9);
      assert.deepEqual(values, copy);
      assert.equal(percentile([1, 2, 3], 0), 1);
      assert.equal(percentile([1, 2, 3], 100), 3);
      assert.throws(() => percentile([], 50), /no samples/);
    });
  });

  describe('runCase', () => {
    it('times only the runs after warm-up and reports their median, p95 and ops/s', async () => {
      const clock = fakeClock();
      // Three warm-up calls (slow, as cold code is), then the ten timed ones: 1..10 ms.
      const durations = [50e6, 40e6, 30e6, ...[5, 1, 9, 2, 10, 3, 8, 4, 7, 6].map((ms) => ms * 1e6)];
      let calls = 0;
      const result = await runCase(
        { name: 'known', fn: () => clock.advance(durations[calls++]), throughput: { amount: 1000, unit: 'records' } },
        exact({ warmupIterations: 3, minIterations: 10, now: clock.now }),
      );
      assert.equal(calls, 13);
      assert.equal(result.iterations, 10);
      assert.equal(result.batch, 1);
      assert.equal(result.medianNs, 5.5e6);
      assert.ok(Math.abs(result.p95Ns - 9.55e6) < 1e-3);
      assert.ok(Math.abs(result.opsPerSec - 1000 / 5.5) < 1e-9);
      assert.deepEqual(result.throughput?.unit, 'records/s');
      assert.ok(Math.abs((result.throughput?.value ?? 0) - (1000 * 1000) / 5.5) < 1e-6);
    });

    it('keeps sampling until the minimum total time is reached', async () => {
      const clock = fakeClock();
      let calls = 0;
      const result = await runCase(
        { name: 'slow start', fn: () => (calls++, clock.advance(2e6)) },
        exact({ warmupIterations: 0, minIterations: 2, minTimeMs: 15, now: clock.now }),
      );
      // 2 ms a call: 8 calls make the 15 ms, more than the 2 asked for.
      assert.equal(result.iterations, 8);
      assert.equal(calls, 8);
    });

    it('batches calls shorter than a sample and reports time per call', async () => {
      const clock = fakeClock();
      const result = await runCase(
        { name: 'tiny', fn: () => clock.advance(10_000), throughput: { amount: 65_536, unit: 'bytes' } },
        exact({ warmupIterations: 2, minIterations: 3, minSampleMs: 0.2, now: clock.now }),
      );
      // 10 µs a call, 200 µs a sample: 20 calls each.
      assert.equal(result.batch, 20);
      assert.equal(result.iterations, 60);
      assert.equal(result.medianNs, 10_000);
      assert.equal(result.throughput?.unit, 'MB/s');
      assert.ok(Math.abs((result.throughput?.value ?? 0) - 6553.6) < 1e-6);
    });

    it('the runner’s options win over a case’s own, so --quick stays quick', async () => {
      const clock = fakeClock();
      const result = await runCase(
        { name: 'slow', fn: () => clock.advance(1e9), options: { warmupIterations: 2, minIterations: 5 } },
        exact({ warmupIterations: 0, minIterations: 1, now: clock.now }),
      );
      assert.equal(result.iterations, 1);
    });

    it('awaits an async case before stopping the clock', async () => {
      const clock = fakeClock();
      let finished = 0;
      const result = await runCase(
        {
          name: 'async',
          fn: async () => {
            await new Promise((r) => setImmediate(r));
            clock.advance(3e6);
            finished++;
          },
        },
        exact({ warmupIterations: 1, minIterations: 4, now: clock.now }),
      );
      assert.equal(finished, 5);
      assert.equal(result.medianNs, 3e6);
    });

    it('runs a trivial case on the real clock and gives consistent statistics', async () => {
      const result = await runCase(
        { name: 'sum', fn: () => [1, 2, 3].reduce((a, b) => a + b, 0) },
        { warmupIterations: 2, warmupMs: 0, minIterations: 5, minTimeMs: 0 },
      );
      assert.ok(result.iterations >= 5);
      assert.ok(result.medianNs > 0 && Number.isFinite(result.medianNs));
      assert.ok(result.p95Ns >= result.medianNs);
      assert.ok(Math.abs(result.opsPerSec * result.medianNs - 1e9) < 1);
    });
  });

  describe('printing', () => {
    it('formats durations in a readable unit', () => {
      assert.equal(formatDuration(850), '850 ns');
      assert.equal(formatDuration(12_340), '12.3 µs');
      assert.equal(formatDuration(1.5e6), '1.50 ms');
      assert.equal(formatDuration(2.345e9), '2.35 s');
    });

    it('prints a table with one aligned row per case', () => {
      const table = formatTable('suite', [
        {
          name: 'a',
          iterations: 1000,
          batch: 1,
          medianNs: 1e6,
          p95Ns: 2e6,
          meanNs: 1.2e6,
          opsPerSec: 1000,
          throughput: { value: 25_000, unit: 'records/s' },
        },
        { name: 'longer name', iterations: 3, batch: 1, medianNs: 2e9, p95Ns: 3e9, meanNs: 2e9, opsPerSec: 0.5 },
      ]);
      const lines = table.split('\n');
      assert.equal(lines[0], 'suite');
      assert.match(lines[1], /^case\s+iterations\s+median\s+p95\s+ops\/s\s+throughput$/);
      assert.match(lines[3], /^a\s+1,000\s+1\.00 ms\s+2\.00 ms\s+1,000\s+25,000 records\/s$/);
      assert.match(lines[4], /^longer name\s+3\s+2\.00 s\s+3\.00 s\s+0\.500$/);
      // Right-aligned numbers: the median column ends at the same place in every row.
      const end = (line: string, cell: string) => line.indexOf(cell) + cell.length;
      assert.equal(end(lines[3], '1.00 ms'), end(lines[4], '2.00 s'));
    });
  });
  describe('figures and goals', () => {
    const result = (name: string, medianNs: number): CaseResult => ({
      name,
      iterations: 3,
      batch: 1,
      medianNs,
      p95Ns: medianNs,
      meanNs: medianNs,
      opsPerSec: 1e9 / medianNs,
    });
    const results = new Map(
      [
        ['sdk', result('sdk', 9e9)],
        ['ours', result('ours', 3e9)],
        ['fetch', result('fetch', 2e9)],
      ].map(([k, r]) => [k as string, r as CaseResult]),
    );

    it('a ratio is the first case’s median over the second’s, and says what it was read from', () => {
      const f = ratioFigure(results, 'ours vs SDK', 'sdk', 'ours', { comparison: '≥', target: 3 });
      assert.deepEqual(f, {
        name: 'ours vs SDK',
        value: 3,
        unit: '×',
        detail: '9.00 s / 3.00 s',
        goal: { comparison: '≥', target: 3 },
      });
      assert.equal(ratioFigure(results, 'x', 'sdk', 'filtered out', undefined), undefined);
    });

    it('PASS and MISS follow the goal’s direction, the target itself passing', () => {
      const at = (value: number, comparison: '≤' | '≥'): Figure => ({
        name: 'f',
        value,
        unit: '×',
        goal: { comparison, target: 1.5 },
      });
      assert.equal(verdict(at(1.5, '≤')), 'PASS');
      assert.equal(verdict(at(1.51, '≤')), 'MISS');
      assert.equal(verdict(at(1.5, '≥')), 'PASS');
      assert.equal(verdict(at(1.49, '≥')), 'MISS');
      assert.equal(verdict({ name: 'no goal', value: 3, unit: 'KB' }), undefined);
      assert.equal(
        verdict({ name: 'not measured', unit: 'ms', goal: { comparison: '≤', target: 1 }, skipped: 'why' }),
        undefined,
      );
    });

    it('prints one row per figure: value, goal, verdict, and why one was not measured', () => {
      const table = formatFigures('goals', [
        { name: 'ratio', value: 1.234, unit: '×', goal: { comparison: '≤', target: 1.5 }, detail: 'a / b' },
        { name: 'memory', value: 151.2, unit: 'MB', goal: { comparison: '≤', target: 150 } },
        { name: 'activation', unit: 'ms', skipped: '--quick starts no host' },
      ]);
      const lines = table.split('\n');
      assert.equal(lines[0], 'goals');
      assert.match(lines[3], /^ratio\s+1\.23×\s+≤ 1\.5×\s+PASS\s+a \/ b$/);
      assert.match(lines[4], /^memory\s+151 MB\s+≤ 150 MB\s+MISS$/);
      assert.match(lines[5], /^activation\s+—\s+not measured: --quick starts no host$/);
    });
  });
});
