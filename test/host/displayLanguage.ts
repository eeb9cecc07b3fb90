// Starts a host in another display language (a pseudo-locale for the localisation tests).
//
// `--locale` alone is not enough: VS Code falls back to English unless a language pack for the
// locale is installed, and only then does the workbench report that language to the extension
// host (`vscode.env.language`), which loads the extension's `l10n/bundle.l10n.<locale>.json`
// and its `package.nls.<locale>.json`. A language pack is known through `languagepacks.json` in
// the user-data folder, which VS Code writes when one is installed; here it is written by hand
// with an empty translation of VS Code itself, so the workbench stays English and only the
// extension's own strings change. Verified with the offline server (code-server 4.139.1): the
// workbench's locale comes from `--locale`, else argv.json, else English; the browser's language
// is never consulted. The desktop route reads the same file and flag (not tried here).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes the language pack entry for `locale` into the profile; returns the flag for the host. */
export function prepareDisplayLanguage(userDataDir: string, locale: string): string[] {
  mkdirSync(userDataDir, { recursive: true });
  const translations = join(userDataDir, `dp-language-pack.${locale}.json`);
  writeFileSync(translations, JSON.stringify({ contents: {} }) + '\n');
  const pack = {
    [locale]: {
      hash: `dp-${locale}`,
      label: locale,
      // VS Code's language picker reads the first extension's id; any id will do.
      extensions: [{ extensionIdentifier: { id: `dataplatform-tests.language-pack-${locale}` }, version: '0.0.0' }],
      translations: { vscode: translations },
    },
  };
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify(pack, null, 2) + '\n');
  return ['--locale', locale];
}
