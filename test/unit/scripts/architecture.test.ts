// The architecture check (scripts/architecture.mjs) on small trees made here: it must find each
// kind of breach, and pass a tree that has none.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const script = resolve(__dirname, '..', '..', '..', '..', 'scripts', 'architecture.mjs');

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
      'src/extension.ts': `import { b } from './b';\nexport function activate(): number {\n${lines(50)}\n  return b();\n}\n`,
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
      'src/a.ts': `import type { B } from './b';\nexport type A = B;\nfunction long(): void {\n${lines(60)}\n}\n`,
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

  it('lists a module outside the UI layer that uses vscode, itself or through what it imports', () => {
    const root = tree({
      'src/extension.ts':
        "import { label } from './format/label';\nexport function activate(): string {\n  return label();\n}\n",
      'src/format/label.ts': "import { node } from '../tree/node';\nexport const label = (): string => node();\n",
      'src/tree/node.ts': "import * as vscode from 'vscode';\nexport const node = (): string => vscode.env.language;\n",
      'src/api/direct.ts': "import * as vscode from 'vscode';\nexport const direct = vscode.env;\n",
      'test/unit/direct.test.ts': "import { direct } from '../../src/api/direct';\nvoid direct;\n",
      'test/emulator/e.ts': 'export const e = 1;\n',
    });
    roots.push(root);
    const r = check(root);
    assert.equal(r.code, 1, r.output);
    assert.match(r.output, /src\/format\/label\.ts uses src\/tree\/node\.ts → vscode: outside the UI layer/);
    assert.match(r.output, /src\/api\/direct\.ts uses vscode: outside the UI layer/);
    assert.doesNotMatch(r.output, /src\/(tree\/node|extension)\.ts uses/, 'the UI layer may');
  });

  // A tree brings its own order (scripts/layers.mjs), as this repository does.
  const layers = (...folders: string[]) =>
    `export const FOLDER_ORDER = [${folders.map((f) => `'${f}'`).join(', ')}];\n`;

  it('passes a tree whose folders import only their own and those below them', () => {
    const root = tree({
      'scripts/layers.mjs': layers('util', 'api', 'tree', 'extension'),
      'src/util/guards.ts': 'export const isText = (v: unknown): v is string => typeof v === "string";\n',
      'src/util/text.ts':
        "import { isText } from './guards';\nexport const text = (v: unknown): string => (isText(v) ? v : '');\n",
      'src/api/paths.ts':
        "import { text } from '../util/text';\nexport const companyPath = (id: unknown): string => `/companies/${text(id)}`;\n",
      'src/api/index.ts': "export { companyPath } from './paths';\n",
      'src/tree/node.ts':
        "import type { companyPath } from '../api';\nexport type Path = ReturnType<typeof companyPath>;\n",
      'src/extension.ts':
        "import { companyPath } from './api';\nimport type { Path } from './tree/node';\nexport function activate(): Path {\n  return companyPath('/companiesX/apiKeysY');\n}\n",
      'test/emulator/e.ts': "export const route = '/companies/{id}';\n",
    });
    roots.push(root);
    const r = check(root);
    assert.equal(r.code, 0, r.output);
    assert.match(r.output, /folders in their order/);
  });

  it('lists an import of src/api/ from outside it that passes src/api/index.ts', () => {
    const root = tree({
      'src/api/index.ts': "export { client } from './client';\n",
      'src/api/client.ts': "import { retry } from './retry';\nexport const client = (): number => retry();\n",
      'src/api/retry.ts': 'export const retry = (): number => 1;\n',
      'src/push/follow.ts': "import { retry } from '../api/retry';\nexport const follow = (): number => retry();\n",
      'src/extension.ts':
        "import { client } from './api';\nimport { follow } from './push/follow';\nexport function activate(): number {\n  return client() + follow();\n}\n",
      'test/emulator/e.ts': 'export const e = 1;\n',
    });
    roots.push(root);
    const r = check(root);
    assert.equal(r.code, 1, r.output);
    assert.match(r.output, /1 breach\b/);
    assert.match(
      r.output,
      /src\/push\/follow\.ts imports src\/api\/retry\.ts: outside src\/api\/ the API is imported through src\/api\/index\.ts/,
    );
  });

  it('lists an import of a folder above (type-only too), from a folder and from a top-level file, and a folder with no place', () => {
    const root = tree({
      'scripts/layers.mjs': layers('util', 'api', 'log', 'tree', 'extension'),
      'src/util/a.ts': "import type { B } from '../api/b';\nexport type A = B | 1;\n",
      'src/api/b.ts': 'export type B = 2;\n',
      'src/log.ts': "import type { N } from './tree/node';\nexport type L = N;\n",
      'src/tree/node.ts':
        "import type { A } from '../util/a';\nimport type { L } from '../log';\nexport type N = A;\nexport type M = L;\n",
      'src/extension.ts':
        "import type { M } from './tree/node';\nimport type { X } from './extra/x';\nexport function activate(): M | X | undefined {\n  return undefined;\n}\n",
      'src/extra/x.ts': 'export type X = 3;\n',
      'test/emulator/e.ts': 'export const e = 1;\n',
    });
    roots.push(root);
    const r = check(root);
    assert.equal(r.code, 1, r.output);
    assert.match(
      r.output,
      /src\/util\/a\.ts imports src\/api\/b\.ts: util may not import api \(api is above util in the folder order\)/,
    );
    assert.match(r.output, /src\/log\.ts imports src\/tree\/node\.ts: log may not import tree/);
    assert.match(r.output, /src\/extra has no place in the folder order/);
    assert.doesNotMatch(
      r.output,
      /src\/(tree\/node|extension)\.ts imports/,
      'an import of a folder below is no breach',
    );
    assert.doesNotMatch(r.output, /extension\.ts imports src\/extra/, 'an unplaced folder is reported once, as such');
  });

  it('lists a string or template literal outside src/api/ that builds an API path', () => {
    const root = tree({
      'src/api/paths.ts': 'export const pushPath = (c: string, k: string): string => `/companies/${c}/push/${k}`;\n',
      'src/api/index.ts': "export { pushPath } from './paths';\n",
      'src/push/follow.ts':
        "import { pushPath } from '../api';\nexport const own = (c: string): string => `/companies/${encodeURIComponent(c)}/push`;\nexport const viaApi = (c: string): string => pushPath(c, 'k');\n",
      'src/tree/keys.ts':
        "export const self = { href: '/apiKeys' };\nexport const conn = (c: string): string => `${c}/connections/${c}`;\n",
      'src/extension.ts':
        "import { own, viaApi } from './push/follow';\nimport { conn, self } from './tree/keys';\nexport function activate(): string {\n  return [own('c'), viaApi('c'), conn('c'), self.href, '/companiesX', 'companies/'].join();\n}\n",
      'test/emulator/e.ts': 'export const e = 1;\n',
    });
    roots.push(root);
    const r = check(root);
    assert.equal(r.code, 1, r.output);
    assert.match(r.output, /3 breaches/);
    assert.match(
      r.output,
      /src\/push\/follow\.ts:2: builds the API path "\/companies\/\{\}\/push": only src\/api\/ builds them/,
    );
    assert.match(r.output, /src\/tree\/keys\.ts:1: builds the API path "\/apiKeys"/);
    assert.match(r.output, /src\/tree\/keys\.ts:2: builds the API path "\{\}\/connections\/\{\}"/);
  });
});

// The export rules on one tree of scenarios, checked in one run (a run costs a second): each
// scenario has its folder of src/ and its own names, and each test reads its folder's breaches.
// A scenario's use.ts imports and exports nothing, so it is never a breach itself.
describe('architecture check: every export of src/ used, and declared once', () => {
  let root: string;
  let breaches: string[] = [];
  let code: number | null;
  before(() => {
    root = tree({
      'test/emulator/e.ts': 'export const e = 1;\n',
      'src/extension.ts':
        'interface DataPlatformApi {\n  n: number;\n}\nexport function activate(): DataPlatformApi {\n  return { n: 1 };\n}\nexport function deactivate(): void {}\nexport const helper = 1;\n',
      'src/unused/a.ts':
        'export const used = 1;\nexport const unused = 2;\nexport interface Unused {\n  n: number;\n}\nfunction hidden(): number {\n  return unused;\n}\nexport { hidden };\n',
      'src/unused/use.ts': "import { used } from './a';\nvoid used;\n",
      'src/barrel/lib/index.ts':
        "export * from './one';\nexport type { Two } from './two';\nexport { three } from './three';\nexport * from './four';\n",
      'src/barrel/lib/one.ts': 'export const one = 1;\n',
      'src/barrel/lib/two.ts': 'export interface Two {\n  n: number;\n}\n',
      'src/barrel/lib/three.ts': 'export const three = 3;\n',
      'src/barrel/lib/four.ts': 'export const four = 4;\n',
      'src/barrel/use.ts': "import { one, type Two } from './lib';\nconst two: Two = { n: one };\nvoid two;\n",
      'src/namespace/one.ts': 'export const nsOne = 1;\n',
      'src/namespace/lib/index.ts': "export * from './two';\nexport { nsThree } from './three';\n",
      'src/namespace/lib/two.ts': 'export interface NsTwo {\n  n: number;\n}\n',
      'src/namespace/lib/three.ts': 'export const nsThree = 3;\n',
      'src/namespace/use.ts':
        "import * as one from './one';\nimport * as lib from './lib';\nconst two: lib.NsTwo = { n: one.nsOne + lib.nsThree };\nvoid two;\n",
      'src/oracle/a.ts': 'export const kept = 1;\nexport const oracle = 2;\n',
      'src/oracle/use.ts': "import { kept } from './a';\nvoid kept;\n",
      'test/unit/oracle.test.ts': "import { oracle } from '../../src/oracle/a';\nvoid oracle;\n",
      'src/seam/a.ts':
        'export const seam = (n: number): number => n + 1;\nexport const run = (): number => seam(1);\nexport const inner = 2;\nexport const alsoRun = (): number => inner;\n',
      'src/seam/use.ts': "import { alsoRun, run } from './a';\nvoid run;\nvoid alsoRun;\n",
      'test/unit/seam.test.ts': "import { seam } from '../../src/seam/a';\nvoid seam;\n",
      'src/dup/ast.ts': 'export interface QueryNode {\n  text: string;\n}\n',
      'src/dup/nodes.ts': "export class QueryNode {\n  label = '';\n}\n",
      'src/dup/use.ts':
        "import type { QueryNode as Parsed } from './ast';\nimport type { QueryNode as Shown } from './nodes';\nconst both: [Parsed?, Shown?] = [];\nvoid both;\n",
      'src/reexport/ast.ts': 'export interface Shared {\n  text: string;\n}\n',
      'src/reexport/index.ts': "export type { Shared } from './ast';\n",
      'src/reexport/api/index.ts': "export * from '../ast';\nexport * from './client';\n",
      'src/reexport/api/client.ts':
        "import type { Shared } from '../ast';\nexport type { Shared };\nexport type Api = Shared;\n",
      'src/reexport/use.ts':
        "import type { Shared } from './index';\nimport type { Api } from './api';\nconst s: Shared & Api = { text: '' };\nvoid s;\n",
    });
    const r = check(root);
    code = r.code;
    breaches = r.output
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter(Boolean);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const of = (path: string) => breaches.filter((b) => b.includes(`src/${path}`));
  const unused = (where: string, name: string) => `src/${where}: export ${name} is never used by the extension`;
  const oracle = (where: string, name: string) => `${unused(where, name)} (only by tests: it belongs with them)`;
  const local = (where: string, name: string) =>
    `src/${where}: export ${name} is used only inside its own file: drop \`export\``;

  it('fails the tree, which has breaches', () => {
    assert.equal(code, 1, breaches.join('\n'));
  });

  it('lists each export the extension never uses (a value, a type, an `export { x }` of its own), and one used only inside its file', () => {
    assert.deepEqual(of('unused/'), [
      local('unused/a.ts:2', 'unused'),
      unused('unused/a.ts:3', 'Unused'),
      unused('unused/a.ts:6', 'hidden'),
    ]);
  });

  it("passes an export the extension runs in its own file and a unit test imports (a test's seam)", () => {
    assert.deepEqual(of('seam/'), [local('seam/a.ts:3', 'inner')]);
  });

  it('passes exports imported through a barrel (`export *` and `export { x } from`)', () => {
    assert.deepEqual([...of('barrel/lib/one.ts'), ...of('barrel/lib/two.ts')], []);
  });

  it('lists an export that only a barrel re-exports: passing a name on is no use', () => {
    assert.deepEqual(of('barrel/'), [unused('barrel/lib/four.ts:1', 'four'), unused('barrel/lib/three.ts:1', 'three')]);
  });

  it('passes exports used through a namespace import (`ns.x`, `ns.T`), of a file and of a barrel', () => {
    assert.deepEqual(of('namespace/'), []);
  });

  it('lists an export that only test/ uses: a test oracle belongs with the tests', () => {
    assert.deepEqual(of('oracle/'), [oracle('oracle/a.ts:2', 'oracle')]);
  });

  it("passes src/extension.ts's activate and deactivate, which VS Code calls, and no other export of it", () => {
    assert.deepEqual(of('extension.ts'), [unused('extension.ts:8', 'helper')]);
  });

  it('lists an exported name declared in two files', () => {
    assert.deepEqual(of('dup/'), ['exported name QueryNode is declared in src/dup/ast.ts and src/dup/nodes.ts']);
  });

  it('passes a name declared once and re-exported elsewhere (by a barrel, `export *`, a forwarding file)', () => {
    assert.deepEqual(of('reexport/'), []);
  });
});
