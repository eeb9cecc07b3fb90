// The sync settings document: what Edit Sync Settings shows (the company's settings, one entry per
// data type) and the JSON schema VS Code checks it with, so a wrong field or value is marked as it
// is typed, before anything is sent.
import type { SyncSetting } from '../api';
import { t } from '../l10n';

const INT32 = 2_147_483_647;
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})?)?$';

/** A JSON schema of the document `{ $schema, settings: [...] }` for these data types. */
export function syncSettingsSchema(dataTypes: readonly string[], title: string): Record<string, unknown> {
  // Each type once: the editor checks every entry against the list.
  const types = [...new Set(dataTypes)];
  const whole = (description: string, minimum = 0) => ({ type: 'integer', minimum, maximum: INT32, description });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title,
    type: 'object',
    required: ['settings'],
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      settings: {
        type: 'array',
        description: t('One entry per data type; types left out keep their settings.'),
        items: {
          type: 'object',
          required: ['dataType', 'fetchOnFirstLink', 'syncSchedule', 'syncOrder'],
          additionalProperties: false,
          properties: {
            dataType: {
              type: 'string',
              enum: types,
              description: t('The data type, as the data status names it.'),
            },
            fetchOnFirstLink: { type: 'boolean', description: t('Sync it when a company first links a connection.') },
            syncSchedule: whole(
              t('Hours between scheduled syncs (24: daily; 0: none). A Free trial allows no hourly schedule.'),
            ),
            syncOrder: whole(t('Its place in the order the data types are synced.')),
            syncFromUtc: {
              type: 'string',
              pattern: DATE_TIME,
              description: t('Fetch records modified from this date on (or set syncFromWindow).'),
            },
            syncFromWindow: whole(t('Months of history to fetch (or set syncFromUtc).')),
            monthsToSync: whole(t('Months of financial statements to fetch.')),
            isLocked: { type: 'boolean', description: t('Set by the platform: a locked setting cannot be changed.') },
          },
        },
      },
    },
  };
}

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** One setting as the document shows it: the contract's fields of their types, in its order. The
 * answer's other fields (any JSON, 5,000 levels deep if a server likes) are not the document's:
 * the schema refuses them and Save would not send them. */
function documentSetting(s: SyncSetting): SyncSetting {
  const o = s as { [K in keyof SyncSetting]?: unknown };
  return {
    dataType: s.dataType,
    fetchOnFirstLink: s.fetchOnFirstLink,
    syncSchedule: s.syncSchedule,
    syncOrder: s.syncOrder,
    ...(typeof o.syncFromUtc === 'string' ? { syncFromUtc: o.syncFromUtc } : {}),
    ...(whole(o.syncFromWindow) ? { syncFromWindow: o.syncFromWindow } : {}),
    ...(whole(o.monthsToSync) ? { monthsToSync: o.monthsToSync } : {}),
    ...(typeof o.isLocked === 'boolean' ? { isLocked: o.isLocked } : {}),
  };
}

/** What Edit Sync Settings shows of the company's settings (isSyncSettings checked the four
 * required fields of each). */
export function settingsDocument(settings: readonly SyncSetting[]): { settings: SyncSetting[] } {
  return { settings: settings.map(documentSetting) };
}

/** The document's text as settings to send: `{ settings: [...] }`; the rest is the server's to check. */
export function settingsBody(text: string): { ok: true; settings: SyncSetting[] } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  const settings = (value as { settings?: unknown } | null)?.settings;
  if (!Array.isArray(settings)) return { ok: false, message: t('the document must hold a "settings" list') };
  // isLocked is the platform's to set: sent back, it would read as an attempt to change it.
  return { ok: true, settings: settings.map((s) => stripLocked(s as SyncSetting)) };
}

function stripLocked(setting: SyncSetting): SyncSetting {
  if (typeof setting !== 'object' || setting === null) return setting;
  const { isLocked: _locked, ...rest } = setting;
  return rest;
}
