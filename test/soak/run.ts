// `npm run soak`: the emulator soak from the command line; prints what it counted and exits 1
// when the run did not hold (see soak.ts).
//   npm run soak -- [--seconds 30] [--clients 50] [--faults 0.05] [--seed 1] [--max-growth-mb 50]
import { reportLines } from './report';
import { DEFAULT_SOAK, runSoak, type SoakOptions } from './soak';

const FLAGS: Record<string, keyof SoakOptions> = {
  '--seconds': 'seconds',
  '--clients': 'clients',
  '--faults': 'faultShare',
  '--seed': 'seed',
  '--max-growth-mb': 'maxHeapGrowthMB',
};

function parseArgs(args: string[]): Partial<SoakOptions> {
  const out: Partial<SoakOptions> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = FLAGS[args[i]];
    const value = Number(args[i + 1]);
    if (!name || !Number.isFinite(value) || value < 0)
      throw new Error(`unknown option or bad value: ${args[i]} ${args[i + 1] ?? ''}`);
    out[name] = value;
  }
  return out;
}

async function main(): Promise<void> {
  const options = { ...DEFAULT_SOAK, ...parseArgs(process.argv.slice(2)) };
  console.log(`soak: running ${options.clients} clients for ${options.seconds} s…`);
  const report = await runSoak(options);
  for (const line of reportLines(report)) console.log(line);
  process.exitCode = report.failures.length === 0 ? 0 : 1;
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 1;
});
