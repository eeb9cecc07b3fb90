// The reports' requests, built as requests.ts builds the reads: every parameter checked before
// anything is sent (a refusal is an ApiError of kind `invalidParameter`, nothing goes out), so what
// Copy as cURL shares is the request the client sends.
import { t } from '../l10n';
import { refusedParameter } from './failures';
import {
  isAgedKind,
  isStatementKind,
  MAX_NUMBER_OF_PERIODS,
  MAX_PERIOD_LENGTH,
  MAX_PERIOD_LENGTH_DAYS,
  MAX_PERIODS_TO_COMPARE,
  type AgedKind,
  type AgedParams,
  type StatementKind,
  type StatementParams,
} from './reportParams';
import { companyPath, type ApiRequest } from './requests';
import type { Target } from './requestChecks';
import { buildQueryString } from './url';
import { isRecord } from '../util/guards';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The contract's DateTime (ISO 8601: a date, or a date and a time with an optional offset). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Whether year, month and day name a day of the calendar (no 31 April, 29 February only in a leap year). */
function isCalendarDay(year: string, month: string, day: string): boolean {
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return d.getUTCFullYear() === Number(year) && d.getUTCMonth() === Number(month) - 1 && d.getUTCDate() === Number(day);
}

/** What a refused value was, for its message: a caller in plain JavaScript may pass anything. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return String(value);
  return typeof value;
}

function checkWhole(target: Target, value: unknown, parameter: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw refusedParameter(
      target,
      parameter,
      t('{0} must be a whole number from 1 to {1} (got {2})', parameter, max, shown(value)),
    );
  }
  return value;
}

/** `startMonth`: the contract's DateTime, a real day (`2026-01-01` or `2026-01-01T00:00:00`). */
function checkStartMonth(target: Target, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  if (!m || !isCalendarDay(m[1], m[2], m[3]))
    throw refusedParameter(
      target,
      'startMonth',
      t('{0} must be a date such as 2026-01-01 (got {1})', 'startMonth', shown(value)),
    );
  return value as string;
}

/** `reportDate`: a day as YYYY-MM-DD (the contract's `format: date`). */
function checkReportDate(target: Target, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  if (!m || !isCalendarDay(m[1], m[2], m[3]))
    throw refusedParameter(
      target,
      'reportDate',
      t('{0} must be a date such as 2026-01-31 (got {1})', 'reportDate', shown(value)),
    );
  return value as string;
}

/** A report kind named in a path: a caller in plain JavaScript may pass anything. */
function checkKind<K extends string>(target: Target, value: unknown, is: (v: string) => v is K): K {
  if (typeof value !== 'string' || !is(value))
    throw refusedParameter(target, 'kind', t('{0} is not a report this version knows', shown(value)));
  return value;
}

/** `GET /companies/{companyId}/data/financials/{kind}?periodLength&periodsToCompare[&startMonth]`,
 * in the order the contract lists the parameters. */
export function statementRequest(companyId: string, kind: StatementKind, params: StatementParams): ApiRequest {
  const target: Target = { method: 'GET', path: '/companies/{companyId}/data/financials/{kind}' };
  const company = companyPath(companyId, 'GET', '/data/financials/{kind}');
  const which = checkKind(target, kind, isStatementKind);
  const p: Partial<StatementParams> = isRecord(params) ? params : {};
  const periodLength = checkWhole(target, p.periodLength, 'periodLength', MAX_PERIOD_LENGTH);
  const periodsToCompare = checkWhole(target, p.periodsToCompare, 'periodsToCompare', MAX_PERIODS_TO_COMPARE);
  const startMonth = checkStartMonth(target, p.startMonth);
  const query = buildQueryString([
    ['periodLength', periodLength],
    ['periodsToCompare', periodsToCompare],
    ['startMonth', startMonth],
  ]);
  return { method: 'GET', path: `${company}/data/financials/${which}${query}` };
}

/** `GET /companies/{companyId}/reports/{kind}[?reportDate&numberOfPeriods&periodLengthDays]`; a
 * parameter left out is the platform's default. */
export function agedRequest(companyId: string, kind: AgedKind, params: AgedParams = {}): ApiRequest {
  const target: Target = { method: 'GET', path: '/companies/{companyId}/reports/{kind}' };
  const company = companyPath(companyId, 'GET', '/reports/{kind}');
  const which = checkKind(target, kind, isAgedKind);
  const p: AgedParams = isRecord(params) ? params : {};
  const reportDate = checkReportDate(target, p.reportDate);
  const periods = p.numberOfPeriods;
  const days = p.periodLengthDays;
  const query = buildQueryString([
    ['reportDate', reportDate],
    [
      'numberOfPeriods',
      periods === undefined ? undefined : checkWhole(target, periods, 'numberOfPeriods', MAX_NUMBER_OF_PERIODS),
    ],
    [
      'periodLengthDays',
      days === undefined ? undefined : checkWhole(target, days, 'periodLengthDays', MAX_PERIOD_LENGTH_DAYS),
    ],
  ]);
  return { method: 'GET', path: `${company}/reports/${which}${query}` };
}

/** `GET /companies/{companyId}/reports/{kind}/available`. */
export function agedAvailableRequest(companyId: string, kind: AgedKind): ApiRequest {
  const target: Target = { method: 'GET', path: '/companies/{companyId}/reports/{kind}/available' };
  const company = companyPath(companyId, 'GET', '/reports/{kind}/available');
  return { method: 'GET', path: `${company}/reports/${checkKind(target, kind, isAgedKind)}/available` };
}

/** `GET /companies/{companyId}/data/info`. */
export function companyInfoRequest(companyId: string): ApiRequest {
  return { method: 'GET', path: `${companyPath(companyId, 'GET', '/data/info')}/data/info` };
}
