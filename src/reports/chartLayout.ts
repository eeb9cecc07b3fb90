// The chart of a report as geometry: every bar, the zero line, the y axis's ticks, the category
// labels, the legend and a sentence saying what the chart shows. The report page creates SVG
// elements from this alone (never markup), so everything computable is computed and tested here;
// colours are not: the page maps a series' index to the theme's chart colours. Text widths are
// estimated (CHAR_WIDTH a character), which is what the page's 12px font needs to not overlap.
import { t } from '../l10n';
import { formatCompact, formatReportValue } from './reportFormat';
import type { ChartData } from './reportTable';

export interface ChartBox {
  width: number;
  height: number;
}

export interface ChartRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartBar extends ChartRect {
  /** Index into `ChartData.series` (the page's colour) and into its categories. */
  series: number;
  category: number;
  value: number;
  /** "Income, Jan 2026: 1,234.50": the bar's tooltip and accessible name. */
  text: string;
}

export interface ChartTick {
  /** Where the tick's grid line is drawn. */
  y: number;
  value: number;
  /** "1.2k", "-3.4M", "0". */
  label: string;
}

export interface ChartLabel {
  /** The text's anchor point (the middle of its category, below the plot). */
  x: number;
  y: number;
  text: string;
  /** Index into the categories. */
  category: number;
}

export interface ChartLegendEntry {
  series: number;
  name: string;
  /** The colour swatch, and where the name's text starts (its baseline). */
  swatch: ChartRect;
  textX: number;
  textY: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The area the bars are drawn in. */
  plot: ChartRect;
  /** The y of the zero line (within the plot). */
  zeroY: number;
  bars: ChartBar[];
  ticks: ChartTick[];
  /** Category labels; with many categories only every `labelStep`-th is labelled. */
  labels: ChartLabel[];
  labelStep: number;
  legend: ChartLegendEntry[];
  /** The chart's accessible name: what it shows, over which categories, its range. */
  summary: string;
  /** Nothing to draw (no categories, no series, or no value at all). */
  empty: boolean;
}

const PAD = 8;
const CHAR_WIDTH = 7;
const LEGEND_LINE = 20;
const SWATCH = 10;
const LABEL_SPACE = 20;
/** Pixels between two ticks, about. */
const TICK_SPACING = 40;

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
const textWidth = (s: string): number => s.length * CHAR_WIDTH;
/** To a hundredth of a pixel: enough for SVG, and steady in tests. */
const px = (v: number): number => Math.round(v * 100) / 100;

/** A step of 1, 2, 2.5 or 5 times a power of ten near `raw`. */
function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  const nice = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** The axis from `lo` to `hi` (0 within it) as about `count` nice ticks. */
export function niceTicks(lo: number, hi: number, count: number): number[] {
  const min = Math.min(0, lo);
  const max = Math.max(0, hi, min === 0 && hi <= 0 ? 1 : 0);
  const range = max - min;
  const step = niceStep(range / Math.max(1, count));
  const first = Math.floor(min / step + 1e-9);
  const last = Math.ceil(max / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= Math.max(last, first + 1); i++) ticks.push(Number((i * step).toPrecision(12)) + 0);
  return ticks;
}

/** The lowest and highest a bar reaches: each value, or each category's stack of them. */
function extent(chart: ChartData): [number, number] | undefined {
  const reach: number[] = [];
  chart.categories.forEach((_, c) => {
    const values = chart.series.map((s) => s.values[c]).filter(finite);
    if (chart.layout === 'grouped') reach.push(...values);
    else if (values.length) {
      reach.push(values.filter((v) => v > 0).reduce((a, b) => a + b, 0));
      reach.push(values.filter((v) => v < 0).reduce((a, b) => a + b, 0));
    }
  });
  return reach.length ? [Math.min(...reach), Math.max(...reach)] : undefined;
}

/** Legend entries flowing left to right, wrapping within `width`; their height. */
function legendOf(chart: ChartData, width: number): { entries: ChartLegendEntry[]; height: number } {
  const entries: ChartLegendEntry[] = [];
  let [x, line] = [PAD, 0];
  chart.series.forEach((s, series) => {
    const span = SWATCH + 4 + textWidth(s.name) + 16;
    if (x > PAD && x + span > width - PAD) [x, line] = [PAD, line + 1];
    const top = PAD + line * LEGEND_LINE;
    entries.push({
      series,
      name: s.name,
      swatch: { x, y: top + 3, width: SWATCH, height: SWATCH },
      textX: x + SWATCH + 4,
      textY: top + 12,
    });
    x += span;
  });
  return { entries, height: entries.length ? (line + 1) * LEGEND_LINE : 0 };
}

function summaryOf(chart: ChartData, range: [number, number] | undefined): string {
  const n = chart.categories.length;
  if (!range || n === 0 || chart.series.length === 0) return t('The chart has nothing to show.');
  const names = chart.series.map((s) => s.name).join(', ');
  const [lo, hi] = [formatReportValue(range[0]), formatReportValue(range[1])];
  const [first, last] = [chart.categories[0], chart.categories[n - 1]];
  if (chart.layout === 'stacked')
    return n === 1
      ? t('Stacked bar chart of {0} for {1}. Bars reach from {2} to {3}.', names, first, lo, hi)
      : t(
          'Stacked bar chart of {0} across {1} columns, {2} to {3}. Bars reach from {4} to {5}.',
          names,
          n,
          first,
          last,
          lo,
          hi,
        );
  return n === 1
    ? t('Bar chart of {0} for {1}. Values range from {2} to {3}.', names, first, lo, hi)
    : t(
        'Bar chart of {0} across {1} columns, {2} to {3}. Values range from {4} to {5}.',
        names,
        n,
        first,
        last,
        lo,
        hi,
      );
}

/** The bars of `chart` in `plot`, `y` mapping a value to its height on the page. */
function barsOf(chart: ChartData, plot: ChartRect, y: (v: number) => number): ChartBar[] {
  const band = plot.width / chart.categories.length;
  const stacked = chart.layout === 'stacked';
  const slots = stacked ? 1 : Math.max(1, chart.series.length);
  const slot = (band * 0.8) / slots;
  const gap = slot > 4 ? 1 : 0;
  const bars: ChartBar[] = [];
  chart.categories.forEach((category, c) => {
    let [up, down] = [0, 0];
    chart.series.forEach((s, series) => {
      const value = s.values[c];
      if (!finite(value)) return;
      let [from, to] = [0, value];
      if (stacked) {
        from = value >= 0 ? up : down;
        to = from + value;
        if (value >= 0) up = to;
        else down = to;
      }
      const x = plot.x + c * band + band * 0.1 + (stacked ? 0 : series * slot);
      const [top, bottom] = [Math.min(y(from), y(to)), Math.max(y(from), y(to))];
      const text = t('{0}, {1}: {2}', s.name, category, formatReportValue(value));
      bars.push({
        x: px(x),
        y: px(top),
        width: px(slot - gap),
        height: px(bottom - top),
        series,
        category: c,
        value,
        text,
      });
    });
  });
  return bars;
}

/** Smaller than this either way, a chart shows nothing but its summary. */
const MIN_SIDE = 48;

/** The geometry of `chart` drawn in `box`. */
export function chartLayout(chart: ChartData, box: ChartBox): ChartLayout {
  const width = finite(box.width) ? Math.max(0, box.width) : 0;
  const height = finite(box.height) ? Math.max(0, box.height) : 0;
  const range = extent(chart);
  if (width < MIN_SIDE || height < MIN_SIDE) {
    const plot = { x: 0, y: 0, width, height };
    const none = { bars: [], ticks: [], labels: [], labelStep: 1, legend: [] };
    return { width, height, plot, zeroY: height, ...none, summary: summaryOf(chart, range), empty: true };
  }
  const legend = legendOf(chart, width);
  const top = PAD + legend.height;
  const plotHeight = Math.max(0, height - top - LABEL_SPACE - PAD);
  const ticks = niceTicks(range?.[0] ?? 0, range?.[1] ?? 0, Math.floor(plotHeight / TICK_SPACING));
  const tickLabels = ticks.map(formatCompact);
  const left = Math.min(width, PAD + Math.max(...tickLabels.map(textWidth)) + 6);
  const plot: ChartRect = {
    x: px(left),
    y: px(top),
    width: px(Math.max(0, width - left - PAD)),
    height: px(plotHeight),
  };
  const [lo, hi] = [ticks[0], ticks[ticks.length - 1]];
  const y = (v: number): number => plot.y + ((hi - v) / (hi - lo)) * plot.height;
  const empty = !range || chart.categories.length === 0 || chart.series.length === 0;
  const band = chart.categories.length ? plot.width / chart.categories.length : 0;
  const widest = Math.max(0, ...chart.categories.map(textWidth)) + 8;
  const labelStep = band > 0 ? Math.max(1, Math.ceil(widest / band)) : 1;
  return {
    width,
    height,
    plot,
    zeroY: px(y(0)),
    bars: empty ? [] : barsOf(chart, plot, y),
    ticks: ticks.map((value, i) => ({ y: px(y(value)), value, label: tickLabels[i] })),
    labels: chart.categories
      .map((text, category) => ({
        x: px(plot.x + (category + 0.5) * band),
        y: px(plot.y + plot.height + 14),
        text,
        category,
      }))
      .filter((l) => l.category % labelStep === 0),
    labelStep,
    legend: legend.entries,
    summary: summaryOf(chart, range),
    empty,
  };
}
