// A list request's `query` and `orderBy`, read against a record type, and the records they
// select in order. Used by the listings (companies in memory, invoices in columns) and run
// directly against the shared filter corpus.
import type { RecordFields } from './fields';
import { type Filter, type FilterProblem, isFilter, parseFilter } from './filter';
import { type FieldReader, compileFilter } from './match';
import { type Order, type OrderProblem, isOrder, parseOrderBy, sortRecords } from './ordering';

export interface Criteria {
  filter?: Filter;
  order?: Order;
}

/** The refused parameter and why. */
export type CriteriaProblem =
  { parameter: 'query'; problem: FilterProblem } | { parameter: 'orderBy'; problem: OrderProblem };

/** Blank or absent parameters mean none. */
export function readCriteria(
  query: string | undefined,
  orderBy: string | undefined,
  fields: RecordFields,
): Criteria | CriteriaProblem {
  const criteria: Criteria = {};
  if (query !== undefined) {
    const filter = parseFilter(query, fields);
    if (!isFilter(filter)) return { parameter: 'query', problem: filter };
    criteria.filter = filter;
  }
  if (orderBy !== undefined) {
    const order = parseOrderBy(orderBy, fields);
    if (!isOrder(order)) return { parameter: 'orderBy', problem: order };
    criteria.order = order;
  }
  return criteria;
}

export function isCriteria(value: Criteria | CriteriaProblem): value is Criteria {
  return !('parameter' in value);
}

/** Numbers of the records (0 … count − 1) that match, in the requested order. */
export function selectRecords(
  count: number,
  column: (field: string) => FieldReader,
  criteria: Criteria,
  fields: RecordFields,
): number[] {
  const matches = criteria.filter ? compileFilter(criteria.filter, fields, column) : undefined;
  const records: number[] = [];
  for (let i = 0; i < count; i++) if (!matches || matches(i)) records.push(i);
  return criteria.order ? sortRecords(records, column(criteria.order.field), criteria.order) : records;
}

/** The value at a dotted path of a JSON record: own properties of objects only, never into arrays. */
function valueAt(record: unknown, path: readonly string[]): unknown {
  let value = record;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key))
      return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Field readers over records held as objects. */
export function objectColumns(records: readonly object[]): (field: string) => FieldReader {
  return (field) => {
    const path = field.split('.');
    return (i) => valueAt(records[i], path);
  };
}
