// The push endpoints: push options of a connection (Platform API `…/options/{dataType}`, the
// Accounting API's `…/options/invoices` and the like), a push of each pushable type
// (`POST …/connections/{connectionId}/push/{type}`, Accounting API), and a company's push history
// (`GET /companies/{id}/push`, paged with `query` and `orderBy`, and `…/push/{pushOperationKey}`).
import { findConnection } from './connections';
import { ApiResponse, dataTypeNotSupported, errorResponse, validationError } from './errors';
import type { FieldType, RecordFields } from './fields';
import { companyObjectsHandler } from './listing';
import { PUSH_DATA_TYPES, type PushDataType, isPushDataType, pushOptionsOf } from './pushOptions';
import { type PushCheck, checkPush } from './pushValidation';
import { type Handler, type Route, isEntry, isResponse, ok, ownCompany, readObject } from './routing';
import type { CompanyEntry, EmulatorState } from './state';
import type { DataConnection } from './wire';

export const PUSH_FIELDS: RecordFields = {
  name: 'PushOperation',
  types: new Map<string, FieldType>([
    ['pushOperationKey', 'text'],
    ['companyId', 'text'],
    ['dataConnectionKey', 'text'],
    ['dataType', 'text'],
    ['status', 'text'],
    ['requestedOnUtc', 'date'],
    ['completedOnUtc', 'date'],
    ['timeoutInMinutes', 'number'],
    ['statusCode', 'number'],
    ['errorMessage', 'text'],
  ]),
};

const INT32_MAX = 2_147_483_647;

/** `timeoutInMinutes` (the Accounting API's int32 query parameter): absent, or a whole number. */
function readTimeout(params: URLSearchParams): number | undefined | ApiResponse {
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

/** The company's connection and the type, if a push of that type can go through it; else the 404. */
function pushTarget(
  state: EmulatorState,
  req: Parameters<Handler>[0],
  [id, connectionId]: string[],
  type: string,
): { entry: CompanyEntry; connection: DataConnection } | ApiResponse {
  const entry = ownCompany(state, req.account, id);
  if (!isEntry(entry)) return entry;
  const connection = findConnection(entry, connectionId);
  if (connection instanceof ApiResponse) return connection;
  if (!isPushDataType(type) || state.settle(entry, type).state === 'unsupported')
    return dataTypeNotSupported(type, connection.platformName);
  return { entry, connection };
}

/** A push through a connection that is not linked fails, whatever its body: nothing can reach the platform. */
function unlinked(connection: DataConnection): PushCheck {
  const message = `The data connection ${connection.id} is ${connection.status}: the company must link it again before data can be pushed.`;
  return {
    record: {},
    errors: [{ itemId: 'dataConnectionKey', message, validatorName: 'DataConnectionValidator' }],
    warnings: [],
  };
}

function pushHandler(type: PushDataType): Handler {
  return (req, args, state) => {
    const target = pushTarget(state, req, args, type);
    if (isResponse(target)) return target;
    const timeoutInMinutes = readTimeout(req.params);
    if (isResponse(timeoutInMinutes)) return timeoutInMinutes;
    const body = readObject(req, false);
    if (isResponse(body)) return body;
    const { entry, connection } = target;
    const check = connection.status === 'Linked' ? checkPush(pushOptionsOf(type), body) : unlinked(connection);
    const answer = state.pushes.push({
      companyId: entry.company.id,
      connection,
      type,
      currency: entry.currency,
      existing: type === 'invoices' ? state.books(entry).invoices.count : 0,
      timeoutInMinutes,
      check,
    });
    // The Accounting API's answer to a push: the push operation and, when it passed validation, the record.
    return ok(answer.data ? { ...answer.op, data: answer.data } : answer.op, answer.status);
  };
}

export const PUSH_ROUTES: Route[] = [
  {
    pattern: ['companies', '*', 'connections', '*', 'options', '*'],
    methods: {
      GET: (req, [id, connectionId, dataType], state) => {
        const target = pushTarget(state, req, [id, connectionId], dataType);
        return isResponse(target) ? target : ok(pushOptionsOf(dataType as PushDataType));
      },
    },
  },
  ...PUSH_DATA_TYPES.map((type) => ({
    pattern: ['companies', '*', 'connections', '*', 'push', type],
    methods: { POST: pushHandler(type) },
  })),
  {
    pattern: ['companies', '*', 'push'],
    methods: {
      GET: companyObjectsHandler('push', (entry, state) => state.pushes.history(entry.company.id), PUSH_FIELDS),
    },
  },
  {
    pattern: ['companies', '*', 'push', '*'],
    methods: {
      GET: (req, [id, key], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        const op = state.pushes.find(entry.company.id, key);
        return op ? ok(op) : errorResponse(404, 'PublicApi', `No push operation was found with key ${key}`);
      },
    },
  },
];
