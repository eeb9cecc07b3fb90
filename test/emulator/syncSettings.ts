// A company's sync settings (Codat's Platform API `GET`/`POST /companies/{id}/syncSettings`): one
// SyncSetting per data type the emulator serves, how often it is synced, in what order, how far
// back. The defaults are the emulator's choice (README). Settings are kept and served; they
// schedule nothing: syncs happen when queued.
import { instantOf } from './dates';
import { statusKey } from './dataSets';
import { DATA_TYPES } from './dataTypes';
import { ApiResponse, syncScheduleNotAllowed, validationError } from './errors';
import type { JsonObject } from './routing';
import type { CompanyEntry } from './state';
import type { CompanySyncSettings, SyncSetting } from './wire';

/** A day: the Free trial's shortest schedule (the spec: no hourly schedule on a Free trial). */
export const FREE_TRIAL_MIN_SCHEDULE_HOURS = 24;
const INT32_MAX = 2_147_483_647;
const DEFAULT_MONTHS = 24;

/** The names settings take: Codat's data type names (`chartOfAccounts`), in the type table's order. */
export const SYNC_SETTING_TYPES: readonly string[] = DATA_TYPES.map(statusKey);

/** The one locked setting of the seeded world, so a client meets one: `few`'s chart of accounts. */
const LOCKED: { company: CompanyEntry['wellKnown']; dataType: string } = {
  company: 'few',
  dataType: 'chartOfAccounts',
};

function defaults(entry: CompanyEntry): SyncSetting[] {
  return SYNC_SETTING_TYPES.map((dataType, syncOrder) => ({
    dataType,
    fetchOnFirstLink: true,
    syncSchedule: FREE_TRIAL_MIN_SCHEDULE_HOURS,
    syncOrder,
    monthsToSync: DEFAULT_MONTHS,
    isLocked: entry.wellKnown === LOCKED.company && dataType === LOCKED.dataType,
  }));
}

/** The company's settings, made from the defaults on first use (a reset brings them back). */
export function settingsOf(entry: CompanyEntry): CompanySyncSettings {
  entry.syncSettings ??= { companyId: entry.company.id, settings: defaults(entry), overridesDefaults: false };
  return entry.syncSettings;
}

/** A POST's body, checked: what it sets. */
export interface SettingsUpdate {
  settings: SyncSetting[];
  overridesDefaults: boolean;
}

const invalid = (itemId: string, message: string): ApiResponse =>
  validationError('ClientsApi', itemId, message, 'SyncSettingsValidator');

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= INT32_MAX;

const wholeProblem = (at: string, unit: string): ApiResponse =>
  invalid(at, `${at} must be a whole number${unit} from 0 to ${INT32_MAX}.`);

/** The optional fields of a setting (`null` counts as absent); `isLocked` is read, then left to the emulator. */
function readOptional(value: JsonObject, at: string): Partial<SyncSetting> | ApiResponse {
  const out: Partial<SyncSetting> = {};
  if (value.syncFromUtc !== undefined && value.syncFromUtc !== null) {
    const ms = instantOf(value.syncFromUtc);
    if (ms === undefined)
      return invalid(`${at}.syncFromUtc`, `${at}.syncFromUtc must be a date-time (2024-01-31T00:00:00Z).`);
    out.syncFromUtc = new Date(ms).toISOString();
  }
  for (const key of ['syncFromWindow', 'monthsToSync'] as const) {
    const v = value[key];
    if (v === undefined || v === null) continue;
    if (!isWhole(v)) return wholeProblem(`${at}.${key}`, ' of months');
    out[key] = v;
  }
  if (value.isLocked !== undefined && value.isLocked !== null && typeof value.isLocked !== 'boolean')
    return invalid(`${at}.isLocked`, `${at}.isLocked must be true or false.`);
  return out;
}

function readSetting(value: unknown, at: string): SyncSetting | ApiResponse {
  if (!isObject(value)) return invalid(at, `${at} must be a JSON object.`);
  const { dataType, fetchOnFirstLink, syncSchedule, syncOrder } = value;
  if (typeof dataType !== 'string' || !SYNC_SETTING_TYPES.includes(dataType)) {
    const known = SYNC_SETTING_TYPES.join(', ');
    return invalid(`${at}.dataType`, `${at}.dataType must be one of ${known} (got ${JSON.stringify(dataType)}).`);
  }
  if (typeof fetchOnFirstLink !== 'boolean')
    return invalid(`${at}.fetchOnFirstLink`, `${at}.fetchOnFirstLink is required: true or false.`);
  if (!isWhole(syncSchedule)) return wholeProblem(`${at}.syncSchedule`, ' of hours');
  if (!isWhole(syncOrder)) return wholeProblem(`${at}.syncOrder`, '');
  const optional = readOptional(value, at);
  if (optional instanceof ApiResponse) return optional;
  return { dataType, fetchOnFirstLink, syncSchedule, syncOrder, ...optional };
}

/** The body of `POST /syncSettings`: the contract's `companyId` (this company's), `settings`
 * (each type at most once) and `overridesDefaults`, all required. */
export function readSettingsUpdate(body: JsonObject, entry: CompanyEntry): SettingsUpdate | ApiResponse {
  const id = entry.company.id;
  if (typeof body.companyId !== 'string' || body.companyId.toLowerCase() !== id.toLowerCase())
    return invalid('companyId', `companyId is required and must be the company of the path (${id}).`);
  if (typeof body.overridesDefaults !== 'boolean')
    return invalid('overridesDefaults', 'overridesDefaults is required: true or false.');
  if (!Array.isArray(body.settings)) return invalid('settings', 'settings is required: a list of sync settings.');
  const settings: SyncSetting[] = [];
  for (const [i, value] of (body.settings as unknown[]).entries()) {
    const setting = readSetting(value, `settings[${i}]`);
    if (setting instanceof ApiResponse) return setting;
    if (settings.some((s) => s.dataType === setting.dataType))
      return invalid(`settings[${i}].dataType`, `settings[${i}].dataType ${setting.dataType} is set twice.`);
    settings.push(setting);
  }
  return { settings, overridesDefaults: body.overridesDefaults };
}

const REQUIRED = ['fetchOnFirstLink', 'syncSchedule', 'syncOrder'] as const;
const OPTIONAL = ['syncFromUtc', 'syncFromWindow', 'monthsToSync'] as const;

/** Whether `sent` changes `was`: a required field that differs, or an optional one sent with
 * another value (left out, it is not a change: a client need not send what it does not set). */
const changes = (was: SyncSetting, sent: SyncSetting): boolean =>
  REQUIRED.some((k) => was[k] !== sent[k]) || OPTIONAL.some((k) => sent[k] !== undefined && was[k] !== sent[k]);

/**
 * Applies a checked update, or answers why not: a schedule under a day on the Free trial (402; `0`,
 * no scheduled sync, is allowed), a change to a locked setting (400). With `overridesDefaults` the
 * types sent take their new settings and the others keep theirs; without, the company goes back to
 * the defaults.
 */
export function applySettingsUpdate(
  entry: CompanyEntry,
  update: SettingsUpdate,
  freeTrial: boolean,
): ApiResponse | undefined {
  const hourly = update.settings.findIndex((s) => s.syncSchedule > 0 && s.syncSchedule < FREE_TRIAL_MIN_SCHEDULE_HOURS);
  if (freeTrial && hourly >= 0) return syncScheduleNotAllowed(`settings[${hourly}].syncSchedule`);
  const current = settingsOf(entry);
  for (const [i, setting] of update.settings.entries()) {
    const was = current.settings.find((s) => s.dataType === setting.dataType);
    if (was?.isLocked && changes(was, setting))
      return invalid(`settings[${i}]`, `The sync setting of ${setting.dataType} is locked and cannot be changed.`);
  }
  if (!update.overridesDefaults) {
    current.settings = defaults(entry);
  } else {
    current.settings = current.settings.map((was) => {
      const sent = update.settings.find((s) => s.dataType === was.dataType);
      // A locked setting stays as it is (what was sent for it changed nothing, or it was refused).
      return sent && !was.isLocked ? { ...sent, isLocked: false } : was;
    });
  }
  current.overridesDefaults = update.overridesDefaults;
  return undefined;
}
