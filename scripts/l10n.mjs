// `node scripts/l10n.mjs`: the localisation files, generated from the sources so they cannot drift.
//   l10n/bundle.l10n.json           every runtime message (`t('…')` in src/), English: the file
//                                   translators start from (what `@vscode/l10n-dev export` writes)
//   l10n/bundle.l10n.qps-ploc.json  the pseudo-locale: each message as "[Ŝéţ ÅÞÎ Ķéý]"
//   package.nls.qps-ploc.json       the manifest's strings (package.nls.json), pseudo-localised
// The pseudo-locale covers every string, so a run in it shows at a glance any text that bypasses
// localisation (it has no brackets) and any layout that breaks on longer, accented text.
//   --check  write nothing; exit 1 when a file is out of date or a message breaks a rule.
// Rules for messages (see src/l10n.ts): a string literal; not called at module load; with
// arguments, no `{` but in `{n}` placeholders, each below the number of arguments.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { tsFiles } from './tsFiles.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PSEUDO = 'qps-ploc';
const rel = (p) => relative(root, p).split('\\').join('/');

/** Local names bound to `t` of src/l10n.ts in this file (`import { t }`, `import { t as tr }`). */
function translatorNames(sf, file, l10nModule) {
  const names = new Set();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (resolve(dirname(file), st.moduleSpecifier.text) !== l10nModule) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) if ((el.propertyName ?? el.name).text === 't') names.add(el.name.text);
  }
  return names;
}

/** True when the call runs only once something is called: inside a function, or in an instance
 * field initialiser (run by the constructor). A call at module load would miss the bundle. */
function deferred(node) {
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isFunctionLike(p)) return true;
    if (ts.isPropertyDeclaration(p)) return !p.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
  }
  return false;
}

/** Problems of one message for VS Code's formatter (`format2`, mirrored by src/l10n.ts). */
function placeholderProblems(message, argCount) {
  const problems = [];
  if (argCount === 0) return problems;
  // A `{` opens a match that runs to the next `}`: one that is not a placeholder swallows the
  // placeholders after it. A lone `}` is harmless.
  if (message.replace(/\{\d+\}/g, '').includes('{'))
    problems.push('has a "{" outside a {n} placeholder: pass that text as an argument');
  for (const m of message.matchAll(/\{(\d+)\}/g)) {
    if (Number(m[1]) >= argCount) problems.push(`uses {${m[1]}} with only ${argCount} argument(s)`);
  }
  return problems;
}

/** Every message of src/, in order of first use, and every breach of the rules. */
export function extractMessages(srcDir = join(root, 'src')) {
  const messages = new Map();
  const problems = [];
  for (const file of tsFiles(srcDir)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const names = translatorNames(sf, file, join(srcDir, 'l10n'));
    if (names.size === 0) continue;
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.has(node.expression.text)) {
        const where = `${rel(file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
        const [first, ...args] = node.arguments;
        if (!first || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          problems.push(`${where}: the message must be a string literal, so it can be extracted`);
        } else {
          if (!messages.has(first.text)) messages.set(first.text, where);
          for (const p of placeholderProblems(first.text, args.length))
            problems.push(`${where}: ${JSON.stringify(first.text)} ${p}`);
        }
        if (!deferred(node))
          problems.push(`${where}: called at module load, before activate() installs the translator`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { messages: [...messages.keys()], problems };
}

const ACCENTS = {
  a: 'å',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  n: 'ñ',
  o: 'ö',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ü',
  w: 'ŵ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  R: 'Ŕ',
  S: 'Ŝ',
  T: 'Ţ',
  U: 'Û',
  W: 'Ŵ',
  Y: 'Ý',
  Z: 'Ž',
};

// Left as they are: placeholders, codicons, link targets, code spans, URLs and dotted names
// (settings such as dataPlatform.baseUrl, fields such as customerRef.id), which must keep working.
const KEEP = /\{\d+\}|\$\([\w~-]+\)|\]\([^)]*\)|`[^`]*`|\b\w+:\/\/\S*|\b[\w-]+(?:\.[\w-]+)+\b/g;

function accent(text) {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(KEEP)) {
    out += text.slice(last, m.index).replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c) + m[0];
    last = m.index + m[0].length;
  }
  return out + text.slice(last).replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);
}

/** "[Šéţ ÅÞÎ Ķéý]" per line. A line with a Markdown link is only accented: an opening bracket
 * before the link would become part of the link's text (and a line that is only a link is a
 * button in a view's welcome content). */
export function pseudo(text) {
  return text
    .split('\n')
    .map((line) => (line === '' || /\[[^\]]*\]\([^)]*\)/.test(line) ? accent(line) : `[${accent(line)}]`))
    .join('\n');
}

const json = (value) => JSON.stringify(value, null, 2) + '\n';

/** The generated files and their contents. */
export function generate() {
  const { messages, problems } = extractMessages();
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8'));
  const files = {
    'l10n/bundle.l10n.json': json(Object.fromEntries(messages.map((m) => [m, m]))),
    [`l10n/bundle.l10n.${PSEUDO}.json`]: json(Object.fromEntries(messages.map((m) => [m, pseudo(m)]))),
    [`package.nls.${PSEUDO}.json`]: json(Object.fromEntries(Object.entries(nls).map(([k, v]) => [k, pseudo(v)]))),
  };
  return { files, problems, count: messages.length };
}

function main() {
  const check = process.argv.includes('--check');
  const { files, problems, count } = generate();
  const stale = Object.entries(files).filter(([name, text]) => {
    try {
      return readFileSync(join(root, name), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const p of problems) console.error(`l10n: ${p}`);
  if (check) {
    for (const [name] of stale) console.error(`l10n: ${name} is out of date: run node scripts/l10n.mjs`);
    if (problems.length || stale.length) process.exit(1);
    console.log(`l10n: ${count} messages, every file up to date`);
    return;
  }
  for (const [name, text] of stale) writeFileSync(join(root, name), text);
  console.log(
    `l10n: ${count} messages; ${stale.length ? `wrote ${stale.map(([n]) => n).join(', ')}` : 'nothing changed'}`,
  );
  if (problems.length) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
