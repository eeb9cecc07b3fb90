// `npm run bench`: runs the suites and prints one table per suite. Started by scripts/bench.mjs
// after compiling; arguments:
//   [filter]       only cases whose "suite case" name contains this text (any case)
//   --quick        a few iterations each: proves every case runs, numbers not comparable
//   --json <file>  also write the results, to compare runs
import { writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform } from 'node:os';
import { parseArgs } from 'node:util';
import { diagnosticsSuite } from './diagnostics.bench';
import { errorsSuite } from './errors.bench';
import { formatSuite } from './format.bench';
import { hugeErrorSuite } from './hugeError.bench';
import { QUICK_OPTIONS, formatTable, runCase, type CaseResult, type Suite } from './harness';
import { pagingSuite } from './paging.bench';
import { querySuite } from './query.bench';

const SUITES: readonly Suite[] = [querySuite, pagingSuite, errorsSuite, formatSuite, diagnosticsSuite, hugeErrorSuite];

interface SuiteResult {
  suite: string;
  cases: CaseResult[];
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

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { quick: { type: 'boolean', default: false }, json: { type: 'string' } },
  });
  const filter = positionals.join(' ').toLowerCase();
  const quick = values.quick === true;
  const wanted = (suite: Suite, name: string) => `${suite.name} ${name}`.toLowerCase().includes(filter);

  const m = machine();
  console.log(`Node ${m.node} · ${m.cpu} · ${m.cores} cores · ${m.platform} · load ${m.loadAverage}${quick ? ' · --quick (one timed run each: not for comparison)' : ''}`);
  // Collecting garbage between cases keeps one case's garbage out of the next one's numbers.
  const gc = (globalThis as { gc?: () => void }).gc;

  const results: SuiteResult[] = [];
  for (const suite of SUITES) {
    const prepared = await suite.prepare();
    try {
      const cases = prepared.cases.filter((c) => wanted(suite, c.name));
      if (cases.length === 0) continue;
      const done: CaseResult[] = [];
      for (const c of cases) {
        gc?.();
        done.push(await runCase(c, quick ? QUICK_OPTIONS : {}));
      }
      console.log(`\n${formatTable(suite.name, done)}`);
      results.push({ suite: suite.name, cases: done });
    } finally {
      await prepared.dispose?.();
    }
  }
  if (results.length === 0) {
    // A mistyped filter should not pass for a run.
    console.error(`\nNo case matches "${filter}".`);
    process.exitCode = 1;
  }
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify({ date: new Date().toISOString(), quick, ...m, suites: results }, null, 2)}\n`);
    console.log(`\nResults written to ${values.json}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
