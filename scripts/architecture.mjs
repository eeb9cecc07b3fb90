// `npm run architecture` (and every `npm test`): the structural rules of the code base, checked
// so they stay true.
//   - no function over 60 lines and no file over 400 lines in src/ and test/emulator/;
//   - no import cycles in src/ (type-only imports included: a cycle of types is still a tangle);
//   - test/emulator imports nothing from src/ (it is an independent double of the API).
// Prints every breach and exits 1 when there is one.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { tsFiles } from './tsFiles.mjs';

// `--root <dir>` checks another tree (the unit test's fixtures); by default, this repository.
const rootAt = process.argv.indexOf('--root');
const root = rootAt >= 0 ? resolve(process.argv[rootAt + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_FUNCTION_LINES = 60;
const MAX_FILE_LINES = 400;

const rel = (p) => relative(root, p).split('\\').join('/');
const breaches = [];

function parse(file) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return '(anonymous)';
}

function checkLengths(file) {
  const sf = parse(file);
  const lines = sf.getLineAndCharacterOfPosition(sf.getEnd()).line + 1;
  if (lines > MAX_FILE_LINES) breaches.push(`${rel(file)}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const n = end - start + 1;
      if (n > MAX_FUNCTION_LINES) breaches.push(`${rel(file)}:${start + 1}: function ${functionName(node)} is ${n} lines (at most ${MAX_FUNCTION_LINES})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** Relative module specifiers of a file's imports and re-exports, resolved to files. */
function importsOf(file) {
  const sf = parse(file);
  const out = [];
  for (const st of sf.statements) {
    const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)
      ? st.moduleSpecifier.text : undefined;
    if (!spec || !spec.startsWith('.')) continue;
    const base = resolve(dirname(file), spec);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => { try { return statSync(p).isFile(); } catch { return false; } });
    if (target) out.push(target);
  }
  return out;
}

function checkCycles(files) {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const state = new Map(); // 1 = on the stack, 2 = done
  const stack = [];
  const seen = new Set();
  const visit = (f) => {
    state.set(f, 1);
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      if (!graph.has(g)) continue;
      if (state.get(g) === 1) {
        const cycle = stack.slice(stack.indexOf(g)).map(rel);
        const key = [...cycle].sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          breaches.push(`import cycle: ${[...cycle, rel(g)].join(' → ')}`);
        }
      } else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of files) if (!state.has(f)) visit(f);
}

function checkEmulatorIndependence(files) {
  const src = join(root, 'src') + '/';
  for (const f of files) {
    for (const target of importsOf(f)) {
      if (target.startsWith(src)) breaches.push(`${rel(f)} imports ${rel(target)}: the emulator must not use the client's code`);
    }
  }
}

const srcFiles = tsFiles(join(root, 'src'));
const emulatorFiles = tsFiles(join(root, 'test', 'emulator'));
for (const f of [...srcFiles, ...emulatorFiles]) checkLengths(f);
checkCycles(srcFiles);
checkEmulatorIndependence(emulatorFiles);

if (breaches.length) {
  console.error(`architecture: ${breaches.length} breach${breaches.length === 1 ? '' : 'es'}`);
  for (const b of breaches) console.error(`  ${b}`);
  process.exit(1);
}
console.log(`architecture: ${srcFiles.length + emulatorFiles.length} files hold (functions ≤ ${MAX_FUNCTION_LINES} lines, files ≤ ${MAX_FILE_LINES} lines, no import cycles in src/, the emulator independent of src/)`);
