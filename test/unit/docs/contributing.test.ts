// CONTRIBUTING.md stays a page a newcomer reads whole: its layout table names every folder and
// top-level file of src/ (a new one fails here until it is described), names nothing that is gone,
// lists them in the folder order the architecture check enforces, and the page stays within 10 KB
// with no line past 120 characters.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..', '..');
const MAX_BYTES = 10 * 1024;
const MAX_LINE = 120;

/** `api/` for a folder, `log.ts` for a file: what the layout table's first column names. */
function srcEntries(): string[] {
  return readdirSync(join(root, 'src'), { withFileTypes: true })
    .filter((e) => e.isDirectory() || e.name.endsWith('.ts'))
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
    .sort();
}

/** The first column of the table under "## Layout", in the table's order. */
function layoutRows(markdown: string): string[] {
  const section = /^## Layout\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

describe('CONTRIBUTING.md', () => {
  const text = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
  const rows = layoutRows(text);

  it('names every folder and top-level file of src/ in its layout', () => {
    const missing = srcEntries().filter((e) => !rows.includes(e));
    assert.deepEqual(missing, [], `add a row for each to the layout table of CONTRIBUTING.md`);
  });

  it('names nothing in its layout that src/ does not hold, and each once', () => {
    const entries = srcEntries();
    assert.deepEqual(
      rows.filter((r) => !entries.includes(r)),
      [],
    );
    assert.equal(new Set(rows).size, rows.length);
  });

  it('lists them top of the stack first, in the folder order `npm run architecture` enforces', () => {
    // Read as text: the tests compile to CommonJS, which cannot import an ES module.
    const layers = readFileSync(join(root, 'scripts', 'layers.mjs'), 'utf8');
    const order = /FOLDER_ORDER = \[([^\]]*)\]/.exec(layers)?.[1] ?? '';
    const topDown = [...order.matchAll(/'([^']+)'/g)].map((m) => m[1]).reverse();
    assert.ok(topDown.length > 10, 'read the folder order of scripts/layers.mjs');
    assert.deepEqual(
      rows.map((r) => r.replace(/\/$|\.ts$/, '')),
      topDown,
    );
  });

  it('stays within 10 KB', () => {
    const bytes = Buffer.byteLength(text, 'utf8');
    assert.ok(bytes <= MAX_BYTES, `CONTRIBUTING.md is ${bytes} bytes, over ${MAX_BYTES}`);
  });

  it(`has no line over ${MAX_LINE} characters`, () => {
    const long = text
      .split('\n')
      .map((line, i) => ({ line: i + 1, length: [...line].length }))
      .filter((l) => l.length > MAX_LINE);
    assert.deepEqual(long, []);
  });

  it('reads the layout table it checks', () => {
    const sample =
      '## Layout\n\n| path | holds |\n| --- | --- |\n| `api/` | x |\n| `log.ts` | y |\n\n## Next\n| `no/` | z |\n';
    assert.deepEqual(layoutRows(sample), ['api/', 'log.ts']);
  });
});
