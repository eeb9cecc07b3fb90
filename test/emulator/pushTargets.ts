// What every write route starts with: the company's connection a push goes through (and whether
// the company's platform has the type), the query parameters the Accounting API's push paths take
// (`timeoutInMinutes`, `forceUpdate`, `allowSyncOnPushComplete`), and the failure of a push through
// a connection that is not linked.
import { findConnection } from './connections';
import { DATA_TYPES } from './dataTypes';
import { ApiResponse, dataTypeNotSupported, validationError } from './errors';
import { type PushDataType, isPushDataType } from './pushTypes';
import type { PushCheck } from './pushValidation';
import { type Handler, isEntry } from './routing';
import { ownCompany } from './routing';
import type { CompanyEntry, EmulatorState } from './state';
import type { DataConnection } from './wire';

const INT32_MAX = 2_147_483_647;

/** `timeoutInMinutes` (the Accounting API's int32 query parameter): absent, or a whole number. */
export function readTimeout(params: URLSearchParams): number | undefined | ApiResponse {
  const raw = params.get('timeoutInMinutes');
  if (raw === null || raw.trim() === '') return undefined;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (value <= INT32_MAX) return value;
  return validationError(
    'PublicApi',
    'timeoutInMinutes',
    `Invalid value for parameter timeoutInMinutes: ${JSON.stringify(raw)}. timeoutInMinutes must be a whole number of minutes from 0 to ${INT32_MAX}.`,
  );
}

/** A boolean query parameter (`forceUpdate`, `allowSyncOnPushComplete`): absent (its default), `true` or `false`. */
export function readFlag(params: URLSearchParams, name: string, byDefault: boolean): boolean | ApiResponse {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return byDefault;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === 'false') return value === 'true';
  return validationError(
    'PublicApi',
    name,
    `Invalid value for parameter ${name}: ${JSON.stringify(raw)}. ${name} must be true or false.`,
  );
}

export interface PushTarget {
  entry: CompanyEntry;
  connection: DataConnection;
}

/** The company's connection and the type, if a push of that type can go through it; else the 404. */
export function pushTarget(
  state: EmulatorState,
  req: Parameters<Handler>[0],
  [id, connectionId]: string[],
  type: string,
): PushTarget | ApiResponse {
  const entry = ownCompany(state, req.account, id);
  if (!isEntry(entry)) return entry;
  const connection = findConnection(entry, connectionId);
  if (connection instanceof ApiResponse) return connection;
  // A type the emulator has no data set of (none served yet) is pushed all the same.
  const served = DATA_TYPES.includes(type);
  if (!isPushDataType(type) || (served && state.settle(entry, type).state === 'unsupported'))
    return dataTypeNotSupported(type, connection.platformName);
  return { entry, connection };
}

/** A push through a connection that is not linked fails, whatever its body: nothing can reach the platform. */
export function unlinked(connection: DataConnection): PushCheck {
  const message = `The data connection ${connection.id} is ${connection.status}: the company must link it again before data can be pushed.`;
  return {
    record: {},
    errors: [{ itemId: 'dataConnectionKey', message, validatorName: 'DataConnectionValidator' }],
    warnings: [],
  };
}

export type { PushDataType };
