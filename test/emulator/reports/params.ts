// The reports' query parameters (Accounting API 2.1.0), read or refused with the emulator's usual
// 400 body naming the parameter (validation.errors[].itemId), as a bad `page` is:
// - statements: `periodLength` (months a period, 1–12) and `periodsToCompare` (periods, 1–60), both
//   required; `startMonth` (a DateTime or `YYYY-MM-DD`; only its year and month count) optional.
// - aged reports: `reportDate` (`YYYY-MM-DD`, a DateTime allowed; default the clock's today),
//   `numberOfPeriods` (1–50, default 4) and `periodLengthDays` (1–366, default 30): the Codat
//   portal's defaults. The bounds are the emulator's choice (the contract gives none).
import { type ApiResponse, validationError } from '../errors';
import { DAY_MS } from './documents';

export interface StatementParams {
  periodLength: number;
  periodsToCompare: number;
  /** Month number (year × 12 + month − 1) of the newest period's first month, when given. */
  startMonth?: number;
}

export interface AgedParams {
  /** Day number of the report date: documents issued before it count. */
  reportDay: number;
  numberOfPeriods: number;
  periodLengthDays: number;
}

export const STATEMENT_LIMITS = { periodLength: 12, periodsToCompare: 60 } as const;
export const AGED_LIMITS = { numberOfPeriods: 50, periodLengthDays: 366 } as const;
export const AGED_DEFAULTS = { numberOfPeriods: 4, periodLengthDays: 30 } as const;

const WHOLE = /^\d{1,9}$/;
// A date, or a DateTime in any of the forms Codat's DateTime lists (UTC, local, offset).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

const bad = (name: string, message: string): ApiResponse =>
  validationError('PublicApi', name, message, 'ReportParameterValidator');

/** A whole number within [1, max], the default when absent (undefined: required). */
function wholeNumber(params: URLSearchParams, name: string, max: number, fallback?: number): number | ApiResponse {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') {
    if (fallback !== undefined) return fallback;
    return bad(name, `The ${name} parameter is required: a whole number from 1 to ${max}.`);
  }
  const value = WHOLE.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= max))
    return bad(
      name,
      `Invalid value for parameter ${name}: ${JSON.stringify(raw)}. It must be a whole number from 1 to ${max}.`,
    );
  return value;
}

/** A calendar date (the time part, if any, ignored) as [year, month, day], or undefined. */
function calendarDate(raw: string): [number, number, number] | undefined {
  const m = DATE_TIME.exec(raw.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? [y, mo, d]
    : undefined;
}

export function readStatementParams(params: URLSearchParams): StatementParams | ApiResponse {
  const periodLength = wholeNumber(params, 'periodLength', STATEMENT_LIMITS.periodLength);
  if (typeof periodLength !== 'number') return periodLength;
  const periodsToCompare = wholeNumber(params, 'periodsToCompare', STATEMENT_LIMITS.periodsToCompare);
  if (typeof periodsToCompare !== 'number') return periodsToCompare;
  const raw = params.get('startMonth');
  if (raw === null || raw.trim() === '') return { periodLength, periodsToCompare };
  const date = calendarDate(raw);
  if (!date)
    return bad(
      'startMonth',
      `Invalid value for parameter startMonth: ${JSON.stringify(raw)}. It must be a date such as 2024-01-01 or 2024-01-01T00:00:00.`,
    );
  return { periodLength, periodsToCompare, startMonth: date[0] * 12 + date[1] - 1 };
}

export function readAgedParams(params: URLSearchParams, now: Date): AgedParams | ApiResponse {
  const raw = params.get('reportDate');
  let reportDay = Math.floor(now.getTime() / DAY_MS);
  if (raw !== null && raw.trim() !== '') {
    const date = calendarDate(raw);
    if (!date)
      return bad(
        'reportDate',
        `Invalid value for parameter reportDate: ${JSON.stringify(raw)}. It must be a date such as 2024-12-31.`,
      );
    reportDay = Date.UTC(date[0], date[1] - 1, date[2]) / DAY_MS;
  }
  const numberOfPeriods = wholeNumber(
    params,
    'numberOfPeriods',
    AGED_LIMITS.numberOfPeriods,
    AGED_DEFAULTS.numberOfPeriods,
  );
  if (typeof numberOfPeriods !== 'number') return numberOfPeriods;
  const periodLengthDays = wholeNumber(
    params,
    'periodLengthDays',
    AGED_LIMITS.periodLengthDays,
    AGED_DEFAULTS.periodLengthDays,
  );
  if (typeof periodLengthDays !== 'number') return periodLengthDays;
  return { reportDay, numberOfPeriods, periodLengthDays };
}
