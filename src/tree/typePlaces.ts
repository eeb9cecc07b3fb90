// Where the tree lists each data type, from the catalog alone (no `vscode`, so it is unit-tested):
// a company-scoped type in the company's Data folder, a connection-scoped one under each accounting
// connection, a type with a parent under each record of that parent's type. A new type goes where
// its catalog entry says, with no code here.
import type { DataConnection } from '../api';
import { DATA_TYPES, type DataTypeId, type DataTypeSpec } from '../dataTypes/catalog';

/** The types of a company's Data folder, in the catalog's order. */
export const DATA_FOLDER_TYPES: readonly DataTypeSpec[] = DATA_TYPES.filter((d) => d.scope !== 'connection');

/** The types listed at the top of a connection (not those under a parent record). */
export const CONNECTION_TOP_TYPES: readonly DataTypeSpec[] = DATA_TYPES.filter(
  (d) => d.scope === 'connection' && d.parent === undefined,
);

/** The types listed under a record of `type` (bank transactions under a bank account). */
export const childTypes = (type: DataTypeId): DataTypeSpec[] => DATA_TYPES.filter((d) => d.parent?.type === type);

/** The types listed at a place: a company's (none given), a connection's, or under a parent record. */
export function typesAt(place: { connectionId?: string; parentId?: string } = {}): readonly DataTypeSpec[] {
  if (place.parentId !== undefined) return DATA_TYPES.filter((d) => d.parent !== undefined);
  return place.connectionId !== undefined ? CONNECTION_TOP_TYPES : DATA_FOLDER_TYPES;
}

/** Whether a connection serves accounting data (one that says no source type counts as one). */
export const isAccounting = (c: Pick<DataConnection, 'sourceType'>): boolean =>
  !c.sourceType || c.sourceType === 'Accounting';

/** Where a list sits below its company: the ids (in node ids, so stable) and, for people, a name. */
export interface ListSpot {
  readonly connectionId?: string;
  readonly parentId?: string;
  /** What the spot is called (`Xero`, `Xero · Business account`): tooltips, query nodes. */
  readonly name?: string;
}

/** The ids of a spot for node ids: empty for a company-scoped list. */
export function spotKey(spot: ListSpot): string {
  const connection = spot.connectionId !== undefined ? `:connection:${spot.connectionId}` : '';
  return `${connection}${spot.parentId !== undefined ? `:parent:${spot.parentId}` : ''}`;
}
