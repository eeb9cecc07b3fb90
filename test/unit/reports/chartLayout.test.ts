// The chart's geometry: bars inside the box and the plot, the zero line where zero is with
// negative values, nice ticks, stacks, labels thinned to fit, the legend, the summary.
import * as assert from 'node:assert/strict';
import { chartLayout, niceTicks, statementTable, type ChartData, type ChartLayout } from '../../../src/reports';
import { profitAndLoss } from './fixtures';

const BOX = { width: 600, height: 300 };
const grouped = (values: (number | null)[][], categories = values[0].map((_, i) => `C${i + 1}`)): ChartData => ({
  layout: 'grouped',
  categories,
  series: values.map((v, i) => ({ name: `S${i + 1}`, role: 'bucket', values: v })),
});

function inside(layout: ChartLayout): void {
  const { plot } = layout;
  assert.ok(
    plot.x >= 0 && plot.y >= 0 && plot.x + plot.width <= layout.width + 1e-9 && plot.y + plot.height <= layout.height,
  );
  for (const b of layout.bars) {
    assert.ok(b.width >= 0 && b.height >= 0, JSON.stringify(b));
    assert.ok(b.x >= plot.x - 1e-9 && b.x + b.width <= plot.x + plot.width + 0.01, JSON.stringify(b));
    assert.ok(b.y >= plot.y - 0.01 && b.y + b.height <= plot.y + plot.height + 0.01, JSON.stringify(b));
  }
  for (const l of layout.labels) assert.ok(l.y <= layout.height && l.x >= plot.x && l.x <= plot.x + plot.width);
  for (const e of layout.legend) assert.ok(e.swatch.y + e.swatch.height <= plot.y);
}

/** The bar's value as its height says, given the ticks' scale. */
const heightPerUnit = (layout: ChartLayout): number => {
  const [first, last] = [layout.ticks[0], layout.ticks[layout.ticks.length - 1]];
  return (first.y - last.y) / (last.value - first.value);
};

describe('chart layout', () => {
  it('a profit and loss: a bar per series and period, inside the box, each with its tooltip', () => {
    const table = statementTable('profitAndLoss', { periodLength: 1, periodsToCompare: 3 }, profitAndLoss());
    const layout = chartLayout(table.chart, BOX);
    inside(layout);
    assert.equal(layout.empty, false);
    assert.equal(layout.bars.length, 9);
    assert.deepEqual(layout.bars[0].text, 'Income, Jan 2026: 800.00');
    assert.deepEqual(
      layout.legend.map((e) => [e.series, e.name]),
      [
        [0, 'Income'],
        [1, 'Expenses'],
        [2, 'Net profit'],
      ],
    );
    assert.equal(
      layout.summary,
      'Bar chart of Income, Expenses, Net profit across 3 columns, Jan 2026 to Mar 2026. Values range from 350.00 to 1,200.00.',
    );
    // All positive: zero is the plot's bottom, and every bar stands on it.
    assert.equal(layout.zeroY, layout.plot.y + layout.plot.height);
    for (const b of layout.bars) assert.ok(Math.abs(b.y + b.height - layout.zeroY) < 0.02);
    // Bars of one period side by side, in series order, not overlapping.
    const [a, b, c] = layout.bars.filter((x) => x.category === 1);
    assert.ok(a.x + a.width <= b.x && b.x + b.width <= c.x);
    // Heights are proportional to values.
    const unit = heightPerUnit(layout);
    for (const bar of layout.bars) assert.ok(Math.abs(bar.height - bar.value * unit) < 0.02, JSON.stringify(bar));
  });

  it('negative values: the zero line inside the plot, negative bars hanging from it', () => {
    const layout = chartLayout(grouped([[100, -50, 30]]), BOX);
    inside(layout);
    const zero = layout.ticks.find((t) => t.value === 0);
    assert.ok(zero);
    assert.equal(layout.zeroY, zero.y);
    assert.ok(layout.zeroY > layout.plot.y && layout.zeroY < layout.plot.y + layout.plot.height);
    const [up, down] = layout.bars;
    assert.ok(Math.abs(up.y + up.height - layout.zeroY) < 0.02);
    assert.ok(Math.abs(down.y - layout.zeroY) < 0.02);
    assert.ok(Math.abs(down.height - 50 * heightPerUnit(layout)) < 0.02);
    const all = chartLayout(grouped([[-10, -20]]), BOX);
    assert.ok(Math.abs(all.zeroY - all.plot.y) < 0.02);
  });

  it('ticks are nice numbers covering the values and zero, labelled short', () => {
    assert.deepEqual(niceTicks(0, 1234, 5), [0, 250, 500, 750, 1000, 1250]);
    assert.deepEqual(niceTicks(-50, 100, 5), [-50, 0, 50, 100]);
    assert.deepEqual(niceTicks(0.1, 0.3, 3), [0, 0.1, 0.2, 0.3]);
    assert.deepEqual(niceTicks(0, 0, 5), [0, 0.2, 0.4, 0.6, 0.8, 1]);
    assert.deepEqual(niceTicks(3e6, 4.5e6, 4), [0, 2e6, 4e6, 6e6]);
    for (const [lo, hi, n] of [
      [0, 987654321, 6],
      [-123.45, 67.8, 5],
      [17, 19, 2],
    ]) {
      const ticks = niceTicks(lo, hi, n);
      const step = ticks[1] - ticks[0];
      assert.ok(ticks[0] <= Math.min(0, lo) && ticks[ticks.length - 1] >= hi);
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      assert.ok(
        [1, 2, 2.5, 5].some((m) => Math.abs(m - mantissa) < 1e-9),
        `${step}`,
      );
    }
    const layout = chartLayout(grouped([[1_200_000, 3_400_000]]), BOX);
    assert.deepEqual(
      layout.ticks.map((t) => t.label),
      layout.ticks.map((t) => (t.value === 0 ? '0' : `${t.value / 1e6}M`)),
    );
    const ys = layout.ticks.map((t) => t.y);
    assert.deepEqual(
      [...ys].sort((a, b) => b - a),
      ys,
    );
  });

  it('stacked: one bar per category, positives up and negatives down from zero', () => {
    const chart: ChartData = {
      ...grouped([
        [10, 20],
        [5, -5],
        [null, 10],
      ]),
      layout: 'stacked',
    };
    const layout = chartLayout(chart, BOX);
    inside(layout);
    const first = layout.bars.filter((b) => b.category === 0);
    assert.equal(first.length, 2);
    assert.equal(first[0].x, first[1].x);
    assert.ok(Math.abs(first[1].y + first[1].height - first[0].y) < 0.02, 'the second sits on the first');
    const second = layout.bars.filter((b) => b.category === 1);
    const negative = second.find((b) => b.value < 0);
    assert.ok(negative && Math.abs(negative.y - layout.zeroY) < 0.02);
    assert.equal(layout.ticks[layout.ticks.length - 1].value >= 30, true);
    assert.match(layout.summary, /^Stacked bar chart of S1, S2, S3 across 2 columns/);
  });

  it('many categories: labels thinned so they do not overlap', () => {
    const categories = [...Array(24).keys()].map((i) => `Month ${i + 1} 2026`);
    const layout = chartLayout(grouped([categories.map((_, i) => i)], categories), { width: 400, height: 200 });
    inside(layout);
    assert.ok(layout.labelStep > 1);
    const xs = layout.labels.map((l) => l.x);
    for (let i = 1; i < xs.length; i++) assert.ok(xs[i] - xs[i - 1] >= 'Month 24 2026'.length * 7);
    assert.equal(layout.labels[0].category, 0);
  });

  it('nothing to draw: no categories, no series, only nulls, a box of nothing', () => {
    for (const chart of [
      grouped([[]], []),
      { layout: 'grouped', categories: ['A'], series: [] } as ChartData,
      grouped([[null, null]]),
    ]) {
      const layout = chartLayout(chart, BOX);
      assert.equal(layout.empty, true);
      assert.deepEqual(layout.bars, []);
      assert.equal(layout.summary, 'The chart has nothing to show.');
    }
    const tiny = chartLayout(grouped([[5, -5]]), { width: 0, height: Number.NaN });
    inside(tiny);
    assert.equal(tiny.width, 0);
  });

  it('a long legend wraps within the width', () => {
    const chart = grouped([[1], [2], [3], [4]]);
    chart.series.forEach((s, i) => (s.name = `A rather long series name ${i}`));
    const layout = chartLayout(chart, { width: 320, height: 300 });
    inside(layout);
    for (const e of layout.legend) assert.ok(e.textX + e.name.length * 7 <= 320);
    assert.ok(new Set(layout.legend.map((e) => e.swatch.y)).size > 1);
  });
});
