// The architecture check (scripts/architecture.mjs) on small trees made here: it must find each
// kind of breach, and pass a tree that has none.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const script = resolve(__dirname, '..', '..', '..', 'scripts', 'architecture.mjs');

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'dp-arch-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

function check(root: string): { code: number | null; output: string } {
  const r = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  return { code: r.status, output: r.stdout + r.stderr };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('architecture check', () => {
  const roots: string[] = [];
  after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

  it('passes a tree within the rules', () => {
    const root = tree({
      'src/a.ts': `import { b } from './b';\nexport function a(): number {\n${lines(50)}\n  return b();\n}\n`,
      'src/b.ts': 'export const b = (): number => 1;\n',
      'test/emulator/e.ts': 'export const e = 1;\n',
    });
    roots.push(root);
    const r = check(root);
    assert.equal(r.code, 0, r.output);
    assert.match(r.output, /3 files hold/);
  });

  it('lists a long function, a long file, an import cycle (type-only too) and an emulator import of src/', () => {
    const root = tree({
      'src/a.ts': `import type { B } from './b';\nexport type A = B;\nexport function long(): void {\n${lines(60)}\n}\n`,
      'src/b.ts': `import type { A } from './a';\nexport type B = A | 1;\n${'// filler\n'.repeat(400)}`,
      'test/emulator/e.ts': `import type { A } from '../../src/a';\nexport const e = (a: A) => a;\n`,
    });
    roots.push(root);
    const r = check(root);
    assert.equal(r.code, 1, r.output);
    assert.match(r.output, /4 breaches/);
    assert.match(r.output, /src\/a\.ts:3: function long is 62 lines/);
    assert.match(r.output, /src\/b\.ts: 403 lines/);
    assert.match(r.output, /import cycle: src\/a\.ts → src\/b\.ts → src\/a\.ts/);
    assert.match(r.output, /test\/emulator\/e\.ts imports src\/a\.ts/);
  });
});
