import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { presentError } from '../../src/format/labels';
import { ApiError } from '../../src/api/errors';
import { formatMessage, setTranslator, t, type L10nArg } from '../../src/l10n';
import { queryProblem } from '../../src/format/queryMessages';

describe('l10n: t()', () => {
  afterEach(() => setTranslator(undefined));

  it('formats English as VS Code does until a translator is set', () => {
    assert.equal(t('Could not load invoice {0}: {1}', 'inv-1', 'gone'), 'Could not load invoice inv-1: gone');
    assert.equal(t('{0} of {1}', 12, 3), '12 of 3');
    assert.equal(t('Retryable: {0}', false), 'Retryable: false');
    assert.equal(t('{0} ({1})', '', 500), ' (500)', 'an empty argument is still an argument');
    assert.equal(t('Load more ({0} loaded)'), 'Load more ({0} loaded)', 'no arguments: the text as it is');
    assert.equal(t('{0} and {2}', 'a'), 'a and {2}', 'a placeholder without an argument stays');
  });

  it('leaves a "{" that is not a placeholder, swallowing what follows it, as VS Code does', () => {
    // Why scripts/l10n.mjs refuses such messages: the {0} after the brace is never replaced.
    assert.equal(formatMessage('Unclosed "{" opened at {0}', [3]), 'Unclosed "{" opened at {0}');
    assert.equal(formatMessage('Unclosed {0} opened at {1}', ['"{"', 3]), 'Unclosed "{" opened at 3');
  });

  it('routes every message, from the domain modules too, through the translator once it is set', () => {
    const seen: string[] = [];
    setTranslator((message: string, ...args: L10nArg[]) => {
      seen.push(message);
      return `<${formatMessage(message, args)}>`;
    });
    assert.equal(t('Invoices'), '<Invoices>');
    const error = new ApiError({ kind: 'unauthorized', message: 'x', method: 'GET', path: '/companies', status: 401 });
    assert.equal(presentError(error, 0, 0).label, '<Key rejected>');
    assert.equal(
      queryProblem('status ='),
      '<Col 8: <Expected a value after "=">>',
      'a message inside a message: both translated',
    );
    assert.ok(seen.includes('Col {0}: {1}'), 'looked up by the English message with its placeholders');
    setTranslator(undefined);
    assert.equal(t('Invoices'), 'Invoices', 'undefined goes back to English');
  });
});

// The files scripts/l10n.mjs generates, read as they ship.
const root = resolve(__dirname, '..', '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, string>;
/** What must survive translation untouched: placeholders, codicons, link targets. */
const fixedParts = (text: string) => [...text.matchAll(/\{\d+\}|\$\([\w~-]+\)|\]\([^)]*\)/g)].map((m) => m[0]).sort();

/** Runs the script's extraction on a folder of sources, in a Node of its own (it is an ES module). */
function extract(srcDir: string): { messages: string[]; problems: string[] } {
  const script =
    `import(${JSON.stringify(pathToFileURL(join(root, 'scripts', 'l10n.mjs')).href)})` +
    `.then((m) => console.log(JSON.stringify(m.extractMessages(${JSON.stringify(srcDir)}))))`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { messages: string[]; problems: string[] };
}

describe('l10n: the bundles', () => {
  it('are up to date with the sources, and every message keeps the rules (node scripts/l10n.mjs --check)', () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'l10n.mjs'), '--check'], { encoding: 'utf8' });
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  });

  it('pseudo-localise every runtime message, keeping its placeholders and codicons', () => {
    const english = readJson('l10n/bundle.l10n.json');
    const pseudo = readJson('l10n/bundle.l10n.qps-ploc.json');
    assert.deepEqual(Object.keys(pseudo), Object.keys(english));
    assert.ok(Object.keys(english).length > 200, 'the messages of src/ were found');
    for (const [message, translated] of Object.entries(pseudo)) {
      assert.match(translated, /^\[.*\]$/s, message);
      assert.deepEqual(fixedParts(translated), fixedParts(message), message);
    }
    assert.equal(pseudo['Key rejected'], '[Ķéý ŕéĵéçţéð]');
    assert.equal(pseudo['$(key) {0}: no API key'], '[$(key) {0}: ñö ÅÞÎ ķéý]');
  });

  it('give every %key% of package.json a string, in English and in the pseudo-locale, keeping links and buttons', () => {
    const manifest = readFileSync(join(root, 'package.json'), 'utf8');
    const keys = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]).sort();
    const english = readJson('package.nls.json');
    const pseudo = readJson('package.nls.qps-ploc.json');
    assert.deepEqual(Object.keys(english).sort(), keys, 'package.nls.json has exactly the keys package.json uses');
    assert.deepEqual(Object.keys(pseudo).sort(), keys);
    assert.ok(
      keys.includes('command.setApiKey.title') &&
        keys.includes('view.companies.name') &&
        keys.includes('viewsWelcome.noKey'),
    );
    for (const key of keys) assert.deepEqual(fixedParts(pseudo[key]), fixedParts(english[key]), key);
    // A welcome line that is only a link is a button: it must stay only a link.
    assert.ok(pseudo['viewsWelcome.noKey'].split('\n').includes('[Ŝéţ ÅÞÎ Ķéý](command:dataPlatform.setApiKey)'));
  });

  it('refuse a message that cannot be extracted, one built at module load and a "{" that swallows a placeholder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dp-l10n-'));
    try {
      writeFileSync(join(dir, 'l10n.ts'), 'export function t(m: string, ...a: unknown[]): string { return m; }\n');
      writeFileSync(
        join(dir, 'bad.ts'),
        [
          "import { t as tr } from './l10n';",
          "const early = tr('At load');",
          'export const late = () => tr(`Built ${early}`);',
          'export const brace = (n: number) => tr(\'Unclosed "{" at {0}\', n);',
          "export const fine = (n: number) => tr('Line {0}', n);",
          "export class C { label = tr('Per instance'); }",
        ].join('\n'),
      );
      const r = extract(dir);
      assert.deepEqual(r.messages, ['At load', 'Unclosed "{" at {0}', 'Line {0}', 'Per instance']);
      assert.equal(r.problems.length, 3, r.problems.join('\n'));
      assert.match(r.problems.join('\n'), /bad\.ts:2: called at module load/);
      assert.match(r.problems.join('\n'), /bad\.ts:3: the message must be a string literal/);
      assert.match(r.problems.join('\n'), /bad\.ts:4: .* has a "\{" outside a \{n\} placeholder/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
