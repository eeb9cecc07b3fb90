// A statement's line trees, one per period, merged into one tree whose nodes hold a value per
// column, then written out as the table's rows. A line is the same line in two periods when it
// has the same account id (or, without one, the same name) under the same parent; a line found in
// one period only has no value in the others. A line with items in a period is checked there
// against the sum of its items.
import { t } from '../l10n';
import { MAX_LINE_DEPTH, type ReportLine } from '../api';
import type { ReportMismatch, ReportRow } from './reportTable';

/** Values differing by more than half a cent do not add up (figures are money to the cent;
 * the tiny slack absorbs binary floating point's error of a sum). */
const HALF_CENT = 0.005 + 1e-9;

/** `x` without the noise of binary arithmetic (0.1 + 0.2), to a millionth. */
export const clean = (x: number): number => Math.round(x * 1e6) / 1e6 + 0;

export const differs = (a: number, b: number): boolean => Math.abs(a - b) > HALF_CENT;

export interface LineNode {
  id: string;
  label: string | undefined;
  values: (number | null)[];
  /** Per column: what the line's items add up to, where it had items all with a value. */
  sums: (number | null)[];
  /** Had items in some column: written as a heading, its lines, and its total. */
  group: boolean;
  children: LineNode[];
  byKey: Map<string, LineNode>;
}

export function newNode(id: string, columns: number, label?: string): LineNode {
  const empty = () => Array<number | null>(columns).fill(null);
  return { id, label, values: empty(), sums: empty(), group: false, children: [], byKey: new Map() };
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const valueOf = (line: ReportLine): number | null =>
  typeof line.value === 'number' && Number.isFinite(line.value) ? line.value : null;

/** The child of `parent` that `line` is, made if new; `seen` counts keys met in this period, so
 * two lines of the same name under one parent stay two rows. */
function childFor(parent: LineNode, line: ReportLine, seen: Map<string, number>, columns: number): LineNode {
  const base = text(line.accountId) ? `a:${line.accountId}` : `n:${text(line.name) ?? ''}`;
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  const key = n === 1 ? base : `${base}#${n}`;
  let node = parent.byKey.get(key);
  if (!node) {
    node = newNode(`${parent.id}/${key}`, columns);
    parent.byKey.set(key, node);
    parent.children.push(node);
  }
  return node;
}

/** Adds `line` (and its items) as `node`'s value in `column`. */
export function mergeLine(node: LineNode, line: ReportLine, column: number, columns: number, depth = 1): void {
  node.label ??= text(line.name);
  node.values[column] = valueOf(line);
  const items = Array.isArray(line.items) ? line.items : [];
  if (items.length === 0 || depth >= MAX_LINE_DEPTH) return;
  node.group = true;
  const seen = new Map<string, number>();
  let sum: number | null = 0;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    mergeLine(childFor(node, item, seen, columns), item, column, columns, depth + 1);
    const v = valueOf(item);
    sum = sum === null || v === null ? null : sum + v;
  }
  node.sums[column] = sum === null ? null : clean(sum);
}

/** Per column where `values` differs from `expected`: the mismatch, by `rule`. */
export function mismatches(
  values: readonly (number | null)[],
  expected: readonly (number | null)[],
  rule: ReportMismatch['rule'],
): ReportMismatch[] {
  const found: ReportMismatch[] = [];
  values.forEach((v, column) => {
    const e = expected[column];
    if (v !== null && e !== null && e !== undefined && differs(v, e)) found.push({ column, expected: clean(e), rule });
  });
  return found;
}

/** The rows of `node` at `depth`: a line with items as a heading, its lines and its total (a
 * section's, at depth 0, a total; a group's within it a subtotal); a line without as one row. */
export function nodeRows(node: LineNode, depth: number, rows: ReportRow[]): void {
  const label = node.label ?? t('(unnamed line)');
  if (!node.group) {
    rows.push({ id: node.id, label, depth, role: depth === 0 ? 'total' : 'account', values: node.values });
    return;
  }
  rows.push({ id: node.id, label, depth, role: 'section', values: node.values.map(() => null) });
  for (const child of node.children) nodeRows(child, depth + 1, rows);
  const total: ReportRow = {
    id: `${node.id}#total`,
    label: t('Total {0}', label),
    depth,
    role: depth === 0 ? 'total' : 'subtotal',
    values: node.values,
  };
  const wrong = mismatches(node.values, node.sums, 'items');
  if (wrong.length) total.mismatches = wrong;
  rows.push(total);
}

/** Per column, each value less the one before (none for the first column or a missing value). */
export function changesOf(values: readonly (number | null)[]): (number | null)[] {
  return values.map((v, i) => {
    const before = i > 0 ? values[i - 1] : null;
    return v === null || before === null ? null : clean(v - before);
  });
}
