// The fault matrix as data: the faults the emulator can inject (rows) × the operations of the
// extension (columns, in matrixColumns.ts), and how a table of outcomes is printed. Each cell runs
// twice: with the fault striking once (the server then recovers) and with the fault persisting;
// either way it must end in success or one clear error, and after the fault is gone a retry of the
// same operation must succeed with nothing lost and nothing twice.
import type { ApiErrorKind } from '../../src/api/errors';
import type { FaultRule } from '../emulator';

export interface FaultRow {
  name: string;
  /** The emulator's rule; the column adds where it applies, the run how often. */
  rule: Omit<FaultRule, 'method' | 'path' | 'times'>;
  /** The client's per-attempt timeout for this row. */
  timeoutMs?: number;
  /** The user cancels this long after the operation started. */
  cancelAfterMs?: number;
  /** The one error every operation ends with while the fault persists. */
  persists: ApiErrorKind;
  /** Whether a GET survives the fault striking once by retrying by itself (a POST never retries). */
  getRetries: boolean;
  /** The request is done before the fault takes its answer: a write looked up is found. */
  applied?: boolean;
}

export const FAULT_ROWS: readonly FaultRow[] = [
  {
    name: '429 with Retry-After',
    rule: { kind: 'status', status: 429, retryAfter: 2 },
    persists: 'rateLimited',
    getRetries: true,
  },
  // The wait then comes from X-Rate-Limit-Reset, the end of the emulator's window.
  {
    name: '429 without Retry-After',
    rule: { kind: 'status', status: 429, retryAfter: false },
    persists: 'rateLimited',
    getRetries: true,
  },
  { name: '500', rule: { kind: 'status', status: 500 }, persists: 'server', getRetries: true },
  { name: '503', rule: { kind: 'status', status: 503 }, persists: 'unavailable', getRetries: true },
  { name: 'HTML page (502)', rule: { kind: 'html' }, persists: 'server', getRetries: true },
  { name: 'malformed JSON', rule: { kind: 'malformedJson' }, persists: 'malformedResponse', getRetries: false },
  {
    name: 'truncated JSON',
    rule: { kind: 'truncatedJson' },
    persists: 'malformedResponse',
    getRetries: false,
    applied: true,
  },
  // Issue 30, item 2: the API did the write, and a gateway's 502 page stands in for its answer.
  {
    name: '502 after the write',
    rule: { kind: 'appliedThenGateway' },
    persists: 'server',
    getRetries: true,
    applied: true,
  },
  { name: 'empty body', rule: { kind: 'emptyBody' }, persists: 'malformedResponse', getRetries: false },
  { name: 'connection reset', rule: { kind: 'reset' }, persists: 'network', getRetries: true },
  {
    name: 'timeout',
    rule: { kind: 'latency', latencyMs: 5000 },
    timeoutMs: 1000,
    persists: 'timeout',
    getRetries: false,
  },
  {
    name: 'slow response, cancelled',
    rule: { kind: 'latency', latencyMs: 5000 },
    cancelAfterMs: 150,
    persists: 'cancelled',
    getRetries: false,
  },
];

/** What a cell shows: ✓ for success, else the error's kind. */
export type Cell = '✓' | ApiErrorKind;

/** The outcome a cell must have: a GET that retries by itself survives a fault that strikes once;
 * a write looked up after a lost answer (`recoversLost`) is found when the server did it; anything
 * else ends with the row's error. */
export function expectedCell(
  row: FaultRow,
  column: { method: string; noContent?: boolean; recoversLost?: boolean },
  once: boolean,
): Cell {
  const { method, noContent } = column;
  // An operation answered 204 reads only the status: a 200 with a broken body is still a success.
  if (noContent && row.persists === 'malformedResponse') return '✓';
  if (column.recoversLost && row.applied) return '✓';
  return once && row.getRetries && method === 'GET' ? '✓' : row.persists;
}

/** Rows × columns as a text table, each cell padded to its column. */
export function formatTable(
  title: string,
  columns: readonly string[],
  rows: ReadonlyArray<{ name: string; cells: readonly string[] }>,
): string {
  const first = Math.max(title.length, ...rows.map((r) => r.name.length));
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => r.cells[i].length)));
  const line = (head: string, cells: readonly string[]): string =>
    `| ${head.padEnd(first)} | ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const rule = `|${'-'.repeat(first + 2)}|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(title, columns), rule, ...rows.map((r) => line(r.name, r.cells))].join('\n');
}
