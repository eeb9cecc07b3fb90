// The data types the contract serves per data connection (Accounting API 2.1.0:
// `/companies/{id}/connections/{connectionId}/data/{type}` and `…/{recordId}`), and bank
// transactions under their bank account (`…/data/bankAccounts/{accountId}/bankTransactions`, paged,
// `query`, `orderBy`; no GET of one). The company has one set of books: each of its Linked
// accounting connections serves them, its data sets (dataStatus, syncs) are the company's as for
// every other type. A connection that is not Linked, or not to an accounting platform, answers the
// 404 Codat gives a type a platform does not serve (the emulator's choice: its platform's data
// cannot be read through it); a connection the company does not have, the connection's 404.
import { findConnection } from './connectionLifecycle';
import { type Books, type DataType, RECORD_TYPES, childrenOf, recordType } from './dataTypes';
import { ApiResponse, dataTypeNotSupported, errorResponse } from './errors';
import { readPageRequest } from './paging';
import { withWrites } from './pushWrites';
import { getRecord, listRecords } from './recordListing';
import { type Handler, type Route, isEntry, isResponse, ok, ownCompany, readyData } from './routing';
import type { CompanyEntry, EmulatorState } from './state';
import type { DataConnection } from './wire';

/** The type as pushes left this company's data of it: records created, updated, deleted (pushWrites.ts). */
export function withPushes(state: EmulatorState, entry: CompanyEntry, type: DataType): DataType {
  return withWrites(state.pushes, { companyId: entry.company.id }, type);
}

/** Whether the connection serves the company's books: Linked, to an accounting platform. */
export function servesBooks(connection: DataConnection): boolean {
  return connection.status === 'Linked' && connection.sourceType === 'Accounting';
}

/** The company's connection if it serves the type, else the 404 that says why not. */
export function servingConnection(
  entry: CompanyEntry,
  connectionId: string,
  type: string,
): DataConnection | ApiResponse {
  const connection = findConnection(entry, connectionId);
  if (connection instanceof ApiResponse) return connection;
  return servesBooks(connection) ? connection : dataTypeNotSupported(type, connection.platformName);
}

interface Place {
  entry: CompanyEntry;
  books: Books;
  type: DataType;
}

/** The company, its connection and the type's data set checked, in the order Codat checks them. */
function placeOf(
  state: EmulatorState,
  account: Parameters<typeof ownCompany>[1],
  args: string[],
  type: DataType,
): Place | ApiResponse {
  const [id, connectionId] = args;
  const entry = ownCompany(state, account, id);
  if (!isEntry(entry)) return entry;
  const connection = servingConnection(entry, connectionId, type.segment);
  if (isResponse(connection)) return connection;
  const notReady = readyData(state, entry, type.segment);
  if (notReady) return notReady;
  return { entry, books: state.books(entry), type: withPushes(state, entry, type) };
}

function connectionRoutes(type: DataType): Route[] {
  const base = ['companies', '*', 'connections', '*', 'data'];
  const list: Handler = (req, args, state) => {
    const request = readPageRequest(req.params);
    if (isResponse(request)) return request;
    const place = placeOf(state, req.account, args, type);
    if (isResponse(place)) return place;
    let listed = place.type;
    if (type.parent) {
      const parent = withPushes(state, place.entry, recordType(type.parent.segment) as DataType);
      const index = parent.indexOf(place.books, args[2]);
      if (index === undefined) return errorResponse(404, 'PullApi', `No ${parent.noun} was found with ID ${args[2]}`);
      // Its own records under the parent (none under a pushed one), then those pushed to it (kept by its id).
      const parentId = String((parent.record(place.books, index) as { id?: unknown }).id);
      const seeded = index < (recordType(type.parent.segment) as DataType).count(place.books);
      const own = seeded ? childrenOf(type, place.books, index) : { ...type, listKey: parentId, count: () => 0 };
      listed = withWrites(state.pushes, { companyId: place.entry.company.id, parentId }, own);
    }
    const [id, connectionId, parentId] = args;
    const under = type.parent ? `${type.parent.segment}/${parentId}/` : '';
    const path = `/companies/${id}/connections/${connectionId}/data/${under}${type.segment}`;
    const page = listRecords(path, request, listed, place.books, state.records);
    return isResponse(page) ? page : ok(page);
  };
  if (type.parent) return [{ pattern: [...base, type.parent.segment, '*', type.segment], methods: { GET: list } }];
  const one: Handler = (req, args, state) => {
    const place = placeOf(state, req.account, args, type);
    if (isResponse(place)) return place;
    const record = getRecord(place.type, place.books, args[2]);
    return isResponse(record) ? record : ok(record);
  };
  return [
    { pattern: [...base, type.segment], methods: { GET: list } },
    { pattern: [...base, type.segment, '*'], methods: { GET: one } },
  ];
}

export const CONNECTION_DATA_ROUTES: Route[] = RECORD_TYPES.filter((t) => t.scope === 'connection').flatMap(
  connectionRoutes,
);
