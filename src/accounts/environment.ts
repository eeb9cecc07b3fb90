// What kind of place an account talks to, and whether a write there asks first. A production
// account changes real books, so every write on it is confirmed; test and local accounts are not,
// unless the `dataPlatform.confirmWrites` setting says every account asks. Free of `vscode`.
import { isLoopbackHost } from '../api';
import { t } from '../l10n';

export type Environment = 'production' | 'test' | 'local';
const ENVIRONMENTS: readonly Environment[] = ['production', 'test', 'local'];

/** `dataPlatform.confirmWrites`: which accounts ask before a write. */
export type ConfirmWrites = 'production' | 'always';

export function isEnvironment(v: unknown): v is Environment {
  return typeof v === 'string' && (ENVIRONMENTS as readonly string[]).includes(v);
}

/** Local only where the emulator itself answered on a loopback address (`emulatorAnswered`): a
 * loopback address alone can be a tunnel to production. Anything else is production, the safe
 * guess: the API has no separate test host (its sandbox companies live on the production one). */
export function inferEnvironment(baseUrl: string, emulatorAnswered = false): Environment {
  try {
    return emulatorAnswered && isLoopbackHost(new URL(baseUrl).hostname) ? 'local' : 'production';
  } catch {
    return 'production';
  }
}

/** The setting's value; anything unknown (a hand-edited "never") keeps the default. */
export function confirmWritesOf(value: unknown): ConfirmWrites {
  return value === 'always' ? 'always' : 'production';
}

/** Whether a write on an account of `environment` asks first. */
export function writeNeedsConfirmation(environment: Environment, setting: ConfirmWrites): boolean {
  return setting === 'always' || environment === 'production';
}

export function environmentName(environment: Environment): string {
  switch (environment) {
    case 'production':
      return t('Production');
    case 'test':
      return t('Test');
    case 'local':
      return t('Local');
  }
}
