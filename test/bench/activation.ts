// Bundle size and activation time of the extension as it ships: a production build (esbuild
// --production, as `npm run package` makes) into a temporary extension folder laid out like the
// .vsix. Activation is timed in a real VS Code extension host (runTest.ts --bench-activation, the
// same host npm test uses): one fresh host per run, since an extension activates once per host.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..');

/** A temporary extension folder with the production bundle; `dispose` removes it. */
export interface ProductionBuild {
  dir: string;
  bundleBytes: number;
  dispose(): void;
}

export function productionBuild(): ProductionBuild {
  const dir = mkdtempSync(join(tmpdir(), 'dp-bench-ext-'));
  const bundle = join(dir, 'dist', 'extension.js');
  const build = spawnSync(process.execPath, [join(root, 'esbuild.mjs'), '--production', '--outfile', bundle], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`production build failed:\n${build.stderr}`);
  // What the .vsix holds besides the bundle (.vscodeignore).
  for (const name of readdirSync(root).filter((n) => /^package(\.nls.*)?\.json$/.test(n) || n === 'LICENSE'))
    cpSync(join(root, name), join(dir, name));
  cpSync(join(root, 'media'), join(dir, 'media'), { recursive: true });
  mkdirSync(join(dir, 'l10n'));
  for (const name of readdirSync(join(root, 'l10n')).filter((n) => n !== 'bundle.l10n.json'))
    cpSync(join(root, 'l10n', name), join(dir, 'l10n', name));
  return { dir, bundleBytes: statSync(bundle).size, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The newest .vsix in the repository or .test-results/ (npm test packages one there), if any. */
export function newestVsix(): { path: string; bytes: number; modified: Date } | undefined {
  const found = [root, join(root, '.test-results')]
    .filter((d) => existsSync(d))
    .flatMap((d) =>
      readdirSync(d)
        .filter((n) => n.endsWith('.vsix'))
        .map((n) => join(d, n)),
    )
    .map((path) => ({ path, stat: statSync(path) }))
    .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)[0];
  return found && { path: found.path, bytes: found.stat.size, modified: found.stat.mtime };
}

/** One fresh VS Code host run by runTest.js with `args` (a --bench-* mode): what its in-host
 * suite wrote to $DP_BENCH_RESULT. */
export function benchHostResult(args: readonly string[], what: string, env: NodeJS.ProcessEnv = {}): unknown {
  const out = mkdtempSync(join(tmpdir(), 'dp-bench-host-'));
  try {
    const file = join(out, 'result.json');
    const run = spawnSync(process.execPath, [join(root, 'out', 'test', 'runTest.js'), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env, DP_BENCH_RESULT: file },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0 || !existsSync(file)) {
      const tail = `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-30).join('\n');
      throw new Error(`the ${what} host failed (exit ${run.status}):\n${tail}`);
    }
    return JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** One fresh extension host with the extension in `dir`: the milliseconds `activate()` took. */
export function activationTime(dir: string): number {
  return (benchHostResult(['--bench-activation', dir], 'activation') as { ms: number }).ms;
}
