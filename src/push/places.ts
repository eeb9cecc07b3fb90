// Where a write goes, as the client's calls take it: the company, the connection, and for a type
// listed under a parent record (bank transactions under their bank account) that record's id.
import type { ListPlace, PlaceArg, PushPlace } from '../api';
import { dataType, type DataTypeId } from '../dataTypes/catalog';

/** The connection and parent a tree node names, where the tree gives them: a list (or a record in
 * it) of a connection-scoped type carries its `place` (a ListPlace). Read by shape, walking up to
 * the list: the nodes are the tree's own, and a company-scoped list names neither. */
export function nodePlace(node: unknown): { connectionId?: string; parentId?: string } {
  for (let n: unknown = node, depth = 0; typeof n === 'object' && n !== null && depth < 3; depth++) {
    const place: unknown = (n as { place?: unknown }).place;
    if (typeof place === 'object' && place !== null && 'companyId' in place) {
      const { connectionId, parentId } = place as ListPlace;
      return {
        ...(typeof connectionId === 'string' ? { connectionId } : {}),
        ...(typeof parentId === 'string' ? { parentId } : {}),
      };
    }
    n = (n as { parent?: unknown }).parent;
  }
  return {};
}

/** Where a record of the type is read, for a write through `place`'s connection: the company alone
 * for a company-scoped type, else the connection (and parent) too. */
export function readPlace(type: DataTypeId, place: PushPlace): PlaceArg {
  if (dataType(type).scope !== 'connection') return place.companyId;
  return { companyId: place.companyId, connectionId: place.connectionId, parentId: place.parentId };
}
