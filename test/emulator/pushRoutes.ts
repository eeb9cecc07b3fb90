// The push endpoints: push options of a connection (`…/options/{dataType}`, the Accounting API's
// `…/options/invoices`, `…/options/chartOfAccounts` and the like, bank transactions' under their
// account), a create of each pushable type (`POST …/connections/{connectionId}/push/{type}`,
// Accounting API; bank transactions' `…/push/bankAccounts/{accountId}/bankTransactions`), updates
// and deletes (pushWrites.ts), and a company's push history (`GET /companies/{id}/push`, paged
// with `query` and `orderBy`, and `…/push/{pushOperationKey}`).
import { withPushes } from './connectionData';
import { recordType } from './dataTypes';
import { type ApiResponse, dataTypeNotSupported, errorResponse } from './errors';
import type { FieldType, RecordFields } from './fields';
import { companyObjectsHandler } from './listing';
import { pushOptionsOf } from './pushOptions';
import type { NewPush } from './pushOperations';
import { pushTarget, readFlag, readTimeout, unlinked } from './pushTargets';
import { PUSH_DATA_TYPES, type PushDataType, placeOf, typeOfPushName } from './pushTypes';
import { checkPush } from './pushValidation';
import { WRITE_ROUTES } from './pushWrites';
import { type Handler, type Route, isEntry, isResponse, ok, ownCompany, readObject } from './routing';
import type { CompanyEntry, EmulatorState } from './state';

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

// The contract's create of transfers takes no timeoutInMinutes; bank accounts' and bank
// transactions' take allowSyncOnPushComplete (the emulator syncs nothing on its own: read, no effect).
const NO_TIMEOUT: readonly PushDataType[] = ['transfers'];
const SYNC_FLAG: readonly PushDataType[] = ['bankAccounts', 'bankTransactions'];

/** The query a create takes, read: its timeout, or the 400 of a malformed parameter. */
function createQuery(type: PushDataType, params: URLSearchParams) {
  if (SYNC_FLAG.includes(type)) {
    const flag = readFlag(params, 'allowSyncOnPushComplete', true);
    if (isResponse(flag)) return flag;
  }
  return NO_TIMEOUT.includes(type) ? undefined : readTimeout(params);
}

/** A create: `args` the company, the connection and (bank transactions) the bank account. */
function pushHandler(type: PushDataType): Handler {
  return (req, args, state) => {
    const target = pushTarget(state, req, args, type);
    if (isResponse(target)) return target;
    const timeoutInMinutes = createQuery(type, req.params);
    if (isResponse(timeoutInMinutes)) return timeoutInMinutes;
    const body = readObject(req, false);
    if (isResponse(body)) return body;
    const { entry, connection } = target;
    const account = type === 'bankTransactions' ? bankAccountOf(state, entry, args[2]) : undefined;
    if (isResponse(account)) return account;
    const check = connection.status === 'Linked' ? checkPush(pushOptionsOf(type), body) : unlinked(connection);
    // Bank transactions are the path's account's, whatever accountId the body gives.
    if (account !== undefined) check.record.accountId = account;
    const push: NewPush = {
      companyId: entry.company.id,
      connection,
      type,
      place: placeOf(type, entry.company.id, account),
      currency: entry.currency,
      existing: type === 'invoices' ? state.books(entry).invoices.count : 0,
      timeoutInMinutes,
      check,
    };
    const answer = state.pushes.push(push);
    // The Accounting API's answer to a push: the push operation and, when it passed validation, the record.
    return ok(answer.data ? { ...answer.op, data: answer.data } : answer.op, answer.status);
  };
}

const CONNECTION = ['companies', '*', 'connections', '*'];

/** The id of the bank account bank transactions are pushed to (as the company's books have it), else its 404. */
function bankAccountOf(state: EmulatorState, entry: CompanyEntry, accountId: string): string | ApiResponse {
  const accounts = recordType('bankAccounts');
  const found = accounts && withPushes(state, entry, accounts);
  const books = state.books(entry);
  const index = found?.indexOf(books, accountId);
  if (!found || index === undefined)
    return errorResponse(404, 'PullApi', `No bank account was found with ID ${accountId}`);
  return String((found.record(books, index) as { id?: unknown }).id);
}

export const PUSH_ROUTES: Route[] = [
  {
    pattern: [...CONNECTION, 'options', '*'],
    methods: {
      GET: (req, [id, connectionId, name], state) => {
        // By the type's Codat name (chartOfAccounts); bank transactions' are under their account.
        const type = typeOfPushName(name);
        const target = pushTarget(state, req, [id, connectionId], type ?? 'invoices');
        if (isResponse(target)) return target;
        if (type === undefined || type === 'bankTransactions')
          return dataTypeNotSupported(name, target.connection.platformName);
        return ok(pushOptionsOf(type));
      },
    },
  },
  {
    pattern: [...CONNECTION, 'options', 'bankAccounts', '*', 'bankTransactions'],
    methods: {
      // The same options whatever the account (the emulator's choice: they are the platform's);
      // a push to an account that does not exist is the 404.
      GET: (req, [id, connectionId], state) => {
        const target = pushTarget(state, req, [id, connectionId], 'bankTransactions');
        return isResponse(target) ? target : ok(pushOptionsOf('bankTransactions'));
      },
    },
  },
  ...PUSH_DATA_TYPES.filter((type) => type !== 'bankTransactions').map((type) => ({
    pattern: [...CONNECTION, 'push', type],
    methods: { POST: pushHandler(type) },
  })),
  {
    pattern: [...CONNECTION, 'push', 'bankAccounts', '*', 'bankTransactions'],
    methods: { POST: pushHandler('bankTransactions') },
  },
  ...WRITE_ROUTES,
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
