// The chart of a report as geometry: every bar, the zero line, the y axis's ticks, the category
// labels, the legend and a sentence saying what the chart shows. The report page creates SVG
// elements from this alone (never markup), so everything computable is computed and tested here;
// colours are not: the page maps a series' index to the theme's chart colours.
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

/** The geometry of `chart` drawn in `box`. */
export function chartLayout(chart: ChartData, box: ChartBox): ChartLayout {
  void [chart, box];
  throw new Error('not implemented yet');
}
