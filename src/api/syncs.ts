// The sync side's requests and answers (Codat's Platform API): a company's data status, queuing a
// sync of one data type, the pull operation history (`GET …/data/history`, paged, and one
// operation) and the sync settings (`GET`/`POST …/syncSettings`; the POST is never retried or
// resent: see transport.ts). Built here as requests.ts builds the reads, every parameter checked
// before anything is sent.
import { t } from '../l10n';
import { PULL_OPERATION_SCHEMA } from '../query';
import { refusedParameter } from './failures';
import type { PullOperation, SyncSetting, SyncSettings } from './models';
import { checkId, type Target } from './requestChecks';
import { companyPath, listPath, type ApiRequest, type ListParams } from './requests';
import { isRecord, type Guard } from '../util/guards';
import { pageGuard } from './responseShapes';

/** The settings' whole numbers (hours, months, an order) are int32s on the server. */
export const MAX_SYNC_NUMBER = 2_147_483_647;

/** What `setSyncSettings` sends: the settings of the data types to change and whether the company
 * overrides the defaults (default true; false puts the company back on them). A `SyncSettings`
 * as read fits, but mind its `overridesDefaults`: false until the company's were first set. */
export interface SyncSettingsUpdate {
  settings: readonly SyncSetting[];
  overridesDefaults?: boolean;
}

const text = (v: unknown): v is string => typeof v === 'string';
const nonEmpty = (v: unknown): v is string => text(v) && v.trim() !== '';
const integer = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const optional = (v: unknown, is: (x: unknown) => boolean): boolean => v === undefined || v === null || is(v);

const isSyncSetting: Guard<SyncSetting> = (v): v is SyncSetting =>
  isRecord(v) &&
  nonEmpty(v.dataType) &&
  typeof v.fetchOnFirstLink === 'boolean' &&
  integer(v.syncSchedule) &&
  integer(v.syncOrder);

export const isSyncSettings: Guard<SyncSettings> = (v): v is SyncSettings =>
  isRecord(v) &&
  Array.isArray(v.settings) &&
  v.settings.every(isSyncSetting) &&
  optional(v.companyId, text) &&
  optional(v.overridesDefaults, (x) => typeof x === 'boolean');

/** An operation of the history: its id, type, status and when it was requested. Every other
 * field may hold any JSON and is checked where it is read (format/syncLabels.ts). */
export const isPullOperationEntry: Guard<PullOperation> = (v): v is PullOperation =>
  isRecord(v) && nonEmpty(v.id) && text(v.dataType) && text(v.status) && text(v.requested);

export const PULL_OPERATION_PAGE = pageGuard(isPullOperationEntry);

export function dataStatusRequest(companyId: string): ApiRequest {
  return { method: 'GET', path: `${companyPath(companyId, 'GET', '/dataStatus')}/dataStatus` };
}

/** A sync of one data type, by the name the queue takes (`chartOfAccounts`, not `accounts`). */
export function queueSyncRequest(companyId: string, dataType: string): ApiRequest {
  const company = companyPath(companyId, 'POST', '/data/queue/{dataType}');
  const type = checkId({ method: 'POST', path: `${company}/data/queue/{dataType}` }, dataType, 'dataType');
  return { method: 'POST', path: `${company}/data/queue/${type}` };
}

/** Refresh all data: a sync of every data type of the company (204, no body). */
export function refreshAllRequest(companyId: string): ApiRequest {
  return { method: 'POST', path: `${companyPath(companyId, 'POST', '/data/all')}/data/all` };
}

/** A page of a company's pull operations; query and orderBy checked against their schema. */
export function pullOperationsRequest(companyId: string, params: ListParams = {}): ApiRequest {
  const base = `${companyPath(companyId, 'GET', '/data/history')}/data/history`;
  return { method: 'GET', path: listPath(base, params, PULL_OPERATION_SCHEMA) };
}

export function pullOperationRequest(companyId: string, datasetId: string): ApiRequest {
  const company = companyPath(companyId, 'GET', '/data/history/{datasetId}');
  const target: Target = { method: 'GET', path: `${company}/data/history/{datasetId}` };
  return { method: 'GET', path: `${company}/data/history/${checkId(target, datasetId, 'datasetId')}` };
}

export function syncSettingsRequest(companyId: string): ApiRequest {
  return { method: 'GET', path: `${companyPath(companyId, 'GET', '/syncSettings')}/syncSettings` };
}

function checkWhole(target: Target, value: unknown, parameter: string): number {
  if (!integer(value) || value < 0 || value > MAX_SYNC_NUMBER) {
    throw refusedParameter(
      target,
      parameter,
      t('{0} must be a whole number from 0 to {1} (got {2})', parameter, MAX_SYNC_NUMBER, String(value)),
    );
  }
  return value;
}

function checkBoolean(target: Target, value: unknown, parameter: string): boolean {
  if (typeof value !== 'boolean') throw refusedParameter(target, parameter, t('{0} must be true or false', parameter));
  return value;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The optional fields of a setting that are set (`null` counts as not set). */
function checkOptional(target: Target, value: Record<string, unknown>, at: string): Partial<SyncSetting> {
  const out: Partial<SyncSetting> = {};
  const { syncFromUtc, syncFromWindow, monthsToSync, isLocked } = value;
  if (syncFromUtc !== undefined && syncFromUtc !== null) {
    if (!text(syncFromUtc) || !DATE_TIME.test(syncFromUtc) || Number.isNaN(Date.parse(syncFromUtc))) {
      const parameter = `${at}.syncFromUtc`;
      throw refusedParameter(target, parameter, t('{0} must be a date-time such as 2024-01-31T00:00:00Z', parameter));
    }
    out.syncFromUtc = syncFromUtc;
  }
  if (syncFromWindow !== undefined && syncFromWindow !== null)
    out.syncFromWindow = checkWhole(target, syncFromWindow, `${at}.syncFromWindow`);
  if (monthsToSync !== undefined && monthsToSync !== null)
    out.monthsToSync = checkWhole(target, monthsToSync, `${at}.monthsToSync`);
  if (isLocked !== undefined && isLocked !== null) out.isLocked = checkBoolean(target, isLocked, `${at}.isLocked`);
  return out;
}

/** One setting, checked, with only the contract's fields (in its order). */
function checkSetting(target: Target, value: unknown, at: string): SyncSetting {
  if (!isRecord(value)) throw refusedParameter(target, at, t('{0} must be an object', at));
  if (!nonEmpty(value.dataType))
    throw refusedParameter(target, `${at}.dataType`, t('{0} must not be empty', `${at}.dataType`));
  return {
    dataType: value.dataType,
    fetchOnFirstLink: checkBoolean(target, value.fetchOnFirstLink, `${at}.fetchOnFirstLink`),
    syncSchedule: checkWhole(target, value.syncSchedule, `${at}.syncSchedule`),
    syncOrder: checkWhole(target, value.syncOrder, `${at}.syncOrder`),
    ...checkOptional(target, value, at),
  };
}

/** `POST …/syncSettings` with the contract's body: `companyId` (the path's), `settings` (each data
 * type at most once) and `overridesDefaults`. */
export function setSyncSettingsRequest(companyId: string, update: SyncSettingsUpdate): ApiRequest {
  const path = `${companyPath(companyId, 'POST', '/syncSettings')}/syncSettings`;
  const target: Target = { method: 'POST', path };
  const list: unknown = update?.settings;
  if (!Array.isArray(list)) throw refusedParameter(target, 'settings', t('settings must be a list of sync settings'));
  const settings = list.map((s, i) => checkSetting(target, s, `settings[${i}]`));
  // One pass, not one per setting: 50,000 settings took seconds by pairs.
  const seen = new Set<string>();
  const twice = settings.findIndex((s) => {
    if (seen.has(s.dataType)) return true;
    seen.add(s.dataType);
    return false;
  });
  if (twice >= 0) {
    const parameter = `settings[${twice}].dataType`;
    throw refusedParameter(target, parameter, t('{0} is set twice', settings[twice].dataType));
  }
  const overridesDefaults = checkBoolean(target, update.overridesDefaults ?? true, 'overridesDefaults');
  return { method: 'POST', path, body: { companyId, settings, overridesDefaults } };
}
