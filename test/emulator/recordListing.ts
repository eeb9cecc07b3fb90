// Lists and single records of the data types of dataTypes.ts. A page without query or orderBy
// builds only its own records. A filter or sort reads the type's queryable fields of the whole
// list as columns (plain values, read through selection.ts's objectColumns, so by the same rules
// as companies), built once and kept in a small bounded cache with the last few selections, so
// paging through a filtered list neither rebuilds nor re-sorts it; the page's records are then
// rebuilt from their indexes.
import type { Books, DataType } from './dataTypes';
import { ApiResponse, errorResponse } from './errors';
import { criteriaOf } from './listing';
import type { FieldReader } from './match';
import { type PageRequest, envelope, pageSlice } from './paging';
import { type Criteria, objectColumns, selectRecords } from './selection';
import type { Page } from './wire';

type Columns = ReadonlyMap<string, readonly unknown[]>;

/** Records are read in chunks this big while columns are built, so only a chunk is alive at once. */
const CHUNK = 256;

let built = 0;

/** How many records of these types the listings built since the process started (tests take deltas). */
export function recordsBuilt(): number {
  return built;
}

function build(type: DataType, books: Books, index: number): object {
  built++;
  return type.record(books, index);
}

function buildColumns(type: DataType, books: Books): Columns {
  const count = type.count(books);
  const columns = new Map(
    [...type.fields.types.keys()].map((field): [string, unknown[]] => [field, new Array<unknown>(count)]),
  );
  for (let start = 0; start < count; start += CHUNK) {
    const chunk: object[] = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) chunk.push(build(type, books, i));
    const read = objectColumns(chunk);
    for (const [field, column] of columns) {
      const value = read(field);
      for (let j = 0; j < chunk.length; j++) column[start + j] = value(j);
    }
  }
  return columns;
}

/** Bounded maps that drop the least recently used entry. */
class Recent<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly size: number) {}

  get(key: string, make: () => T): T {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value as string);
    } else {
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    return value;
  }
}

/** The columns of a few lists and the last few selections, per emulator. */
export class RecordCache {
  private readonly columns = new Recent<Columns>(8);
  private readonly selections = new Recent<Int32Array>(8);

  select(type: DataType, books: Books, request: PageRequest, criteria: Criteria): Int32Array {
    // The count too: records a push created join the list, which is then another list (as after an update).
    const list = `${books.seed}/${books.companyId}/${type.listKey ?? type.segment}/${books.invoices.count}/${type.count(books)}/${type.revision ?? ''}`;
    return this.selections.get(JSON.stringify([list, request.query ?? '', request.orderBy ?? '']), () => {
      const columns = this.columns.get(list, () => buildColumns(type, books));
      const column = (field: string): FieldReader => {
        const values = columns.get(field);
        return (i) => values?.[i];
      };
      return Int32Array.from(selectRecords(type.count(books), column, criteria, type.fields));
    });
  }
}

export function listRecords(
  path: string,
  request: PageRequest,
  type: DataType,
  books: Books,
  cache: RecordCache,
): Page<object> | ApiResponse {
  const criteria = criteriaOf(request, type.fields, 'PullApi');
  if (criteria instanceof ApiResponse) return criteria;
  const results: object[] = [];
  if (!criteria.filter && !criteria.order) {
    const count = type.count(books);
    const { start, end } = pageSlice(request, count);
    for (let i = start; i < end; i++) results.push(build(type, books, i));
    return envelope(path, request, count, results);
  }
  const selected = cache.select(type, books, request, criteria);
  const { start, end } = pageSlice(request, selected.length);
  for (let j = start; j < end; j++) results.push(build(type, books, selected[j]));
  return envelope(path, request, selected.length, results);
}

export function getRecord(type: DataType, books: Books, id: string): object | ApiResponse {
  const index = type.indexOf(books, id);
  if (index === undefined) return errorResponse(404, 'PullApi', `No ${type.noun} was found with ID ${id}`);
  built++;
  return (type.one ?? type.record)(books, index);
}
