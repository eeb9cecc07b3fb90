// Makes each account's Connection with hooks of its own: its log lines tagged with its name, its
// key (and only while in use) scrubbed from the log, its rate-limit budget shown for it alone.
// Free of `vscode`.
import type { RateLimitInfo } from '../api';
import type { Account, AccountList } from '../accounts/accountList';
import type { Log } from '../log';
import { Connection } from './connection';

interface ConnectionFactoryDeps {
  accounts: Pick<AccountList, 'getKey'>;
  log: Log;
  statusBar: { setRateLimit(accountId: string, info: RateLimitInfo): void };
  /** Whether the user asked for bodies in the log (trace level). */
  traceEnabled: () => boolean;
  userAgent: string;
  maxInFlight: () => number;
  timeoutMs: () => number;
}

export function createConnectionFactory(deps: ConnectionFactoryDeps): (account: Account) => Connection {
  const { log } = deps;
  return (account) => {
    // Read when each line is written, so a renamed account's later lines carry its new name.
    const name = () => connection.account.name;
    const connection: Connection = new Connection({
      account,
      readKey: (id) => deps.accounts.getKey(id),
      userAgent: deps.userAgent,
      // The Load all setting bounds every GET of the client, not just one Load all's pages.
      maxInFlight: deps.maxInFlight,
      timeoutMs: deps.timeoutMs,
      hooks: {
        onRequest: (s) => log.request(s, name()),
        // Bodies only when the user asked for trace; the client builds no entry otherwise.
        onTrace: (entry) => log.trafficTrace(entry, name()),
        traceEnabled: deps.traceEnabled,
        onRateLimit: (r) => deps.statusBar.setRateLimit(account.id, r),
        onGate: (e) => log.gate(e, name()),
        onKeys: (k) => log.setSecrets(k, account.id),
      },
    });
    return connection;
  };
}
