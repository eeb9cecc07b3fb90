// What the Marketplace shows (docs/marketplace.md, packaged as the README, and the manifest's
// description) promises only what the .vsix holds. The package has no emulator and no npm
// scripts: the emulator may be named only as part of the source repository, with a link to it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..');
const read = (p: string) => readFileSync(join(root, p), 'utf8');
const repository = (JSON.parse(read('package.json')) as { repository: { url: string } }).repository.url.replace(
  /\.git$/,
  '',
);

/** The Markdown's sentences (and headings, list items), each as one line. */
function sentences(md: string): string[] {
  return md
    .split(/\n\s*\n|\n(?=\s*(?:[-*#]|\d+\.) )|(?<=[.!?])\s+(?=[A-Z*])/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

describe('Marketplace text', () => {
  const md = read('docs/marketplace.md');

  it('tells the user to run no npm script: the package has none', () => {
    assert.doesNotMatch(md, /\bnpm (run|start|test|ci|install)\b/);
  });

  it('names the emulator only as part of the linked source repository', () => {
    const mentions = sentences(md).filter((p) => /emulator/i.test(p));
    for (const p of mentions) {
      assert.match(p, new RegExp(`\\]\\(${repository.replace(/[.]/g, '\\.')}[)#]`), `links the repository: ${p}`);
      assert.doesNotMatch(p, /\b(included|includes|bundled|ships with the extension|comes with the extension)\b/i, p);
    }
  });

  it('has a description that claims no emulator', () => {
    const description = (JSON.parse(read('package.nls.json')) as { description: string }).description;
    assert.doesNotMatch(description, /emulator/i);
  });
});
