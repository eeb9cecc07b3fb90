// `npm run bench`: runs the suites and prints one table per suite, its figures (ratios, sizes,
// memory) with their goals, and at the end every goal with PASS or MISS. Started by
// scripts/compiled.mjs after compiling; arguments:
//   [filter]       only cases whose "suite case" name contains this text (any case); `a|b` any of
//                  several, e.g. issue 37's three figures in one run:
//                  "redaction|25,000 invoices: extension Export to CSV|25,000 invoices: bare|memory"
//   --quick        one timed run each on smaller data: proves every case runs and reads the right
//                  count (the unit tests run it), numbers not comparable
//   --json <file>  also write the results, to compare runs
//   --record       also append the run to test/bench/history/runs.jsonl (record.ts), which
//                  docs/performance.md quotes; not with --quick
// A case that reads the wrong number of records stops the run with exit code 1; a missed goal is
// reported, not an error.
import { writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform } from 'node:os';
import { parseArgs } from 'node:util';
import {
  QUICK_OPTIONS,
  formatFigures,
  formatTable,
  runCase,
  verdict,
  type CaseResult,
  type Figure,
  type Suite,
} from './harness';
import { recordRun, RUNS_FILE } from './record';
import { SUITES } from './suites';

interface SuiteResult {
  suite: string;
  cases: CaseResult[];
  figures: Figure[];
}

function machine() {
  const list = cpus();
  return {
    node: process.version,
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    platform: `${platform()} ${arch()}`,
    // Other processes skew the numbers; the load at the start says whether the machine was idle.
    loadAverage: Number(loadavg()[0].toFixed(2)),
  };
}

async function runSuite(
  suite: Suite,
  quick: boolean,
  wanted: (name: string) => boolean,
): Promise<SuiteResult | undefined> {
  const all = suite.name.toLowerCase();
  const prepared = await suite.prepare({ quick });
  try {
    const cases = prepared.cases.filter((c) => wanted(`${suite.name} ${c.name}`));
    // A suite of figures only (sizes, memory) runs when its name matches.
    if (cases.length === 0 && !(prepared.measure && wanted(all))) return undefined;
    // Collecting garbage between cases keeps one case's garbage out of the next one's numbers.
    const gc = (globalThis as { gc?: () => void }).gc;
    const done: CaseResult[] = [];
    for (const c of cases) {
      // A full run takes minutes and prints a suite's table at its end: say what is running.
      process.stderr.write(`  running: ${c.name}\n`);
      gc?.();
      done.push(await runCase(c, quick ? QUICK_OPTIONS : {}));
    }
    if (prepared.measure) process.stderr.write(`  measuring: ${suite.name}\n`);
    const figures = [
      ...(prepared.ratios?.(new Map(done.map((r) => [r.name, r]))) ?? []),
      ...((await prepared.measure?.()) ?? []),
    ];
    if (done.length > 0) console.log(`\n${formatTable(suite.name, done)}`);
    if (figures.length > 0)
      console.log(`\n${formatFigures(done.length > 0 ? `${suite.name}: figures` : suite.name, figures)}`);
    return { suite: suite.name, cases: done, figures };
  } finally {
    await prepared.dispose?.();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { quick: { type: 'boolean', default: false }, json: { type: 'string' }, record: { type: 'boolean' } },
  });
  if (values.record && values.quick) throw new Error('--record keeps runs to compare; a --quick run is not one');
  const filter = positionals.join(' ').toLowerCase();
  const quick = values.quick === true;
  const alternatives = filter.split('|');
  const wanted = (name: string) => alternatives.some((a) => name.toLowerCase().includes(a));

  const m = machine();
  console.log(
    `Node ${m.node} · ${m.cpu} · ${m.cores} CPUs · ${m.platform} · load ${m.loadAverage}${quick ? ' · --quick (one timed run each, smaller data: not for comparison)' : ''}`,
  );

  const results: SuiteResult[] = [];
  for (const suite of SUITES) {
    const r = await runSuite(suite, quick, wanted);
    if (r) results.push(r);
  }
  if (results.length === 0) {
    // A mistyped filter should not pass for a run.
    console.error(`\nNo case matches "${filter}".`);
    process.exitCode = 1;
  }
  const goals = results.flatMap((r) =>
    r.figures.filter((f) => f.goal).map((f) => ({ ...f, name: `${r.suite.replace(/ \(.*$/, '')}: ${f.name}` })),
  );
  if (goals.length > 0) {
    const missed = goals.filter((g) => verdict(g) === 'MISS').length;
    console.log(`\n${formatFigures(`Goals: ${goals.length - missed} of ${goals.length} met`, goals)}`);
  }
  if (values.json) {
    writeFileSync(
      values.json,
      `${JSON.stringify({ date: new Date().toISOString(), quick, ...m, suites: results }, null, 2)}\n`,
    );
    console.log(`\nResults written to ${values.json}`);
  }
  if (values.record && results.length > 0) {
    recordRun({ args: process.argv.slice(2), machine: m, suites: results });
    console.log(`\nRun recorded in ${RUNS_FILE}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
