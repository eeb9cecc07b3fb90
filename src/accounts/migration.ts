// The upgrade from one base URL and one key per origin to named accounts: on the first run with
// accounts, the base URL setting and the key stored for its origin become the first account, so
// nothing has to be entered again. The old secret stays where it was (an older version of the
// extension, if reinstalled, still finds it). The setting is read this once and never again.
import type { KeyStore } from '../auth/keyStore';
import { checkBaseUrl } from '../connection/baseUrl';
import type { Account, AccountList } from './accountList';

/**
 * Runs once per installation: returns the account it made, or undefined when there was nothing
 * to migrate or it had run before. `readBaseUrl` gives the setting's value where the user set it
 * (undefined when it was never set): the default base URL makes an account only when a key was
 * stored for it, so a new user starts with no account rather than one without a key.
 */
export async function migrateToAccounts(accounts: AccountList, readBaseUrl: () => string | undefined, oldKeys: KeyStore): Promise<Account | undefined> {
  if (accounts.initialised) return undefined;
  const configured = readBaseUrl();
  const url = checkBaseUrl(configured);
  if (!url.ok) {
    await accounts.initialise();
    return undefined;
  }
  let key: string | undefined;
  try {
    key = await oldKeys.get(url.origin);
  } catch {
    // No keyring: the account is made without its key, which the user enters once it is readable.
  }
  if (configured === undefined && !key) {
    await accounts.initialise();
    return undefined;
  }
  return accounts.add(url.host, url.baseUrl, key);
}
