// The sync settings document: its schema names the company's data types and the contract's fields,
// and its text becomes the settings to send, without what only the platform sets.
import * as assert from 'node:assert/strict';
import type { SyncSetting } from '../../../src/api/models';
import { prettyJson } from '../../../src/documents/json';
import { settingsBody, settingsDocument, syncSettingsSchema } from '../../../src/sync/settingsSchema';

describe('sync settings document', () => {
  it('the schema lists the data types, requires what the contract requires, and refuses other fields', () => {
    const schema = syncSettingsSchema(['invoices', 'chartOfAccounts'], 'Sync settings of Acme') as {
      title: string;
      properties: {
        settings: {
          items: {
            required: string[];
            additionalProperties: boolean;
            properties: Record<string, { enum?: string[]; minimum?: number }>;
          };
        };
      };
    };
    assert.equal(schema.title, 'Sync settings of Acme');
    const item = schema.properties.settings.items;
    assert.deepEqual(item.properties.dataType.enum, ['invoices', 'chartOfAccounts']);
    assert.deepEqual(item.required, ['dataType', 'fetchOnFirstLink', 'syncSchedule', 'syncOrder']);
    assert.equal(item.additionalProperties, false);
    assert.equal(item.properties.syncSchedule.minimum, 0);
  });

  it('reads the settings list, dropping isLocked (the platform’s to set) and the $schema line', () => {
    const text = JSON.stringify({
      $schema: 'dataplatform-json:/x.json',
      settings: [{ dataType: 'invoices', fetchOnFirstLink: true, syncSchedule: 6, syncOrder: 1, isLocked: false }],
    });
    assert.deepEqual(settingsBody(text), {
      ok: true,
      settings: [{ dataType: 'invoices', fetchOnFirstLink: true, syncSchedule: 6, syncOrder: 1 }],
    });
  });

  it('refuses text that is not JSON or holds no settings list', () => {
    for (const text of ['{', '{}', '{"settings":{}}', 'null', '[]']) assert.equal(settingsBody(text).ok, false, text);
  });

  it('the document of an answer with a field 5,000 levels deep holds the contract’s fields, and is written (issue 30)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    const answer = [
      { dataType: 'invoices', fetchOnFirstLink: true, syncSchedule: 24, syncOrder: 1, colour: deep },
      {
        dataType: 'bills',
        fetchOnFirstLink: false,
        syncSchedule: 0,
        syncOrder: 2,
        syncFromUtc: deep,
        monthsToSync: 'six',
      },
      { dataType: 'items', fetchOnFirstLink: false, syncSchedule: 0, syncOrder: 3, syncFromWindow: 6, isLocked: true },
    ] as unknown as SyncSetting[];
    const doc = settingsDocument(answer);
    assert.deepEqual(doc.settings, [
      { dataType: 'invoices', fetchOnFirstLink: true, syncSchedule: 24, syncOrder: 1 },
      { dataType: 'bills', fetchOnFirstLink: false, syncSchedule: 0, syncOrder: 2 },
      { dataType: 'items', fetchOnFirstLink: false, syncSchedule: 0, syncOrder: 3, syncFromWindow: 6, isLocked: true },
    ]);
    assert.deepEqual(JSON.parse(prettyJson(doc)), doc);
  });

  it('the schema names each data type once', () => {
    const schema = syncSettingsSchema(['invoices', 'bills', 'invoices'], 't') as {
      properties: { settings: { items: { properties: { dataType: { enum: string[] } } } } };
    };
    assert.deepEqual(schema.properties.settings.items.properties.dataType.enum, ['invoices', 'bills']);
  });
});
