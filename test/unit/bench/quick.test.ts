// `npm run bench -- --quick` as a unit test: every suite prepares, every case runs once on small
// data and reads the right count (a case that does not stops the run with exit code 1), and every
// goal gets a figure. Timings are printed by the benchmark, never asserted here. The readers the
// Load all benchmark compares are also held to the right count directly.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { expectCount, type CaseResult, type Figure } from '../../bench/harness';
import { LIST_READERS } from '../../bench/listReaders';
import { bareHttpDownload, curlDownload, extensionDownload } from '../../bench/downloaders';
import { QUICK_COUNTS } from '../../bench/loadAll.bench';
import { SUITES } from '../../bench/suites';

interface QuickRun {
  quick: boolean;
  cores: number;
  node: string;
  suites: { suite: string; cases: CaseResult[]; figures: Figure[] }[];
}

function runQuick(json: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', join(__dirname, '..', '..', 'bench', 'run.js'), '--quick', '--json', json],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('bench --quick', function () {
  // Seconds on an idle machine; a machine shared with other test runs may take minutes.
  this.timeout(600_000);
  let dir: string;
  let run: QuickRun;
  let output: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dp-bench-quick-'));
    const r = await runQuick(join(dir, 'quick.json'));
    output = r.output;
    assert.equal(r.code, 0, `npm run bench -- --quick failed:\n${output.slice(-4000)}`);
    run = JSON.parse(readFileSync(join(dir, 'quick.json'), 'utf8')) as QuickRun;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the machine (Node version, CPUs) and runs every suite', () => {
    assert.match(output, /^Node v\d+\.\d+\.\d+ · .* · \d+ CPUs · /);
    assert.equal(run.quick, true);
    assert.deepEqual(
      run.suites.map((s) => s.suite),
      SUITES.map((s) => s.name),
    );
    for (const s of run.suites) assert.ok(s.cases.length + s.figures.length > 0, `${s.suite} ran nothing`);
  });

  it('runs every reader of the Load all benchmark on its company, at both latencies', () => {
    const loadAll = run.suites.filter((s) => s.suite.startsWith('Load all at network speed'));
    assert.equal(loadAll.length, 2);
    for (const s of loadAll) {
      assert.equal(s.cases.length, QUICK_COUNTS.length * LIST_READERS.length, s.suite);
      for (const r of LIST_READERS)
        assert.equal(s.cases.filter((c) => c.name.endsWith(`: ${r.name}`)).length, QUICK_COUNTS.length, r.name);
    }
  });

  it('measures every goal: the ratios of issue 11, memory, the emulator page and the bundle', () => {
    const goals = run.suites.flatMap((s) => s.figures.filter((f) => f.goal));
    const extensionReaders = LIST_READERS.filter((r) => r.kind === 'extension').length;
    // An export also against the bare client that writes the same file (issue 37).
    const writerPairs = LIST_READERS.filter(
      (r) =>
        r.kind === 'extension' && LIST_READERS.some((b) => b.kind === 'fetch' && r.writes && b.writes === r.writes),
    ).length;
    // Each extension reader against the SDK and against fetch, for each company at 2 latencies.
    const loadAllGoals = run.suites
      .filter((s) => s.suite.startsWith('Load all at network speed'))
      .flatMap((s) => s.figures.filter((f) => f.goal));
    assert.equal(
      loadAllGoals.filter((f) => f.name.includes(' vs ')).length,
      (extensionReaders * 2 + writerPairs) * QUICK_COUNTS.length * 2,
    );
    for (const name of ['page 200 / page 1', 'emulator page / JSON.stringify', 'dist/extension.js, production build']) {
      assert.ok(
        goals.some((f) => f.name === name),
        name,
      );
    }
    assert.ok(goals.some((f) => f.name.startsWith('RSS growth holding')));
    for (const f of goals)
      assert.ok(f.value !== undefined && Number.isFinite(f.value) && f.value > 0, `${f.name}: ${f.value}`);
    assert.match(output, /Goals: \d+ of \d+ met/);
  });

  it('downloads the big attachment by the extension, bare node:http and curl, and measures the downloading process', () => {
    const suite = run.suites.find((s) => s.suite.startsWith('Download a 200 MB attachment'));
    assert.ok(suite);
    assert.deepEqual(
      suite.cases.map((c) => c.name),
      [extensionDownload.name, bareHttpDownload.name, curlDownload.name],
      'curl is installed where the tests run (Copy as cURL runs it too)',
    );
    const curl = suite.figures.find((f) => f.name.startsWith('extension vs curl'));
    assert.ok(curl?.goal && curl.value !== undefined && curl.value > 0, 'the speed goal against curl');
    for (const label of ['extension', 'bare node:http']) {
      const rss: Figure | undefined = suite.figures.find(
        (f) => f.name.startsWith('RSS growth downloading') && f.name.endsWith(label),
      );
      assert.ok(rss && rss.value !== undefined && Number.isFinite(rss.value), label);
      assert.equal(rss.goal, undefined, '--quick is not held to the memory goal');
    }
  });

  it('says why activation was not measured, rather than printing a number', () => {
    const activation = run.suites.flatMap((s) => s.figures).find((f) => f.name.startsWith('activate()'));
    assert.ok(activation);
    assert.equal(activation.value, undefined);
    assert.match(activation.skipped ?? '', /--quick/);
  });
});

describe('bench: the Load all readers', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ invoices: 1_234, rateLimit: { limit: 1e9, windowMs: 60_000 } });
  });
  after(() => emu.close());

  for (const reader of LIST_READERS) {
    it(`${reader.name}: reads every invoice, across a short last page`, async () => {
      const read = reader.reader({
        url: emu.url,
        key: emu.keys.normal,
        companyId: emu.companies.many,
        smallCompanyId: emu.companies.few,
        invoices: 1_234,
        pageSize: 500,
      });
      assert.equal(await read(), 1_234);
      // Each page asked for once: the benchmark compares the same requests.
      const pages = emu.requests
        .entries()
        .filter((e) => e.path.endsWith('/data/invoices'))
        .map((e) => Number(e.query.page));
      assert.deepEqual(
        [...pages].sort((a, b) => a - b),
        [1, 2, 3],
      );
      emu.requests.clear();
    });
  }

  it('a wrong count stops the benchmark', () => {
    assert.throws(() => expectCount('Load all', 1_233, 1_234), /Load all: expected 1,234 records, got 1,233/);
    assert.doesNotThrow(() => expectCount('Load all', 1_234, 1_234));
  });
});
