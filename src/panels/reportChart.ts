// The chart the page draws, from the table's chart data: grouped bars per category on a value
// axis with a zero line. The page only places the shapes; every number is computed here.
import type { ReportTable } from '../reports/reportTable';
import { t } from '../l10n';
import type { ChartDrawing, ChartShape } from './reportProtocol';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 72, right: 12, top: 12, bottom: 28 };

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

export function chartDrawing(table: ReportTable): ChartDrawing {
  const { categories, series } = table.chart;
  const values = series.flatMap((s) => s.values.filter((v): v is number => typeof v === 'number'));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const shapes: ChartShape[] = [];
  for (const tick of [max, (max + min) / 2, min]) {
    shapes.push({ shape: 'line', x1: PAD.left, y1: y(tick), x2: WIDTH - PAD.right, y2: y(tick), role: 'grid' });
    shapes.push({ shape: 'text', x: PAD.left - 6, y: y(tick) + 4, text: compact.format(tick), anchor: 'end', role: 'tick' });
  }
  const band = (WIDTH - PAD.left - PAD.right) / Math.max(1, categories.length);
  const bar = (band * 0.8) / Math.max(1, series.length);
  categories.forEach((category, c) => {
    const x0 = PAD.left + c * band + band * 0.1;
    series.forEach((s, i) => {
      const v = s.values[c];
      if (typeof v !== 'number') return;
      const top = y(Math.max(0, v));
      const height = Math.max(Math.abs(y(v) - y(0)), v === 0 ? 0 : 1);
      const title = `${s.name}, ${category}: ${v.toFixed(2)}`;
      shapes.push({ shape: 'rect', x: x0 + i * bar, y: top, width: Math.max(bar - 1, 1), height, series: i, title });
    });
    shapes.push({ shape: 'text', x: x0 + band * 0.4, y: HEIGHT - 8, text: category, anchor: 'middle', role: 'category' });
  });
  shapes.push({ shape: 'line', x1: PAD.left, y1: y(0), x2: WIDTH - PAD.right, y2: y(0), role: 'zero' });
  return {
    width: WIDTH,
    height: HEIGHT,
    shapes,
    legend: series.map((s) => ({ name: s.name, role: s.role })),
    label: t('Chart of the {0}: {1}', table.title, series.map((s) => s.name).join(', ')),
  };
}
