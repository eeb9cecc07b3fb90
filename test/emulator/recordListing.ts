// Lists and single records of the data types of dataTypes.ts. A page without query or orderBy
// builds only its own records; a filter or sort reads the company's whole list of that type
// through the generic object columns (selection.ts), kept in a small bounded cache so paging
// through a filtered list does not rebuild it.
import type { Books, DataType } from './dataTypes';
import { ApiResponse, errorResponse } from './errors';
import { criteriaOf } from './listing';
import { type PageRequest, envelope, pageSlice } from './paging';
import { objectColumns, selectRecords } from './selection';
import type { Page } from './wire';

/** Whole record lists, the most recently used kept; the bound keeps the big company's memory small. */
export class RecordCache {
  private readonly lists = new Map<string, readonly object[]>();
  private built = 0;

  constructor(private readonly size = 6) {}

  /** How many whole lists were built (tests check paging a filtered list builds it once). */
  get builds(): number {
    return this.built;
  }

  all(type: DataType, books: Books): readonly object[] {
    const key = `${books.seed}/${books.companyId}/${type.segment}/${books.invoices.count}`;
    let list = this.lists.get(key);
    if (list) {
      // Most recently used last, so the oldest goes first.
      this.lists.delete(key);
    } else {
      this.built++;
      const count = type.count(books);
      const records: object[] = [];
      for (let i = 0; i < count; i++) records.push(type.record(books, i));
      list = records;
      if (this.lists.size >= this.size) this.lists.delete(this.lists.keys().next().value as string);
    }
    this.lists.set(key, list);
    return list;
  }
}

export function listRecords(path: string, request: PageRequest, type: DataType, books: Books, cache: RecordCache): Page<object> | ApiResponse {
  const criteria = criteriaOf(request, type.fields, 'PullApi');
  if (criteria instanceof ApiResponse) return criteria;
  if (!criteria.filter && !criteria.order) {
    const count = type.count(books);
    const { start, end } = pageSlice(request, count);
    const results: object[] = [];
    for (let i = start; i < end; i++) results.push(type.record(books, i));
    return envelope(path, request, count, results);
  }
  const records = cache.all(type, books);
  const selected = selectRecords(records.length, objectColumns(records), criteria, type.fields);
  const { start, end } = pageSlice(request, selected.length);
  return envelope(path, request, selected.length, selected.slice(start, end).map((i) => records[i]));
}

export function getRecord(type: DataType, books: Books, id: string): object | ApiResponse {
  const index = type.indexOf(books, id);
  return index === undefined ? errorResponse(404, 'PullApi', `No ${type.noun} was found with ID ${id}`) : type.record(books, index);
}
