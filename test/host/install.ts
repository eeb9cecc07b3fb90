// Install on demand of the offline host: the VS Code server shipped in the `code-server` npm
// package, the Node version it needs (from the npm registry) and Debian's Chromium. Everything
// goes into a git-ignored cache folder, never into the project's node_modules, and each part is
// skipped when its entry file and version stamp are already there.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { withLock } from './lock';
import type { Log } from './log';
import { runStep } from './run';

/** The verified combination (see shared/notes/offline-vscode-host.md). */
export const OFFLINE_VERSIONS = { codeServer: '4.139.1', node: '24.21.0' } as const;

export interface OfflineHost {
  /** Node binary the server runs under. */
  node: string;
  /** code-server's entry script. */
  entry: string;
  /** Chromium that drives the web workbench. */
  chromium: string;
}

export function defaultCacheDir(repoRoot: string): string {
  return join(repoRoot, '.vscode-test', 'offline');
}

interface Paths {
  nodeDir: string;
  nodePkg: string;
  node: string;
  serverDir: string;
  entry: string;
}

function nodePackageName(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

function paths(cacheDir: string): Paths {
  const nodeDir = join(cacheDir, 'node24');
  const nodePkg = join(nodeDir, 'node_modules', nodePackageName());
  const serverDir = join(cacheDir, 'vscode-server');
  return {
    nodeDir,
    nodePkg,
    node: join(nodePkg, 'bin', 'node'),
    serverDir,
    entry: join(serverDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  };
}

const STAMP = '.dp-installed';
const nodeStamp = `${nodePackageName()}@${OFFLINE_VERSIONS.node}`;
const serverStamp = `code-server@${OFFLINE_VERSIONS.codeServer} ${nodeStamp}`;

function installed(dir: string, entry: string, stamp: string): boolean {
  const file = join(dir, STAMP);
  return existsSync(entry) && existsSync(file) && readFileSync(file, 'utf8').trim() === stamp;
}

/** True when nothing needs installing (no apt, no npm): lets callers skip the lock and the banner. */
export function isOfflineHostInstalled(cacheDir: string): boolean {
  const p = paths(cacheDir);
  return (
    installed(p.nodeDir, p.node, nodeStamp) &&
    installed(p.serverDir, p.entry, serverStamp) &&
    existsSync(chromiumPath())
  );
}

export function chromiumPath(): string {
  return process.env.DP_CHROMIUM_PATH || '/usr/bin/chromium';
}

function onPath(cmd: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((d) => d && existsSync(join(d, cmd)));
}

/** Debian packages still missing: Chromium always; compilers and gssapi headers only when the
 * server still has to be built (its hard dependency `kerberos` is compiled from source). */
function missingAptPackages(needServerBuild: boolean): string[] {
  const pkgs: string[] = [];
  if (!existsSync(chromiumPath())) {
    if (process.env.DP_CHROMIUM_PATH)
      throw new Error(`DP_CHROMIUM_PATH=${process.env.DP_CHROMIUM_PATH} does not exist`);
    pkgs.push('chromium');
  }
  if (needServerBuild) {
    if (!existsSync('/usr/include/gssapi/gssapi.h')) pkgs.push('libkrb5-dev');
    if (!onPath('make')) pkgs.push('make');
    if (!onPath('g++')) pkgs.push('g++');
    if (!onPath('python3')) pkgs.push('python3');
  }
  return pkgs;
}

async function aptInstall(pkgs: string[], log: Log): Promise<void> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.platform !== 'linux' || !onPath('apt-get') || !isRoot) {
    throw new Error(
      `the offline VS Code host needs these system packages: ${pkgs.join(' ')}. ` +
        (process.platform === 'linux' && onPath('apt-get')
          ? `Install them with: sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')} ` +
            '(the runner does this itself only when it runs as root).'
          : 'Install them with your package manager, or set VSCODE_EXECUTABLE_PATH to use a desktop VS Code.'),
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`apt-get: installing ${pkgs.join(' ')}`);
  await runStep('apt-get', ['update'], { env, log, what: 'running apt-get update' });
  await runStep('apt-get', ['install', '-y', ...pkgs], { env, log, what: `installing ${pkgs.join(' ')}` });
}

export function npmEnv(nodeBinDir: string | undefined, nodedir: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  // `npm test` exports its own run to scripts (its package, prefix, user agent). The nested
  // install must not inherit them: code-server's postinstall reads the Node version from
  // npm_config_user_agent, and a prefix could redirect the install into the project.
  // Settings such as the registry, cache or proxy stay.
  for (const k of Object.keys(env)) {
    if (k.startsWith('npm_') && !k.startsWith('npm_config_')) delete env[k];
    if (
      /^npm_config_(user_agent|call|local_prefix|prefix|global_prefix|global|npm_version|node_gyp|allow_scripts)$/i.test(
        k,
      )
    )
      delete env[k];
  }
  if (nodeBinDir) env.PATH = `${nodeBinDir}${delimiter}${env.PATH ?? ''}`;
  if (nodedir) env.npm_config_nodedir = nodedir;
  return env;
}

function freshFolder(dir: string, pkgJson: object): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkgJson, null, 2) + '\n');
}

const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npmArgs = ['install', '--no-audit', '--no-fund', '--loglevel=warn'];

async function installNode(p: Paths, log: Log): Promise<void> {
  log(`installing Node ${OFFLINE_VERSIONS.node} (npm package ${nodePackageName()}) into ${p.nodeDir}`);
  freshFolder(p.nodeDir, { private: true, dependencies: { [nodePackageName()]: OFFLINE_VERSIONS.node } });
  await runStep(npmCmd, npmArgs, {
    cwd: p.nodeDir,
    env: npmEnv(undefined, undefined),
    log,
    what: `installing Node ${OFFLINE_VERSIONS.node}`,
  });
  if (!existsSync(p.node)) throw new Error(`Node install finished but ${p.node} is missing`);
  writeFileSync(join(p.nodeDir, STAMP), nodeStamp + '\n');
}

async function installServer(p: Paths, log: Log): Promise<void> {
  log(`installing code-server ${OFFLINE_VERSIONS.codeServer} into ${p.serverDir} (about 150 s on 2 cores, 620 MB)`);
  freshFolder(p.serverDir, {
    private: true,
    dependencies: { 'code-server': OFFLINE_VERSIONS.codeServer },
    // Only silences npm 11's notice; VS Code's own denials (ssh2, cpu-features, koffi) stay.
    allowScripts: { 'code-server': true, argon2: true },
  });
  // code-server's postinstall insists on npm running under Node 24, and its native addons are
  // built against that Node's headers.
  await runStep(npmCmd, npmArgs, {
    cwd: p.serverDir,
    env: npmEnv(join(p.nodePkg, 'bin'), p.nodePkg),
    log,
    what: `installing code-server ${OFFLINE_VERSIONS.codeServer}`,
  });
  if (!existsSync(p.entry)) throw new Error(`code-server install finished but ${p.entry} is missing`);
  writeFileSync(join(p.serverDir, STAMP), serverStamp + '\n');
}

/** Installs whatever is missing and returns the paths to run the offline host. */
export async function ensureOfflineHost(cacheDir: string, log: Log): Promise<OfflineHost> {
  const p = paths(cacheDir);
  const result = { node: p.node, entry: p.entry, chromium: chromiumPath() };
  if (isOfflineHostInstalled(cacheDir)) return result;
  mkdirSync(cacheDir, { recursive: true });
  await withLock(join(cacheDir, '.lock'), log, async () => {
    const started = Date.now();
    const needNode = !installed(p.nodeDir, p.node, nodeStamp);
    const needServer = !installed(p.serverDir, p.entry, serverStamp);
    const pkgs = missingAptPackages(needServer);
    if (pkgs.length) await aptInstall(pkgs, log);
    if (needNode) await installNode(p, log);
    if (needServer) await installServer(p, log);
    if (needNode || needServer || pkgs.length)
      log(`offline host installed in ${Math.round((Date.now() - started) / 1000)} s`);
  });
  return result;
}
