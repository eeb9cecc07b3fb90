// The corpus's report calls (issue 35), each as the report view makes it through the Node
// pipeline: the one request, its error reported once, and a report made into what the view shows
// and exports of it (the table, its CSV, the chart's geometry and words), so a hostile answer is
// seen to pass through all of them without a throw and without the key. Its records are the
// table's row ids (unique, as the view keys rows by them).
import type { DataPlatformClient } from '../../src/api/client';
import { isApiError } from '../../src/api/errors';
import { agedTable, chartLayout, reportCsv, statementTable, type ReportTable } from '../../src/reports';
import type { Pipeline } from '../support/pipeline';
import type { ReportCall } from './corpus';
import type { Performed } from './perform';

function shown(table: ReportTable): Performed {
  const layout = chartLayout(table.chart, { width: 800, height: 320 });
  const chart = [layout.summary, ...layout.bars.map((b) => b.text), ...layout.labels.map((l) => l.text)];
  return {
    ids: table.rows.map((r) => r.id),
    text: reportCsv(table),
    surfaces: {
      'Report table': JSON.stringify(table),
      Chart: [...chart, ...layout.legend.map((e) => e.name), ...layout.ticks.map((t) => t.label)].join('\n'),
    },
  };
}

async function performed(client: DataPlatformClient, c: ReportCall): Promise<Performed> {
  const reports = client.reports;
  switch (c.call) {
    case 'statement':
      return shown(statementTable(c.kind, c.params, await reports.statement('c1', c.kind, c.params)));
    case 'aged':
      return shown(agedTable(c.kind, c.params, await reports.aged('c1', c.kind, c.params)));
    case 'available':
      return { ids: [String(await reports.agedAvailable('c1', c.kind))] };
    case 'info':
      return { ids: ['info'], surfaces: { 'Open JSON': JSON.stringify(await reports.companyInfo('c1'), null, 2) } };
  }
}

export async function performReportCall(p: Pipeline, key: string, c: ReportCall): Promise<Performed> {
  try {
    return await performed(p.client(key), c);
  } catch (e) {
    if (!isApiError(e)) throw e;
    p.report(e);
    return { ids: [], error: e };
  }
}
