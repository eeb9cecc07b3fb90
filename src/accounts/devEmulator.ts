// `npm start` and the "Run Extension" launch configuration open the extension from its sources
// (VS Code's development mode) next to an emulator they started, whose address (and demo key)
// they pass in DP_EMULATOR_URL (and DP_EMULATOR_KEY). In that mode only, the emulator is made an
// account with its key, so the window comes up browsing it. An installed extension never runs
// this: extension.ts calls it only in development mode, or in the copy `npm start` installed into
// the VS Code server (a development window there would hide every notification), which says so
// in START_SCRIPT_ENV.
import { isLoopbackHost } from '../api';
import type { Account, AccountList } from './accountList';
import { checkBaseUrl } from './baseUrl';
import { EMULATOR_ACCOUNT_NAME, freeName, probeEmulator, type FetchLike } from './emulatorPreset';

/** The address of the emulator `npm start` runs (DP_EMULATOR_URL, loopback only), which Add
 * Account's "Local emulator" then offers instead of the usual port. */
export function devEmulatorUrl(env: Record<string, string | undefined>): string | undefined {
  const check = checkBaseUrl(env.DP_EMULATOR_URL ?? '');
  return check.ok && isLoopbackHost(new URL(check.baseUrl).hostname) ? check.baseUrl : undefined;
}

/** Set to `1` by `npm start` for the built extension it installs into the VS Code server. */
export const START_SCRIPT_ENV = 'DP_START_SCRIPT';

/** Adds the emulator as an account, or gives the account already at its address its key. */
export async function ensureDevEmulatorAccount(
  accounts: AccountList,
  env: Record<string, string | undefined>,
  fetchImpl: FetchLike,
): Promise<Account | undefined> {
  const url = env.DP_EMULATOR_URL;
  if (!url) return undefined;
  const given = env.DP_EMULATOR_KEY;
  const probe = given ? undefined : await probeEmulator(url, fetchImpl);
  const key = given ?? (probe?.ok ? probe.key : undefined);
  const check = checkBaseUrl(url);
  if (!check.ok || !key) return undefined;
  const existing = accounts.list().find((a) => a.baseUrl === check.baseUrl);
  if (!existing)
    return accounts.add(
      freeName(
        EMULATOR_ACCOUNT_NAME,
        accounts.list().map((a) => a.name),
      ),
      check.baseUrl,
      key,
      'local',
    );
  if ((await accounts.getKey(existing.id)) !== key) await accounts.setKey(existing.id, key);
  return existing;
}
