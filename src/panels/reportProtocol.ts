// Messages between the report panel (reportPanel.ts) and its page (media/report.js, plain JS: keep
// the two in step by hand), and the checks each side makes of what the other sends. Plain
// TypeScript: the checks are unit-tested without VS Code.
import {
  DEFAULT_AGED_PARAMS,
  DEFAULT_STATEMENT_PARAMS,
  isAgedKind,
  isStatementKind,
  MAX_NUMBER_OF_PERIODS,
  MAX_PERIOD_LENGTH,
  MAX_PERIOD_LENGTH_DAYS,
  MAX_PERIODS_TO_COMPARE,
  type AgedParams,
  type ReportKind,
  type ReportParams,
  type StatementParams,
} from '../api';
import type { ChartLayout, ReportTable } from '../reports';
import type { ReportRenderSnapshot } from './reportViewApi';

export function defaultParams(kind: ReportKind): ReportParams {
  return isStatementKind(kind) ? { ...DEFAULT_STATEMENT_PARAMS } : { ...DEFAULT_AGED_PARAMS };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const intIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** A real calendar day, `YYYY-MM-DD`. */
function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A month's first day as the page sends it (`YYYY-MM-01`). */
const isMonthStart = (v: unknown): v is string => isDay(v) && v.endsWith('-01');

/** The statement parameters in `v`, or undefined when any is out of bounds (nothing is guessed:
 * a page that sends junk gets no request made for it). */
export function statementParamsOf(v: unknown): StatementParams | undefined {
  if (!isRecord(v)) return undefined;
  const { periodLength, periodsToCompare, startMonth } = v;
  if (!intIn(periodLength, 1, MAX_PERIOD_LENGTH) || !intIn(periodsToCompare, 1, MAX_PERIODS_TO_COMPARE))
    return undefined;
  if (startMonth !== undefined && !isMonthStart(startMonth)) return undefined;
  return { periodLength, periodsToCompare, ...(startMonth !== undefined ? { startMonth } : {}) };
}

/** The aged report parameters in `v` (each may be absent: the platform's default). */
export function agedParamsOf(v: unknown): AgedParams | undefined {
  if (!isRecord(v)) return undefined;
  const { reportDate, numberOfPeriods, periodLengthDays } = v;
  if (reportDate !== undefined && !isDay(reportDate)) return undefined;
  if (numberOfPeriods !== undefined && !intIn(numberOfPeriods, 1, MAX_NUMBER_OF_PERIODS)) return undefined;
  if (periodLengthDays !== undefined && !intIn(periodLengthDays, 1, MAX_PERIOD_LENGTH_DAYS)) return undefined;
  return {
    ...(reportDate !== undefined ? { reportDate } : {}),
    ...(numberOfPeriods !== undefined ? { numberOfPeriods } : {}),
    ...(periodLengthDays !== undefined ? { periodLengthDays } : {}),
  };
}

/** The parameters of a `kind` report in `v`, checked. */
export function paramsOf(kind: ReportKind, v: unknown): ReportParams | undefined {
  return isStatementKind(kind) ? statementParamsOf(v) : agedParamsOf(v);
}

const isReportKind = (v: unknown): v is ReportKind => typeof v === 'string' && (isStatementKind(v) || isAgedKind(v));

/** What the page keeps with `setState` (and the serializer reads back after a reload). */
export interface ReportPageState {
  version: 1;
  accountId: string;
  companyId: string;
  companyName: string;
  kind: ReportKind;
  params: ReportParams;
}

/** The saved state, checked: it comes back from storage the extension does not control. */
export function pageStateOf(v: unknown): ReportPageState | undefined {
  if (!isRecord(v) || v.version !== 1 || !isReportKind(v.kind)) return undefined;
  const { accountId, companyId, companyName } = v;
  if (typeof accountId !== 'string' || typeof companyId !== 'string' || companyId === '') return undefined;
  const params = paramsOf(v.kind, v.params) ?? defaultParams(v.kind);
  const name = typeof companyName === 'string' && companyName !== '' ? companyName : companyId;
  return { version: 1, accountId, companyId, companyName: name.slice(0, 500), kind: v.kind, params };
}

/** Each row's cells as the page shows them, formatted by the host (the currency's decimals). */
export interface RowTexts {
  values: string[];
  changes: string[];
  /** Per flagged column: what the lines add up to. */
  expected: Record<number, string>;
}

export type HostToPage =
  /** Which report the page is (its controls) and the parameters it has; sent on `ready`. */
  | { type: 'init'; state: ReportPageState; title: string }
  /** A request went out for `params`; answers with a lower `seq` are stale. */
  | { type: 'loading'; seq: number; params: ReportParams }
  | { type: 'report'; seq: number; table: ReportTable; texts: RowTexts[]; chart: ChartLayout; request: string }
  /** An aged report the platform cannot make: said plainly, no Retry (it would say the same). */
  | { type: 'unavailable'; seq: number; message: string }
  | { type: 'error'; seq: number; message: string; request?: string }
  // Under the test switch only (a user's page ignores it): what a user does in the page.
  | { type: 'drive'; action: 'setParams'; params: Record<string, unknown> }
  | { type: 'drive'; action: 'click'; button: 'retry' | 'refresh' | 'export' | 'changes' | 'curl' }
  | { type: 'drive'; action: 'report' };

type PageToHost =
  | { type: 'ready' }
  /** The user changed the controls: the host checks them and fetches. */
  | { type: 'params'; params: ReportParams }
  | { type: 'refresh' }
  | { type: 'export' }
  | { type: 'copyCurl' }
  | ReportRenderSnapshot;

/** Checks a message of the page for a `kind` report (params included). */
export function pageMessageOf(kind: ReportKind, v: unknown): PageToHost | undefined {
  if (!isRecord(v)) return undefined;
  switch (v.type) {
    case 'ready':
    case 'refresh':
    case 'export':
    case 'copyCurl':
      return { type: v.type };
    case 'params': {
      const params = paramsOf(kind, v.params);
      return params && { type: 'params', params };
    }
    case 'rendered':
      return Array.isArray(v.rows) && Array.isArray(v.columns) ? (v as unknown as ReportRenderSnapshot) : undefined;
    default:
      return undefined;
  }
}
