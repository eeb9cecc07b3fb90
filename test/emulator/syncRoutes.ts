// The sync endpoints (Codat's Platform API): queuing a sync of a data type
// (`POST …/data/queue/{dataType}`) or of all of them (`POST …/data/all`), the pull operation history (`GET …/data/history`, paged with
// `query` and `orderBy`, and `…/data/history/{datasetId}`), a pull's validation result
// (`…/sync/{datasetId}/validation`), and the company's sync settings
// (`GET`/`POST …/syncSettings`).
import { ApiResponse, dataTypeNotSupported, errorResponse } from './errors';
import { segmentOf } from './dataSets';
import { DATA_TYPES } from './dataTypes';
import type { FieldType, RecordFields } from './fields';
import { companyObjectsHandler } from './listing';
import { validationOf } from './pullValidation';
import { type Route, isEntry, isResponse, ok, ownCompany, readObject } from './routing';
import { applySettingsUpdate, readSettingsUpdate, settingsOf } from './syncSettings';

/** What a query on the history may name: Codat's PullOperation ("Dataset" in its errors), but
 * `isCompleted`, which the contract says is not queryable. */
export const PULL_FIELDS: RecordFields = {
  name: 'Dataset',
  types: new Map<string, FieldType>([
    ['id', 'text'],
    ['companyId', 'text'],
    ['connectionId', 'text'],
    ['dataType', 'text'],
    ['status', 'text'],
    ['statusDescription', 'text'],
    ['errorMessage', 'text'],
    ['requested', 'date'],
    ['completed', 'date'],
    ['progress', 'number'],
    ['isErrored', 'boolean'],
  ]),
};

export const SYNC_ROUTES: Route[] = [
  {
    // Refresh all data: a sync of every type the company's platform has (204, no body); a type
    // already syncing keeps its running sync.
    pattern: ['companies', '*', 'data', 'all'],
    methods: {
      POST: (req, [id], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        for (const type of DATA_TYPES)
          if (state.settle(entry, type).state !== 'unsupported') state.queueSync(entry, type);
        return new ApiResponse(204);
      },
    },
  },
  {
    pattern: ['companies', '*', 'data', 'queue', '*'],
    methods: {
      POST: (req, [id, dataType], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        const type = segmentOf(dataType);
        if (type === undefined || state.settle(entry, type).state === 'unsupported')
          return dataTypeNotSupported(dataType, entry.platform);
        return ok(state.queueSync(entry, type));
      },
    },
  },
  {
    pattern: ['companies', '*', 'data', 'history'],
    methods: {
      GET: companyObjectsHandler('data/history', (entry, state) => state.pullHistory(entry), PULL_FIELDS, 'PullApi'),
    },
  },
  {
    pattern: ['companies', '*', 'data', 'history', '*'],
    methods: {
      GET: (req, [id, datasetId], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        const op = state.operationOf(entry, datasetId);
        return op ? ok(op) : errorResponse(404, 'PullApi', `No pull operation was found with ID ${datasetId}`);
      },
    },
  },
  {
    pattern: ['companies', '*', 'sync', '*', 'validation'],
    methods: {
      GET: (req, [id, datasetId], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        const op = state.operationOf(entry, datasetId);
        return op
          ? ok(validationOf(op))
          : errorResponse(404, 'PullApi', `No pull operation was found with ID ${datasetId}`);
      },
    },
  },
  {
    pattern: ['companies', '*', 'syncSettings'],
    methods: {
      GET: (req, [id], state) => {
        const entry = ownCompany(state, req.account, id);
        return isEntry(entry) ? ok(structuredClone(settingsOf(entry))) : entry;
      },
      POST: (req, [id], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        const body = readObject(req, false);
        if (isResponse(body)) return body;
        const update = readSettingsUpdate(body, entry);
        if (isResponse(update)) return update;
        return applySettingsUpdate(entry, update, req.account === 'freeTrial') ?? new ApiResponse(204);
      },
    },
  },
];
