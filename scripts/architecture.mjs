// `npm run architecture` (and every `npm test`): the structural rules of the code base, checked
// so they stay true.
//   - no function over 60 lines and no file over 400 lines in src/ and test/emulator/;
//   - no import cycles in src/ (type-only imports included: a cycle of types is still a tangle);
//   - the folders of src/ layer (FOLDER_ORDER, scripts/layers.mjs): a file imports from its own
//     folder or one below it, type-only imports included; every folder has its place;
//   - only src/api/ builds a path of the API (API_PATH_ROOTS below): the rest asks it for one;
//   - outside src/api/, the API is imported through src/api/index.ts, its one surface;
//   - test/emulator imports nothing from src/ (it is an independent double of the API);
//   - only the UI layer (UI_LAYER below) uses `vscode`, directly or through what it imports: the
//     domain is tested in plain Node;
//   - every export of src/ is code the extension runs: used by another file of src/, or inside its
//     own file and by a test (a unit test's seam). One that only tests use is a test oracle and
//     belongs with them; one nobody imports needs no `export`. No exported name is declared twice.
// Prints every breach and exits 1 when there is one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { FOLDER_ORDER } from './layers.mjs';
import { tsFiles } from './tsFiles.mjs';

// `--root <dir>` checks another tree (the unit test's fixtures); by default, this repository.
const rootAt = process.argv.indexOf('--root');
const root = rootAt >= 0 ? resolve(process.argv[rootAt + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_FUNCTION_LINES = 60;
const MAX_FILE_LINES = 400;

// A tree checked with `--root` brings its own folder order (its scripts/layers.mjs); one without
// (the fixtures of the other rules) has none to check.
const layersFile = join(root, 'scripts', 'layers.mjs');
const folderOrder =
  rootAt < 0
    ? FOLDER_ORDER
    : existsSync(layersFile)
      ? (await import(pathToFileURL(layersFile).href)).FOLDER_ORDER
      : null;

// The first segments of the API's paths: those src/api calls (`/companies/{id}/…`, `/connections`
// under a company, `/apiKeys`) and the API's other roots a feature may add.
const API_PATH_ROOTS = [
  'companies',
  'connections',
  'apiKeys',
  'integrations',
  'webhooks',
  'profile',
  'connectionManagement',
];
const API_PATH = new RegExp(`/(${API_PATH_ROOTS.join('|')})(?=[/?{]|$)`);

// Exports that no file of src/ uses by design: what VS Code and the integration tests call.
const ENTRY_POINTS = new Map([
  ['src/extension.ts activate', 'VS Code calls it (package.json "main")'],
  ['src/extension.ts deactivate', 'VS Code calls it on shutdown'],
  // Issue 36 lands in two steps: the receiver, the signature check and the event types first (tested
  // in Node), the Events view that uses them next. Drop these three lines with that view.
  ['src/events/receiver.ts EventReceiver', 'the Events view starts it (issue 36, its UI step)'],
  ['src/api/webhookModels.ts subscribableEventTypes', 'the Create Webhook Consumer picker (issue 36, its UI step)'],
  ['src/api/webhookModels.ts eventTypeInfo', 'the Create Webhook Consumer picker (issue 36, its UI step)'],
]);

// The files that may use `vscode`: the commands, the tree, the editors and panels, the wiring.
const UI_LAYER = [
  'src/commands/',
  'src/tree/',
  'src/panels/',
  'src/extension.ts',
  'src/settings.ts',
  'src/statusBar.ts',
  'src/testApi.ts',
  'src/documents/readOnlyFileSystem.ts',
  'src/documents/recordDocuments.ts',
  'src/push/drafts.ts',
  'src/push/draftMarks.ts',
  'src/diagnostics/panel.ts',
  'src/diagnostics/bodyTabs.ts',
];

const rel = (p) => relative(root, p).split('\\').join('/');
const breaches = [];

// Each file parsed once, by every check and the program of checkExports alike.
const parsed = new Map();
function parse(file) {
  if (!parsed.has(file))
    parsed.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  return parsed.get(file);
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
      if (n > MAX_FUNCTION_LINES)
        breaches.push(
          `${rel(file)}:${start + 1}: function ${functionName(node)} is ${n} lines (at most ${MAX_FUNCTION_LINES})`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** Module specifiers of a file's imports and re-exports. */
function specifiersOf(file) {
  const out = [];
  for (const st of parse(file).statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier)
      if (ts.isStringLiteral(st.moduleSpecifier)) out.push(st.moduleSpecifier.text);
  }
  return out;
}

/** Relative module specifiers of a file's imports and re-exports, resolved to files. */
function importsOf(file) {
  const out = [];
  for (const spec of specifiersOf(file)) {
    if (!spec.startsWith('.')) continue;
    const base = resolve(dirname(file), spec);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    });
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

/** A file outside the UI layer that uses `vscode`, itself or through a file it imports. */
function checkVscodeFree(files) {
  const inUi = (f) => UI_LAYER.some((u) => (u.endsWith('/') ? rel(f).startsWith(u) : rel(f) === u));
  const via = new Map(); // file → the import chain to `vscode`, or null
  const chain = (f) => {
    if (via.has(f)) return via.get(f);
    via.set(f, null); // a cycle is reported elsewhere
    let found = specifiersOf(f).includes('vscode') ? ['vscode'] : null;
    for (const g of importsOf(f)) {
      const rest = found ? null : chain(g);
      if (rest) found = [rel(g), ...rest];
    }
    via.set(f, found);
    return found;
  };
  for (const f of files) {
    const c = inUi(f) ? null : chain(f);
    if (c) breaches.push(`${rel(f)} uses ${c.join(' → ')}: outside the UI layer (UI_LAYER) the code stays vscode-free`);
  }
}

/** The folder of a file of src/: its first folder, or a top-level file's name without `.ts`. */
function folderOf(file) {
  const parts = relative(join(root, 'src'), file).split(/[\\/]/);
  return parts.length === 1 ? parts[0].replace(/\.ts$/, '') : parts[0];
}

/** An import of a folder above the importer's in the folder order, and a folder with no place. */
function checkFolderOrder(files, order) {
  const rank = new Map(order.map((folder, i) => [folder, i]));
  const unplaced = new Set();
  const src = join(root, 'src') + '/';
  for (const f of files) {
    const from = folderOf(f);
    if (!rank.has(from)) unplaced.add(from);
    for (const target of importsOf(f)) {
      const to = folderOf(target);
      if (!target.startsWith(src) || to === from || !rank.has(from) || !rank.has(to)) continue;
      if (rank.get(to) > rank.get(from))
        breaches.push(
          `${rel(f)} imports ${rel(target)}: ${from} may not import ${to} (${to} is above ${from} in the folder order)`,
        );
    }
  }
  for (const folder of unplaced)
    breaches.push(`src/${folder} has no place in the folder order (FOLDER_ORDER, scripts/layers.mjs): place it`);
}

/** An import of src/api/ from outside it that passes its surface, src/api/index.ts. */
function checkApiSurface(files) {
  const api = join(root, 'src', 'api') + '/';
  const surface = join(api, 'index.ts');
  for (const f of files) {
    if (f.startsWith(api)) continue;
    for (const target of importsOf(f))
      if (target.startsWith(api) && target !== surface)
        breaches.push(
          `${rel(f)} imports ${rel(target)}: outside src/api/ the API is imported through src/api/index.ts`,
        );
  }
}

/** The text of a string or template literal, each substitution as `{}`; undefined for other nodes
 * and for a module specifier. */
function literalText(node) {
  if (node.parent && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent))) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
  return undefined;
}

/** A string or template literal outside src/api/ that builds a path of the API. */
function checkApiPaths(files) {
  const api = join(root, 'src', 'api') + '/';
  for (const f of files) {
    if (f.startsWith(api)) continue;
    const sf = parse(f);
    const visit = (node) => {
      const text = literalText(node);
      if (text !== undefined && API_PATH.test(text)) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        breaches.push(`${rel(f)}:${line}: builds the API path ${JSON.stringify(text)}: only src/api/ builds them`);
      } else ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}

function checkEmulatorIndependence(files) {
  const src = join(root, 'src') + '/';
  for (const f of files) {
    for (const target of importsOf(f)) {
      if (target.startsWith(src))
        breaches.push(`${rel(f)} imports ${rel(target)}: the emulator must not use the client's code`);
    }
  }
}

/** One program over src/ and test/ with the repository's compiler options (a fixture without
 * tsconfig.json gets the defaults), so that names resolve as the compiler resolves them. No lib,
 * @types or `vscode` (what they declare is no export of src/), which halves the time. */
function program(files) {
  const config = join(root, 'tsconfig.json');
  const options = {
    ...(ts.sys.fileExists(config)
      ? ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })
          ?.options
      : { strict: true }),
    noEmit: true,
    noLib: true,
    noResolve: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile;
  host.getSourceFile = (file, ...rest) => parse(file) ?? read(file, ...rest);
  return ts.createProgram(files, options, host);
}

/** Where each symbol of src/ is named: `other` (another file of src/), `own` (its own file, beyond
 * its declaration), `tests` (a file of test/). Imports direct or through a barrel, aliases resolved
 * to the declaration, a namespace import's `ns.x`. */
function uses(prog, checker, files, srcDir) {
  const resolved = (node) => {
    const symbol = checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };
  // `x.y` names another file's export only when x is a namespace import; the type of any other x
  // would cost a type check (seconds) for a member, which is out of scope.
  const member = (node) =>
    ts.isPropertyAccessExpression(node.parent) &&
    node.parent.name === node &&
    !(
      ts.isIdentifier(node.parent.expression) &&
      (resolved(node.parent.expression)?.flags ?? 0) & ts.SymbolFlags.ValueModule
    );
  const where = new Map(); // symbol → Set of 'other' | 'own' | 'tests'
  const mark = (symbol, use) => where.set(symbol, (where.get(symbol) ?? new Set()).add(use));
  for (const file of files) {
    const sf = prog.getSourceFile(file);
    const inSrc = file.startsWith(srcDir);
    const visit = (node) => {
      // A barrel's `export … from` passes a name on; only its importers use it.
      if (ts.isExportDeclaration(node)) return;
      const symbol = ts.isIdentifier(node) && !member(node) ? resolved(node) : undefined;
      const decls = symbol?.declarations ?? [];
      if (
        decls.length &&
        decls[0].getSourceFile().fileName.startsWith(srcDir) &&
        !decls.some((d) => ts.getNameOfDeclaration(d) === node)
      ) {
        const own = decls.some((d) => d.getSourceFile() === sf);
        mark(checker.getExportSymbolOfSymbol(symbol), !inSrc ? 'tests' : own ? 'own' : 'other');
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return where;
}

/** What each file of src/ declares and exports itself, in the order of its lines; `export { x }`
 * of its own x counts, a re-export of another file's does not (it is declared there). */
function ownExports(program, checker, files) {
  const out = [];
  for (const file of files) {
    const sf = program.getSourceFile(file);
    const moduleSymbol = checker.getSymbolAtLocation(sf);
    if (!moduleSymbol) continue; // no import or export: a script, nothing to use
    const mine = [];
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const decl = symbol.declarations?.find((d) => d.getSourceFile() === sf);
      if (!decl) continue;
      const line = sf.getLineAndCharacterOfPosition((ts.getNameOfDeclaration(decl) ?? decl).getStart(sf)).line + 1;
      mine.push({ file: rel(file), line, name: exported.name, symbol: checker.getExportSymbolOfSymbol(symbol) });
    }
    out.push(...mine.sort((a, b) => a.line - b.line));
  }
  return out;
}

const listed = (items) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0]);

function checkExports(files, testFiles) {
  const prog = program([...files, ...testFiles]);
  const checker = prog.getTypeChecker();
  const where = uses(prog, checker, [...files, ...testFiles], join(root, 'src') + '/');
  const declaredIn = new Map(); // exported name → the files that declare it
  for (const { file, line, name, symbol } of ownExports(prog, checker, files)) {
    const used = where.get(symbol) ?? new Set();
    if (!used.has('other') && !ENTRY_POINTS.has(`${file} ${name}`)) {
      if (!used.has('own'))
        breaches.push(
          `${file}:${line}: export ${name} is never used by the extension${used.has('tests') ? ' (only by tests: it belongs with them)' : ''}`,
        );
      else if (!used.has('tests'))
        breaches.push(`${file}:${line}: export ${name} is used only inside its own file: drop \`export\``);
    }
    if (name !== 'default') declaredIn.set(name, [...(declaredIn.get(name) ?? []), file]);
  }
  // Two declarations of one name: an import picks one of them by path, and a reader cannot tell.
  for (const [name, where] of declaredIn)
    if (where.length > 1) breaches.push(`exported name ${name} is declared in ${listed(where)}`);
}

const srcFiles = tsFiles(join(root, 'src'));
const emulatorFiles = tsFiles(join(root, 'test', 'emulator'));
for (const f of [...srcFiles, ...emulatorFiles]) checkLengths(f);
checkCycles(srcFiles);
if (folderOrder) checkFolderOrder(srcFiles, folderOrder);
checkApiPaths(srcFiles);
checkApiSurface(srcFiles);
checkVscodeFree(srcFiles);
checkEmulatorIndependence(emulatorFiles);
checkExports(srcFiles, tsFiles(join(root, 'test')));

if (breaches.length) {
  console.error(`architecture: ${breaches.length} breach${breaches.length === 1 ? '' : 'es'}`);
  for (const b of breaches) console.error(`  ${b}`);
  process.exit(1);
}
console.log(
  `architecture: ${srcFiles.length + emulatorFiles.length} files hold (functions ≤ ${MAX_FUNCTION_LINES} lines, files ≤ ${MAX_FILE_LINES} lines, no import cycles in src/, ${folderOrder ? 'folders in their order, ' : ''}API paths only in src/api/ and the API used through its index, vscode only in the UI layer, the emulator independent of src/, every export of src/ run by the extension and declared once)`,
);
