// The columns of a CSV export: one row per record, its fields flattened to their paths in the
// API's record (`customerRef.companyName`), so a header names exactly the field it holds. A list
// inside a record (an invoice's line items, a company's data connections) stays one JSON column:
// one file, written with one rename, that loses nothing of the list. A data type's columns come
// from its entry in the catalog (src/dataTypes/catalog.ts).
import { isRecord } from '../util/guards';
import { dataType, type DataTypeId } from '../dataTypes/catalog';

/** What is exported: the companies, or a company's records of one data type. Picks the CSV columns. */
export type ExportItems = 'companies' | DataTypeId;

/** A data type's columns: its queryable fields (the catalog's order), then the fields and lists its
 * catalog entry adds. What a record has beyond them goes into the last column (otherFields.ts). */
export function dataTypeColumns(type: DataTypeId): readonly string[] {
  const spec = dataType(type);
  return [...Object.keys(spec.schema.fields), ...spec.exportColumns];
}

const COMPANY_COLUMNS: readonly string[] = [
  'id',
  'name',
  'description',
  'redirect',
  'created',
  'lastSync',
  'createdByUserName',
  'products',
  'tags',
  'dataConnections',
];

export function columnsOf(items: ExportItems): readonly string[] {
  return items === 'companies' ? COMPANY_COLUMNS : dataTypeColumns(items);
}

/** The value at a column's path, split at its dots; undefined where the record lacks it. */
export function valueAt(record: unknown, path: readonly string[]): unknown {
  let v = record;
  for (const key of path) {
    if (!isRecord(v)) return undefined;
    v = v[key];
  }
  return v;
}
