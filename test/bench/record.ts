// `npm run bench -- --record`: one JSON line per run appended to test/bench/history/runs.jsonl, so
// every figure docs/performance.md quotes can name the run it comes from (date, commit, machine,
// command) and runs can be compared without copying tables into prose. A `--quick` run is never
// recorded: its numbers are not for comparison.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { verdict, type CaseResult, type Figure } from './harness';

/** The repository's root, from this file compiled into out/test/bench/. */
const ROOT = resolve(__dirname, '..', '..', '..');
export const RUNS_FILE = join(ROOT, 'test', 'bench', 'history', 'runs.jsonl');

export interface Machine {
  node: string;
  cpu: string;
  cores: number;
  platform: string;
  loadAverage: number;
}

export interface RunToRecord {
  /** The arguments after `npm run bench --`, as given. */
  args: readonly string[];
  machine: Machine;
  suites: readonly { suite: string; cases: readonly CaseResult[]; figures: readonly Figure[] }[];
}

export interface Commit {
  /** Short hash of HEAD, or `unknown` outside a git checkout. */
  commit: string;
  /** Changes to tracked files beside HEAD (the history itself left out): the figures are not of `commit` alone. */
  dirty: boolean;
}

export interface RecordedRun extends Commit {
  /** When the run ended, ISO 8601 (the machine's load is the one at its start). */
  date: string;
  command: string;
  machine: Machine;
  suites: {
    suite: string;
    cases: { name: string; medianNs: number; p95Ns: number; iterations: number; throughput?: string }[];
    figures: {
      name: string;
      value?: number;
      unit: string;
      goal?: string;
      verdict?: 'PASS' | 'MISS';
      detail?: string;
      skipped?: string;
    }[];
  }[];
}

export function currentCommit(cwd: string = ROOT): Commit {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: 'pipe' }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const changes = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!test/bench/history');
    return { commit, dirty: changes !== '' };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

// Three significant digits: more is noise between runs, and keeps a line readable.
const round = (n: number) => (Number.isFinite(n) && n !== 0 ? Number(n.toPrecision(3)) : n);

export function toRecord(run: RunToRecord, commit: Commit, date: Date): RecordedRun {
  const quoted = run.args.map((a) => (/^[\w./=-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`));
  return {
    date: date.toISOString(),
    ...commit,
    command: ['npm run bench --', ...quoted].join(' '),
    machine: run.machine,
    suites: run.suites.map((s) => ({
      suite: s.suite,
      cases: s.cases.map((c) => ({
        name: c.name,
        medianNs: round(c.medianNs),
        p95Ns: round(c.p95Ns),
        iterations: c.iterations,
        ...(c.throughput ? { throughput: `${round(c.throughput.value)} ${c.throughput.unit}` } : {}),
      })),
      figures: s.figures.map((f) => ({
        name: f.name,
        ...(f.value === undefined ? {} : { value: round(f.value) }),
        unit: f.unit,
        ...(f.goal ? { goal: `${f.goal.comparison} ${f.goal.target}` } : {}),
        ...(verdict(f) ? { verdict: verdict(f) } : {}),
        ...(f.detail ? { detail: f.detail } : {}),
        ...(f.skipped ? { skipped: f.skipped } : {}),
      })),
    })),
  };
}

/** Appends the run as one line; returns the line's record. */
export function recordRun(run: RunToRecord, file: string = RUNS_FILE, commit: Commit = currentCommit()): RecordedRun {
  const entry = toRecord(run, commit, new Date());
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
  return entry;
}
