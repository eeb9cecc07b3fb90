// Filtered, sorted, paged lists: companies, connections, push and pull operations (small arrays in
// memory) and invoices (lazy; only the records of the requested page are built, filters and sorts
// scan cached columns).
import { COMPANY_FIELDS, INVOICE_FIELDS, type RecordFields } from './fields';
import { MAX_QUERY_LENGTH } from './filter';
import type { Company, Invoice, Page } from './wire';
import { ApiResponse, type Service, errorResponse } from './errors';
import { invoiceColumn, invoiceColumns } from './invoiceColumns';
import { type InvoiceSource, generateInvoice } from './invoices';
import { LazyPage } from './lazyPage';
import { type PageRequest, envelope, pageSlice, readPageRequest } from './paging';
import { type Handler, isEntry, ok, ownCompany } from './routing';
import type { CompanyEntry, EmulatorState } from './state';
import {
  type Criteria,
  type CriteriaProblem,
  isCriteria,
  objectColumns,
  readCriteria,
  selectRecords,
} from './selection';

/** The 400 the API gives for a refused query or orderBy. */
function refusal(request: PageRequest, fields: RecordFields, service: Service, refused: CriteriaProblem): ApiResponse {
  const { parameter, problem } = refused;
  let message: string;
  if (problem.kind === 'unknownField') message = `Could not resolve property ${problem.field} on ${fields.name}`;
  else if (problem.kind === 'tooLong')
    message = `Query is ${request.query?.length ?? 0} characters long; the maximum is ${MAX_QUERY_LENGTH}.`;
  else if (parameter === 'query') message = 'Malformed query.';
  else message = 'Malformed orderBy; expected one field, optionally preceded by "-".';
  const error = `Error parsing ${parameter} - ${message}`;
  return errorResponse(400, service, error, {
    errors: [{ itemId: parameter, message: error, validatorName: 'QueryValidator' }],
    warnings: [],
  });
}

export function criteriaOf(request: PageRequest, fields: RecordFields, service: Service): Criteria | ApiResponse {
  const criteria = readCriteria(request.query, request.orderBy, fields);
  return isCriteria(criteria) ? criteria : refusal(request, fields, service, criteria);
}

function isResponse(value: Criteria | ApiResponse): value is ApiResponse {
  return value instanceof ApiResponse;
}

/** A filtered, sorted page of records held in memory (companies, connections, push operations), as copies. */
export function listObjects<T extends object>(
  path: string,
  request: PageRequest,
  records: readonly T[],
  fields: RecordFields,
  service: Service,
): Page<T> | ApiResponse {
  const criteria = criteriaOf(request, fields, service);
  if (isResponse(criteria)) return criteria;
  const selected = selectRecords(records.length, objectColumns(records), criteria, fields);
  const { start, end } = pageSlice(request, selected.length);
  return envelope(
    path,
    request,
    selected.length,
    selected.slice(start, end).map((i) => structuredClone(records[i])),
  );
}

export function listCompanies(
  path: string,
  request: PageRequest,
  companies: readonly Company[],
): Page<Company> | ApiResponse {
  return listObjects(path, request, companies, COMPANY_FIELDS, 'ClientsApi');
}

// A client paging through a filtered, sorted list asks for the same selection page after page;
// invoices never change for a given source, so the selection is kept for the next pages.
const SELECTION_CACHE_SIZE = 8;
const selections = new Map<string, Int32Array>();

function selectInvoices(source: InvoiceSource, request: PageRequest, criteria: Criteria): ArrayLike<number> {
  if (source.records) {
    const columns = invoiceColumns(source);
    return selectRecords(source.count, (field) => invoiceColumn(columns, field), criteria, INVOICE_FIELDS);
  }
  const key = JSON.stringify([source.seed, source.companyId, source.count, request.query ?? '', request.orderBy ?? '']);
  const cached = selections.get(key);
  if (cached) return cached;
  const columns = invoiceColumns(source);
  const positions = Int32Array.from(
    selectRecords(source.count, (field) => invoiceColumn(columns, field), criteria, INVOICE_FIELDS),
  );
  if (selections.size >= SELECTION_CACHE_SIZE) selections.delete(selections.keys().next().value as string);
  selections.set(key, positions);
  return positions;
}

/** A page of invoices whose records are built as it is serialised (lazyPage.ts). */
function invoicePage(
  path: string,
  request: PageRequest,
  total: number,
  record: (i: number) => Invoice,
): LazyPage<Invoice> {
  const { start, end } = pageSlice(request, total);
  const { results: _none, ...head } = envelope<Invoice>(path, request, total, []);
  return new LazyPage(head, end - start, (j) => record(start + j));
}

export function listInvoices(
  path: string,
  request: PageRequest,
  source: InvoiceSource,
): LazyPage<Invoice> | ApiResponse {
  const criteria = criteriaOf(request, INVOICE_FIELDS, 'PullApi');
  if (isResponse(criteria)) return criteria;
  // The common case: no scan at all, build exactly the page.
  if (!criteria.filter && !criteria.order)
    return invoicePage(path, request, source.count, (i) => generateInvoice(source, i));
  const positions = selectInvoices(source, request, criteria);
  return invoicePage(path, request, positions.length, (i) => generateInvoice(source, positions[i]));
}

/** GET `/companies/{id}/<what>`: the company's own objects as a page (filtered, sorted, paged), as
 * its connections, its push history and its pull operations are listed. */
export function companyObjectsHandler<T extends object>(
  what: string,
  objects: (entry: CompanyEntry, state: EmulatorState) => readonly T[],
  fields: RecordFields,
  service: Service = 'PublicApi',
): Handler {
  return (req, [id], state) => {
    const entry = ownCompany(state, req.account, id);
    if (!isEntry(entry)) return entry;
    const request = readPageRequest(req.params);
    if (request instanceof ApiResponse) return request;
    const page = listObjects(`/companies/${id}/${what}`, request, objects(entry, state), fields, service);
    return page instanceof ApiResponse ? page : ok(page);
  };
}
