// The settings as package.json declares them: each has a description a user can read, a scope
// (where it may be set), and for a choice, a description of every value.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CSV_DELIMITERS, EXPORT_FORMATS } from '../../src/export';

const root = resolve(__dirname, '..', '..', '..');

interface Setting {
  type: string;
  scope?: string;
  default: unknown;
  enum?: unknown[];
  enumDescriptions?: string[];
  markdownDescription?: string;
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Setting> } };
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const settings = Object.entries(manifest.contributes.configuration.properties);

/** The English text of a `%key%` reference (or the text itself). */
const english = (text: string | undefined): string =>
  text?.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? '') ?? '';

describe('settings (package.json)', () => {
  it('each has a markdown description of at least a sentence', () => {
    for (const [name, s] of settings) assert.ok(english(s.markdownDescription).length > 30, name);
  });

  it('each has a scope: application for what is about the accounts, machine for the network, window for the rest', () => {
    const scopes = Object.fromEntries(settings.map(([name, s]) => [name, s.scope]));
    assert.deepEqual(scopes, {
      'dataPlatform.pageSize': 'window',
      'dataPlatform.loadAllConcurrency': 'application',
      'dataPlatform.requestTimeout': 'machine',
      'dataPlatform.export.defaultFormat': 'window',
      'dataPlatform.export.csvDelimiter': 'window',
      'dataPlatform.maxTreeRows': 'window',
      'dataPlatform.confirmWrites': 'application',
      'dataPlatform.downloads.maxSizeMB': 'window',
    });
  });

  it('caps downloads at 50 MB by default, at least 1 MB', () => {
    const cap = manifest.contributes.configuration.properties['dataPlatform.downloads.maxSizeMB'] as Setting & {
      minimum?: number;
    };
    assert.equal(cap.type, 'integer');
    assert.equal(cap.default, 50);
    assert.equal(cap.minimum, 1);
  });

  it('a choice describes each of its values, and its default is one of them', () => {
    for (const [name, s] of settings.filter(([, s]) => s.enum)) {
      assert.equal(s.enumDescriptions?.length, s.enum?.length, name);
      for (const d of s.enumDescriptions ?? []) assert.ok(english(d).length > 0, `${name}: ${d}`);
      assert.ok(s.enum?.includes(s.default), name);
    }
  });

  it('offers exactly the delimiters the CSV writer takes and the formats Export writes', () => {
    const props = manifest.contributes.configuration.properties;
    assert.deepEqual(props['dataPlatform.export.csvDelimiter'].enum, CSV_DELIMITERS);
    assert.deepEqual(props['dataPlatform.export.defaultFormat'].enum, ['ask', ...EXPORT_FORMATS]);
  });
});
