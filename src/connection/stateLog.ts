// One log line per change of an account's connection state.
import { accountTag, type Log } from '../log';
import type { Connection, ConnectionState } from './connection';

export function logConnectionState(connection: Connection, state: ConnectionState, log: Log): void {
  const tag = accountTag(connection.account.name);
  log.info(
    tag +
      (state.kind === 'invalidBaseUrl'
        ? `base URL refused: ${state.message}`
        : state.kind === 'secretsUnavailable'
          ? state.message
          : `API ${state.baseUrl}: ${state.kind === 'ready' ? 'key set' : 'no key'}`),
  );
}
