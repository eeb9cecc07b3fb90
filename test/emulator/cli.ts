// `node out/test/emulator/cli.js --port 4010 [--host 127.0.0.1] [--invoices N] [--companies N]
//  [--seed N] [--latency MS] [--push-delay MS] [--token-file PATH] [--quiet]` — runs the emulator until SIGINT/SIGTERM.
// The demo keys it prints are public fake keys; this is the one place they are printed. The admin
// token it prints (and writes to --token-file) is not public: it is drawn afresh at each start.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  ADMIN_TOKEN_HEADER,
  DATA_TYPES,
  DEFAULT_PUSH_DELAY_MS,
  PUSH_DATA_TYPES,
  startEmulator,
  type EmulatorOptions,
} from './index';
import { RECORD_TYPES, recordType } from './dataTypes';

const USAGE =
  'usage: cli.js [--port N] [--host 127.0.0.1] [--invoices N] [--companies N] [--seed N] [--latency MS] [--push-delay MS] [--token-file PATH] [--quiet]';

type CliOptions = EmulatorOptions & {
  quiet: boolean;
  /** Where to write the admin token too, for a test run started apart from the emulator. */
  tokenFile?: string;
};

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { quiet: false };
  const numeric: Record<string, 'port' | 'invoices' | 'companies' | 'seed' | 'latencyMs' | 'pushDelayMs'> = {
    '--port': 'port',
    '--invoices': 'invoices',
    '--companies': 'companies',
    '--seed': 'seed',
    '--latency': 'latencyMs',
    '--push-delay': 'pushDelayMs',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quiet') {
      options.quiet = true;
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--host') {
      options.host = value;
    } else if (flag === '--token-file') {
      options.tokenFile = value;
    } else if (flag in numeric) {
      if (!/^\d+$/.test(value)) throw new Error(`${flag} needs a whole number, got ${JSON.stringify(value)}\n${USAGE}`);
      options[numeric[flag]] = Number(value);
    } else {
      throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}

/** Where each data type is listed: the company's, or each connection's (bank transactions under their account). */
function printDataTypes(): void {
  const perConnection = RECORD_TYPES.filter((t) => t.scope === 'connection' && !t.parent).map((t) => t.segment);
  const byCompany = DATA_TYPES.filter((t) => recordType(t)?.scope !== 'connection');
  console.log(`Data types, at /companies/{id}/data/{type}: ${byCompany.join(', ')}`);
  console.log(
    `Per connection, at /companies/{id}/connections/{connectionId}/data/{type}: ${perConnection.join(', ')}; bankAccounts/{accountId}/bankTransactions`,
  );
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(2);
  }
  const { quiet, tokenFile, ...emulatorOptions } = options;
  const emulator = await startEmulator({ ...emulatorOptions, log: quiet ? undefined : (line) => console.log(line) });
  if (tokenFile) {
    mkdirSync(dirname(tokenFile), { recursive: true });
    writeFileSync(tokenFile, emulator.adminToken, { mode: 0o600 });
  }
  const c = emulator.companies;
  console.log(`Data Platform API emulator listening on ${emulator.url}`);
  console.log('');
  console.log('Demo API keys (public fake keys, for this emulator only):');
  console.log(`  normal account     ${emulator.keys.normal}`);
  console.log(`  Free trial (50/50) ${emulator.keys.freeTrial}`);
  console.log(`  expired account    ${emulator.keys.expired}`);
  console.log(`  outdated key       ${emulator.keys.outdated}`);
  console.log('');
  console.log('Well-known companies (normal account):');
  console.log(`  many          ${c.many}`);
  console.log(`  few           ${c.few}`);
  console.log(`  empty         ${c.empty}`);
  console.log(`  notRequested  ${c.notRequested}`);
  console.log(`  syncing       ${c.syncing}`);
  console.log(`  unsupported   ${c.unsupported}`);
  console.log('');
  printDataTypes();
  console.log(
    `Pushes (${PUSH_DATA_TYPES.join(', ')}) complete after ${emulatorOptions.pushDelayMs ?? DEFAULT_PUSH_DELAY_MS} ms; few has two connections, syncing none.`,
  );
  console.log(`Invoice PDFs: not supported by the platform of ${emulator.noPdfCompany ?? '(no company)'}.`);
  console.log(`Aged creditors report: unavailable for ${emulator.noAgedCreditorCompany ?? '(no company)'}.`);
  console.log('');
  console.log(`Admin token (send it as ${ADMIN_TOKEN_HEADER} on every admin call but GET /_emulator/info):`);
  console.log(`  ${emulator.adminToken}`);
  console.log(
    `Admin: ${emulator.url}/_emulator/faults, /_emulator/pushes, /_emulator/requests, /_emulator/attachments, POST /_emulator/reset (JSON). Ctrl+C to stop.`,
  );

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the emulator`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(`emulator failed to start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
