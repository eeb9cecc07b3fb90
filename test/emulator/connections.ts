// A company's data connections (Codat's Platform API): `GET /companies/{id}/connections` (paged,
// `query`, `orderBy`) and `…/connections/{connectionId}`. They are the company's `dataConnections`,
// one list, so a company and its connections never disagree. Seeded companies have one, `few` two
// and `syncing` none (companies.ts); created companies none.
import { ApiResponse, errorResponse } from './errors';
import type { FieldType, RecordFields } from './fields';
import { companyObjectsHandler } from './listing';
import { type Route, isEntry, ok, ownCompany } from './routing';
import type { CompanyEntry } from './state';
import type { DataConnection } from './wire';

export const CONNECTION_FIELDS: RecordFields = {
  name: 'Connection',
  types: new Map<string, FieldType>([
    ['id', 'text'],
    ['integrationId', 'text'],
    ['integrationKey', 'text'],
    ['sourceId', 'text'],
    ['sourceType', 'text'],
    ['platformName', 'text'],
    ['linkUrl', 'text'],
    ['status', 'text'],
    ['lastSync', 'date'],
    ['created', 'date'],
  ]),
};

export function connectionsOf(entry: CompanyEntry): readonly DataConnection[] {
  return entry.company.dataConnections ?? [];
}

/** The company's connection with this id (ids compare as Codat's UUIDs do: in any case), or the 404. */
export function findConnection(entry: CompanyEntry, connectionId: string): DataConnection | ApiResponse {
  const id = connectionId.toLowerCase();
  const found = connectionsOf(entry).find((c) => c.id.toLowerCase() === id);
  return found ?? errorResponse(404, 'PublicApi', `No data connection was found with ID ${connectionId}`);
}

export const CONNECTION_ROUTES: Route[] = [
  {
    pattern: ['companies', '*', 'connections'],
    methods: {
      GET: companyObjectsHandler('connections', connectionsOf, CONNECTION_FIELDS),
    },
  },
  {
    pattern: ['companies', '*', 'connections', '*'],
    methods: {
      GET: (req, [id, connectionId], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        const connection = findConnection(entry, connectionId);
        return connection instanceof ApiResponse ? connection : ok(structuredClone(connection));
      },
    },
  },
];
