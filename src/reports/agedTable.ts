// An aged debtors or creditors report as the report table: its ageing buckets as columns (the
// youngest first, then a Total column), a section per currency, a row per customer or supplier
// with what its amounts are made of (invoices, credit notes) under it, each currency's total. Money
// of two currencies is never added up: not in a row, not in the chart.
import { t } from '../l10n';
import { reportTitle } from '../api';
import type { AgedKind, AgedOutstandingAmount, AgedParams, AgedParty, AgedReport } from '../api';
import { clean, mismatches } from './lineTree';
import { dayOf, periodLabel, unnamedPeriod, type Day } from './periods';
import type { ChartData, ReportColumn, ReportRow, ReportTable } from './reportTable';
import type { TableOptions } from './statementTable';

/** Parties the chart names before it puts the rest together. */
const CHART_PARTIES = 5;

interface Bucket {
  key: string;
  from?: Day;
  to?: Day;
}

const list = <T>(v: T[] | null | undefined): T[] =>
  Array.isArray(v) ? v.filter((x) => typeof x === 'object' && x) : [];
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const amountOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const add = (a: number | null, b: number | null): number | null => (b === null ? a : clean((a ?? 0) + b));
const bucketKey = (o: AgedOutstandingAmount, i: number): string => {
  const [from, to] = [dayOf(o.fromDate), dayOf(o.toDate)];
  return from || to ? `${from?.iso ?? ''}..${to?.iso ?? ''}` : `#${i}`;
};

/** Every bucket any party has, the youngest first (the latest end date; undated ones last, in
 * the order met). */
function bucketsOf(parties: readonly AgedParty[]): Bucket[] {
  const found = new Map<string, Bucket>();
  for (const p of parties)
    for (const c of list(p.agedCurrencyOutstanding))
      list(c.agedOutstandingAmounts).forEach((o, i) => {
        const key = bucketKey(o, i);
        if (!found.has(key)) found.set(key, { key, from: dayOf(o.fromDate), to: dayOf(o.toDate) });
      });
  const end = (b: Bucket): string => b.to?.iso ?? b.from?.iso ?? '';
  const dated = [...found.values()].filter((b) => end(b) !== '');
  const undated = [...found.values()].filter((b) => end(b) === '');
  return [...dated.sort((a, b) => end(b).localeCompare(end(a))), ...undated];
}

const daysBetween = (a: Day, b: Day): number =>
  Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);

/** The year before which a bucket's start means "from the beginning" (platforms write 0001-01-01). */
const EPOCH_YEAR = 1900;

/** "0–29 days", "60+ days": each bucket's ages counted back from the report date. Where two
 * buckets share a boundary day (one's start is the next one's end) the day goes to the older, as a
 * document's age is counted in whole days; the oldest bucket, starting at the platform's beginning
 * of time or nowhere, is open. Without a report date, the buckets' dates. */
function bucketLabels(buckets: readonly Bucket[], at: Day | undefined, locale: string): string[] {
  return buckets.map((b, i) => {
    if (!at || !b.to) return periodLabel(b.from, b.to, locale) ?? unnamedPeriod(i + 1);
    const young = daysBetween(b.to, at);
    if (!b.from || b.from.year < EPOCH_YEAR) return t('{0}+ days', young);
    const older = buckets[i + 1]?.to;
    const old = daysBetween(b.from, at) - (older && older.iso === b.from.iso ? 1 : 0);
    return t('{0}–{1} days', young, old);
  });
}

interface PartyRows {
  party: ReportRow;
  details: ReportRow[];
  total: number;
}

/** A party's row in one currency, with its details' rows, each a value per bucket and a total. */
function partyRows(id: string, label: string, amounts: AgedOutstandingAmount[], buckets: Bucket[]): PartyRows {
  const at = new Map(buckets.map((b, i) => [b.key, i]));
  const values: (number | null)[] = buckets.map(() => null);
  const sums: (number | null)[] = buckets.map(() => null);
  const details = new Map<string, (number | null)[]>();
  const unknown = new Set<number>();
  amounts.forEach((o, i) => {
    const column = at.get(bucketKey(o, i)) as number;
    values[column] = add(values[column], amountOf(o.amount));
    for (const d of list(o.details)) {
      const name = text(d.name) ?? t('(unnamed line)');
      if (!details.has(name))
        details.set(
          name,
          buckets.map(() => null),
        );
      const row = details.get(name) as (number | null)[];
      const amount = amountOf(d.amount);
      row[column] = add(row[column], amount);
      sums[column] = add(sums[column] ?? 0, amount);
      if (amount === null) unknown.add(column);
    }
  });
  for (const column of unknown) sums[column] = null;
  const withTotal = (v: (number | null)[]) => [...v, v.reduce<number | null>(add, null)];
  const party: ReportRow = { id, label, depth: 1, role: 'account', values: withTotal(values) };
  const wrong = mismatches(values, sums, 'items');
  if (wrong.length) party.mismatches = wrong;
  const detailRows = [...details].map(([name, v]): ReportRow => {
    return { id: `${id}/d:${name}`, label: name, depth: 2, role: 'account', values: withTotal(v) };
  });
  return { party, details: detailRows, total: party.values[buckets.length] ?? 0 };
}

interface Section {
  currency: string;
  rows: PartyRows[];
}

function sectionsOf(kind: AgedKind, parties: readonly AgedParty[], buckets: Bucket[]): Section[] {
  const sections = new Map<string, Section>();
  const ids = new Map<string, number>();
  for (const p of parties) {
    const partyId = text(kind === 'agedDebtor' ? p.customerId : p.supplierId);
    const name = text(kind === 'agedDebtor' ? p.customerName : p.supplierName);
    for (const c of list(p.agedCurrencyOutstanding)) {
      const currency = text(c.currency) ?? '';
      if (!sections.has(currency)) sections.set(currency, { currency, rows: [] });
      const base = `${currency}/${partyId !== undefined ? `id:${partyId}` : `n:${name ?? ''}`}`;
      const n = (ids.get(base) ?? 0) + 1;
      ids.set(base, n);
      const label = name ?? partyId ?? t('(unnamed)');
      const id = n === 1 ? base : `${base}#${n}`;
      sections.get(currency)?.rows.push(partyRows(id, label, list(c.agedOutstandingAmounts), buckets));
    }
  }
  return [...sections.values()];
}

function sectionRows(section: Section, width: number): ReportRow[] {
  const label = section.currency || t('No currency');
  const totals = Array<number | null>(width).fill(null);
  for (const { party } of section.rows) party.values.forEach((v, i) => (totals[i] = add(totals[i], v)));
  return [
    { id: section.currency, label, depth: 0, role: 'section', values: totals.map(() => null) },
    ...section.rows.flatMap((r) => [r.party, ...r.details]),
    { id: `${section.currency}#total`, label: t('Total {0}', label), depth: 0, role: 'total', values: totals },
  ];
}

/** One currency: its biggest parties stacked, the rest as one; several: each currency's total
 * side by side (never stacked: the sum of two currencies means nothing). */
function agedChart(kind: AgedKind, sections: Section[], categories: string[]): ChartData {
  const buckets = categories.length;
  if (sections.length !== 1) {
    const series = sections.map((s) => {
      const values = Array<number | null>(buckets).fill(null);
      for (const { party } of s.rows) for (let i = 0; i < buckets; i++) values[i] = add(values[i], party.values[i]);
      return { name: s.currency || t('No currency'), role: 'bucket' as const, values };
    });
    return { layout: 'grouped', categories, series };
  }
  const ranked = [...sections[0].rows].sort((a, b) => Math.abs(b.total) - Math.abs(a.total));
  const shown = ranked.length > CHART_PARTIES + 1 ? ranked.slice(0, CHART_PARTIES) : ranked;
  const series = shown.map((r) => ({
    name: r.party.label,
    role: 'bucket' as const,
    values: r.party.values.slice(0, buckets),
  }));
  if (shown.length < ranked.length) {
    const values = Array<number | null>(buckets).fill(null);
    for (const r of ranked.slice(shown.length))
      for (let i = 0; i < buckets; i++) values[i] = add(values[i], r.party.values[i]);
    series.push({ name: kind === 'agedDebtor' ? t('Other customers') : t('Other suppliers'), role: 'bucket', values });
  }
  return { layout: 'stacked', categories, series };
}

function agedNotes(at: Day | undefined, sections: Section[], locale: string): string[] {
  const notes = [t('Buckets run from the youngest on the left to the oldest; the Total column adds them up.')];
  if (at) notes.push(t('Ages are counted back from {0}.', periodLabel(at, at, locale) ?? at.iso));
  if (sections.length === 0) notes.push(t('Nothing is outstanding.'));
  if (sections.length > 1)
    notes.push(t('Amounts are in {0} currencies, each in its own section; none is added to another.', sections.length));
  return notes;
}

export function agedTable(
  kind: AgedKind,
  params: AgedParams,
  response: AgedReport,
  options: TableOptions = {},
): ReportTable {
  const locale = options.locale ?? 'en';
  const parties = list(response?.data);
  const at = dayOf(response?.reportDate) ?? dayOf(params?.reportDate);
  const buckets = bucketsOf(parties);
  const labels = bucketLabels(buckets, at, locale);
  const columns: ReportColumn[] = buckets.map((b, i) => ({
    label: labels[i],
    ...(b.from ? { from: b.from.iso } : {}),
    ...(b.to ? { to: b.to.iso } : {}),
  }));
  const sections = sectionsOf(kind, parties, buckets);
  const rows = sections.flatMap((s) => sectionRows(s, buckets.length + 1));
  return {
    kind,
    params,
    title: reportTitle(kind),
    ...(sections.length === 1 && sections[0].currency ? { currency: sections[0].currency } : {}),
    notes: agedNotes(at, sections, locale),
    columns: [...columns, { label: t('Total'), total: true }],
    rows,
    chart: agedChart(
      kind,
      sections,
      columns.map((c) => c.label),
    ),
  };
}
