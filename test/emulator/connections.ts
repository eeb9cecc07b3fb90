// A company's data connections (Codat's Platform API): `GET /companies/{id}/connections` (paged,
// `query`, `orderBy`) and `…/connections/{connectionId}`, and their lifecycle (connectionLifecycle.ts):
// POST a new one, PATCH to Unlinked, DELETE, PUT its authorization. They are the company's
// `dataConnections`, one list, so a company and its connections never disagree. Seeded companies
// have one, `few` two and `syncing` none (companies.ts); created companies none until one is created.
import { ApiResponse } from './errors';
import {
  connectionsOf,
  createConnection,
  deleteConnection,
  findConnection,
  updateAuthorization,
  updateConnection,
} from './connectionLifecycle';
import type { FieldType, RecordFields } from './fields';
import { companyObjectsHandler } from './listing';
import { type Route, isEntry, ok, ownCompany } from './routing';

export { connectionsOf, findConnection } from './connectionLifecycle';

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

export const CONNECTION_ROUTES: Route[] = [
  {
    pattern: ['companies', '*', 'connections'],
    methods: {
      // Settled first: a connection's lastSync is set when a sync through it completes.
      GET: companyObjectsHandler(
        'connections',
        (entry, state) => (state.settle(entry), connectionsOf(entry)),
        CONNECTION_FIELDS,
      ),
      POST: createConnection,
    },
  },
  {
    pattern: ['companies', '*', 'connections', '*'],
    methods: {
      GET: (req, [id, connectionId], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        state.settle(entry);
        const connection = findConnection(entry, connectionId);
        return connection instanceof ApiResponse ? connection : ok(structuredClone(connection));
      },
      PATCH: updateConnection,
      DELETE: deleteConnection,
    },
  },
  {
    pattern: ['companies', '*', 'connections', '*', 'authorization'],
    methods: { PUT: updateAuthorization },
  },
];
