// Filtered, sorted, paged lists: companies (a small array in memory) and invoices (lazy; only
// the records of the requested page are built, filters and sorts scan cached columns).
import type { Company, Invoice, Page } from './wire';
import { COMPANY_SCHEMA, INVOICE_SCHEMA, compareByField, compileQuery, getFieldValue, parseOrderBy, parseQuery, type FieldType, type QueryNode, type QuerySchema } from '../../src/query';
import { parseInstant } from '../../src/query/values';
import { ApiResponse, type Service, errorResponse } from './errors';
import { type InvoiceSource, generateInvoice, invoiceColumns, invoiceRows } from './invoices';
import { type PageRequest, envelope, pageSlice } from './paging';

interface Order {
  field: string;
  path: string[];
  type: FieldType;
  descending: boolean;
}

interface Criteria {
  ast?: QueryNode;
  order?: Order;
}

function queryError(service: Service, itemId: string, message: string): ApiResponse {
  return errorResponse(400, service, message, { errors: [{ itemId, message, validatorName: 'QueryValidator' }], warnings: [] });
}

/** Parses query and orderBy against the schema, or gives the 400 the API would. */
function readCriteria(request: PageRequest, schema: QuerySchema, service: Service): Criteria | ApiResponse {
  const criteria: Criteria = {};
  if (request.query !== undefined) {
    const parsed = parseQuery(request.query, schema);
    if (!parsed.ok) {
      const e = parsed.error;
      if (e.code === 'unknownField') {
        const field = request.query.slice(e.start, e.end);
        return queryError(service, 'query', `Error parsing query - Could not resolve property ${field} on ${schema.recordName}`);
      }
      if (e.code === 'tooLong') {
        return queryError(service, 'query', `Error parsing query - Query is ${request.query.length} characters long; the maximum is 2048.`);
      }
      return queryError(service, 'query', 'Error parsing query - Malformed query.');
    }
    criteria.ast = parsed.ast;
  }
  if (request.orderBy !== undefined) {
    const parsed = parseOrderBy(request.orderBy, schema);
    if (!parsed.ok) {
      const e = parsed.error;
      const message = e.code === 'unknownField'
        ? `Error parsing orderBy - Could not resolve property ${request.orderBy.slice(e.start, e.end)} on ${schema.recordName}`
        : 'Error parsing orderBy - Malformed orderBy; expected one field, optionally preceded by "-".';
      return queryError(service, 'orderBy', message);
    }
    criteria.order = { field: parsed.field, path: parsed.path, type: schema.fields[parsed.field], descending: parsed.descending };
  }
  return criteria;
}

function isCriteria(value: Criteria | ApiResponse): value is Criteria {
  return !(value instanceof ApiResponse);
}

/** Positions of the records that match, in the requested order (stable: ties keep their place). */
function select(count: number, row: (i: number) => unknown, criteria: Criteria, schema: QuerySchema): number[] {
  const predicate = criteria.ast ? compileQuery(criteria.ast, schema) : undefined;
  const order = criteria.order;
  const positions: number[] = [];
  // Sort keys are read once per record, not once per comparison. Dates become instants and
  // compare as numbers: the same order compareByField gives dates, at a fraction of the cost.
  const keys: { v: unknown }[] = [];
  for (let i = 0; i < count; i++) {
    const r = row(i);
    if (predicate && !predicate(r)) continue;
    positions.push(i);
    if (order) {
      const v = getFieldValue(r, order.path);
      keys.push({ v: order.type === 'date' ? (typeof v === 'string' ? parseInstant(v) : undefined) : v });
    }
  }
  if (!order) return positions;
  const type: FieldType = order.type === 'date' ? 'number' : order.type;
  const byKey = positions.map((_, j) => j);
  byKey.sort((a, b) => compareByField(keys[a], keys[b], ['v'], type, order.descending) || a - b);
  return byKey.map((j) => positions[j]);
}

export function listCompanies(path: string, request: PageRequest, companies: readonly Company[]): Page<Company> | ApiResponse {
  const criteria = readCriteria(request, COMPANY_SCHEMA, 'ClientsApi');
  if (!isCriteria(criteria)) return criteria;
  const positions = select(companies.length, (i) => companies[i], criteria, COMPANY_SCHEMA);
  const { start, end } = pageSlice(request, positions.length);
  return envelope(path, request, positions.length, positions.slice(start, end).map((i) => structuredClone(companies[i])));
}

/** Dotted fields a query and an order read, so rows carry only those. */
function fieldsUsed(criteria: Criteria): string[] {
  const fields = new Set<string>();
  const walk = (node: QueryNode): void => {
    if (node.kind === 'comparison') fields.add(node.path.join('.'));
    else node.operands.forEach(walk);
  };
  if (criteria.ast) walk(criteria.ast);
  if (criteria.order) fields.add(criteria.order.field);
  return [...fields];
}

// A client paging through a filtered, sorted list asks for the same selection page after page;
// invoices never change for a given source, so the selection is kept for the next pages.
const SELECTION_CACHE_SIZE = 8;
const selections = new Map<string, Int32Array>();

function selectInvoices(source: InvoiceSource, request: PageRequest, criteria: Criteria): ArrayLike<number> {
  const key = JSON.stringify([source.seed, source.companyId, source.count, request.query ?? '', request.orderBy ?? '']);
  const cached = selections.get(key);
  if (cached) return cached;
  const columns = invoiceColumns(source);
  const positions = Int32Array.from(select(source.count, invoiceRows(columns, fieldsUsed(criteria)), criteria, INVOICE_SCHEMA));
  if (selections.size >= SELECTION_CACHE_SIZE) selections.delete(selections.keys().next().value as string);
  selections.set(key, positions);
  return positions;
}

export function listInvoices(path: string, request: PageRequest, source: InvoiceSource): Page<Invoice> | ApiResponse {
  const criteria = readCriteria(request, INVOICE_SCHEMA, 'PullApi');
  if (!isCriteria(criteria)) return criteria;
  if (!criteria.ast && !criteria.order) {
    // The common case: no scan at all, build exactly the page.
    const { start, end } = pageSlice(request, source.count);
    const results: Invoice[] = [];
    for (let i = start; i < end; i++) results.push(generateInvoice(source, i));
    return envelope(path, request, source.count, results);
  }
  const positions = selectInvoices(source, request, criteria);
  const { start, end } = pageSlice(request, positions.length);
  const results: Invoice[] = [];
  for (let j = start; j < end; j++) results.push(generateInvoice(source, positions[j]));
  return envelope(path, request, positions.length, results);
}
