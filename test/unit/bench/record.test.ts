// `npm run bench -- --record`: each run becomes one JSON line that names its date, commit, machine
// and command beside its figures, appended without touching the runs before it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CaseResult, Figure } from '../../bench/harness';
import { currentCommit, recordRun, RUNS_FILE, toRecord, type RecordedRun, type RunToRecord } from '../../bench/record';

const root = resolve(__dirname, '..', '..', '..', '..');
const machine = { node: 'v20.20.2', cpu: 'AMD EPYC', cores: 2, platform: 'linux x64', loadAverage: 1.26 };
const exportCase: CaseResult = {
  name: '25,000 invoices: extension Export to CSV, 4 in flight',
  iterations: 3,
  batch: 1,
  medianNs: 3_331_234_567,
  p95Ns: 3_720_000_000,
  meanNs: 3_400_000_000,
  opsPerSec: 0.3,
  throughput: { value: 7503.4, unit: 'records/s' },
};
const figures: Figure[] = [
  {
    name: 'CSV vs bare fetch',
    value: 1.7712,
    unit: '×',
    detail: '3.33 s / 1.88 s',
    goal: { comparison: '≤', target: 1.5 },
  },
  { name: 'bundle', value: 305.04, unit: 'KB', goal: { comparison: '≤', target: 400 } },
  { name: 'activate()', unit: 'ms', skipped: 'no offline host' },
];
const run: RunToRecord = {
  args: ['big lists', '--record'],
  machine,
  suites: [{ suite: 'Load all', cases: [exportCase], figures }],
};

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'bench-record-'));
}

describe('bench record', () => {
  it('names the run: date, commit, whether the tree was clean, machine, the command as typed', () => {
    const r = toRecord(run, { commit: '60c4b7c', dirty: true }, new Date('2026-11-26T08:00:00Z'));
    assert.equal(r.date, '2026-11-26T08:00:00.000Z');
    assert.equal(r.commit, '60c4b7c');
    assert.equal(r.dirty, true);
    assert.deepEqual(r.machine, machine);
    assert.equal(r.command, "npm run bench -- 'big lists' --record");
  });

  it('keeps each case and figure with its goal and verdict, to three significant digits', () => {
    const [suite] = toRecord(run, { commit: 'x', dirty: false }, new Date()).suites;
    assert.deepEqual(suite.cases, [
      {
        name: exportCase.name,
        medianNs: 3_330_000_000,
        p95Ns: 3_720_000_000,
        iterations: 3,
        throughput: '7500 records/s',
      },
    ]);
    assert.deepEqual(suite.figures, [
      { name: 'CSV vs bare fetch', value: 1.77, unit: '×', goal: '≤ 1.5', verdict: 'MISS', detail: '3.33 s / 1.88 s' },
      { name: 'bundle', value: 305, unit: 'KB', goal: '≤ 400', verdict: 'PASS' },
      { name: 'activate()', unit: 'ms', skipped: 'no offline host' },
    ]);
  });

  it('appends one line per run and leaves the earlier lines as they were', () => {
    const dir = tempDir();
    try {
      const file = join(dir, 'history', 'runs.jsonl');
      const first = recordRun(run, file, { commit: 'aaaaaaa', dirty: false });
      const before = readFileSync(file, 'utf8');
      recordRun({ ...run, args: ['--record'] }, file, { commit: 'bbbbbbb', dirty: false });
      const text = readFileSync(file, 'utf8');
      assert.ok(text.startsWith(before));
      const lines = text.trimEnd().split('\n');
      assert.equal(lines.length, 2);
      const parsed = lines.map((l) => JSON.parse(l) as RecordedRun);
      assert.deepEqual(parsed[0], first);
      assert.deepEqual(
        parsed.map((p) => [p.commit, p.command]),
        [
          ['aaaaaaa', "npm run bench -- 'big lists' --record"],
          ['bbbbbbb', 'npm run bench -- --record'],
        ],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the commit from git, dirty only for changes beside the history itself', () => {
    const dir = tempDir();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: dir,
        encoding: 'utf8',
      }).trim();
    try {
      git('init', '-q');
      mkdirSync(join(dir, 'test', 'bench', 'history'), { recursive: true });
      writeFileSync(join(dir, 'test', 'bench', 'history', 'runs.jsonl'), '');
      writeFileSync(join(dir, 'code.ts'), 'a');
      git('add', '.');
      git('commit', '-q', '-m', 'one');
      const head = git('rev-parse', '--short', 'HEAD');
      assert.deepEqual(currentCommit(dir), { commit: head, dirty: false });
      writeFileSync(join(dir, 'test', 'bench', 'history', 'runs.jsonl'), '{}\n');
      writeFileSync(join(dir, 'untracked.ts'), 'b');
      assert.deepEqual(currentCommit(dir), { commit: head, dirty: false });
      writeFileSync(join(dir, 'code.ts'), 'changed');
      assert.deepEqual(currentCommit(dir), { commit: head, dirty: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says unknown outside a git checkout', () => {
    const dir = tempDir();
    try {
      assert.deepEqual(currentCommit(dir), { commit: 'unknown', dirty: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes to the history the repository keeps', () => {
    assert.equal(RUNS_FILE, join(root, 'test', 'bench', 'history', 'runs.jsonl'));
    assert.ok(existsSync(RUNS_FILE), 'test/bench/history/runs.jsonl is committed');
  });
});
