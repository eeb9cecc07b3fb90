// The API's endpoints for an authenticated account: routing (404 unknown path, 405 wrong
// method) and the handlers. Authentication, rate limits and faults happen before this.
import { COMPANY_ROUTES } from './companyRoutes';
import { CONNECTION_DATA_ROUTES, withPushes } from './connectionData';
import { CONNECTION_ROUTES } from './connections';
import { DOCUMENT_ROUTES } from './documentRoutes';
import { INTEGRATION_ROUTES } from './integrations';
import { ApiResponse, errorResponse, methodNotAllowed, notFound, validationError } from './errors';
import { DATA_TYPES, RECORD_TYPES, type DataType } from './dataTypes';
import { invoiceIndex, generateInvoice } from './invoices';
import { listInvoices } from './listing';
import { readPageRequest } from './paging';
import { readPath } from './percentEncoding';
import { invoiceType } from './pushRecords';
import { withWrites, written } from './pushWrites';
import { PUSH_ROUTES } from './pushRoutes';
import { REPORT_ROUTES } from './reports/routes';
import { SYNC_ROUTES } from './syncRoutes';
import { getRecord, listRecords } from './recordListing';
import {
  type ApiRequest,
  type Handler,
  type Route,
  isEntry,
  isResponse,
  ok,
  ownCompany,
  readObject,
  readyData,
} from './routing';
import { type CompanyEntry, type EmulatorState, MAX_API_KEYS } from './state';

const readyInvoices = (state: EmulatorState, entry: CompanyEntry): ApiResponse | undefined =>
  readyData(state, entry, 'invoices');

/** The company's invoices as pushes left them, or undefined when pushes left them alone (the fast path serves). */
function pushedInvoices(state: EmulatorState, entry: CompanyEntry): DataType | undefined {
  const place = { companyId: entry.company.id };
  return written(state.pushes, place, 'invoices')
    ? withWrites(state.pushes, place, invoiceType(state.invoiceSource(entry)))
    : undefined;
}

/** A paged list and a single record for each data type of dataTypes.ts, as invoices have. */
function recordRoutes(type: DataType): Route[] {
  const list: Handler = (req, [id], state) => {
    const entry = ownCompany(state, req.account, id);
    if (!isEntry(entry)) return entry;
    const request = readPageRequest(req.params);
    if (isResponse(request)) return request;
    const notReady = readyData(state, entry, type.segment);
    if (notReady) return notReady;
    const path = `/companies/${id}/data/${type.segment}`;
    const page = listRecords(path, request, withPushes(state, entry, type), state.books(entry), state.records);
    return isResponse(page) ? page : ok(page);
  };
  const one: Handler = (req, [id, recordId], state) => {
    const entry = ownCompany(state, req.account, id);
    if (!isEntry(entry)) return entry;
    const notReady = readyData(state, entry, type.segment);
    if (notReady) return notReady;
    const record = getRecord(withPushes(state, entry, type), state.books(entry), recordId);
    return isResponse(record) ? record : ok(record);
  };
  return [
    { pattern: ['companies', '*', 'data', type.segment], methods: { GET: list } },
    { pattern: ['companies', '*', 'data', type.segment, '*'], methods: { GET: one } },
  ];
}

const routes: Route[] = [
  ...COMPANY_ROUTES,
  {
    pattern: ['companies', '*', 'dataStatus'],
    methods: {
      GET: (req, [id], state) => {
        const entry = ownCompany(state, req.account, id);
        return isEntry(entry) ? ok(state.dataStatus(entry)) : entry;
      },
    },
  },
  ...SYNC_ROUTES,
  ...REPORT_ROUTES,
  {
    pattern: ['companies', '*', 'data', 'invoices'],
    methods: {
      GET: (req, [id], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        const request = readPageRequest(req.params);
        if (isResponse(request)) return request;
        const notReady = readyInvoices(state, entry);
        if (notReady) return notReady;
        const path = `/companies/${id}/data/invoices`;
        const pushed = pushedInvoices(state, entry);
        const page = pushed
          ? listRecords(path, request, pushed, state.books(entry), state.records)
          : listInvoices(path, request, state.invoiceSource(entry));
        return isResponse(page) ? page : ok(page);
      },
    },
  },
  {
    pattern: ['companies', '*', 'data', 'invoices', '*'],
    methods: {
      GET: (req, [id, invoiceId], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        const notReady = readyInvoices(state, entry);
        if (notReady) return notReady;
        const pushed = pushedInvoices(state, entry);
        if (pushed) {
          const record = getRecord(pushed, state.books(entry), invoiceId);
          return isResponse(record) ? record : ok(record);
        }
        const source = state.invoiceSource(entry);
        const index = invoiceIndex(source, invoiceId);
        return index === undefined
          ? errorResponse(404, 'PullApi', `No invoice was found with ID ${invoiceId}`)
          : ok(generateInvoice(source, index));
      },
    },
  },
  ...RECORD_TYPES.filter((t) => t.scope !== 'connection').flatMap(recordRoutes),
  ...CONNECTION_DATA_ROUTES,
  ...INTEGRATION_ROUTES,
  ...CONNECTION_ROUTES,
  ...PUSH_ROUTES,
  ...DOCUMENT_ROUTES,
  {
    pattern: ['apiKeys'],
    methods: {
      GET: (req, _args, state) => ok({ results: state.listApiKeys(req.account) }),
      POST: (req, _args, state) => {
        const body = readObject(req, true);
        if (isResponse(body)) return body;
        let name: string | undefined;
        if (body.name !== undefined && body.name !== null) {
          if (typeof body.name !== 'string' || body.name.length > 50) {
            return validationError(
              'PublicApi',
              'name',
              'The name field must be a string of at most 50 characters.',
              'CreateApiKey',
            );
          }
          name = body.name;
        }
        const created = state.createApiKey(req.account, name);
        if (created === 'limit') {
          return errorResponse(
            409,
            'PublicApi',
            `The number of API keys is limited to ${MAX_API_KEYS}; delete a key before creating another.`,
          );
        }
        return ok(created, 201);
      },
    },
  },
  {
    pattern: ['apiKeys', '*'],
    methods: {
      DELETE: (req, [id], state) =>
        state.deleteApiKey(req.account, id)
          ? new ApiResponse(204)
          : errorResponse(404, 'PublicApi', `No API key was found with ID ${id}`),
    },
  },
];

function match(pattern: string[], segments: string[]): string[] | undefined {
  if (pattern.length !== segments.length) return undefined;
  const args: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '*') args.push(segments[i]);
    else if (
      pattern[i] !== segments[i] &&
      (DATA_TYPES.includes(pattern[i]) || pattern[i].toLowerCase() !== segments[i].toLowerCase())
    )
      return undefined;
  }
  return args;
}

/** The routes' allowed methods for a path, or undefined when no route has that path. */
export function allowedMethods(path: string): string[] | undefined {
  const segments = readPath(path);
  if (!Array.isArray(segments)) return undefined;
  const route = routes.find((r) => match(r.pattern, segments));
  return route ? Object.keys(route.methods) : undefined;
}

export function handleApi(req: ApiRequest, state: EmulatorState): ApiResponse {
  const segments = readPath(req.path);
  if (!Array.isArray(segments)) return segments;
  if (segments.some((s) => s === '')) return notFound();
  for (const route of routes) {
    const args = match(route.pattern, segments);
    if (!args) continue;
    const handler = route.methods[req.method];
    return handler ? handler(req, args, state) : methodNotAllowed(Object.keys(route.methods));
  }
  return notFound();
}
