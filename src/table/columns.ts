// The table's columns for a data type: the export's columns (src/export/columns.ts, the catalog's
// queryable fields then its lists) that the tree's rows hold. The table shows the tree's list
// itself, no second fetch, and a row keeps only the fields the tree presents (dataTypes/rows.ts):
// a column the row never holds would be empty in every row, so it is not offered.
import { dataType, type DataTypeId } from '../dataTypes/catalog';
import { rowFields } from '../dataTypes/rows';
import { dataTypeColumns } from '../export/columns';
import type { FieldType } from '../query/ast';

export interface TableColumn {
  /** The field's path in the API's record (`customerRef.companyName`): the header, as the CSV's. */
  readonly id: string;
  /** How its cells sort: the schema's type of the field (text for a field the schema lacks). */
  readonly kind: FieldType;
  readonly path: readonly string[];
}

/** The columns of a type's table, in the export's order; `id` always, first. */
export function tableColumns(type: DataTypeId): readonly TableColumn[] {
  const spec = dataType(type);
  const held = new Set(rowFields(spec));
  const ids = ['id', ...dataTypeColumns(type).filter((c) => c !== 'id' && held.has(c))];
  return ids.map((id) => ({ id, kind: spec.schema.fields[id] ?? 'string', path: id.split('.') }));
}
